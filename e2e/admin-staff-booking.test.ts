/**
 * Staff-entered bookings in Chromium ('Add booking' on an event): a complimentary booking (seats
 * taken, a comp on the ledger, the confirmation email queued, or not when staff turn it off), a
 * cash booking at the amount staff typed (a completed cash charge), and a payment link at 375 px
 * that the guest opens at /pay/{token} in a fresh page, in the payment link's words, and pays with
 * the test card. A refused booking shows the server's reason in the error toast.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, newPage, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { brandedAs, createEvent, createTicketedEvent, ticketQuantity, uniqueEmail } from '../tests/support/fixtures';
import { stackEnv } from '../tests/support/stack-env';
import { createStaffOrg } from '../tests/support/staff-org';

const { staff, org } = await createStaffOrg('staff-booking', brandedAs('Phone Line Kitchen', '#14532d'));

/** Opens 'Add booking' for an event: from the row's 'More' line at 1280 px, straight from the card at 375 px. */
async function openAddBooking(page: Page, title: string, layout: 'desktop' | 'phone') {
  const more = page.getByRole('button', { name: `More actions for ${title}` });
  if (layout === 'desktop' && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await page.getByRole('button', { name: `Add booking to ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add booking' });
  await dialog.waitFor();
  return dialog;
}

/** The dialog's party and guest: how many, the name and the email. */
async function fillGuest(dialog: Locator, guests: number, name: string, email: string) {
  await dialog.getByLabel('Guests', { exact: true }).selectOption(String(guests));
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Email', { exact: true }).fill(email);
}

/** The reservation staff entered for an address, with its ledger and queued emails. */
async function bookingOf(email: string) {
  const [reservation] = await sql<{
    id: string;
    status: string;
    num_guests: number;
    amount_cents: number;
    booking_code: string;
    phone: string | null;
  }>(`select id, status, num_guests, amount_cents, booking_code, phone from public.reservations where email = $1`, [email]);
  expect(reservation, `a reservation for ${email}`).toBeDefined();
  const ledger = await sql<{ kind: string; status: string; amount_cents: number; provider: string | null }>(
    `select kind, status, amount_cents, provider from public.payment_ledger where reservation_id = $1 order by id`,
    [reservation.id],
  );
  const mails = await sql<{ kind: string; to_email: string; body_text: string }>(
    `select kind, to_email, body_text from public.email_outbox where reservation_id = $1 order by created_at`,
    [reservation.id],
  );
  return { reservation, ledger, mails };
}

describe('complimentary and cash bookings (1280 px)', () => {
  it('enters a comp booking (confirmation queued), another without the email, then a cash one at the amount typed', async () => {
    const title = 'Phone Booking Night';
    const { eventId, ticketTypeId: ticket } = await createTicketedEvent(org.id, { name: 'Seat', price: 5000, quantity: 10 }, { title });
    const { page, consoleErrors } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });

    // The form checks its fields before the server does.
    let dialog = await openAddBooking(page, title, 'desktop');
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await dialog.getByText("Enter the guest's name").waitFor();
    await dialog.getByText('Valid email is required').waitFor();
    expect(await seriousViolations(page, { include: ['[data-testid="staff-booking-dialog"]'] })).toEqual([]);

    // Complimentary, with the confirmation email (the defaults).
    const compEmail = uniqueEmail('comp-guest');
    expect(await dialog.getByLabel('Ticket type', { exact: true }).inputValue()).toBe(ticket);
    await fillGuest(dialog, 2, 'Carla Comp', compEmail);
    await dialog.getByLabel('Phone (optional)', { exact: true }).fill('+1 555 0142');
    await dialog.getByLabel('Dietary restrictions (optional)', { exact: true }).fill('No shellfish');
    expect(await dialog.getByLabel('Complimentary', { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Send the confirmation email', { exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await expectToast(page, 'Success', /^Booking [A-Z0-9]{4}-[A-Z0-9]{4} confirmed for Carla Comp\.$/);
    await dialog.waitFor({ state: 'detached' });
    const comp = await bookingOf(compEmail);
    expect(comp.reservation).toMatchObject({ status: 'confirmed', num_guests: 2, amount_cents: 0, phone: '+15550142' });
    expect(comp.ledger).toEqual([{ kind: 'comp', status: 'completed', amount_cents: 10000, provider: null }]);
    expect(comp.mails.map((m) => ({ kind: m.kind, to_email: m.to_email }))).toEqual([{ kind: 'booking_confirmation', to_email: compEmail }]);
    expect(await page.getByText(`Booking ${comp.reservation.booking_code} confirmed for Carla Comp.`).count()).toBeGreaterThan(0);
    expect(await ticketQuantity(ticket)).toBe(8);

    // Complimentary without the email: none is queued.
    const quietEmail = uniqueEmail('quiet-guest');
    dialog = await openAddBooking(page, title, 'desktop');
    await fillGuest(dialog, 1, 'Quinn Quiet', quietEmail);
    await dialog.getByLabel('Send the confirmation email', { exact: true }).uncheck();
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await expectToast(page, 'Success', /^Booking [A-Z0-9]{4}-[A-Z0-9]{4} confirmed for Quinn Quiet\.$/);
    const quiet = await bookingOf(quietEmail);
    expect(quiet.reservation.status).toBe('confirmed');
    expect(quiet.ledger.map((l) => l.kind)).toEqual(['comp']);
    expect(quiet.mails).toEqual([]);

    // Paid in cash: the amount is prefilled with the price (3 × $50.00), staff type what they took.
    const cashEmail = uniqueEmail('cash-guest');
    dialog = await openAddBooking(page, title, 'desktop');
    await fillGuest(dialog, 3, 'Cass Cash', cashEmail);
    await dialog.getByLabel('Paid in cash', { exact: true }).check();
    expect(await dialog.getByLabel('Amount paid ($)', { exact: true }).inputValue()).toBe('150.00');
    await dialog.getByLabel('Amount paid ($)', { exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await dialog.getByText('Enter the amount paid in dollars, e.g. 90 or 45.50').waitFor();
    await dialog.getByLabel('Amount paid ($)', { exact: true }).fill('135.50');
    // A double click books once (one request key per opening of the dialog).
    await dialog.getByRole('button', { name: 'Add booking' }).dblclick();
    await expectToast(page, 'Success', /^Booking [A-Z0-9]{4}-[A-Z0-9]{4} confirmed for Cass Cash\.$/);
    expect(await sql(`select id from public.reservations where email = $1`, [cashEmail])).toHaveLength(1);
    const cash = await bookingOf(cashEmail);
    expect(cash.reservation).toMatchObject({ status: 'confirmed', num_guests: 3, amount_cents: 13550 });
    expect(cash.ledger).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 13550, provider: 'cash' }]);
    expect(cash.mails.map((m) => m.kind)).toEqual(['booking_confirmation']);
    expect(await ticketQuantity(ticket)).toBe(4);
    // The events list counts the new bookings (the admin queries were refreshed).
    await expect.poll(() => page.locator(`tr[data-event-id="${eventId}"] td`).nth(5).textContent(), { timeout: 15_000 }).toBe('3');
    expect(consoleErrors).toEqual([]);
  });

  it("shows the server's reason when the seats are not there", async () => {
    const title = 'Nearly Full Night';
    const { ticketTypeId: ticket } = await createTicketedEvent(org.id, { name: 'Seat', price: 4000, quantity: 1 }, { title });
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    const dialog = await openAddBooking(page, title, 'desktop');
    const email = uniqueEmail('too-many');
    await fillGuest(dialog, 2, 'Tom Toomany', email);
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await expectToast(page, 'Error', 'Failed to add the booking: Only 1 ticket available for Seat.');
    // The dialog stays open with what was typed; nothing was booked.
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Tom Toomany');
    expect(await sql(`select 1 from public.reservations where email = $1`, [email])).toEqual([]);
    expect(await ticketQuantity(ticket)).toBe(1);
  });
});

describe('an RSVP event (375 px)', () => {
  it('books a time slot, the cash amount prefilled with the deposit × guests', async () => {
    const title = 'Slot Booking Supper';
    const event = await createEvent(org.id, {
      title,
      rsvp_mode: true,
      deposit_amount: 1500,
      slots: [
        { slot_time: '17:30', slot_label: 'Early seating', max_capacity: 10 },
        { slot_time: '20:00', slot_label: 'Late seating', max_capacity: 10 },
      ],
    });
    const late = event.slots[1].id;
    const email = uniqueEmail('slot-guest');
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    const dialog = await openAddBooking(page, title, 'phone');
    // Two slots: staff choose one.
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await dialog.getByText('Choose a time slot').last().waitFor();
    await dialog.getByLabel('Time slot', { exact: true }).selectOption(late);
    await fillGuest(dialog, 3, 'Sal Slot', email);
    await dialog.getByLabel('Special requests (optional)', { exact: true }).fill('Window table');
    await dialog.getByLabel('Paid in cash', { exact: true }).check();
    expect(await dialog.getByLabel('Amount paid ($)', { exact: true }).inputValue()).toBe('45.00');
    expect(await fitsWidth(page)).toBe(true);
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await expectToast(page, 'Success', /^Booking [A-Z0-9]{4}-[A-Z0-9]{4} confirmed for Sal Slot\.$/);
    const booked = await bookingOf(email);
    expect(booked.reservation).toMatchObject({ status: 'confirmed', num_guests: 3, amount_cents: 4500 });
    expect(booked.ledger).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 4500, provider: 'cash' }]);
    expect(
      await sql(
        `select r.rsvp_slot_id, r.special_requests, u.taken as current_rsvps
           from public.reservations r join public.rsvp_slots s on s.id = r.rsvp_slot_id
           join public.capacity_pool_use(r.event_id) u on u.pool_id = s.pool_id
          where r.email = $1`,
        [email],
      ),
    ).toEqual([{ rsvp_slot_id: late, special_requests: 'Window table', current_rsvps: 3 }]);
  });
});

describe('a payment link (375 px)', () => {
  it('holds the seats and emails a link; the guest opens /pay/{token}, pays with the test card and is confirmed', async () => {
    const title = 'Link Supper';
    const { ticketTypeId: ticket } = await createTicketedEvent(
      org.id,
      { name: 'Seat', price: 4500, quantity: 6 },
      { title, refund_window_hours: 48, late_refund_percent: 50 },
    );
    const email = uniqueEmail('link-guest');

    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    // At a phone's width the card shows every action.
    await page.getByRole('button', { name: `Add booking to ${title}` }).waitFor();
    for (const name of [
      `Waitlist of ${title}`,
      `Overview of ${title}`,
      `Door list of ${title}`,
      `Edit ${title}`,
      `Delete ${title}`,
      `Duplicate ${title}`,
    ]) {
      expect(await page.getByRole(name.startsWith('Overview') || name.startsWith('Door') ? 'link' : 'button', { name }).isVisible(), name).toBe(true);
    }
    expect(await fitsWidth(page)).toBe(true);
    const dialog = await openAddBooking(page, title, 'phone');
    await fillGuest(dialog, 2, 'Lena Link', email);
    await dialog.getByLabel('Send a payment link', { exact: true }).check();
    await dialog.getByTestId('payment-link-email-note').waitFor();
    expect(await dialog.getByLabel('Send the confirmation email', { exact: true }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, { include: ['[data-testid="staff-booking-dialog"]'] })).toEqual([]);
    await dialog.getByRole('button', { name: 'Add booking' }).click();
    await expectToast(
      page,
      'Success',
      new RegExp(`^Booking [A-Z0-9]{4}-[A-Z0-9]{4} is held\\. Payment link sent to ${email.replace(/[.+]/g, '\\$&')}\\.$`),
    );

    const held = await bookingOf(email);
    expect(held.reservation).toMatchObject({ status: 'held', num_guests: 2, amount_cents: 9000 });
    expect(held.mails.map((m) => m.kind)).toEqual(['payment_link']);
    expect(await ticketQuantity(ticket)).toBe(4);
    const token = held.mails[0].body_text.match(/\/pay\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token, held.mails[0].body_text).toBeDefined();

    // The guest, in a browser of their own.
    const guest = await newPage({ viewport: viewports.phone });
    const guestPage = guest.page;
    await guestPage.goto(`${stackEnv().siteUrl}/pay/${token}`);
    await guestPage.getByRole('heading', { name: 'Complete your booking', level: 1 }).waitFor();
    expect(await guestPage.getByTestId('offer-intro').textContent()).toMatch(
      /^Your host has held 2 seats for you until .+ (EST|EDT) at Link Supper, Lena Link\./,
    );
    expect(await guestPage.getByTestId('offer-held-until').textContent()).toMatch(/Held for you until .+ (EST|EDT)/);
    expect((await guestPage.locator('main').textContent())?.toLowerCase()).not.toContain('waitlist');
    await expect.poll(() => guestPage.title()).toContain('Complete your booking');
    expect(await guestPage.getByTestId('payment-total').textContent()).toBe('$90.00');
    await guestPage.getByText('Test mode — no real card is charged').waitFor();
    expect(await fitsWidth(guestPage)).toBe(true);
    expect(await seriousViolations(guestPage)).toEqual([]);
    await guestPage.getByLabel('Test card number', { exact: true }).fill('4111 1111 1111 1111');
    await guestPage.getByRole('button', { name: 'Pay $90.00' }).click();
    await guestPage.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    expect(await guestPage.getByTestId('booking-handle').textContent()).toContain(`Booking code ${held.reservation.booking_code}`);
    expect(guest.consoleErrors).toEqual([]);

    const paid = await bookingOf(email);
    expect(paid.reservation).toMatchObject({ status: 'confirmed', amount_cents: 9000 });
    expect(paid.ledger).toEqual([{ kind: 'charge', status: 'completed', amount_cents: 9000, provider: 'test' }]);
    expect(await ticketQuantity(ticket)).toBe(4);

    // The link again: already paid, with the way to the booking.
    await guestPage.goto(`${stackEnv().siteUrl}/pay/${token}`);
    await guestPage.getByRole('heading', { name: 'Already paid' }).waitFor();
  });

  it('a lapsed payment link says so; an unknown one is not valid', async () => {
    const title = 'Lapsed Link Supper';
    const { eventId, ticketTypeId } = await createTicketedEvent(org.id, { name: 'Seat', price: 3000, quantity: 4 }, { title });
    const email = uniqueEmail('lapsed-link');
    const answer = await staff.client
      .rpc('staff_create_booking', {
        p_event_id: eventId,
        p_ticket_type_id: ticketTypeId,
        p_rsvp_slot_id: null,
        p_guests: 1,
        p_name: 'Lou Late',
        p_email: email,
        p_mode: 'payment_link',
      })
      .single();
    expect(answer.error).toBeNull();
    const path = (answer.data as { payment_path: string }).payment_path;
    await sql(`update public.reservations set hold_expires_at = now() - interval '1 minute' where email = $1`, [email]);
    await sql(`select public.release_expired_holds()`);

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}${path}`);
    await page.getByRole('heading', { name: 'This payment link has expired' }).waitFor();
    await page.getByText('This payment link has expired and the seats were released. Please contact the host to book again.').waitFor();
    expect((await page.locator('main').textContent())?.toLowerCase()).not.toContain('waitlist');

    await page.goto(`${stackEnv().siteUrl}/pay/${'y'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This payment link is not valid' }).waitFor();
  });
});
