/**
 * Editing an event after it is created, through the gateway as staff (supabase-js, JWT, RLS):
 * admin_save_event saves the event's fields, its ticket types and its RSVP slots in one
 * transaction. A new price applies to new sales only; no capacity goes below what is taken;
 * any refusal keeps nothing of the same save; strangers and visitors cannot save at all.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, one, sql, usePool } from '../support/db.ts';
import { createEvent, createRsvpEvent, guest, publicOrgPage, type Staff, slotTaken, ticketQuantity } from '../support/fixtures.ts';
import { createStaffOrgAndOutsider } from '../support/staff-org.ts';
import { callFunction, payByCard } from '../support/functions.ts';

const pool = usePool();
const { staff, org, outsider } = await createStaffOrgAndOutsider('editing', { name: 'Editing Kitchen' });

interface TicketTypeEdit {
  id?: string;
  name: string;
  price: number;
  capacity: number;
}
interface SlotEdit {
  id?: string;
  slot_label: string;
  slot_time: string;
  max_capacity: number;
  is_active?: boolean;
}

function save(who: Staff, eventId: string, event: Record<string, unknown>, ticketTypes: TicketTypeEdit[] = [], slots: SlotEdit[] = []) {
  return who.client.rpc('admin_save_event', { p_event_id: eventId, p_event: event, p_ticket_types: ticketTypes, p_rsvp_slots: slots });
}

async function pay(eventId: string, ticketTypeId: string, guests: number, amount: number) {
  return payByCard({
    amount,
    reservationData: { eventId, ticketTypeId, num_guests: guests, ...guest('editing') },
  });
}

async function rsvp(eventId: string, slotId: string, guests: number, amount = 0) {
  return callFunction('process-rsvp-payment', {
    eventId,
    slotId,
    guestDetails: { ...guest('editing-rsvp'), numGuests: guests },
    idempotencyKey: randomUUID(),
    amount,
  });
}

async function ticketTypesOf(eventId: string) {
  return sql<{ id: string; name: string; price: number; quantity: number }>(
    'select id, name, price, public.capacity_pool_left(pool_id) as quantity from public.ticket_types where event_id = $1 order by created_at, name',
    [eventId],
  );
}

async function slotsOf(eventId: string) {
  return sql<{ id: string; slot_label: string; slot_time: string; max_capacity: number; current_rsvps: number; is_active: boolean }>(
    `select s.id, s.slot_label, to_char(s.slot_time, 'HH24:MI') as slot_time, u.size as max_capacity, u.taken as current_rsvps, s.is_active
       from public.rsvp_slots s join public.capacity_pool_use(s.event_id) u on u.pool_id = s.pool_id
      where s.event_id = $1 order by s.slot_time, s.slot_label`,
    [eventId],
  );
}

async function eventOf(eventId: string) {
  return one<{ title: string; deposit_amount: number | null; max_guests: number | null }>(
    pool(),
    `select e.title, e.deposit_amount, (select p.size from public.capacity_pools p where p.event_id = e.id and p.event_wide) as max_guests
       from public.events e where e.id = $1`,
    [eventId],
  );
}

describe('ticket types after sales', () => {
  it('a new price applies to new sales only: the sold reservation keeps its amount, the next booking pays the new price', async () => {
    const event = await createEvent(org.id, { title: 'Reprice Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
    const seat = event.ticketTypes[0].id;
    const first = await pay(event.id, seat, 2, 10000);
    expect(first.body).toMatchObject({ success: true });

    const saved = await save(staff, event.id, { title: 'Reprice Night (new menu)' }, [
      { id: seat, name: 'Seat with wine', price: 6500, capacity: 10 },
      { name: 'Counter', price: 4000, capacity: 4 },
    ]);
    expect(saved.error).toBeNull();
    expect(await ticketTypesOf(event.id)).toEqual([
      { id: seat, name: 'Seat with wine', price: 6500, quantity: 8 },
      { id: expect.any(String), name: 'Counter', price: 4000, quantity: 4 },
    ]);
    expect((await eventOf(event.id)).title).toBe('Reprice Night (new menu)');

    expect(await one(pool(), 'select amount_cents from public.reservations where id = $1', [first.body.reservationId])).toEqual({
      amount_cents: 10000,
    });
    // The old price is no longer what the server charges.
    expect((await pay(event.id, seat, 1, 5000)).body.success).toBe(false);
    const second = await pay(event.id, seat, 1, 6500);
    expect(second.body).toMatchObject({ success: true, amountCents: 6500 });
    expect(await one(pool(), 'select amount_cents from public.reservations where id = $1', [second.body.reservationId])).toEqual({
      amount_cents: 6500,
    });
  });

  it('raises a capacity (remaining = capacity - sold) and leaves an unchanged one alone', async () => {
    const event = await createEvent(org.id, { title: 'Capacity Night', ticketTypes: [{ name: 'Seat', price: 3000, quantity: 6 }] });
    const seat = event.ticketTypes[0].id;
    expect((await pay(event.id, seat, 3, 9000)).body.success).toBe(true);
    expect(await ticketQuantity(seat)).toBe(3);
    // Capacity 6 is unchanged (3 sold, 3 remaining): nothing moves.
    expect((await save(staff, event.id, {}, [{ id: seat, name: 'Seat', price: 3000, capacity: 6 }])).error).toBeNull();
    expect(await ticketQuantity(seat)).toBe(3);
    expect((await save(staff, event.id, {}, [{ id: seat, name: 'Seat', price: 3000, capacity: 12 }])).error).toBeNull();
    expect(await ticketQuantity(seat)).toBe(9);
    // Down to exactly what is sold: none left.
    expect((await save(staff, event.id, {}, [{ id: seat, name: 'Seat', price: 3000, capacity: 3 }])).error).toBeNull();
    expect(await ticketQuantity(seat)).toBe(0);
  });

  it('refuses a capacity below what is sold, with the number taken, and keeps NOTHING of the same save', async () => {
    const event = await createEvent(org.id, {
      title: 'Refusal Night',
      max_guests: 20,
      ticketTypes: [
        { name: 'Seat', price: 5000, quantity: 10 },
        { name: 'Bar', price: 3000, quantity: 5 },
      ],
    });
    const [seat, bar] = event.ticketTypes.map((t) => t.id);
    expect((await pay(event.id, seat, 3, 15000)).body.success).toBe(true);
    const before = await ticketTypesOf(event.id);

    const refused = await save(staff, event.id, { title: 'Renamed Night', max_guests: 30, deposit_amount: 900 }, [
      { id: bar, name: 'Bar seat', price: 3500, capacity: 8 },
      { id: seat, name: 'Chef seat', price: 5000, capacity: 2 },
      { name: 'Late seat', price: 2000, capacity: 4 },
    ]);
    expect(refused.error?.message).toBe('3 tickets of Chef seat are already sold or held: its capacity cannot be lower than that');
    expect(refused.error?.code).toBe('SH409');
    // Neither the event's fields, nor the other ticket type, nor the rename, nor the new type.
    expect(await eventOf(event.id)).toEqual({ title: 'Refusal Night', deposit_amount: null, max_guests: 20 });
    expect(await ticketTypesOf(event.id)).toEqual(before);
  });

  it('refuses invalid values with clear messages, and a ticket type of another event', async () => {
    const event = await createEvent(org.id, { title: 'Validation Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
    const other = await createEvent(org.id, { title: 'Other Night', ticketTypes: [{ name: 'Elsewhere', price: 5000, quantity: 10 }] });
    const seat = event.ticketTypes[0].id;
    const cases: [TicketTypeEdit[], string][] = [
      [[{ id: seat, name: '  ', price: 5000, capacity: 10 }], 'Each ticket type needs a name'],
      [
        [{ id: seat, name: 'N'.repeat(121), price: 5000, capacity: 10 }],
        `The ticket type name "${'N'.repeat(40)}…" is too long (120 characters at most)`,
      ],
      [[{ id: seat, name: 'Seat', price: -1, capacity: 10 }], 'The price of Seat must be a whole number of cents, 0 or more'],
      [[{ id: seat, name: 'Seat', price: 12.5, capacity: 10 }], 'The price of Seat must be a whole number of cents, 0 or more'],
      [[{ id: seat, name: 'Seat', price: 'abc' as unknown as number, capacity: 10 }], 'The price of Seat must be a whole number of cents, 0 or more'],
      [[{ id: seat, name: 'Seat', price: 5000, capacity: 'ten' as unknown as number }], 'The capacity of Seat must be a whole number, 0 or more'],
      [[{ name: 'New', price: 100, capacity: -2 }], 'The capacity of New must be a whole number, 0 or more'],
      [[{ id: other.ticketTypes[0].id, name: 'Stolen', price: 1, capacity: 10 }], 'Ticket type not found on this event'],
    ];
    for (const [ticketTypes, message] of cases) {
      expect((await save(staff, event.id, { title: 'Should not stick' }, ticketTypes)).error?.message).toBe(message);
    }
    for (const deposit of [-100, 2.5, '500']) {
      expect((await save(staff, event.id, { deposit_amount: deposit })).error?.message).toBe(
        'The deposit must be a whole number of cents, 0 or more',
      );
    }
    expect((await eventOf(event.id)).title).toBe('Validation Night');
    expect(await ticketTypesOf(event.id)).toEqual([{ id: seat, name: 'Seat', price: 5000, quantity: 10 }]);
    expect(await ticketTypesOf(other.id)).toEqual([{ id: other.ticketTypes[0].id, name: 'Elsewhere', price: 5000, quantity: 10 }]);
  });
});

describe('RSVP slots and the deposit', () => {
  it("edits a slot's label, time and capacity, adds a slot, deactivates one and changes the deposit", async () => {
    const event = await createRsvpEvent(org.id, 'Slots Night', { deposit_amount: 500, times: ['18:00', '20:00'] });
    const [early, late] = event.slots.map((s) => s.id);
    const saved = await save(
      staff,
      event.id,
      { deposit_amount: 1250 },
      [],
      [
        { id: early, slot_label: 'Early seating', slot_time: '18:30', max_capacity: 14, is_active: true },
        { id: late, slot_label: '8:00pm', slot_time: '20:00', max_capacity: 10, is_active: false },
        { slot_label: 'Late seating', slot_time: '21:15', max_capacity: 6 },
      ],
    );
    expect(saved.error).toBeNull();
    expect(await slotsOf(event.id)).toEqual([
      { id: early, slot_label: 'Early seating', slot_time: '18:30', max_capacity: 14, current_rsvps: 0, is_active: true },
      { id: late, slot_label: '8:00pm', slot_time: '20:00', max_capacity: 10, current_rsvps: 0, is_active: false },
      { id: expect.any(String), slot_label: 'Late seating', slot_time: '21:15', max_capacity: 6, current_rsvps: 0, is_active: true },
    ]);
    expect((await eventOf(event.id)).deposit_amount).toBe(1250);

    // Guests see the change: the deactivated slot is gone, and the new deposit is what they pay.
    const pub = (await publicOrgPage(org.slug)).events.find((e) => e.id === event.id)!;
    expect(pub.rsvp_slots.map((s) => s.slot_label)).toEqual(['Early seating', 'Late seating']);
    const quote = await callFunction('process-rsvp-payment', {
      eventId: event.id,
      slotId: early,
      guestDetails: { ...guest('quote'), numGuests: 2 },
      validateOnly: true,
    });
    expect(quote.body).toMatchObject({ success: true, totalDeposit: 2500 });
    expect((await rsvp(event.id, late, 1, 1250)).body.success).toBe(false);

    // Reactivated, and the deposit removed (null: none configured).
    const back = await save(
      staff,
      event.id,
      { deposit_amount: null },
      [],
      [{ id: late, slot_label: '8:00pm', slot_time: '20:00', max_capacity: 10, is_active: true }],
    );
    expect(back.error).toBeNull();
    expect((await slotsOf(event.id)).find((s) => s.id === late)?.is_active).toBe(true);
    expect((await eventOf(event.id)).deposit_amount).toBeNull();
  });

  it("refuses a slot's capacity below its taken spots, and keeps nothing else of the save", async () => {
    const event = await createRsvpEvent(org.id, 'Full Slot Night');
    const slot = event.slots[0].id;
    expect((await rsvp(event.id, slot, 3)).body.success).toBe(true);
    expect(await slotTaken(slot)).toBe(3);

    const refused = await save(
      staff,
      event.id,
      { title: 'Should not stick', deposit_amount: 700 },
      [],
      [
        { slot_label: 'Extra', slot_time: '22:00', max_capacity: 5 },
        { id: slot, slot_label: '6:00pm', slot_time: '18:00', max_capacity: 2, is_active: true },
      ],
    );
    expect(refused.error?.message).toBe('3 spots of the 6:00pm slot are already taken: its capacity cannot be lower than that');
    expect(refused.error?.code).toBe('SH409');
    expect(await eventOf(event.id)).toMatchObject({ title: 'Full Slot Night', deposit_amount: 0 });
    expect(await slotsOf(event.id)).toEqual([
      { id: slot, slot_label: '6:00pm', slot_time: '18:00', max_capacity: 10, current_rsvps: 3, is_active: true },
    ]);

    // Exactly what is taken is allowed; a bad time is refused clearly.
    expect((await save(staff, event.id, {}, [], [{ id: slot, slot_label: '6:00pm', slot_time: '18:00', max_capacity: 3 }])).error).toBeNull();
    expect((await slotsOf(event.id))[0].max_capacity).toBe(3);
    expect((await save(staff, event.id, {}, [], [{ slot_label: 'Midnight', slot_time: '25:00', max_capacity: 3 }])).error?.message).toBe(
      'The time of the Midnight slot must be HH:MM',
    );
  });
});

describe('who may save', () => {
  it('a member of another organization cannot save, and nothing changes', async () => {
    const event = await createEvent(org.id, {
      title: 'Private Night',
      ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }],
      slots: [{ slot_time: '18:00', slot_label: '6:00pm', max_capacity: 10 }],
    });
    const attempt = await save(
      outsider,
      event.id,
      { title: 'Hijacked', deposit_amount: 0 },
      [{ id: event.ticketTypes[0].id, name: 'Free', price: 0, capacity: 100 }],
      [{ id: event.slots[0].id, slot_label: 'Gone', slot_time: '18:00', max_capacity: 0, is_active: false }],
    );
    expect(attempt.error?.message).toBe('You can only edit events of your own organization');
    expect(attempt.error?.code).toBe('SH403');
    expect((await eventOf(event.id)).title).toBe('Private Night');
    expect(await ticketTypesOf(event.id)).toEqual([{ id: event.ticketTypes[0].id, name: 'Seat', price: 5000, quantity: 10 }]);
    expect((await slotsOf(event.id))[0]).toMatchObject({ slot_label: '6:00pm', max_capacity: 10, is_active: true });
  });

  it('a visitor (anon) cannot call it', async () => {
    const event = await createEvent(org.id, { title: 'Anon Night', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
    const attempt = await anonClient().rpc('admin_save_event', {
      p_event_id: event.id,
      p_event: { title: 'Anon was here' },
      p_ticket_types: [],
      p_rsvp_slots: [],
    });
    expect(attempt.error?.code).toBe('42501');
    expect(attempt.error?.message).toMatch(/permission denied for function admin_save_event/);
    expect((await eventOf(event.id)).title).toBe('Anon Night');
  });
});
