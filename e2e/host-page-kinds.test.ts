import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { fitsWidth, layouts, newPage, viewports } from './support/browser';
import { continueToPayment, payTotalWithTestCard } from './support/ticket-booking';
import { seriousViolations, TOASTER } from './support/axe';
import { sql } from '../tests/support/db';
import { createOrg, createReservation, createSupper, reservationsFor, uniqueEmail } from '../tests/support/fixtures';

// An organization's own page (/{slug} and /{slug}/embed) books an event sold by seating (the
// supper club's kind: one price per seat, two seatings) as it books ticket types: what the
// form offers is what the server sells, and a full seating offers the waitlist.

let org: Awaited<ReturnType<typeof createOrg>>;
let eventId: string;
let early: string;
let late: string;

beforeAll(async () => {
  org = await createOrg({ name: 'Seating Test Kitchen', branding: { brand_name: 'Seating Test Kitchen' } });
  ({ eventId, early, late } = await createSupper(org.id, 30, {
    title: 'Two Seatings Supper',
    // The event's cap (12) is below its seatings' capacities (4 + 20): it binds the later one.
    max_guests: 12,
    seat_price_cents: 4500,
    max_party_size: 4,
    capacities: [4, 20],
  }));
  // The first seating is full.
  await createReservation(eventId, { rsvp_slot_id: early, time_slot: '5:30pm', num_guests: 4, amount_cents: 18000 });
});

async function chooseSeating(page: Page, label: string, guests: string) {
  await page.getByLabel('Full name').fill('Ada Seated');
  await page.getByLabel('Seating', { exact: true }).selectOption({ label });
  await page.getByLabel('Number of guests').selectOption(guests);
}

describe('an event sold by seating on its organization page', () => {
  for (const [layout, viewport] of layouts) {
    it(`offers its seatings at the price per seat and books one (${layout})`, async () => {
      const email = uniqueEmail(`seating-${layout}`);
      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
      await page.getByRole('heading', { name: 'Reserve: Two Seatings Supper' }).waitFor();

      // The full seating is offered only as sold out; the later one within the event's cap.
      const full = page.getByRole('option', { name: '5:30pm - $45.00 per person (Sold Out)' });
      await full.waitFor({ state: 'attached' });
      expect(await full.isDisabled()).toBe(true);
      const booked = await sql<{ n: number }>(
        `select coalesce(sum(num_guests), 0)::int as n from public.reservations where event_id = $1 and status = 'confirmed'`,
        [eventId],
      );
      const left = 12 - booked[0].n;
      await page.getByRole('option', { name: `8:00pm - $45.00 per person (${left} available)` }).waitFor({ state: 'attached' });

      await page.getByLabel('Email').fill(email);
      await chooseSeating(page, `8:00pm - $45.00 per person (${left} available)`, '2');
      // Guests are offered up to the event's own limit per booking (4).
      expect(await page.getByLabel('Number of guests').locator('option').allTextContents()).toEqual([
        'Select guests',
        '1 Guest',
        '2 Guests',
        '3 Guests',
        '4 Guests',
      ]);
      // The total is the server's quote.
      await page.getByTestId('booking-total').getByText('$90.00').waitFor();
      await continueToPayment(page);
      expect(await page.getByTestId('payment-total').textContent()).toBe('$90.00');
      await payTotalWithTestCard(page, '$90.00');
      await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
      expect(await page.getByText('2 × 8:00pm').count()).toBeGreaterThan(0);

      const rows = await reservationsFor({ email });
      expect(rows).toEqual([
        expect.objectContaining({ status: 'confirmed', num_guests: 2, amount_cents: 9000, rsvp_slot_id: late, ticket_type_id: null }),
      ]);
      expect(await fitsWidth(page)).toBe(true);
      // The confirmation included: its manage link reads on any brand's colours.
      expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  it('offers the waitlist for the full seating, and the embed books the same way', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/${org.slug}/embed`);
    await page.getByRole('option', { name: '5:30pm - $45.00 per person (Sold Out)' }).waitFor({ state: 'attached' });
    const prompt = page.getByTestId('waitlist-prompt');
    await prompt.getByRole('button', { name: /^Join the waitlist: .*5:30/ }).click();
    const dialog = page.getByRole('dialog');
    const email = uniqueEmail('seating-waitlist');
    await dialog.getByLabel('Full name').fill('Wade Waiting');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Party size').selectOption('2');
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await dialog.getByTestId('waitlist-joined').waitFor();
    expect(await sql('select rsvp_slot_id, party_size, status from public.waitlist_entries where lower(email) = lower($1)', [email])).toEqual([
      { rsvp_slot_id: early, party_size: 2, status: 'waiting' },
    ]);
  });

  it('the seeded supper club books from its own page /magnolia, not only from /magnolia-supper-club', async () => {
    const { page } = await newPage({ viewport: viewports.desktop });
    await page.goto(`${stackEnv().siteUrl}/magnolia`);
    await page.getByRole('heading', { name: /^Reserve: / }).waitFor();
    const seatings = await page.getByLabel('Seating', { exact: true }).locator('option').allTextContents();
    expect(seatings[0]).toBe('Select a seating');
    expect(seatings.slice(1).every((o) => /^(5:30pm|8:00pm) - \$65\.00 per person \((\d+ available|Sold Out)\)$/.test(o))).toBe(true);
    expect(seatings.length).toBe(3);
  });
});
