import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from '../tests/support/db';
import { stackEnv } from '../tests/support/stack-env';
import { parseAvailability } from '../src/features/supper-club/api/get-availability';
import { describeSchedule, describeSlots, slotLabels, supperDate } from '../src/features/supper-club/lib/schedule';
import { seriousViolations, TOASTER } from './support/axe';
import { expectToast, field, fieldMessage, fitsWidth, newPage, viewports } from './support/browser';
import { continueToPayment, fillSupperClubGuest, openSupperClub, payTotalWithTestCard } from './support/ticket-booking';

interface Availability {
  events: { id: string; date: string; available_seats: number; refund_policy: string; slots: { label: string; available: number }[] }[];
}

const createdEvents: string[] = [];

// The first call of a function compiles it in Deno: do it before the page tests wait on it.
beforeAll(async () => {
  const { apiUrl, anonKey } = stackEnv();
  for (const name of ['magnolia-availability', 'magnolia-square-config']) {
    await fetch(`${apiUrl}/functions/v1/${name}`, { method: 'POST', headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
  }
});

afterAll(async () => {
  // Our own suppers leave the public pages (booked events are never deleted).
  if (createdEvents.length) await sql('update public.events set is_active = false where id = any($1)', [createdEvents]);
});

/** What the page reads: the venue's availability function, through the gateway as a visitor. */
async function availability(): Promise<Availability> {
  const { apiUrl, anonKey } = stackEnv();
  const res = await fetch(`${apiUrl}/functions/v1/magnolia-availability`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });
  expect(res.status).toBe(200);
  return { events: parseAvailability(await res.json()) } as Availability;
}

/**
 * A supper of our own on a Monday far after the seeded ones, with seatings at 5:30pm and 8:00pm (20 each);
 * `takenAt8` tickets of the 8:00pm seating are already booked.
 */
async function createSupper(daysAhead: number, takenAt8 = 0): Promise<{ id: string; date: string }> {
  const [org] = await sql<{ id: string }>("select id from public.organizations where slug = 'magnolia'");
  const [event] = await sql<{ id: string; date: string }>(
    `insert into public.events (org_id, title, date, event_time, event_timezone, location_name, location_address, is_active, seat_price_cents, max_party_size)
     values ($1, 'Magnolia Supper Club', (current_date + $2::int) - extract(isodow from current_date + $2::int)::int + 1, '17:30', 'America/New_York', 'Magnolia Supper Club', 'Old Fourth Ward, Atlanta, GA', true, 6500, 6)
     returning id, to_char(date, 'YYYY-MM-DD') as date`,
    [org.id, daysAhead],
  );
  createdEvents.push(event.id);
  await sql('select public.set_event_guest_cap($1, 40)', [event.id]);
  const slots = await sql<{ id: string; slot_label: string }>(
    `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id)
     values ($1, '17:30', '5:30pm', public.new_capacity_pool($1, 20)), ($1, '20:00', '8:00pm', public.new_capacity_pool($1, 20)) returning id, slot_label`,
    [event.id],
  );
  const eight = slots.find((s) => s.slot_label === '8:00pm')!;
  for (let left = takenAt8; left > 0; left -= Math.min(left, 10)) {
    const guests = Math.min(left, 10);
    await sql(
      `insert into public.reservations (org_id, event_id, rsvp_slot_id, name, email, num_guests, time_slot, status, amount_cents, payment_provider, payment_id)
       values ($1, $2, $3, 'Table Guest', $4, $5, '8:00pm', 'confirmed', $6, 'square', $7)`,
      [org.id, event.id, eight.id, `guest-${randomUUID()}@example.com`, guests, guests * 6500, `e2e-${randomUUID()}`],
    );
  }
  return event;
}

describe('supper club page', () => {
  it('derives the header dates and seatings from the data and shows the address, price and gratuity', async () => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    // The page is compared with the very answer it read (other test files add suppers meanwhile).
    const answered = page.waitForResponse((r) => r.url().endsWith('/functions/v1/magnolia-availability') && r.request().method() === 'POST');
    await openSupperClub(page);
    const events = parseAvailability(await (await answered).json());
    expect(events.length).toBeGreaterThan(0);
    expect(await page.getByTestId('supper-dates').innerText()).toBe(describeSchedule(events));
    expect(await page.getByTestId('supper-dates').innerText()).toMatch(/^Sundays and Mondays, \w{3} \d{1,2}(, \d{4})? to \w{3} \d{1,2}/);
    expect(await page.getByTestId('supper-slots').innerText()).toBe(`Seatings at ${describeSlots(slotLabels(events))}`);
    expect(await page.getByTestId('supper-slots').innerText()).toBe('Seatings at 5:30pm or 8:00pm');
    expect(await page.locator('address').innerText()).toBe('Old Fourth Ward, Atlanta, GA');
    const header = await page.locator('header').innerText();
    expect(header).toContain('$65.00 per person: four shared savory courses and one shared sweet course');
    expect(header).toContain('20% gratuity');
    await expect.poll(() => page.title()).toBe('Magnolia Supper Club | SupperHost');
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toMatch(/Magnolia Supper Club in Atlanta/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteUrl}/magnolia-supper-club`);
    // The date select lists every upcoming supper.
    const values = await field(page, 'Date')
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(values).toEqual(events.map((e) => e.id));
    expect(consoleErrors).toEqual([]);
  });

  it('serves the same page at /magnolia-supper-club/reservations with the canonical link to the page', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await openSupperClub(page, '/magnolia-supper-club/reservations');
    expect(await page.getByRole('heading', { name: 'Magnolia Supper Club', level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteUrl}/magnolia-supper-club`);
  });

  it('disables a sold-out date', async () => {
    const { events } = await availability();
    const soldOut = events.filter((e) => e.available_seats < 1);
    const open_ = events.filter((e) => e.available_seats > 0);
    expect(soldOut.length).toBeGreaterThan(0); // the seed sells out the second supper
    const { page } = await newPage({ viewport: viewports.phone });
    await openSupperClub(page);
    for (const e of soldOut) {
      const option = field(page, 'Date').locator(`option[value="${e.id}"]`);
      expect(await option.isDisabled()).toBe(true);
      expect(await option.innerText()).toBe(`${supperDate(e.date)} (Sold Out)`);
    }
    for (const e of open_) expect(await field(page, 'Date').locator(`option[value="${e.id}"]`).isDisabled()).toBe(false);
  });

  it('disables a full seating and the ticket counts above what remains', async () => {
    const supper = await createSupper(120, 20);
    const { page } = await newPage();
    await openSupperClub(page);
    await field(page, 'Date').selectOption(supper.id);
    const slot = field(page, 'Time slot');
    expect(await slot.locator('option[value="8:00pm"]').isDisabled()).toBe(true);
    expect(await slot.locator('option[value="8:00pm"]').innerText()).toBe('8:00pm (Full)');
    expect(await slot.locator('option[value="5:30pm"]').isDisabled()).toBe(false);
    // 20 seats left in all: every count from 1 to 6 is possible.
    const tickets = field(page, 'Number of tickets');
    expect(await tickets.locator('option:disabled').count()).toBe(0);

    // Two seats left for the date: 3 to 6 tickets are disabled.
    await sql('select public.set_event_guest_cap($1, 22)', [supper.id]);
    const second = await newPage({ viewport: viewports.phone });
    await openSupperClub(second.page);
    await field(second.page, 'Date').selectOption(supper.id);
    expect(await field(second.page, 'Date').locator(`option[value="${supper.id}"]`).innerText()).toBe(`${supperDate(supper.date)} (2 left)`);
    const disabled = await field(second.page, 'Number of tickets').locator('option:disabled').allInnerTexts();
    expect(disabled).toEqual(['3 tickets (unavailable)', '4 tickets (unavailable)', '5 tickets (unavailable)', '6 tickets (unavailable)']);
    await second.close();
  });

  it('asks for at least one ticket first, then for the missing fields', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    let payments = 0;
    page.on('request', (r) => {
      if (r.url().includes('magnolia-process-payment')) payments++;
    });
    await openSupperClub(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Minimum Guests Required', 'Minimum 1 ticket per order.');
    await fieldMessage(page, 'Minimum 1 ticket per order.').waitFor();

    await field(page, 'Number of tickets').selectOption('2');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
    for (const message of ['Full name is required', 'Email is required', 'Select a date', 'Select a time slot']) {
      await fieldMessage(page, message).waitFor();
    }
    await field(page, 'Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await fieldMessage(page, 'Valid email is required').waitFor();
    expect(await page.getByRole('heading', { name: 'Complete Your Reservation' }).count()).toBe(0);
    expect(payments).toBe(0);
  });

  it('refuses a supper that is gone or has too few seats when the guest continues', async () => {
    const gone = await createSupper(127);
    const short = await createSupper(134);
    const { page } = await newPage();
    await openSupperClub(page);
    await fillSupperClubGuest(page);
    await field(page, 'Date').selectOption(gone.id);
    await field(page, 'Time slot').selectOption('5:30pm');
    await field(page, 'Number of tickets').selectOption('2');
    // Staff take the supper off the calendar while the guest is filling the form.
    await sql('update public.events set is_active = false where id = $1', [gone.id]);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Event Not Found', 'Please select a valid event.');
    expect(await field(page, 'Date').locator(`option[value="${gone.id}"]`).count()).toBe(0);

    await field(page, 'Date').selectOption(short.id);
    await field(page, 'Time slot').selectOption('5:30pm');
    await field(page, 'Number of tickets').selectOption('6');
    // Others book meanwhile: four seats are left for that date.
    await sql('select public.set_event_guest_cap($1, 4)', [short.id]);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Sold Out', `Not enough tickets for ${supperDate(short.date)}. Please select another date or reduce tickets.`);
    expect(await page.getByRole('heading', { name: 'Complete Your Reservation' }).count()).toBe(0);
    // The form now knows: 5 and 6 tickets are disabled and the count was cleared.
    expect(await field(page, 'Number of tickets').inputValue()).toBe('');
    expect(await field(page, 'Number of tickets').locator('option:disabled').count()).toBe(2);
  });

  it('books 2 tickets end to end with the test card', async () => {
    const before = await availability();
    // A seeded supper with the most room (other tests book too), and its roomier seating.
    const event = before.events.filter((e) => !createdEvents.includes(e.id)).sort((a, b) => b.available_seats - a.available_seats)[0];
    const slot = [...event.slots].sort((a, b) => b.available - a.available)[0];
    expect(slot.available).toBeGreaterThanOrEqual(2);

    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await openSupperClub(page);
    const guest = await fillSupperClubGuest(page, 'Ada Lovelace');
    await field(page, 'Phone (optional)').fill('+1 404 555 0100');
    await field(page, 'Date').selectOption(event.id);
    await field(page, 'Time slot').selectOption(slot.label);
    await field(page, 'Number of tickets').selectOption('2');
    expect(await page.getByTestId('supper-summary-line').filter({ hasText: '= $130.00' }).innerText()).toBe('2 x $65.00 = $130.00');
    // The club adds its 20% gratuity as a service charge.
    await page.getByTestId('supper-charges-line').filter({ hasText: '$156.00' }).waitFor();
    expect(await page.getByTestId('supper-charges-line').innerText()).toBe('+ $26.00 service charge = $156.00');
    const summary = page.getByRole('region', { name: 'Order summary' });
    expect(await summary.innerText()).toContain(`${supperDate(event.date)} at ${slot.label}`);
    // The supper's cancellation policy, in the server's words.
    expect(await page.getByTestId('supper-refund-policy').innerText()).toBe(`Cancellation policy: ${event.refund_policy}`);

    // Continue re-reads the availability first; while it does, the button says so.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/functions/v1/magnolia-availability', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const busy = page.getByRole('button', { name: 'Processing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByRole('heading', { name: 'Complete Your Reservation' }).waitFor();
    await page.unroute('**/functions/v1/magnolia-availability');
    // The club's 20% service charge (its organization's terms) is a line of its own.
    expect(await page.getByTestId('price-line-subtotal').innerText()).toBe('$130.00');
    expect(await page.getByTestId('price-line-service').innerText()).toBe('$26.00');
    expect(await page.getByTestId('payment-total').innerText()).toBe('$156.00');
    // Back returns to the form with its values, and on again.
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await field(page, 'Full name').inputValue()).toBe('Ada Lovelace');
    expect(await field(page, 'Number of tickets').inputValue()).toBe('2');
    await continueToPayment(page);

    await payTotalWithTestCard(page, '$156.00');
    const card = page.getByRole('region', { name: 'Reservation Confirmed' });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Thank you, Ada Lovelace!');
    expect(text).toContain(`A confirmation email is on its way to ${guest.email}.`);
    expect(text).toContain('Magnolia Supper Club');
    expect(text).toContain(`${supperDate(event.date)} at ${slot.label}`);
    expect(text).toContain('2 x $65.00');
    expect(text).toMatch(/Service charge\s+\$26\.00/);
    expect(text).toMatch(/Total paid\s+\$156\.00/);
    await expectToast(page, 'Reservation Confirmed!', 'Your tickets have been reserved. Check your email for confirmation.');

    const rows = await sql<{ num_guests: number; time_slot: string; status: string; amount_cents: number; event_id: string; phone: string }>(
      'select num_guests, time_slot, status, amount_cents, event_id, phone from public.reservations where email = $1',
      [guest.email],
    );
    expect(rows).toEqual([
      { num_guests: 2, time_slot: slot.label, status: 'confirmed', amount_cents: 15600, event_id: event.id, phone: '+14045550100' },
    ]);
    const mail = await sql('select 1 from public.email_outbox where to_email = $1', [guest.email]);
    expect(mail.length).toBe(1);
    const after = (await availability()).events.find((e) => e.id === event.id)!;
    expect(after.available_seats).toBeLessThanOrEqual(event.available_seats - 2);
    expect(after.slots.find((s) => s.label === slot.label)!.available).toBeLessThanOrEqual(slot.available - 2);

    // The toast is scanned on its own in a11y.test.ts (it comes from the app-wide Toaster).
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
    await page.getByRole('button', { name: 'Make another reservation' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    expect(await field(page, 'Full name').inputValue()).toBe('');
    expect(await field(page, 'Email').inputValue()).toBe('');
    expect(await field(page, 'Date').inputValue()).toBe('');
    expect(await field(page, 'Number of tickets').inputValue()).toBe('');
    expect(await page.getByTestId('supper-summary-line').innerText()).toBe('0 x $65.00 = $0.00');
    expect(consoleErrors).toEqual([]);
  });

  it('shows New Events Coming Soon with a follow link when nothing is upcoming', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    // The availability function's own answer with an empty calendar (as once every date has passed):
    // the follow link is the venue's social page, from its organization's branding.
    await page.route('**/functions/v1/magnolia-availability', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), events: [] } });
    });
    await page.goto(`${stackEnv().siteUrl}/magnolia-supper-club`);
    await page.getByText('New Events Coming Soon').waitFor();
    const follow = page.getByRole('link', { name: 'Follow for updates' });
    expect(await follow.getAttribute('href')).toBe('https://www.instagram.com/magnoliasupperclub');
    expect(await follow.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    expect(await page.getByTestId('supper-dates').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('supper club waitlist', () => {
  /** A supper whose 8:00pm seating is taken by two live holds of 10 (so one can lapse and free its seats). */
  async function supperWithFullSeating(daysAhead: number) {
    const supper = await createSupper(daysAhead);
    const [eight] = await sql<{ id: string; org_id: string }>(
      `select s.id, e.org_id from public.rsvp_slots s join public.events e on e.id = s.event_id where s.event_id = $1 and s.slot_label = '8:00pm'`,
      [supper.id],
    );
    const holds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const [hold] = await sql<{ id: string }>(
        `insert into public.reservations (org_id, event_id, rsvp_slot_id, name, email, num_guests, time_slot, status, amount_cents, hold_expires_at, idempotency_key)
         values ($1, $2, $3, 'Held Guest', $4, 10, '8:00pm', 'held', 65000, now() + interval '10 minutes', $5) returning id`,
        [eight.org_id, supper.id, eight.id, `held-${randomUUID()}@example.com`, randomUUID()],
      );
      holds.push(hold.id);
    }
    return { ...supper, seatingId: eight.id, holds };
  }

  async function joinSeating(page: Page, line: string, name: string, email: string, partySize: string) {
    await openSupperClub(page);
    const prompt = page.getByTestId('waitlist-prompt');
    await prompt.getByRole('button', { name: `Join the waitlist: ${line}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Magnolia Supper Club · ${line}`).waitFor();
    // A party the club sells at once: at most 6.
    expect(await dialog.getByLabel('Party size').locator('option').count()).toBe(6);
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Party size').selectOption(partySize);
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    return (await dialog.getByTestId('waitlist-joined').textContent()) ?? '';
  }

  it('offers the waitlist for a sold-out seating at 1280 and 375 px; a lapsed hold offers the seats at $65 each; the claim takes the card', async () => {
    const supper = await supperWithFullSeating(140);
    const line = `${supperDate(supper.date)} at 8:00pm`;
    const first = `wl-supper-${randomUUID()}@example.com`;
    const second = `wl-supper-${randomUUID()}@example.com`;

    const desktop = await newPage({ viewport: viewports.desktop });
    expect(await joinSeating(desktop.page, line, 'Ada Waiting', first, '2')).toBe(
      "You're on the waitlist — number 1. We'll email you if seats free up.",
    );
    const phone = await newPage({ viewport: viewports.phone });
    expect(await joinSeating(phone.page, line, 'Bo Waiting', second, '1')).toBe(
      "You're on the waitlist — number 2. We'll email you if seats free up.",
    );
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expect(await fitsWidth(phone.page)).toBe(true);
    expect(await seriousViolations(phone.page, { exclude: [TOASTER] })).toEqual([]);
    // The open 5:30pm seating is not on the list.
    expect(
      await phone.page
        .getByTestId('waitlist-prompt')
        .getByText(`${supperDate(supper.date)} at 5:30pm`)
        .count(),
    ).toBe(0);

    expect(
      await sql('select email, party_size from public.waitlist_entries where rsvp_slot_id = $1 order by created_at', [supper.seatingId]),
    ).toEqual([
      { email: first, party_size: 2 },
      { email: second, party_size: 1 },
    ]);

    // A hold of 10 lapses: the first party is offered 2 seats at the club's price, and emailed.
    await sql("update public.reservations set status = 'expired' where id = $1", [supper.holds[0]]);
    const offers = await sql<{ email: string; num_guests: number; amount_cents: number; status: string }>(
      "select email, num_guests, amount_cents, status from public.reservations where rsvp_slot_id = $1 and idempotency_key like 'wl-%' order by created_at",
      [supper.seatingId],
    );
    expect(offers).toEqual([
      { email: first, num_guests: 2, amount_cents: 15600, status: 'held' },
      { email: second, num_guests: 1, amount_cents: 7800, status: 'held' },
    ]);
    const [mail] = await sql<{ body_text: string }>("select body_text from public.email_outbox where to_email = $1 and kind = 'waitlist_offer'", [
      first,
    ]);
    const token = /\/waitlist\/([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1];

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/waitlist/${token}`);
    await page.getByRole('heading', { name: 'Seats are held for you' }).waitFor();
    expect(await page.getByTestId('payment-total').textContent()).toBe('$156.00');
    await payTotalWithTestCard(page, '$156.00');
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    expect(await sql('select status from public.waitlist_entries where email = $1', [first])).toEqual([{ status: 'claimed' }]);
  });
});
