/**
 * Booking emails to the team (SQL enqueue_booking_notice): each member who turned them on
 * (staff_set_booking_emails, their own row only) is emailed each new booking and each guest's
 * cancellation, with the party's details and the refund; the member who entered a booking is not;
 * members with them off are not. A member who chose the morning summary gets none of those, but
 * one email the next morning (enqueue_booking_digests). Through the gateway, real Deno, the test
 * processor and the mailbox.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/db.ts';
import { createEvent, createOrg, createStaff, type Org, type Staff, uniqueEmail } from '../support/fixtures.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';

let owner: Staff;
let helper: Staff;
let org: Org;

beforeAll(async () => {
  owner = await createStaff('notice-owner');
  helper = await createStaff('notice-staff');
  org = await createOrg({ name: 'Notice Kitchen', members: [owner, { ...helper, role: 'staff' }] });
});

const notices = (reservationId: string) =>
  sql<{ to_email: string; subject: string; body_text: string }>(
    `select to_email, subject, body_text from public.email_outbox where kind = 'booking_notice' and reservation_id = $1 order by to_email`,
    [reservationId],
  );

async function setBookingEmails(who: Staff, on: boolean) {
  const { data, error } = await who.client.rpc('staff_set_booking_emails', { p_org_id: org.id, p_on: on });
  expect(error).toBeNull();
  expect(data).toBe(on);
}

describe('booking emails to the team', () => {
  it('are off for a member until they turn them on; each member changes only their own', async () => {
    const team = async (who: Staff) => {
      const { data, error } = await who.client.rpc('staff_list_team', { p_org_id: org.id });
      expect(error).toBeNull();
      return Object.fromEntries((data as { email: string; booking_emails: boolean }[]).map((m) => [m.email, m.booking_emails]));
    };
    expect(await team(owner)).toEqual({ [owner.email]: false, [helper.email]: false });
    await setBookingEmails(owner, true);
    expect(await team(helper)).toEqual({ [owner.email]: true, [helper.email]: false });

    // Someone outside the team changes nothing.
    const stranger = await createStaff('notice-stranger');
    const { error } = await stranger.client.rpc('staff_set_booking_emails', { p_org_id: org.id, p_on: true });
    expect(error).toMatchObject({ code: 'SH403' });
    expect(await team(owner)).toEqual({ [owner.email]: true, [helper.email]: false });
  });

  it("email a guest's booking and cancellation to the members who want them, with the party, the money and the refund", async () => {
    await setBookingEmails(owner, true);
    await setBookingEmails(helper, false);
    const event = await createEvent(org.id, {
      title: 'Notice Dinner',
      refund_window_hours: 48,
      late_refund_percent: 0,
      ticketTypes: [{ name: 'Tasting', price: 15750, quantity: 10 }],
    });
    const email = uniqueEmail('notice-guest');
    const answer = await callFunction('process-square-payment', {
      token: CARD.ok,
      amount: 31500,
      idempotencyKey: randomUUID(),
      reservationData: {
        eventId: event.id,
        ticketTypeId: event.ticketTypes[0].id,
        num_guests: 2,
        name: 'Nora Notice',
        email,
        phone: '+1 555 0100',
        dietaryRestrictions: 'No shellfish',
      },
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    const { reservationId, bookingCode, manageToken } = answer.body as { reservationId: string; bookingCode: string; manageToken: string };

    const [booked] = await notices(reservationId);
    expect(await notices(reservationId)).toHaveLength(1);
    expect(booked.to_email).toBe(owner.email);
    expect(booked.subject).toMatch(/^New booking: Nora Notice, 2 guests · Notice Dinner, [A-Z][a-z]+ \d{1,2}$/);
    for (const line of [
      'Nora Notice booked Notice Dinner (',
      'Guests: 2',
      'Ticket: Tasting',
      'Paid: $315.00',
      `Booking code: ${bookingCode}`,
      `Email: ${email}`,
      'Dietary restrictions: No shellfish',
      'Booked now: 2 guests in 1 booking.',
      `/admin/events/${event.id}`,
    ]) {
      expect(booked.body_text).toContain(line);
    }
    // Delivered, with the site's address in the link.
    const [mail] = (await mailFor(owner.email)).filter((m) => m.subject === booked.subject);
    expect(mail.body_text).toMatch(new RegExp(`https?://[^\\s]+/admin/events/${event.id}`));

    const cancel = await callFunction('manage-booking', { token: manageToken, action: 'cancel' });
    expect(cancel.body).toMatchObject({ success: true, refundedCents: 31500 });
    const cancelled = (await notices(reservationId)).filter((n) => n.subject.startsWith('Cancelled by the guest: '));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ to_email: owner.email });
    expect(cancelled[0].subject).toMatch(/^Cancelled by the guest: Nora Notice, 2 guests · Notice Dinner, /);
    expect(cancelled[0].body_text).toContain('Nora Notice cancelled their booking of Notice Dinner (');
    expect(cancelled[0].body_text).toContain('Refunded by the cancellation policy: $315.00');
    expect(cancelled[0].body_text).toContain('Booked now: 0 guests in 0 bookings.');
  });

  it('do not email the member who entered a booking themselves', async () => {
    await setBookingEmails(owner, true);
    await setBookingEmails(helper, true);
    const event = await createEvent(org.id, { title: 'Notice Walk-in', ticketTypes: [{ name: 'Counter', price: 5000, quantity: 10 }] });
    const { data, error } = await helper.client.rpc('staff_create_booking', {
      p_event_id: event.id,
      p_ticket_type_id: event.ticketTypes[0].id,
      p_rsvp_slot_id: null,
      p_guests: 1,
      p_name: 'Walter Walkin',
      p_email: uniqueEmail('notice-walkin'),
      p_mode: 'comp',
    });
    expect(error).toBeNull();
    const sent = await notices(data![0].reservation_id);
    expect(sent.map((n) => n.to_email)).toEqual([owner.email]);
    expect(sent[0].subject).toMatch(/^New booking: Walter Walkin, 1 guest · Notice Walk-in, /);
    expect(sent[0].body_text).toContain('Paid: nothing (free)');
  });

  it('as a morning summary: no email per booking, one summary the next morning with the bookings, the cancellations and the week ahead', async () => {
    await setBookingEmails(owner, false);
    const { data, error } = await helper.client.rpc('staff_set_booking_emails', { p_org_id: org.id, p_on: true, p_daily: true });
    expect(error).toBeNull();
    expect(data).toBe(true);
    const { data: listed } = await owner.client.rpc('staff_list_team', { p_org_id: org.id });
    expect((listed as { email: string }[] | null)?.find((m) => m.email === helper.email)).toMatchObject({
      booking_emails: true,
      booking_emails_daily: true,
    });

    const event = await createEvent(org.id, {
      title: 'Summary Supper',
      daysAhead: 3,
      refund_window_hours: 24,
      late_refund_percent: 0,
      ticketTypes: [{ name: 'Seat', price: 4000, quantity: 10 }],
    });
    const book = async (name: string, guests: number) => {
      const answer = await callFunction('process-square-payment', {
        token: CARD.ok,
        amount: 4000 * guests,
        idempotencyKey: randomUUID(),
        reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: guests, name, email: uniqueEmail('summary-guest') },
      });
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
      return answer.body as { reservationId: string; bookingCode: string; manageToken: string };
    };
    const stays = await book('Sam Summary', 2);
    const leaves = await book('Lee Leaving', 1);
    expect((await callFunction('manage-booking', { token: leaves.manageToken, action: 'cancel' })).body).toMatchObject({ success: true });
    expect([...(await notices(stays.reservationId)), ...(await notices(leaves.reservationId))]).toEqual([]);

    // The next 08:05 on the organization's clock (New York), and again five minutes later: one summary.
    const nextMorning = `select ((case when (now() at time zone 'America/New_York')::time < '08:00' then (now() at time zone 'America/New_York')::date
                                      else (now() at time zone 'America/New_York')::date + 1 end) + time '08:05') at time zone 'America/New_York' as at`;
    const [{ at }] = await sql<{ at: Date }>(nextMorning);
    const [{ n }] = await sql<{ n: number }>('select public.enqueue_booking_digests($1) as n', [at]);
    expect(n).toBeGreaterThanOrEqual(1);
    await sql("select public.enqueue_booking_digests($1::timestamptz + interval '5 minutes')", [at]);
    const summaries = await sql<{ to_email: string; subject: string; body_text: string }>(
      `select to_email, subject, body_text from public.email_outbox where kind = 'booking_digest' and org_id = $1`,
      [org.id],
    );
    expect(summaries).toHaveLength(1);
    const [summary] = summaries;
    expect(summary.to_email).toBe(helper.email);
    expect(summary.subject).toMatch(/^Bookings at Notice Kitchen: \d+ new, \d+ cancelled · [A-Z][a-z]+, [A-Z][a-z]+ \d{1,2}$/);
    for (const line of [
      'Since yesterday morning at Notice Kitchen:',
      `: Sam Summary, 2 guests, $80.00 (${stays.bookingCode})`,
      `: Lee Leaving, 1 guest, $40.00, cancelled by the guest, refunded $40.00 (${leaves.bookingCode})`,
      'The week ahead',
      ': 2 guests in 1 booking',
      'Change it in the admin panel: Settings, Team.',
    ]) {
      expect(summary.body_text).toContain(line);
    }
    expect(summary.body_text).toMatch(/- Summary Supper, [A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2} at 7:00 PM: Sam Summary/);
    // Delivered, with the site's address in the link.
    const mail = (await mailFor(helper.email)).filter((m) => m.subject === summary.subject);
    expect(mail).toHaveLength(1);
    expect(mail[0].body_text).toMatch(/https?:\/\/[^\s]+\/admin\n/);
  });
});
