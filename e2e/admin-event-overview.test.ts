/**
 * The event overview (/admin/events/:eventId) on the real stack in real Chromium: bookings paid
 * through process-square-payment (one with a promo code), a part refund through
 * refund-reservation, a cancellation with a full refund through cancel-reservation, a hold, a
 * waitlist entry and check-ins through staff_check_in. Every figure on the page must equal what
 * the payment ledger and the reservations say, computed here by SQL. Also: the chart (recharts,
 * its own lazy chunk) draws, and is never requested by the public page nor the admin panel; a
 * member of another organization sees the server's refusal, not figures.
 */
import { randomUUID } from 'node:crypto';
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, newPage, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import {
  createEvent,
  createOrg,
  createPromo,
  createReservation,
  createStaff,
  type Org,
  type Staff,
  type TestEvent,
  uniq,
  uniqueEmail,
} from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { stackEnv } from '../tests/support/stack-env';

const TITLE = 'Overview Harvest Supper';
const SEAT = 8500; // $85.00
const COUNTER = 12000; // $120.00

let staff: Staff;
let outsider: Staff;
let org: Org;
let dinner: TestEvent;
let quiet: TestEvent;
let promoCode: string;
const ids: Record<string, string> = {};

/** A booking paid with the approved test card, as a guest's checkout makes it. */
async function paidBooking(name: string, ticket: 'Seat' | 'Counter', guests: number, amount: number, promo?: string) {
  const answer = await payByCard({
    amount,
    promoCode: promo,
    reservationData: {
      name,
      email: uniqueEmail('overview-guest'),
      phone: '+1 555 0100',
      eventId: dinner.id,
      num_guests: guests,
      ticketTypeId: dinner.ticketTypes.find((t) => t.name === ticket)!.id,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ success: true, amountCents: amount });
  ids[name] = answer.body.reservationId as string;
}

/** Calls an edge function as a signed-in staff member (as the panel does). */
async function callAsStaff(who: Staff, name: string, body: unknown): Promise<{ status: number; body: any }> {
  const { apiUrl, anonKey } = stackEnv();
  const { data } = await who.client.auth.getSession();
  const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function checkIn(name: string, guests: number) {
  const { error } = await staff.client.rpc('staff_check_in', { p_reservation_id: ids[name], p_checked_in_guests: guests });
  expect(error).toBeNull();
}

/** Dollars as the page shows them, written independently of the app's formatter: 61300 → "$613.00". */
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface Truth {
  gross: number;
  refunds: number;
  pending: number;
  sold: number;
  parties: number;
  held: number;
  checkedIn: number;
  checkedInParties: number;
  discounts: number;
  waitlist: number;
  bookings: number;
  bookedGuests: number;
  /** Days (in the event's timezone) with at least one booking. */
  days: number;
}

/** What the payment ledger and the reservations say about the dinner, straight from SQL. */
async function truth(eventId: string): Promise<Truth> {
  const [money] = await sql<{ gross: number; refunds: number; pending: number }>(
    `select coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::int as gross,
            coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'completed'), 0)::int as refunds,
            coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.status = 'pending'), 0)::int as pending
       from public.payment_ledger l join public.reservations r on r.id = l.reservation_id
      where r.event_id = $1`,
    [eventId],
  );
  const [seats] = await sql<Omit<Truth, 'gross' | 'refunds' | 'pending' | 'waitlist' | 'days'>>(
    `select coalesce(sum(num_guests) filter (where status = 'confirmed'), 0)::int as sold,
            (count(*) filter (where status = 'confirmed'))::int as parties,
            coalesce(sum(num_guests) filter (where status = 'held' and hold_expires_at > now()), 0)::int as held,
            coalesce(sum(checked_in_guests) filter (where status = 'confirmed'), 0)::int as "checkedIn",
            (count(*) filter (where status = 'confirmed' and checked_in_guests > 0))::int as "checkedInParties",
            coalesce(sum(discount_cents) filter (where status = 'confirmed'), 0)::int as discounts,
            (count(*) filter (where confirmed_at is not null and status in ('confirmed', 'cancelled')))::int as bookings,
            coalesce(sum(num_guests) filter (where confirmed_at is not null and status in ('confirmed', 'cancelled')), 0)::int as "bookedGuests"
       from public.reservations where event_id = $1`,
    [eventId],
  );
  const [waitlist] = await sql<{ n: number }>(
    `select count(*)::int as n from public.waitlist_entries where event_id = $1 and status in ('waiting', 'offered')`,
    [eventId],
  );
  const [days] = await sql<{ n: number }>(
    `select count(distinct (r.confirmed_at at time zone e.event_timezone)::date)::int as n
       from public.reservations r join public.events e on e.id = r.event_id
      where r.event_id = $1 and r.confirmed_at is not null and r.status in ('confirmed', 'cancelled')`,
    [eventId],
  );
  return { ...money, ...seats, waitlist: waitlist.n, days: days.n };
}

/** Per ticket type: sold, held, remaining and capacity, from the reservations and the type's capacity pool. */
async function ticketTruth(eventId: string) {
  return sql<{ id: string; name: string; sold: number; held: number; remaining: number; capacity: number }>(
    `select t.id, t.name,
            coalesce(sum(r.num_guests) filter (where r.status = 'confirmed'), 0)::int as sold,
            coalesce(sum(r.num_guests) filter (where r.status = 'held' and r.hold_expires_at > now()), 0)::int as held,
            (p.size - coalesce(sum(r.num_guests) filter (where r.status = 'confirmed' or (r.status = 'held' and r.hold_expires_at > now())), 0))::int as remaining,
            p.size as capacity
       from public.ticket_types t join public.capacity_pools p on p.id = t.pool_id
       left join public.reservations r on r.ticket_type_id = t.id
      where t.event_id = $1 group by t.id, p.size order by t.created_at, t.id`,
    [eventId],
  );
}

const overviewUrl = (eventId: string) => `${stackEnv().siteUrl}/admin/events/${eventId}`;
const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`).getByTestId('stat-value').innerText();

/** Records every request URL of the page (scripts and modules included). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}
const chartRequests = (urls: string[]) => urls.filter((u) => /recharts|bookings-chart/i.test(u));

/** Every figure shown on the page equals the SQL truth, and the capacity lines equal the ticket types. */
async function expectFiguresMatchLedger(page: Page) {
  const t = await truth(dinner.id);
  // The scenario, so the comparison cannot pass on empty figures.
  expect(t).toMatchObject({
    gross: SEAT * 2 * 0.9 + COUNTER + SEAT * 3 + SEAT,
    refunds: 5000 + SEAT,
    pending: 0,
    sold: 6,
    parties: 3,
    held: 2,
    checkedIn: 3,
    checkedInParties: 2,
    discounts: SEAT * 2 * 0.1,
    waitlist: 1,
    bookings: 4,
    bookedGuests: 7,
    days: 2,
  });
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await stat(page, 'sold')).toBe(String(t.sold));
  expect(await stat(page, 'held')).toBe(String(t.held));
  expect(await stat(page, 'checked-in')).toBe(`${t.checkedIn} / ${t.sold}`);
  expect(await page.getByTestId('stat-checked-in').innerText()).toContain(`${t.checkedInParties} of ${t.parties} parties arrived`);
  expect(await stat(page, 'gross')).toBe(usd(t.gross));
  expect(await stat(page, 'discounts')).toBe(usd(t.discounts));
  expect(await stat(page, 'refunds')).toBe(usd(t.refunds));
  expect(await stat(page, 'net')).toBe(usd(t.gross - t.refunds));
  expect(await stat(page, 'waitlist')).toBe(String(t.waitlist));

  const lines = page.getByTestId('capacity-line').filter({ visible: true });
  const tickets = await ticketTruth(dinner.id);
  expect(await lines.count()).toBe(tickets.length);
  for (const ticket of tickets) {
    const line = page.locator(`[data-testid="capacity-line"][data-line-id="${ticket.id}"]`).filter({ visible: true });
    await line.getByText(ticket.name, { exact: true }).waitFor();
    const cell = (what: string) => line.getByTestId(`capacity-${what}`).innerText();
    expect({ sold: await cell('sold'), held: await cell('held'), remaining: await cell('remaining'), capacity: await cell('capacity') }).toEqual({
      sold: String(ticket.sold),
      held: String(ticket.held),
      remaining: String(ticket.remaining),
      capacity: String(ticket.capacity),
    });
  }
  expect(tickets.map((x) => [x.name, x.sold, x.held, x.remaining, x.capacity])).toEqual([
    ['Seat', 5, 0, 15, 20],
    ['Counter', 1, 2, 3, 6],
  ]);

  // The chart draws, and says the same in words and as a table.
  await page.getByTestId('bookings-chart').locator('svg').first().waitFor();
  const summary = await page.getByTestId('bookings-summary').innerText();
  expect(summary).toContain(`${t.bookings} bookings (${t.bookedGuests} guests) from `);
  expect(summary).toContain('; the busiest day was ');
  const table = page.getByRole('table', { name: 'Bookings and guests per day' });
  const rows = await table.locator('tbody tr').allInnerTexts();
  expect(rows).toHaveLength(t.days);
  const sums = rows.map((r) => r.split('\t').slice(1).map(Number)).reduce(([b, g], [rb, rg]) => [b + rb, g + rg], [0, 0]);
  expect(sums).toEqual([t.bookings, t.bookedGuests]);
}

beforeAll(async () => {
  staff = await createStaff('overview');
  outsider = await createStaff('overview-outsider');
  org = await createOrg({ name: 'Overview Test Kitchen', members: [staff], branding: { brand_name: 'Overview Test Kitchen' } });
  await createOrg({ name: 'Other Overview Kitchen', members: [outsider] });
  dinner = await createEvent(org.id, {
    title: TITLE,
    daysAhead: 30,
    ticketTypes: [
      { name: 'Seat', price: SEAT, quantity: 20 },
      { name: 'Counter', price: COUNTER, quantity: 6 },
    ],
  });
  quiet = await createEvent(org.id, { title: 'Overview Quiet Supper', daysAhead: 40, ticketTypes: [{ name: 'Seat', price: SEAT, quantity: 10 }] });
  promoCode = uniq('OVW10').toUpperCase();
  await createPromo(org.id, { code: promoCode, discount_type: 'percent', discount_amount: 10 });

  await paidBooking('Ada Promo', 'Seat', 2, SEAT * 2 * 0.9, promoCode);
  await paidBooking('Grace Counter', 'Counter', 1, COUNTER);
  await paidBooking('Alan Refund', 'Seat', 3, SEAT * 3);
  await paidBooking('Barbara Cancel', 'Seat', 1, SEAT);

  // A part refund without cancelling, and a cancellation with a full refund (both sent to the processor).
  const refund = await callAsStaff(staff, 'refund-reservation', {
    reservationId: ids['Alan Refund'],
    amountCents: 5000,
    requestKey: randomUUID(),
    notifyGuest: false,
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  await checkIn('Barbara Cancel', 1);
  const cancel = await callAsStaff(staff, 'cancel-reservation', { reservationId: ids['Barbara Cancel'], refund: 'full', notifyGuest: false });
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

  // Grace booked three days earlier (bookings over time has two days).
  await sql(`update public.reservations set confirmed_at = confirmed_at - interval '3 days' where id = $1`, [ids['Grace Counter']]);

  // Arrivals at the door.
  await checkIn('Ada Promo', 2);
  await checkIn('Grace Counter', 1);

  // A checkout in progress holds two counter seats; one party waits for seats.
  await createReservation(dinner.id, {
    name: 'Hal Held',
    num_guests: 2,
    status: 'held',
    ticket_type_id: dinner.ticketTypes[1].id,
    hold_expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
  });
  // A party of 4 for the counter's 3 free seats: the waitlist timer (every 30 s) never offers it a hold mid-test.
  await sql(
    `insert into public.waitlist_entries (org_id, event_id, ticket_type_id, name, email, party_size) values ($1, $2, $3, 'Wendy Wait', $4, 4)`,
    [org.id, dinner.id, dinner.ticketTypes[1].id, uniqueEmail('overview-wait')],
  );
  // The refunds are completed by the functions (the test processor answers at once).
  for (let i = 0; i < 30 && (await truth(dinner.id)).pending > 0; i += 1) await new Promise((r) => setTimeout(r, 500));
}, 120_000);

describe('event overview', () => {
  it('at 1280 px: opened from the events list, every figure equals the ledger and the reservations; the chart chunk loads only here', async () => {
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    const requests = recordRequests(page);
    await page.getByRole('link', { name: `Overview of ${TITLE}` }).waitFor();
    // The admin panel itself never pulls the chart library (every resource this page loaded since sign-in).
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(loaded.some((u) => /\/assets\/admin-[\w-]{8}\.js$/.test(u))).toBe(true);
    expect(chartRequests([...loaded, ...requests])).toEqual([]);

    await page.getByRole('link', { name: `Overview of ${TITLE}` }).click();
    await page.waitForURL(overviewUrl(dinner.id));
    await expectFiguresMatchLedger(page);
    expect(chartRequests(requests).length).toBeGreaterThan(0);

    // The header: the date and time in the event's timezone, the way back, the door list.
    const when = await page.getByTestId('overview-when').innerText();
    expect(when).toMatch(new RegExp(`^${format(new Date(`${dinner.date}T12:00:00`), 'EEE, MMM d, yyyy')} · 7:00 PM E[SD]T$`));
    expect(await page.getByRole('link', { name: 'Back to events' }).getAttribute('href')).toMatch(/^\/admin(\?|$)/);
    expect(await page.getByRole('link', { name: 'Door list' }).getAttribute('href')).toBe(`/admin/door/${dinner.id}`);
    await page.getByRole('table', { name: 'Capacity' }).waitFor();
    expect(await page.getByTestId('stat-refunds').innerText()).toContain('completed refunds');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Door list' }).click();
    await page.waitForURL(`${stackEnv().siteUrl}/admin/door/${dinner.id}`);
    await page.getByTestId('door-totals').filter({ hasText: 'Arrived 3 / 6 guests · 2 of 3 parties' }).waitFor();
  });

  it('at 375 px: the same figures, capacity as cards, no sideways scroll, axe clean', async () => {
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    await page.goto(overviewUrl(dinner.id));
    await expectFiguresMatchLedger(page);
    await page.getByRole('list', { name: 'Capacity' }).waitFor();
    expect(await page.getByRole('table', { name: 'Capacity' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('follows new activity: another check-in shows when the page is opened again', async () => {
    await checkIn('Alan Refund', 3);
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    await page.goto(overviewUrl(dinner.id));
    const t = await truth(dinner.id);
    expect(t.checkedIn).toBe(6);
    await page
      .getByTestId('stat-checked-in')
      .getByTestId('stat-value')
      .filter({ hasText: `${t.checkedIn} / ${t.sold}` })
      .waitFor();
    await checkIn('Alan Refund', 0);
  });

  it('an event with nothing booked: zeros and an empty state, and no chart to load', async () => {
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    const requests = recordRequests(page);
    await page.goto(overviewUrl(quiet.id));
    await page.getByRole('heading', { level: 1, name: 'Overview Quiet Supper' }).waitFor();
    await page.getByTestId('bookings-empty').waitFor();
    expect(await stat(page, 'sold')).toBe('0');
    expect(await stat(page, 'gross')).toBe('$0.00');
    expect(await page.getByTestId('stat-waitlist').count()).toBe(0);
    expect(await page.getByTestId('bookings-chart').count()).toBe(0);
    expect(chartRequests(requests)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the public organization page never requests the chart's code", async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    const requests = recordRequests(page);
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await page.getByText(TITLE).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.some((u) => u.includes('/assets/org-page-'))).toBe(true);
    expect(chartRequests(requests)).toEqual([]);
  });

  it('a member of another organization sees the refusal, not figures', async () => {
    const { page } = await adminPage(outsider, org.id, 'events', { viewport: viewports.phone });
    await page.goto(overviewUrl(dinner.id));
    await page
      .getByRole('alert')
      .filter({ hasText: 'Could not load the overview: You can only see events of your own organization' })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByTestId('stat-gross').count()).toBe(0);
    expect(await page.getByText(TITLE).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
