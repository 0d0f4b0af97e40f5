import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { embedSnippet } from '../src/features/embed/lib/height-message';
import { newPage } from './support/browser';
import { continueToPayment, fillTicketForm, payTotalWithTestCard } from './support/ticket-booking';
import { createEvent, createOrg, createTicketType, reservationsFor, ticketQuantity, uniqueEmail } from '../tests/support/fixtures';

/**
 * The embed inside an iframe on a page of another origin (a tiny host page served here on
 * http://localhost:<port>, while the site is http://127.0.0.1:<port>), using the very snippet
 * the admin panel shows.
 */
let host: Server;
let hostUrl: string;
let fixture: { slug: string; eventA: string; foodOnly: string };

beforeAll(async () => {
  const org = await createOrg({ name: 'Embed Bistro', branding: { brand_name: 'Embed Bistro', primary_color: '#9d174d' } });
  const eventA = (await createEvent(org.id, { title: 'Embed Supper One' })).id;
  const foodOnly = await createTicketType(eventA, { name: 'Food Only', price: 12500, quantity: 8 });
  const eventB = (await createEvent(org.id, { title: 'Embed Supper Two', date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10) }))
    .id;
  await createTicketType(eventB, { name: 'Tasting', price: 9500, quantity: 8 });
  fixture = { slug: org.slug, eventA, foodOnly };

  const snippet = embedSnippet(stackEnv().siteUrl, org.slug);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embed Bistro — our own site</title></head>
<body style="margin:0;font-family:sans-serif">
<h1>Welcome to Embed Bistro's own website</h1>
<script>window.__heights = []; window.addEventListener('message', function (e) {
  if (e.data && e.data.type === 'supperhost:embed-height') window.__heights.push({ origin: e.origin, height: e.data.height });
});</script>
${snippet}
</body></html>`;
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

describe('embed /{orgSlug}/embed', () => {
  it('books inside an iframe on another origin, and the iframe grows with the form', async () => {
    const email = uniqueEmail('embed');
    const { page } = await newPage();
    await page.goto(hostUrl);
    const iframe = page.locator(`iframe#supperhost-${fixture.slug}`);
    expect(await iframe.getAttribute('width')).toBe('100%');
    expect(await iframe.getAttribute('height')).toBe('600');
    const frame = page.frameLocator(`iframe#supperhost-${fixture.slug}`);

    // The booking form alone: event picker + panel, no hero, menu or event cards.
    await frame.getByRole('heading', { name: 'Reserve: Embed Supper One' }).waitFor();
    expect(await frame.getByRole('button', { name: 'Book Your Experience' }).count()).toBe(0);
    expect(await frame.getByRole('heading', { name: 'Upcoming Experiences' }).count()).toBe(0);

    // The iframe took the content's height from the posted messages (taller than its 600 px default).
    await page.waitForFunction(() => (window as unknown as { __heights: unknown[] }).__heights.length > 0);
    const sized = async () => {
      const heights = await page.evaluate(() => (window as unknown as { __heights: { origin: string; height: number }[] }).__heights);
      const box = await iframe.boundingBox();
      return { heights, frameHeight: Math.round(box!.height) };
    };
    await page.waitForFunction((id) => {
      const h = (window as unknown as { __heights: { height: number }[] }).__heights;
      return Math.round(document.getElementById(id)!.getBoundingClientRect().height) === h[h.length - 1].height;
    }, `supperhost-${fixture.slug}`);
    const first = await sized();
    expect(first.heights.every((m) => m.origin === new URL(stackEnv().siteUrl).origin)).toBe(true);
    expect(first.frameHeight).toBeGreaterThan(600);

    // Switching events with the picker.
    await frame.getByLabel('Choose an event').selectOption({ index: 1 });
    await frame.getByRole('heading', { name: 'Reserve: Embed Supper Two' }).waitFor();
    await frame.getByLabel('Choose an event').selectOption({ index: 0 });
    await frame.getByRole('heading', { name: 'Reserve: Embed Supper One' }).waitFor();

    // Book end to end inside the iframe.
    const before = await ticketQuantity(fixture.foodOnly);
    await fillTicketForm(frame, { name: 'Mary Jackson', email, ticketTypeId: fixture.foodOnly, guests: '3' });
    await continueToPayment(frame);
    await payTotalWithTestCard(frame, '$375.00');
    await frame.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();

    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', num_guests: 3, amount_cents: 37500 });
    expect(await ticketQuantity(fixture.foodOnly)).toBe(before - 3);

    // Every change of the content's height was told to the host page, which resized the iframe.
    await page.waitForFunction((id) => {
      const h = (window as unknown as { __heights: { height: number }[] }).__heights;
      return Math.round(document.getElementById(id)!.getBoundingClientRect().height) === h[h.length - 1].height;
    }, `supperhost-${fixture.slug}`);
    const last = await sized();
    expect(new Set(last.heights.map((m) => m.height)).size).toBeGreaterThan(1);
    expect(page.url()).toBe(hostUrl); // never frame-busted
  });
});
