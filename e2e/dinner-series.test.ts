import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../tests/support/db';
import { stackEnv } from '../tests/support/stack-env';
import { formatEventDate } from '../src/lib/dates';
import { seriousViolations } from './support/axe';
import { expectToast, field, fieldMessage, fitsWidth, newPage, viewports } from './support/browser';
import { fillSeriesGuest, openDinnerSeries, payTotalWithTestCard } from './support/ticket-booking';

interface Dinner {
  id: string;
  title: string;
  date: string;
  rsvp_mode: boolean;
  available_seats: number;
  event_details_disclosures: string | null;
  ticket_types: { id: string; name: string; price: number; quantity: number }[];
}

const createdEvents: string[] = [];

// The first call of a function compiles it in Deno: do it before the page tests wait on it.
beforeAll(async () => {
  const { apiUrl, anonKey } = stackEnv();
  await fetch(`${apiUrl}/functions/v1/square-config`, { method: 'POST', headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
});

afterAll(async () => {
  if (createdEvents.length) await sql('update public.events set is_active = false where id = any($1)', [createdEvents]);
});

/** The series' upcoming dinners, as the public read API returns them. */
async function dinners(): Promise<Dinner[]> {
  const [{ page }] = await sql<{ page: { events: Dinner[] } }>("select (select to_jsonb(p) from public.get_public_org_page('eatathome') p) as page");
  return page.events.filter((e) => !e.rsvp_mode && e.ticket_types.length > 0);
}

/** A dinner of our own on a Saturday far after the seeded ones. */
async function createDinner(daysAhead: number, tickets: [string, number, number][]): Promise<Dinner> {
  const [org] = await sql<{ id: string }>("select id from public.organizations where slug = 'eatathome'");
  const disclosure = `House rules ${randomUUID()}: shoes off at the door.`;
  const [event] = await sql<{ id: string }>(
    `insert into public.events (org_id, title, date, event_time, event_timezone, location_name, location_address, event_details_disclosures, is_active)
     values ($1, $2, (current_date + $3::int) + (6 - extract(isodow from current_date + $3::int)::int), '19:00', 'America/New_York', 'Eat At Home', 'Brooklyn, NY', $4, true)
     returning id`,
    [org.id, `Test Dinner ${randomUUID().slice(0, 8)}`, daysAhead, disclosure],
  );
  createdEvents.push(event.id);
  await sql('select public.set_event_guest_cap($1, 20)', [event.id]);
  for (const [i, [name, price, quantity]] of tickets.entries()) {
    await sql(
      `insert into public.ticket_types (event_id, name, price, pool_id, created_at)
       values ($1, $2, $3, public.new_capacity_pool($1, $4), now() + $5 * interval '1 second')`,
      [event.id, name, price, quantity, i],
    );
  }
  return (await dinners()).find((d) => d.id === event.id)!;
}

describe('dinner series page', () => {
  it('shows the intro, the pricing note and the upcoming dinners, with title and canonical link', async () => {
    const { siteUrl } = stackEnv();
    const upcoming = await dinners();
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await openDinnerSeries(page);
    expect(await page.getByRole('heading', { name: 'Eat At Home', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('Pricing shown after selecting a date').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'BOOK YOUR TABLE' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Eat At Home | SupperHost');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteUrl}/eat-at-home`);
    const options = await field(page, 'Upcoming dinner').locator('option').allInnerTexts();
    const listed = options.slice(1);
    // Every seeded dinner is listed as 'title - long date' (tests may add their own meanwhile).
    for (const d of upcoming.filter((u) => !createdEvents.includes(u.id))) {
      expect(listed).toContain(`${d.title} - ${formatEventDate(d.date)}`);
    }
    expect(listed.every((o) => / - \w+day, \w+ \d{1,2}, \d{4}$/.test(o))).toBe(true);
    // The later selects appear one after the other.
    expect(await field(page, 'Ticket type').count()).toBe(0);
    expect(await field(page, 'Number of guests').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('cascades event → ticket type → guests, with sold-out and unavailable options disabled', async () => {
    const dinner = await createDinner(150, [
      ['Food Only', 12500, 3],
      ['Food + Wine Pairing', 17500, 8],
      ["Chef's Counter", 22500, 0],
    ]);
    const other = (await dinners()).find((d) => d.id !== dinner.id)!;
    const { page } = await newPage();
    await openDinnerSeries(page);
    await field(page, 'Upcoming dinner').selectOption(dinner.id);
    const ticket = field(page, 'Ticket type');
    expect((await ticket.locator('option').allInnerTexts()).slice(1)).toEqual([
      'Food Only - $125.00 per person (3 available)',
      'Food + Wine Pairing - $175.00 per person (8 available)',
      "Chef's Counter - $225.00 per person (Sold Out)",
    ]);
    expect(await ticket.locator('option:disabled').allInnerTexts()).toEqual(["Chef's Counter - $225.00 per person (Sold Out)"]);
    expect(await page.getByTestId('event-disclosures').innerText()).toBe(dinner.event_details_disclosures);

    await ticket.selectOption({ label: 'Food Only - $125.00 per person (3 available)' });
    const guests = field(page, 'Number of guests');
    expect((await guests.locator('option').allInnerTexts()).slice(1)).toEqual([
      '1 guest',
      '2 guests',
      '3 guests',
      '4 guests (unavailable)',
      '5 guests (unavailable)',
      '6 guests (unavailable)',
    ]);
    expect(await guests.locator('option:disabled').count()).toBe(3);
    await guests.selectOption('3');
    expect(await page.getByTestId('series-summary-line').innerText()).toBe('3 guests x $125.00 each');
    expect(await page.getByTestId('series-summary-total').filter({ hasText: '$375.00' }).innerText()).toBe('Total: $375.00');
    expect(await page.getByRole('region', { name: 'Total' }).innerText()).toContain('7:00 PM');

    // A roomier ticket type keeps the guests; the large-party tip opens from the keyboard.
    await ticket.selectOption({ label: 'Food + Wine Pairing - $175.00 per person (8 available)' });
    expect(await guests.inputValue()).toBe('3');
    expect(await guests.locator('option:disabled').count()).toBe(0);
    expect(await page.getByTestId('series-summary-total').filter({ hasText: '$525.00' }).innerText()).toBe('Total: $525.00');
    await guests.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('More than 6 guests?');
    // Radix shows the tip in a popper and names it to screen readers with role=tooltip.
    const tip = page.locator('[data-radix-popper-content-wrapper]');
    await tip.waitFor();
    await page.getByRole('tooltip').waitFor({ state: 'attached' });
    expect(await tip.innerText()).toContain('Parties larger than 6: please email hello@supperhost.test with your preferred date and party size.');
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });
    // A tap opens it too (touch screens have no hover).
    await page.getByRole('button', { name: 'More than 6 guests?' }).click();
    await tip.waitFor();

    // Changing the event clears the ticket type and the guests.
    await field(page, 'Upcoming dinner').selectOption(other.id);
    expect(await field(page, 'Ticket type').inputValue()).toBe('');
    expect(await field(page, 'Number of guests').count()).toBe(0);
    expect(await page.getByTestId('series-summary-line').count()).toBe(0);
  });

  it('offers the waitlist for a sold-out ticket type and a sold-out date, at 1280 and 375 px', async () => {
    const dinner = await createDinner(185, [
      ['Food Only', 12500, 6],
      ["Chef's Counter", 22500, 0],
    ]);
    const full = await createDinner(192, [['Food Only', 12500, 6]]);
    // The second dinner's seats are all taken (its ticket type still has quantity).
    await sql('select public.set_event_guest_cap($1, 1)', [full.id]);
    await sql(
      `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, status, amount_cents, payment_provider, payment_id)
       select e.org_id, e.id, $2, 'Seated Guest', $3, 1, 'confirmed', 12500, 'square', $4 from public.events e where e.id = $1`,
      [full.id, full.ticket_types[0].id, `seated-${randomUUID()}@example.com`, `e2e-${randomUUID()}`],
    );
    const counterLine = `${dinner.title} - ${formatEventDate(dinner.date)} · Chef's Counter`;
    const fullLine = `${full.title} - ${formatEventDate(full.date)} · Food Only`;

    async function joinFrom(viewport: { width: number; height: number }, line: string, email: string) {
      const { page } = await newPage({ viewport });
      await openDinnerSeries(page);
      const prompt = page.getByTestId('waitlist-prompt');
      await prompt.getByText(line).waitFor();
      // The open ticket type of the first dinner is not on the list.
      expect(await prompt.getByText(`${dinner.title} - ${formatEventDate(dinner.date)} · Food Only`).count()).toBe(0);
      await prompt.getByRole('button', { name: `Join the waitlist: ${line}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Full name').fill('Julia Waiting');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Party size').selectOption('2');
      await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
      expect(await dialog.getByTestId('waitlist-joined').textContent()).toBe("You're on the waitlist — number 1. We'll email you if seats free up.");
      await dialog.getByRole('button', { name: 'Done' }).click();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    }

    const first = `wl-series-${randomUUID()}@example.com`;
    const second = `wl-series-${randomUUID()}@example.com`;
    await joinFrom(viewports.desktop, counterLine, first);
    await joinFrom(viewports.phone, fullLine, second);
    expect(
      await sql(
        `select w.email, w.party_size, t.name from public.waitlist_entries w join public.ticket_types t on t.id = w.ticket_type_id
         where w.event_id = any($1) order by w.created_at`,
        [[dinner.id, full.id]],
      ),
    ).toEqual([
      { email: first, party_size: 2, name: "Chef's Counter" },
      { email: second, party_size: 2, name: 'Food Only' },
    ]);
  });

  it('shows each booking message for its bad input', async () => {
    const gone = await createDinner(157, [['Food Only', 12500, 6]]);
    const retyped = await createDinner(164, [
      ['Food Only', 12500, 6],
      ['Food + Wine Pairing', 17500, 6],
    ]);
    const { page } = await newPage({ viewport: viewports.phone });
    let payments = 0;
    page.on('request', (r) => {
      if (r.url().includes('process-square-payment') && !(r.postData() ?? '').includes('"validateOnly":true')) payments++;
    });
    await openDinnerSeries(page);

    await page.getByRole('button', { name: 'RESERVE' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
    // Ticket type and guests appear once a dinner is chosen; the toast covers them meanwhile.
    for (const m of ['Name is required', 'Email is required', 'Select a dinner']) {
      await fieldMessage(page, m).waitFor();
    }

    // A tampered form sends 0 guests.
    await fillSeriesGuest(page);
    await field(page, 'Upcoming dinner').selectOption(gone.id);
    await field(page, 'Ticket type').selectOption(gone.ticket_types[0].id);
    await field(page, 'Number of guests').evaluate((select) => select.append(new Option('0 guests', '0')));
    await field(page, 'Number of guests').selectOption('0');
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await expectToast(page, 'Minimum Guests Required', 'At least 1 guest is required.');

    // The dinner is taken off the calendar while the guest fills the form.
    await field(page, 'Number of guests').selectOption('2');
    await sql('update public.events set is_active = false where id = $1', [gone.id]);
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await expectToast(page, 'Event Not Found', 'Please select a valid event.');

    // The chosen ticket type is withdrawn meanwhile.
    await field(page, 'Upcoming dinner').selectOption(retyped.id);
    const wine = retyped.ticket_types.find((t) => t.name === 'Food + Wine Pairing')!;
    const foodOnly = retyped.ticket_types.find((t) => t.name === 'Food Only')!;
    await field(page, 'Ticket type').selectOption(wine.id);
    await field(page, 'Number of guests').selectOption('2');
    await sql('delete from public.ticket_types where id = $1', [wine.id]);
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await expectToast(page, 'Ticket Type Not Found', 'Please select a valid ticket type.');

    // Others buy the tickets meanwhile: one is left.
    await field(page, 'Ticket type').selectOption(foodOnly.id);
    await field(page, 'Number of guests').selectOption('4');
    await sql('update public.capacity_pools set size = 1 where id = (select pool_id from public.ticket_types where id = $1)', [foodOnly.id]);
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await expectToast(page, 'Not Enough Tickets Available', 'Only 1 ticket available for Food Only.');

    expect(await page.getByRole('heading', { name: 'Complete Your Reservation' }).count()).toBe(0);
    expect(payments).toBe(0);
  });

  it('books end to end; Reservation Details opens the booking from the server, and no link carries personal data', async () => {
    // The seeded dinner with the most Food + Wine Pairing tickets left (other tests book too).
    const pick = (await dinners())
      .filter((d) => !createdEvents.includes(d.id))
      .flatMap((d) => d.ticket_types.filter((t) => t.name === 'Food + Wine Pairing').map((t) => ({ d, t })))
      .sort((a, b) => b.t.quantity - a.t.quantity)[0];
    expect(pick.t.quantity).toBeGreaterThanOrEqual(2);
    const { d: dinner, t: wine } = pick;

    const { page, consoleErrors } = await newPage({ viewport: viewports.desktop });
    await openDinnerSeries(page);
    const email = await fillSeriesGuest(page);
    await field(page, 'Phone (optional)').fill('+1 718 555 0199');
    await field(page, 'Upcoming dinner').selectOption(dinner.id);
    await field(page, 'Ticket type').selectOption(wine.id);
    await field(page, 'Number of guests').selectOption('2');
    await field(page, 'Dietary restrictions (optional)').fill('No shellfish');
    await field(page, 'Special requests (optional)').fill('Anniversary dinner');
    expect(await page.getByTestId('series-summary-line').innerText()).toBe('2 guests x $175.00 each');
    expect(await page.getByTestId('series-summary-total').filter({ hasText: '$350.00' }).innerText()).toBe('Total: $350.00');

    await page.getByRole('button', { name: 'RESERVE' }).click();
    await page.getByRole('heading', { name: 'Complete Your Reservation' }).waitFor();
    expect(await page.getByTestId('payment-total').innerText()).toBe('$350.00');
    await payTotalWithTestCard(page, '$350.00');

    const confirmed = page.getByRole('region', { name: 'RESERVATION CONFIRMED' });
    await confirmed.waitFor();
    expect(await confirmed.innerText()).toContain("We can't wait to feed you");
    const details = await page.getByTestId('series-confirmation-details').innerText();
    for (const shown of [
      dinner.title,
      `${formatEventDate(dinner.date)} at 7:00 PM`,
      'Food + Wine Pairing',
      '$350.00',
      'No shellfish',
      'Anniversary dinner',
    ])
      expect(details).toContain(shown);
    expect(details).toMatch(/Guests\s+2(\s|$)/);

    const rows = await sql(
      'select num_guests, status, amount_cents, ticket_type_id, dietary_restrictions, special_requests from public.reservations where email = $1',
      [email],
    );
    expect(rows).toEqual([
      {
        num_guests: 2,
        status: 'confirmed',
        amount_cents: 35000,
        ticket_type_id: wine.id,
        dietary_restrictions: 'No shellfish',
        special_requests: 'Anniversary dinner',
      },
    ]);
    const [{ quantity }] = await sql<{ quantity: number }>(
      'select public.capacity_pool_left(pool_id) as quantity from public.ticket_types where id = $1',
      [wine.id],
    );
    expect(quantity).toBeLessThanOrEqual(wine.quantity - 2);

    // INVITE YOUR PARTY on a desktop: an email draft with a save-the-date and the details link.
    const invite = new URL((await page.getByRole('link', { name: 'INVITE YOUR PARTY' }).getAttribute('href'))!);
    expect(invite.protocol).toBe('mailto:');
    expect(invite.searchParams.get('subject')).toBe(`Save the date: Eat At Home dinner on ${formatEventDate(dinner.date)}`);
    expect(invite.searchParams.get('body')).toContain('Save the date!');

    const link = page.getByRole('link', { name: 'Reservation Details' });
    const href = (await link.getAttribute('href'))!;
    // The party's link and message carry nothing private: no email, dietary restrictions, special requests, ticket or total.
    const inviteBody = invite.searchParams.get('body')!;
    const inviteLink = inviteBody.match(/https?:\/\/\S+/)?.[0];
    expect(inviteLink?.startsWith(`${stackEnv().siteUrl}/reservation-details?`)).toBe(true);
    expect(Object.fromEntries(new URL(inviteLink!).searchParams)).toEqual({
      eventTitle: dinner.title,
      eventDate: dinner.date,
      eventTime: '19:00',
      guests: '2',
      invite: '1',
    });
    for (const secret of ['No shellfish', 'Anniversary', email, 'Julia', 'Child', 'dietary', 'special', 'totalPrice', '$350', 'Wine', 'booking=']) {
      expect(decodeURIComponent(invite.href)).not.toContain(secret);
    }
    // The booker's details link is the booking's private token, nothing else.
    const params = Object.fromEntries(new URL(href, stackEnv().siteUrl).searchParams);
    expect(Object.keys(params)).toEqual(['booking']);
    expect(params.booking).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No link of the confirmation, nor the page's own address, carries the guest's name, email, phone or requests.
    const personal = ['Julia', 'Child', email, email.split('@')[0], '555 0199', '5550199', 'shellfish', 'Anniversary'];
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const url of [...hrefs, page.url()]) for (const secret of personal) expect(decodeURIComponent(url)).not.toContain(secret);
    expect(await seriousViolations(page)).toEqual([]);

    const [detailsPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await detailsPage.getByRole('heading', { name: 'Reservation Confirmation' }).waitFor();
    for (const secret of personal) expect(decodeURIComponent(detailsPage.url())).not.toContain(secret);
    const shownAt = async (term: string) =>
      (
        await detailsPage
          .locator('dt', { hasText: new RegExp(`^${term}$`) })
          .locator('xpath=following-sibling::dd')
          .innerText()
      ).trim();
    // The booking as the server holds it (the token opened it), with its code.
    const [{ booking_code: code }] = await sql<{ booking_code: string }>('select booking_code from public.reservations where email = $1', [email]);
    expect(await shownAt('Booking Code')).toBe(code);
    expect(await shownAt('Event')).toBe(dinner.title);
    expect(await shownAt('Date & Time')).toMatch(new RegExp(`^${formatEventDate(dinner.date)} at 7:00 PM E[SD]T$`));
    expect(await shownAt('Party Size')).toBe('2 people');
    expect(await shownAt('Ticket Type')).toBe('Food + Wine Pairing');
    expect(await shownAt('Total')).toBe('$350.00');
    await detailsPage.waitForFunction(() => document.title === 'Reservation Confirmation | Eat At Home');
    const compact = dinner.date.replaceAll('-', '');
    const google = new URL((await detailsPage.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(google.searchParams.get('text')).toBe(dinner.title);
    expect(google.searchParams.get('dates')).toBe(`${compact}T190000/${compact}T210000`);
    expect(google.searchParams.get('ctz')).toBe('America/New_York');
    const outlook = new URL((await detailsPage.getByRole('link', { name: 'Outlook Calendar' }).getAttribute('href'))!);
    expect(outlook.searchParams.get('startdt')).toMatch(new RegExp(`^${dinner.date}T19:00:00-0[45]:00$`));
    for (const url of [google.href, outlook.href]) for (const secret of personal) expect(decodeURIComponent(url)).not.toContain(secret);

    // The party's link opens the details from the link, labelled as such, without the booker's private fields.
    const partyPage = await page.context().newPage();
    await partyPage.goto(inviteLink!);
    await partyPage.getByRole('heading', { name: 'Reservation details' }).waitFor();
    const partyText = await partyPage.locator('main').innerText();
    expect(partyText).toContain('You are invited to this dinner.');
    expect(partyText).toContain('Details from the link.');
    expect(partyText).toContain(dinner.title);
    expect(partyText).toContain(`${formatEventDate(dinner.date)} at 7:00 PM`);
    expect(partyText).toContain('2 people');
    for (const secret of ['No shellfish', 'Anniversary', email, 'Julia', '$350.00']) expect(partyText).not.toContain(secret);
    await partyPage.close();

    // MAKE ANOTHER RESERVATION starts over with an empty form.
    await page.getByRole('button', { name: 'MAKE ANOTHER RESERVATION' }).click();
    await page.getByRole('button', { name: 'RESERVE' }).waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('');
    expect(await field(page, 'Upcoming dinner').inputValue()).toBe('');
    expect(await field(page, 'Ticket type').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('invites the party by SMS on a phone', async () => {
    const dinner = await createDinner(171, [['Food Only', 12500, 6]]);
    const { page } = await newPage({
      viewport: viewports.phone,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await openDinnerSeries(page);
    await fillSeriesGuest(page);
    await field(page, 'Upcoming dinner').selectOption(dinner.id);
    await field(page, 'Ticket type').selectOption(dinner.ticket_types[0].id);
    await field(page, 'Number of guests').selectOption('1');
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await payTotalWithTestCard(page, '$125.00');
    await page.getByRole('region', { name: 'RESERVATION CONFIRMED' }).waitFor();
    const href = (await page.getByRole('link', { name: 'INVITE YOUR PARTY' }).getAttribute('href'))!;
    expect(href.startsWith('sms:?&body=')).toBe(true);
    const body = decodeURIComponent(href.slice('sms:?&body='.length));
    expect(body).toContain(`Save the date! I reserved a table for 1 at Eat At Home: ${dinner.title}, ${formatEventDate(dinner.date)} at 7:00 PM`);
    expect(body).toContain(`${stackEnv().siteUrl}/reservation-details?`);
    expect(body).not.toMatch(/dietary|special|@/i);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
