import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { fitsWidth, newPage, viewports } from './support/browser';
import { createEvent, createOrg, guest, uniqueEmail } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';

const query = new URLSearchParams({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  eventTitle: 'Eat At Home Dinner #41',
  eventDate: '2026-12-06',
  guests: '2',
  ticketType: 'food_wine',
  totalPrice: '350.00',
  dietaryRestrictions: 'No nuts',
  specialRequests: 'Window table',
}).toString();

/** Every request the page makes to the backend (gateway or functions). */
function backendCalls(page: Page): string[] {
  const { apiUrl, functionsUrl } = stackEnv();
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(apiUrl) || r.url().startsWith(functionsUrl)) calls.push(r.url());
  });
  return calls;
}

/** The text of the definition next to a term of the reservation card. */
/** A calendar link's target, its URL without the query, and the query's parameters. */
async function calendarLink(page: Page, name: string) {
  const link = page.getByRole('link', { name });
  const url = new URL((await link.getAttribute('href'))!);
  return { target: await link.getAttribute('target'), base: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
}

async function shown(page: Page, term: string): Promise<string> {
  return (
    await page
      .locator('dt', { hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd')
      .innerText()
  ).trim();
}

describe('reservation details page', () => {
  it('shows what the query parameters say, labelled as details from the link, with calendar links and a contact line', async () => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    const calls = backendCalls(page);
    await page.goto(`${siteUrl}/reservation-details?${query}`);
    await page.getByRole('heading', { name: 'Reservation details', exact: true }).waitFor();
    await page.waitForFunction(() => document.title === 'Reservation Details | Eat At Home');
    // Anyone can write such a link: it is never presented as a confirmation from the venue.
    expect(await page.getByTestId('details-from-link').innerText()).toBe(
      'Details from the link. They are not a confirmation from Eat At Home: the confirmation email and the private booking link show the booking itself.',
    );
    expect(await page.getByText('Reservation Confirmation').count()).toBe(0);

    expect(await shown(page, 'Event')).toBe('Eat At Home Dinner #41');
    expect(await shown(page, 'Date & Time')).toBe('Sunday, December 6, 2026 at 7:00 PM');
    expect(await shown(page, 'Party Size')).toBe('2 people');
    expect(await shown(page, 'Ticket Type')).toBe('Food + Wine Pairing ($175.00 per person)');
    expect(await shown(page, 'Total')).toBe('$350.00');
    expect(await shown(page, 'Location')).toBe('Brooklyn, NY (Address sent to ada@example.com)');
    // Read but not displayed (the page shows only email, event, date, guests, ticket type and total).
    expect(await page.getByText('Ada Lovelace').count()).toBe(0);
    expect(await page.getByText('No nuts').count()).toBe(0);
    expect(await page.getByText('Window table').count()).toBe(0);
    const contact = page.getByRole('link', { name: 'hello@supperhost.test' });
    expect(await contact.getAttribute('href')).toBe('mailto:hello@supperhost.test');

    expect(await calendarLink(page, 'Google Calendar')).toEqual({
      target: '_blank',
      base: 'https://calendar.google.com/calendar/render',
      params: {
        action: 'TEMPLATE',
        text: 'Eat At Home Dinner',
        dates: '20261206T190000/20261206T210000',
        ctz: 'America/New_York',
        details: 'Five course dinner at Eat At Home for 2 people - Food + Wine Pairing ($175.00 per person)',
        location: 'Brooklyn, NY (address will be provided)',
      },
    });

    expect(await calendarLink(page, 'Outlook Calendar')).toEqual({
      target: '_blank',
      base: 'https://outlook.live.com/calendar/0/deeplink/compose',
      params: {
        path: '/calendar/action/compose',
        rru: 'addevent',
        subject: 'Eat At Home Dinner',
        startdt: '2026-12-06T19:00:00-05:00',
        enddt: '2026-12-06T21:00:00-05:00',
        body: 'Five course dinner at Eat At Home for 2 people - Food + Wine Pairing ($175.00 per person)',
        location: 'Brooklyn, NY (address will be provided)',
      },
    });

    const ics = page.getByRole('link', { name: /\.ics/ });
    expect(await ics.getAttribute('download')).toBe('eat-at-home-dinner.ics');
    const [download] = await Promise.all([page.waitForEvent('download'), ics.click()]);
    expect(download.suggestedFilename()).toBe('eat-at-home-dinner.ics');
    const file = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(file).toString('utf8').replace(/\r\n /g, '');
    expect(text).toContain('DTSTART:20261207T000000Z');
    expect(text).toContain('DTEND:20261207T020000Z');
    expect(text).toContain('SUMMARY:Eat At Home Dinner');

    expect(calls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('gives the title back on leaving, and takes it again on returning', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await page.goto(`${siteUrl}/reservation-details?${query}`);
    await page.waitForFunction(() => document.title === 'Reservation Details | Eat At Home');
    await page.getByRole('link', { name: 'Back to Eat At Home' }).click();
    await page.waitForURL(`${siteUrl}/eat-at-home`);
    await page.waitForFunction(() => document.title === 'Eat At Home | SupperHost');
    await page.goBack();
    await page.waitForFunction(() => document.title === 'Reservation Details | Eat At Home');
  });

  it.each([
    ['no parameters at all', '', "The link's event, date and party size are missing or unreadable."],
    [
      'an impossible date and a word for guests',
      query.replace('2026-12-06', '2026-02-30').replace('guests=2', 'guests=two'),
      "The link's date and party size are missing or unreadable.",
    ],
    ['a date that is not a date', query.replace('2026-12-06', 'next-friday'), "The link's date is missing or unreadable."],
  ])('shows a helpful page for %s, in a proper sentence, never a crash or Invalid Date', async (_what, search, sentence) => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await page.goto(`${siteUrl}/reservation-details${search ? `?${search}` : ''}`);
    await page.getByRole('heading', { name: 'We couldn’t read this reservation link' }).waitFor();
    const body = await page.locator('body').innerText();
    expect(await page.getByTestId('link-problem').innerText()).toMatch(new RegExp(`^${sentence.replace(/[.]/g, '\\.')} Please open the link`));
    expect(body).not.toMatch(/unreadable the|, the /);
    expect(body).not.toMatch(/Invalid Date|NaN|undefined/);
    expect(await page.getByRole('link', { name: 'Book at Eat At Home' }).getAttribute('href')).toBe('/eat-at-home');
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the rest of a link whose ticket, total or email cannot be read', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    const search = query.replace('food_wine', 'mystery').replace('350.00', 'lots').replace('ada%40example.com', 'nobody');
    await page.goto(`${siteUrl}/reservation-details?${search}`);
    await page.getByRole('heading', { name: 'Reservation details', exact: true }).waitFor();
    expect(await shown(page, 'Ticket Type')).toBe('mystery');
    expect(await page.locator('dt', { hasText: /^Total$/ }).count()).toBe(0);
    expect(await shown(page, 'Location')).toBe('Brooklyn, NY (Address sent to your email)');
    const g = new URL((await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(g.searchParams.get('details')).toBe('Five course dinner at Eat At Home for 2 people - mystery');
    expect(await page.locator('body').innerText()).not.toMatch(/Invalid Date|NaN/);
  });

  it('opened with a booking token, shows the booking from the server as a confirmation, whatever other parameters say', async () => {
    const { siteUrl } = stackEnv();
    const org = await createOrg({ name: 'Details Kitchen' });
    const event = await createEvent(org.id, {
      title: 'Token Supper',
      event_time: '20:30',
      ticketTypes: [{ name: 'Chef Table', price: 4000, quantity: 10 }],
    });
    const email = uniqueEmail('details-token');
    const answer = await payByCard({
      amount: 8000,
      reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 2, ...guest('details-token'), email },
    });
    expect(answer.body.success).toBe(true);
    const { manageToken, bookingCode } = answer.body as { manageToken: string; bookingCode: string };

    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { page } = await newPage({ viewport });
      // A forged party size beside the token changes nothing: the server's booking is shown.
      await page.goto(`${siteUrl}/reservation-details?booking=${manageToken}&guests=12&ticketType=VIP+Open+Bar&totalPrice=0.00`);
      await page.getByRole('heading', { name: 'Reservation Confirmation' }).waitFor();
      // The booking speaks for its own organization, and leads back to its page.
      await page.waitForFunction(() => document.title === 'Reservation Confirmation | Details Kitchen');
      expect(await page.getByRole('link', { name: 'Back to Details Kitchen' }).getAttribute('href')).toBe(`/${org.slug}`);
      expect(await shown(page, 'Booking Code')).toBe(bookingCode);
      expect(await shown(page, 'Event')).toBe('Token Supper');
      expect(await shown(page, 'Date & Time')).toMatch(/ at 8:30 PM E[SD]T$/);
      expect(await shown(page, 'Party Size')).toBe('2 people');
      expect(await shown(page, 'Ticket Type')).toBe('Chef Table');
      expect(await shown(page, 'Total')).toBe('$80.00');
      expect(await page.getByTestId('details-from-link').count()).toBe(0);
      expect(await page.getByText('VIP Open Bar').count()).toBe(0);
      // The calendar file is named after this dinner, not another venue's.
      expect(await page.getByRole('link', { name: /\.ics/ }).getAttribute('download')).toBe('token-supper.ics');
      expect(await fitsWidth(page)).toBe(true);
    }

    // A token that opens nothing says so; it never falls back to the parameters.
    const { page } = await newPage();
    await page.goto(`${siteUrl}/reservation-details?booking=${'x'.repeat(43)}&${query}`);
    await page.getByRole('heading', { name: 'We couldn’t open this reservation' }).waitFor();
    expect(await page.getByText('Eat At Home Dinner #41').count()).toBe(0);
  });

  it('labels a forged official-looking link as details from the link, not a confirmation', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.desktop });
    const forged = new URLSearchParams({
      eventTitle: 'Eat At Home Dinner #41',
      eventDate: '2026-12-06',
      guests: '12',
      ticketType: 'VIP Open Bar',
      totalPrice: '0.00',
    });
    await page.goto(`${siteUrl}/reservation-details?${forged}`);
    await page.getByRole('heading', { name: 'Reservation details', exact: true }).waitFor();
    expect(await shown(page, 'Party Size')).toBe('12 people');
    await page.getByTestId('details-from-link').getByText('Details from the link.').waitFor();
    expect(await page.getByRole('heading', { name: 'Reservation Confirmation' }).count()).toBe(0);
  });
});
