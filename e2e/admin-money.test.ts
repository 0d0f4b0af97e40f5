/**
 * Money after the booking, from the admin panel: what each reservation paid and got back, the
 * cancel dialog's money decision (full, part, none), refunds without cancelling, and the refund
 * offered when a paid party gets smaller — checked in the list, the database (seats, the payment
 * ledger) and the guest's mailbox. Bookings are paid through process-square-payment with the
 * local test processor's approved card.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import {
  createEvent,
  createOrg,
  createReservation,
  createStaff,
  type Org,
  type Staff,
  type TestEvent,
  ticketQuantity,
  uniqueEmail,
} from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';

const BRAND = 'Money Test Supper';
const TITLE = 'Harvest Table';
const PRICE = 15750; // $157.50 a seat
/** Full refund until 48 hours before; half after that (frozen on each booking as it is made). */
const POLICY = { refund_window_hours: 48, late_refund_percent: 50 };

let staff: Staff;
let outsider: Staff;
let org: Org;
let dinner: TestEvent;

interface Booking {
  id: string;
  name: string;
  email: string;
}

/** A booking paid with the approved test card: `guests` seats at $157.50. */
async function paidBooking(name: string, guests = 2, event: TestEvent = dinner): Promise<Booking> {
  const email = uniqueEmail('money-guest');
  const answer = await payByCard({
    amount: PRICE * guests,
    reservationData: { name, email, phone: '+1 555 0100', eventId: event.id, num_guests: guests, ticketTypeId: event.ticketTypes[0].id },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.reservationId as string, name, email };
}

async function ledger(reservationId: string) {
  return sql<{ kind: string; status: string; amount_cents: number }>(
    'select kind, status, amount_cents from public.payment_ledger where reservation_id = $1 order by id',
    [reservationId],
  );
}

/** A paid booking's ledger: its completed charge, then each completed refund, in order. */
function chargedThenRefunded(chargeCents: number, ...refundCents: number[]) {
  return [
    { kind: 'charge', status: 'completed', amount_cents: chargeCents },
    ...refundCents.map((amount_cents) => ({ kind: 'refund', status: 'completed', amount_cents })),
  ];
}

async function reservationRow(id: string) {
  const [row] = await sql<{ status: string; num_guests: number; cancel_reason: string | null; booking_code: string }>(
    'select status, num_guests, cancel_reason, booking_code from public.reservations where id = $1',
    [id],
  );
  return row;
}

const seatsLeft = () => ticketQuantity(dinner.ticketTypes[0].id);

async function accessToken(who: Staff): Promise<string> {
  const { data } = await who.client.auth.getSession();
  return data.session!.access_token;
}

/** Calls an edge function as a signed-in staff member (as the panel does). */
async function callAsStaff(who: Staff, name: string, body: unknown): Promise<{ status: number; body: any }> {
  const { apiUrl, anonKey } = stackEnv();
  const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${await accessToken(who)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The cancellation email the guest got (the last one about this dinner). */
async function cancellationEmail(email: string) {
  const messages = await mailFor(email, 2);
  const cancelled = messages.filter((m) => m.subject === `Your reservation at ${BRAND} is cancelled: ${TITLE}`);
  expect(cancelled, messages.map((m) => m.subject).join(' | ')).toHaveLength(1);
  return cancelled[0];
}

/** Neither the page nor an open dialog scrolls sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: window.innerWidth,
    dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => d.scrollWidth - d.clientWidth),
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  for (const overflow of widths.dialogs) expect(overflow).toBeLessThanOrEqual(0);
}

/** The money badge ('Paid', 'Refunded' …) of a row or card. */
function moneyBadge(within: Locator, text: string) {
  return within.getByTestId('money-badge').getByText(text, { exact: true });
}

function rowOf(page: Page, name: string) {
  return page.getByRole('table', { name: 'Reservations' }).getByRole('row').filter({ hasText: name });
}

async function openCancel(page: Page, name: string) {
  await page.getByRole('button', { name: `Cancel reservation of ${name}` }).click();
  return page.getByRole('dialog', { name: 'Cancel this reservation?' });
}

/** A new booking of `name` paid by card (as paidBooking), and its cancel dialog opened in the reservations tab (1280 px). */
async function cancelPaidBooking(name: string, guests?: number, event?: TestEvent) {
  const booking = await paidBooking(name, guests, event);
  const { page } = await adminPage(staff, org.id, 'reservations');
  return { booking, page, dialog: await openCancel(page, name) };
}

/** Opens the edit dialog of `name`'s reservation and sets its number of guests. */
async function editGuests(page: Page, name: string, guests: string) {
  await page.getByRole('button', { name: `Edit reservation of ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Guests', { exact: true }).fill(guests);
  return dialog;
}

/** Confirms the cancel dialog and waits for its success toast (`result`: 'Cancelled. …'). */
async function confirmCancel(page: Page, dialog: Locator, result: string) {
  await dialog.getByRole('button', { name: 'Cancel reservation', exact: true }).click();
  await expectToast(page, 'Success', result);
}

/**
 * In a money dialog: an amount the dialog refuses (submitted with `button`, its message read),
 * then the amount and the reason to submit.
 */
async function enterRefund(dialog: Locator, button: string, entry: { refused: [amount: string, message: string]; amount: string; reason: string }) {
  const [tooMuch, message] = entry.refused;
  await dialog.getByLabel('Amount to refund ($)').fill(tooMuch);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.getByText(message).waitFor();
  await dialog.getByLabel('Amount to refund ($)').fill(entry.amount);
  await dialog.getByLabel('Reason (optional)').fill(entry.reason);
}

beforeAll(async () => {
  staff = await createStaff('money');
  outsider = await createStaff('money-outsider');
  org = await createOrg({ name: BRAND, members: [staff], branding: { brand_name: BRAND } });
  await createOrg({ name: 'Another Money Kitchen', members: [outsider] });
  dinner = await createEvent(org.id, { title: TITLE, daysAhead: 30, ...POLICY, ticketTypes: [{ name: 'Seat', price: PRICE, quantity: 40 }] });
});

describe('money in the reservations list and the cancel dialog (1280 px)', () => {
  it('shows paid, refunded, net, the badge and the booking code; the code finds the booking', async () => {
    const booking = await paidBooking('Ines Paid');
    const { booking_code } = await reservationRow(booking.id);
    const { page } = await adminPage(staff, org.id, 'reservations');
    const row = rowOf(page, 'Ines Paid');
    await moneyBadge(row, 'Paid').waitFor();
    expect(await row.getByText('$315.00').count()).toBe(2); // paid and net
    await row.getByText('$0.00', { exact: true }).waitFor(); // refunded
    await row.getByText(booking_code).waitFor();
    await page.getByRole('searchbox', { name: 'Search reservations by guest name, email or booking code' }).fill(booking_code.toLowerCase());
    await page.getByText('1–1 of 1').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('cancels with a full refund: Refunded badge, seats back, a completed refund in the ledger, the guest emailed', async () => {
    const { booking, page, dialog } = await cancelPaidBooking('Felix Full');
    const seatsBefore = await seatsLeft();
    await dialog.getByText('Refund policy: Full refund until 48 hours before the dinner; 50% after that.').waitFor();
    // The policy allows a full refund now: it is the default.
    expect(await dialog.getByLabel('Refund in full: $315.00').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Email the guest').isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await confirmCancel(page, dialog, 'Cancelled. $315.00 refunded.');

    const row = rowOf(page, 'Felix Full');
    await moneyBadge(row, 'Refunded').waitFor();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect((await reservationRow(booking.id)).status).toBe('cancelled');
    expect(await seatsLeft()).toBe(seatsBefore + 2);
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500, 31500));
    const mail = await cancellationEmail(booking.email);
    expect(mail.body_text).toContain('We have refunded $315.00');

    // The same cancel again (a double click, a retry): answered with the state, nothing more refunded.
    const again = await callAsStaff(staff, 'cancel-reservation', { reservationId: booking.id, refund: 'full' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, alreadyCancelled: true, status: 'cancelled' });
    expect((await ledger(booking.id)).filter((l) => l.kind === 'refund')).toHaveLength(1);
  });

  it('cancels with a partial refund, refusing more than is refundable', async () => {
    const { booking, page, dialog } = await cancelPaidBooking('Petra Part');
    const seatsBefore = await seatsLeft();
    await dialog.getByLabel('Refund part').check();
    await enterRefund(dialog, 'Cancel reservation', {
      refused: ['400', 'The refund cannot be more than the $315.00 still refundable'],
      amount: '100',
      reason: 'Guest asked to move to a later date',
    });
    await confirmCancel(page, dialog, 'Cancelled. $100.00 refunded.');

    const row = rowOf(page, 'Petra Part');
    await moneyBadge(row, 'Partially refunded').waitFor();
    await row.getByText('$215.00', { exact: true }).waitFor(); // net
    expect(await reservationRow(booking.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Guest asked to move to a later date' });
    expect(await seatsLeft()).toBe(seatsBefore + 2);
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500, 10000));
    expect((await cancellationEmail(booking.email)).body_text).toContain('We have refunded $100.00');
  });

  it('cancels keeping the money only with a reason', async () => {
    const { booking, page, dialog } = await cancelPaidBooking('Nora None');
    const seatsBefore = await seatsLeft();
    await dialog.getByLabel('Keep the money').check();
    await dialog.getByRole('button', { name: 'Cancel reservation', exact: true }).click();
    await dialog.getByText('Give a reason for keeping the $315.00 paid').waitFor();
    await dialog.getByLabel('Reason for keeping the money').fill('No-show agreed with the guest');
    await confirmCancel(page, dialog, 'Cancelled. No refund.');

    const row = rowOf(page, 'Nora None');
    await row.getByText('Cancelled', { exact: true }).waitFor();
    await moneyBadge(row, 'Paid').waitFor();
    expect(await reservationRow(booking.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'No-show agreed with the guest' });
    expect(await seatsLeft()).toBe(seatsBefore + 2);
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500));
    const mail = await cancellationEmail(booking.email);
    expect(mail.body_text).toContain('Your payment of $315.00 is not refunded');
    expect(mail.body_text).not.toContain('We have refunded');
  });

  it("inside the policy's late window, the default is the policy's refund", async () => {
    const soon = await createEvent(org.id, {
      title: 'Tomorrow Supper',
      daysAhead: 1,
      ...POLICY,
      ticketTypes: [{ name: 'Seat', price: PRICE, quantity: 10 }],
    });
    const { booking, page, dialog } = await cancelPaidBooking('Lena Late', 2, soon);
    expect(await dialog.getByLabel('Refund per policy: $157.50').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Refund in full: $315.00').isChecked()).toBe(false);
    await confirmCancel(page, dialog, 'Cancelled. $157.50 refunded.');
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500, 15750));
  });

  it("shows the server's refusal in a toast and keeps the dialog open", async () => {
    const { booking, page, dialog } = await cancelPaidBooking('Sam Stale');
    // Meanwhile someone else refunds everything: the dialog's numbers are stale.
    const refund = await callAsStaff(staff, 'refund-reservation', { reservationId: booking.id, amountCents: 31500, requestKey: randomUUID() });
    expect(refund.status).toBe(200);
    await dialog.getByLabel('Refund part').check();
    await dialog.getByLabel('Amount to refund ($)').fill('100');
    await dialog.getByRole('button', { name: 'Cancel reservation', exact: true }).click();
    await expectToast(page, 'Failed to cancel reservation', 'The refund cannot be more than the $0.00 still refundable');
    await dialog.waitFor();
    expect((await reservationRow(booking.id)).status).toBe('confirmed');
  });

  it('a free booking is a plain confirmation', async () => {
    const free = await createReservation(dinner.id, { name: 'Otto Free', num_guests: 1, ticket_type_id: dinner.ticketTypes[0].id });
    const { page } = await adminPage(staff, org.id, 'reservations');
    const dialog = await openCancel(page, 'Otto Free');
    expect(await dialog.getByRole('group', { name: 'What happens to the money?' }).count()).toBe(0);
    expect(await dialog.getByRole('region', { name: 'Payment' }).count()).toBe(0);
    await dialog.getByLabel('Email the guest').uncheck();
    await confirmCancel(page, dialog, 'Cancelled. No refund.');
    await rowOf(page, 'Otto Free').getByText('Cancelled', { exact: true }).waitFor();
    expect((await reservationRow(free.id)).status).toBe('cancelled');
  });

  it('refunds part of a booking without cancelling it; one request key refunds once', async () => {
    const booking = await paidBooking('Rita Refund');
    const { page } = await adminPage(staff, org.id, 'reservations');
    await page.getByRole('button', { name: 'Refund Rita Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund Rita Refund' });
    expect(await dialog.getByLabel('Amount to refund ($)').inputValue()).toBe('315.00');
    await enterRefund(dialog, 'Refund', {
      refused: ['0', 'Enter an amount greater than $0.00'],
      amount: '50',
      reason: 'Wine pairing was not served',
    });
    // A double click: the dialog's one request key makes it one refund.
    await dialog.getByRole('button', { name: 'Refund', exact: true }).dblclick();
    await expectToast(page, 'Success', '$50.00 refunded.');
    const row = rowOf(page, 'Rita Refund');
    await moneyBadge(row, 'Partially refunded').waitFor();
    await row.getByText('Confirmed', { exact: true }).waitFor();
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500, 5000));
    const messages = await mailFor(booking.email, 2);
    const refundMail = messages.find((m) => m.subject === `A refund for your reservation at ${BRAND}: ${TITLE}`);
    expect(refundMail?.body_text).toContain('We have refunded $50.00');

    // The same request key through the API again: nothing more.
    const request = { reservationId: booking.id, amountCents: 1000, requestKey: randomUUID(), notifyGuest: false };
    const first = await callAsStaff(staff, 'refund-reservation', request);
    const second = await callAsStaff(staff, 'refund-reservation', request);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await ledger(booking.id)).filter((l) => l.kind === 'refund')).toHaveLength(2);
  });

  it('offers the refund for guests no longer coming, and more guests must be complimentary', async () => {
    const booking = await paidBooking('Greta Guests', 3);
    const seatsBefore = await seatsLeft();
    const { page } = await adminPage(staff, org.id, 'reservations');

    // More guests on a paid booking without marking them complimentary: the server says no.
    let dialog = await editGuests(page, 'Greta Guests', '4');
    await dialog.getByLabel('Mark the extra guests as complimentary').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(
      page,
      'Error',
      'Failed to update reservation: This booking was paid for 3 guest(s). Extra guests must be marked complimentary, or booked and paid for separately.',
    );
    expect((await reservationRow(booking.id)).num_guests).toBe(3);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Fewer guests: saved, then the policy's refund for the one who no longer comes is offered.
    dialog = await editGuests(page, 'Greta Guests', '2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Reservation updated successfully');
    const offer = dialog.getByLabel('Refund $157.50 for the 1 guest no longer coming');
    expect(await offer.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Refund $157.50' }).click();
    await expectToast(page, 'Success', '$157.50 refunded.');
    expect((await reservationRow(booking.id)).num_guests).toBe(2);
    expect(await seatsLeft()).toBe(seatsBefore + 1);
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(47250, 15750));
    await moneyBadge(rowOf(page, 'Greta Guests'), 'Partially refunded').waitFor();

    // More guests marked complimentary: saved, with a comp row of their value.
    dialog = await editGuests(page, 'Greta Guests', '3');
    await dialog.getByLabel('Mark the extra guests as complimentary').check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // (The toast of the previous save may still show: wait for this dialog to close.)
    await dialog.waitFor({ state: 'detached' });
    expect((await reservationRow(booking.id)).num_guests).toBe(3);
    expect((await ledger(booking.id)).filter((l) => l.kind === 'comp')).toEqual([{ kind: 'comp', status: 'completed', amount_cents: 15750 }]);
  });

  it('refuses a member of another organization (403) and changes nothing', async () => {
    const booking = await paidBooking('Uma Untouched');
    const cancel = await callAsStaff(outsider, 'cancel-reservation', { reservationId: booking.id, refund: 'full' });
    expect(cancel.status).toBe(403);
    expect(cancel.body).toMatchObject({ success: false });
    const refund = await callAsStaff(outsider, 'refund-reservation', { reservationId: booking.id, amountCents: 1000, requestKey: randomUUID() });
    expect(refund.status).toBe(403);
    expect((await reservationRow(booking.id)).status).toBe('confirmed');
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500));
  });
});

describe('money on a phone (375 px)', () => {
  it('cards show the money; the cancel dialog fits and cancels with a full refund', async () => {
    const booking = await paidBooking('Mia Mobile');
    const seatsBefore = await seatsLeft();
    const { page } = await adminPage(staff, org.id, 'reservations', { viewport: viewports.phone });
    const card = page.getByRole('list', { name: 'Reservations' }).getByRole('listitem').filter({ hasText: 'Mia Mobile' });
    await moneyBadge(card, 'Paid').waitFor();
    expect(await card.getByText('$315.00').count()).toBe(2); // paid and net
    await card.getByText((await reservationRow(booking.id)).booking_code).waitFor();
    await expectNoHorizontalScroll(page);

    await card.getByRole('button', { name: 'Cancel reservation of Mia Mobile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this reservation?' });
    await dialog.getByLabel('Refund part').check();
    await dialog.getByLabel('Amount to refund ($)').waitFor();
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Refund in full: $315.00').check();
    const submit = dialog.getByRole('button', { name: 'Cancel reservation', exact: true });
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await submit.click();
    await expectToast(page, 'Success', 'Cancelled. $315.00 refunded.');
    // Cards list confirmed reservations only.
    await card.waitFor({ state: 'detached' });
    expect(await seatsLeft()).toBe(seatsBefore + 2);
    expect(await ledger(booking.id)).toEqual(chargedThenRefunded(31500, 31500));
    expect((await cancellationEmail(booking.email)).body_text).toContain('We have refunded $315.00');
  });

  it('the refund dialog fits at 375 px', async () => {
    await paidBooking('Remy Phone');
    const { page } = await adminPage(staff, org.id, 'reservations', { viewport: viewports.phone });
    await page.getByRole('button', { name: 'Refund Remy Phone' }).click();
    await page.getByRole('dialog', { name: 'Refund Remy Phone' }).getByLabel('Amount to refund ($)').waitFor();
    await expectNoHorizontalScroll(page);
  });

  it('the RSVP list shows the booking code and the money badge', async () => {
    const porch = await createEvent(org.id, {
      title: 'Porch RSVP',
      rsvp_mode: true,
      slots: [{ slot_time: '18:00', slot_label: 'Sunset', max_capacity: 12 }],
    });
    const rsvp = await createReservation(porch.id, { name: 'Rosa Rsvp', num_guests: 1, rsvp_slot_id: porch.slots[0].id });
    const { page } = await adminPage(staff, org.id, 'rsvps', { viewport: viewports.phone });
    const card = page.getByRole('list', { name: 'RSVPs' }).getByRole('listitem').filter({ hasText: 'Rosa Rsvp' });
    await moneyBadge(card, 'Free').waitFor();
    await card.getByText((await reservationRow(rsvp.id)).booking_code).waitFor();
    await expectNoHorizontalScroll(page);
  });
});
