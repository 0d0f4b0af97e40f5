/**
 * Admin tools through the gateway as staff (supabase-js, JWT, RLS, security-definer SQL):
 * repricing and capacity changes after sales, the event overview's figures, duplicating an
 * event and a weekly series, and promo codes with a validity window and an event restriction.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { one, sql, usePool } from '../support/db.ts';
import { createEvent, createRsvpEvent, futureDate, guest, ticketQuantity } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, CARD, payByCard } from '../support/functions.ts';

const pool = usePool();
const { staff, org, outsider } = await createStaffOrgAndOutsider('tools', { name: 'Tools Kitchen' });

async function pay(eventId: string, ticketTypeId: string, guests: number, amount: number, promoCode?: string) {
  return payByCard({
    amount,
    promoCode,
    reservationData: { eventId, ticketTypeId, num_guests: guests, ...guest('tools') },
  });
}

describe('editing after sales', () => {
  it('a new price applies to new sales only; capacity never goes below what is sold or held', async () => {
    const event = await createEvent(org.id, { title: 'Edit Night', max_guests: 20, ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
    const ticket = event.ticketTypes[0].id;
    const first = await pay(event.id, ticket, 3, 15000);
    expect(first.body.success).toBe(true);

    expect((await staff.client.from('ticket_types').update({ price: 6000 }).eq('id', ticket)).error).toBeNull();
    const second = await pay(event.id, ticket, 1, 6000);
    expect(second.body).toMatchObject({ success: true, amountCents: 6000 });
    expect(await one(pool(), `select amount_cents from public.reservations where id = $1`, [first.body.reservationId])).toEqual({
      amount_cents: 15000,
    });

    const tooLow = await staff.client.rpc('staff_set_ticket_capacity', { p_ticket_type_id: ticket, p_capacity: 3 });
    expect(tooLow.error?.message).toBe('4 tickets of Seat are already sold or held: its capacity cannot be lower than that');
    const raised = await staff.client.rpc('staff_set_ticket_capacity', { p_ticket_type_id: ticket, p_capacity: 12 });
    expect(raised.error).toBeNull();
    expect(raised.data).toMatchObject({ capacity: 12, taken: 4, remaining: 8 });
    expect(await ticketQuantity(ticket)).toBe(8);
    const { data: seat } = await staff.client.from('ticket_types').select('pool_id').eq('id', ticket).single();
    const direct = await staff.client.from('capacity_pools').update({ size: 3 }).eq('id', seat!.pool_id);
    expect(direct.error?.message).toBe('4 tickets of Seat are already sold or held: its capacity cannot be lower than that');

    const maxGuests = await staff.client.rpc('set_event_guest_cap', { p_event_id: event.id, p_max_guests: 2 });
    expect(maxGuests.error?.message).toBe('4 seats of this event are already booked or held: max guests cannot be lower than that');
    expect((await outsider.client.rpc('staff_set_ticket_capacity', { p_ticket_type_id: ticket, p_capacity: 50 })).error?.message).toBe(
      'You can only change ticket types of your own organization',
    );
  });

  it("a slot's capacity cannot go below its taken spots", async () => {
    const event = await createRsvpEvent(org.id, 'Slot Night');
    const slot = event.slots[0].id;
    const booked = await callFunction('process-rsvp-payment', {
      eventId: event.id,
      slotId: slot,
      guestDetails: { ...guest('slot'), numGuests: 3 },
      idempotencyKey: randomUUID(),
      amount: 0,
    });
    expect(booked.body.success).toBe(true);
    const { data: seating } = await staff.client.from('rsvp_slots').select('pool_id').eq('id', slot).single();
    const low = await staff.client.from('capacity_pools').update({ size: 2 }).eq('id', seating!.pool_id);
    expect(low.error?.message).toBe('3 spots of the 6:00pm slot are already taken: its capacity cannot be lower than that');
    expect((await staff.client.from('capacity_pools').update({ size: 3 }).eq('id', seating!.pool_id)).error).toBeNull();
  });
});

describe('the event overview', () => {
  it('its figures equal what the reservations and the ledger say', async () => {
    const event = await createEvent(org.id, { title: 'Overview Night', ticketTypes: [{ name: 'Seat', price: 4000, quantity: 10 }] });
    const ticket = event.ticketTypes[0].id;
    const a = await pay(event.id, ticket, 2, 8000);
    await pay(event.id, ticket, 3, 12000);
    const refund = await staff.client.rpc('staff_refund_reservation', { p_reservation_id: a.body.reservationId, p_amount_cents: 2500 });
    expect(refund.error).toBeNull();
    const { data, error } = await staff.client.rpc('staff_event_overview', { p_event_id: event.id }).single();
    const overview = data as any;
    expect(error).toBeNull();
    const options = await staff.client.rpc('staff_option_sales', { p_event_id: event.id });
    expect(options.data).toEqual([
      {
        id: ticket,
        kind: 'ticket_type',
        label: 'Seat',
        price: 4000,
        slot_time: null,
        is_active: null,
        sold: 5,
        held: 0,
        remaining: 5,
        capacity: 10,
        available: 5,
      },
    ]);
    expect(overview).toMatchObject({ parties: 2, guests: 5, held_guests: 0, cancelled: 0, discounts_cents: 0 });
    // The refund is decided (pending until sent by the function); the ledger says so.
    const ledger = await one<{ gross: number; refunds: number }>(
      pool(),
      `select coalesce(sum(l.amount_cents) filter (where l.kind = 'charge' and l.status = 'completed'), 0)::int as gross,
              coalesce(sum(l.amount_cents) filter (where l.kind = 'refund'), 0)::int as refunds
         from public.payment_ledger l join public.reservations r on r.id = l.reservation_id where r.event_id = $1`,
      [event.id],
    );
    expect(overview.gross_cents).toBe(ledger.gross);
    expect(overview.gross_cents).toBe(20000);
    expect(overview.refunded_cents + overview.pending_refund_cents).toBe(ledger.refunds);
    const days = await staff.client.rpc('staff_bookings_by_day', { p_event_id: event.id });
    expect(((days.data ?? []) as { guests: number }[]).reduce((n, d) => n + d.guests, 0)).toBe(5);
    expect(overview).toMatchObject({ waitlist_waiting: 0, waitlist_offered: 0 });
    expect((await outsider.client.rpc('staff_event_overview', { p_event_id: event.id })).error?.message).toBe(
      'You can only see events of your own organization',
    );
  });
});

describe('repeat events', () => {
  it('duplicates an event to new dates with nothing sold, and makes a 4-week series', async () => {
    const event = await createEvent(org.id, {
      title: 'Weekly Supper',
      refund_window_hours: 24,
      late_refund_percent: 25,
      ticketTypes: [
        { name: 'Seat', price: 5000, quantity: 8 },
        { name: 'Counter', price: 7000, quantity: 4 },
      ],
    });
    await pay(event.id, event.ticketTypes[0].id, 2, 10000);
    await pool().query(`insert into public.event_private_details (event_id, org_id, private_address) values ($1, $2, '9 Hidden Row')`, [
      event.id,
      org.id,
    ]);
    const dates = [futureDate(40), futureDate(47), futureDate(54), futureDate(61)];
    const { data, error } = await staff.client.rpc('staff_duplicate_event', { p_event_id: event.id, p_dates: dates });
    expect(error).toBeNull();
    const ids = data as string[];
    expect(ids).toHaveLength(4);
    const copies = await sql<any>(
      `select to_char(e.date, 'YYYY-MM-DD') as date, e.title, e.refund_window_hours, e.late_refund_percent,
              (select json_agg(json_build_object('name', t.name, 'price', t.price, 'quantity', public.capacity_pool_left(t.pool_id)) order by t.created_at)
                 from public.ticket_types t where t.event_id = e.id) as tickets,
              (select count(*)::int from public.reservations r where r.event_id = e.id) as reservations,
              (select private_address from public.event_private_details d where d.event_id = e.id) as private_address
         from public.events e where e.id = any($1) order by e.date`,
      [ids],
    );
    expect(copies.map((c) => c.date)).toEqual(dates);
    for (const copy of copies) {
      expect(copy).toMatchObject({
        title: 'Weekly Supper',
        refund_window_hours: 24,
        late_refund_percent: 25,
        reservations: 0,
        private_address: '9 Hidden Row',
      });
      expect(copy.tickets).toEqual([
        { name: 'Seat', price: 5000, quantity: 8 },
        { name: 'Counter', price: 7000, quantity: 4 },
      ]);
    }
    expect((await staff.client.rpc('staff_duplicate_event', { p_event_id: event.id, p_dates: ['2020-01-01'] })).error?.message).toBe(
      'The date January 1, 2020 is in the past',
    );
    expect((await outsider.client.rpc('staff_duplicate_event', { p_event_id: event.id, p_dates: dates })).error?.message).toBe(
      'You can only copy events of your own organization',
    );
  });
});

describe('promo codes', () => {
  it('a validity window and an event restriction are enforced at booking; refused like any invalid code', async () => {
    const event = await createEvent(org.id, { title: 'Promo Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 20 }] });
    const other = await createEvent(org.id, { title: 'Other Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 20 }] });
    const insert = (code: string, extra: Record<string, unknown>) =>
      staff.client.from('promo_codes').insert({ org_id: org.id, code, discount_type: 'percent', discount_amount: 10, ...extra });
    expect((await insert('LATER', { starts_at: new Date(Date.now() + 86_400_000).toISOString() })).error).toBeNull();
    expect((await insert('OVER', { ends_at: new Date(Date.now() - 60_000).toISOString() })).error).toBeNull();
    expect((await insert('ONLYPROMO', { event_ids: [event.id] })).error).toBeNull();
    for (const code of ['LATER', 'OVER']) {
      const res = await pay(event.id, event.ticketTypes[0].id, 1, 4500, code);
      expect(res, code).toMatchObject({ status: 400, body: { error: 'Invalid promo code' } });
    }
    expect(await pay(other.id, other.ticketTypes[0].id, 1, 4500, 'ONLYPROMO')).toMatchObject({ status: 400, body: { error: 'Invalid promo code' } });
    expect((await pay(event.id, event.ticketTypes[0].id, 1, 4500, 'ONLYPROMO')).body).toMatchObject({ success: true, amountCents: 4500 });
    const foreign = await insert('FOREIGN', { event_ids: [randomUUID()] });
    expect(foreign.error?.message).toBe('A promo code can only be limited to events of its own organization');
  });
});

describe('staff-entered bookings', () => {
  const enter = (eventId: string, ticketTypeId: string, mode: string, extra: Record<string, unknown> = {}) =>
    staff.client
      .rpc('staff_create_booking', {
        p_event_id: eventId,
        p_ticket_type_id: ticketTypeId,
        p_rsvp_slot_id: null,
        p_guests: 2,
        p_name: 'Phone Guest',
        p_email: guest('phone').email,
        p_mode: mode,
        ...extra,
      })
      .single();

  it('complimentary and cash bookings go through the booking path: capacity, ledger, confirmation', async () => {
    const event = await createEvent(org.id, { title: 'Door Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 5 }] });
    const ticket = event.ticketTypes[0].id;
    const comp = await enter(event.id, ticket, 'comp');
    expect(comp.error).toBeNull();
    expect(comp.data).toMatchObject({ status: 'confirmed', amount_cents: 0, money_badge: 'Comp', comp_cents: 10000 });
    const cash = await enter(event.id, ticket, 'cash', { p_cash_cents: 9000, p_send_confirmation: false });
    expect(cash.error).toBeNull();
    expect(cash.data).toMatchObject({ status: 'confirmed', amount_cents: 9000, money_badge: 'Paid', paid_cents: 9000 });
    expect(await ticketQuantity(ticket)).toBe(1);
    const mails = await sql<{ kind: string; reservation_id: string }>(
      `select kind, reservation_id from public.email_outbox where reservation_id = any($1)`,
      [[(comp.data as any).reservation_id, (cash.data as any).reservation_id]],
    );
    expect(mails).toEqual([{ kind: 'booking_confirmation', reservation_id: (comp.data as any).reservation_id }]);
    // Same capacity rules as a guest's checkout.
    const full = await enter(event.id, ticket, 'comp');
    expect(full.error?.message).toBe('Only 1 ticket available for Seat.');
    // A cash refund is handed back at once.
    const refund = await staff.client.functions.invoke('refund-reservation', {
      body: { reservationId: (cash.data as any).reservation_id, amountCents: 4000 },
    });
    expect(refund.data).toMatchObject({ success: true, refundStatus: 'completed', refundedCents: 4000 });
    expect(
      (
        await outsider.client.rpc('staff_create_booking', {
          p_event_id: event.id,
          p_ticket_type_id: ticket,
          p_rsvp_slot_id: null,
          p_guests: 1,
          p_name: 'X',
          p_email: 'x@example.com',
        })
      ).error?.message,
    ).toBe('You can only add bookings to events of your own organization');
  });

  it('a payment link holds the seats and opens the normal payment step; the guest pays at the server price', async () => {
    const event = await createEvent(org.id, { title: 'Link Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 5 }] });
    const ticket = event.ticketTypes[0].id;
    const email = guest('link').email;
    const link = await enter(event.id, ticket, 'payment_link', { p_request_key: 'dialog-1', p_email: email });
    expect(link.error).toBeNull();
    const data = link.data as any;
    expect(data).toMatchObject({ status: 'held', amount_cents: 10000 });
    expect(data.payment_path).toMatch(/^\/pay\/[A-Za-z0-9_-]{43}$/);
    // The same request key again: the same booking.
    const repeat = await enter(event.id, ticket, 'payment_link', { p_request_key: 'dialog-1', p_email: email });
    expect((repeat.data as any).reservation_id).toBe(data.reservation_id);
    expect(await ticketQuantity(ticket)).toBe(3);
    const token = data.payment_path.split('/').at(-1);
    const view = await callFunction('waitlist-offer', { token, action: 'view' });
    expect(view.body.offer).toMatchObject({ kind: 'payment_link', status: 'open', total_cents: 10000 });
    const paid = await callFunction('waitlist-offer', { token, action: 'pay', paymentToken: CARD.ok, amount: 10000 });
    expect(paid.body).toMatchObject({ success: true, amountCents: 10000 });
    expect(await one(pool(), `select status from public.reservations where id = $1`, [data.reservation_id])).toEqual({ status: 'confirmed' });
  });
});
