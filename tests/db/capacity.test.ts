/**
 * Taking seats: a reservation that is held or confirmed takes its tickets /
 * slot spots / event seats when it is written, atomically, or is refused with
 * SQLSTATE SH409. Holds that expire give their seats back; promo codes count
 * when a booking is confirmed, never past max_uses.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, attempt, eatathomeEvent, expectError, gardenEvent, magnoliaEvent, one, ORG, rolledBack, useDatabase, withRace } from './helpers.ts';

const pool = useDatabase();
const A = ORG.eatathome;
const EVENT = eatathomeEvent(1);
const SOLD_OUT = 'SH409';

const ticket = (db: pg.PoolClient, name: string, event = EVENT) =>
  one<{ id: string; pool_id: string; quantity: number; price: number }>(
    db,
    'select id, pool_id, public.capacity_pool_left(pool_id) as quantity, price from public.ticket_types where event_id = $1 and name = $2',
    [event, name],
  );

/** A slot's pool: its size (max_capacity) and the seats taken of it. */
const slotPool = (db: pg.PoolClient, slotId: string) =>
  one<{ max_capacity: number; current_rsvps: number }>(
    db,
    `select u.size as max_capacity, u.taken as current_rsvps
     from public.rsvp_slots s join public.capacity_pool_use(s.event_id) u on u.pool_id = s.pool_id where s.id = $1`,
    [slotId],
  );

const insertTicketBooking = `
  insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents, status, hold_expires_at, promo_code_id)
  values ($1, $2, $3, 'Test Guest', 'test.guest@example.com', $4, 0, coalesce($5, 'confirmed'), $6, $7)
  returning id`;

describe("a booking's own seats are free to it when its party changes", () => {
  it('says how many more seats are free and how many guests the booking can have', () =>
    rolledBack(pool(), async (db) => {
      const event = await one<{ id: string }>(
        db,
        `insert into public.events (org_id, title, date, event_time) values ($1, 'Edit Night', current_date + 9, '19:00') returning id`,
        [A],
      );
      await db.query('select public.set_event_guest_cap($1, 10)', [event.id]);
      const seat = await one<{ id: string }>(
        db,
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Seat', 0, public.new_capacity_pool($1, 20)) returning id`,
        [event.id],
      );
      const mine = await one<{ id: string }>(db, insertTicketBooking, [A, event.id, seat.id, 2, null, null, null]);
      await db.query(insertTicketBooking, [A, event.id, seat.id, 5, null, null, null]);
      // 3 seats are free; the booking of 2 can grow to 5, not to 6.
      await expectError(
        db,
        'update public.reservations set num_guests = 6 where id = $1',
        [mine.id],
        SOLD_OUT,
        /^Only 3 more seats are free for this event: this booking can have at most 5 guests\.$/,
      );
      await db.query('update public.reservations set num_guests = 5 where id = $1', [mine.id]);
      expect(await one(db, 'select num_guests from public.reservations where id = $1', [mine.id])).toEqual({ num_guests: 5 });
      // event_availability counts the booking's own seats as free to it, as the trigger does.
      const eventLeft = `select available from public.event_availability($1, $2) where option_kind = 'event'`;
      expect(await one(db, eventLeft, [event.id, mine.id])).toEqual({ available: 5 });
      // A member of the organization may ask the same; a visitor's booking id is ignored (it
      // would tell how many seats that booking holds).
      await actAs(db, 'memberA');
      expect(await one(db, eventLeft, [event.id, mine.id])).toEqual({ available: 5 });
      await actAs(db, 'visitor');
      expect(await one(db, eventLeft, [event.id, mine.id])).toEqual({ available: 0 });
    }));
});

describe('booking takes seats', () => {
  it('takes the tickets of a confirmed booking', () =>
    rolledBack(pool(), async (db) => {
      const before = await ticket(db, 'Food Only');
      await db.query(insertTicketBooking, [A, EVENT, before.id, 3, null, null, null]);
      expect((await ticket(db, 'Food Only')).quantity).toBe(before.quantity - 3);
    }));

  it('refuses a booking when only 2 tickets remain', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      // The event's row first, then its ticket type, in the order every booking and staff
      // function takes them: the other order deadlocks with a booking of this shared seeded
      // dinner by another test file (its insert locks the event, then the ticket type).
      await db.query('select 1 from public.events where id = $1 for update', [EVENT]);
      await db.query('update public.capacity_pools set size = size - $2 where id = $1', [food.pool_id, food.quantity - 2]);
      await expectError(db, insertTicketBooking, [A, EVENT, food.id, 3, null, null, null], SOLD_OUT, /Only 2 tickets available for Food Only/);
      expect((await ticket(db, 'Food Only')).quantity).toBe(2);
    }));

  it('refuses any booking of a sold-out ticket type', () =>
    rolledBack(pool(), async (db) => {
      const counter = await ticket(db, "Chef's Counter");
      expect(counter.quantity).toBe(0);
      await expectError(db, insertTicketBooking, [A, EVENT, counter.id, 1, null, null, null], SOLD_OUT);
    }));

  it('refuses a booking beyond the event guest cap even when tickets remain', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      const taken = await one<{ guests: number }>(
        db,
        `select coalesce(sum(num_guests), 0)::int as guests from public.reservations where event_id = $1 and status = 'confirmed'`,
        [EVENT],
      );
      await db.query('select public.set_event_guest_cap($1, $2)', [EVENT, taken.guests + 1]);
      await expectError(db, insertTicketBooking, [A, EVENT, food.id, 2, null, null, null], SOLD_OUT, /Only 1 seat left/);
    }));

  it('refuses a cap added below the guests already booked, and takes one at that number', () =>
    rolledBack(pool(), async (db) => {
      const taken = await one<{ guests: number }>(
        db,
        `select coalesce(sum(num_guests), 0)::int as guests from public.reservations where event_id = $1 and status = 'confirmed'`,
        [EVENT],
      );
      await db.query('select public.set_event_guest_cap($1, null)', [EVENT]);
      await expectError(
        db,
        'select public.set_event_guest_cap($1, $2)',
        [EVENT, taken.guests - 1],
        SOLD_OUT,
        new RegExp(`^${taken.guests} seats of this event are already booked or held: max guests cannot be lower than that$`),
      );
      await db.query('select public.set_event_guest_cap($1, $2)', [EVENT, taken.guests]);
      const food = await ticket(db, 'Food Only');
      await expectError(db, insertTicketBooking, [A, EVENT, food.id, 1, null, null, null], SOLD_OUT, /Only 0 seats left for this event/);
    }));

  it('refuses a supper-club seating that is full', () =>
    rolledBack(pool(), async (db) => {
      const slot = await one<{ id: string }>(db, `select id from public.rsvp_slots where event_id = $1 and slot_label = '5:30pm'`, [
        magnoliaEvent(2),
      ]);
      await expectError(
        db,
        `insert into public.reservations (org_id, event_id, rsvp_slot_id, name, email, num_guests, time_slot, amount_cents)
       values ($1, $2, $3, 'Late Guest', 'late@example.com', 1, '5:30pm', 6500)`,
        [ORG.magnolia, magnoliaEvent(2), slot.id],
        SOLD_OUT,
        /Only 0 spots left in the 5:30pm slot/,
      );
    }));

  it('takes RSVP spots, and refuses more than the slot has left', () =>
    rolledBack(pool(), async (db) => {
      const { id } = await one<{ id: string }>(db, `select id from public.rsvp_slots where event_id = $1 and slot_label = '7:00pm'`, [
        gardenEvent(1),
      ]);
      const slot = { id, ...(await slotPool(db, id)) };
      expect(slot.max_capacity - slot.current_rsvps).toBe(2);
      const book = (guests: number) =>
        attempt(
          db,
          `insert into public.reservations (org_id, event_id, rsvp_slot_id, name, email, num_guests, amount_cents)
       values ($1, $2, $3, 'RSVP Guest', 'rsvp@example.com', $4, 500 * $4)`,
          [ORG.gardenTable, gardenEvent(1), slot.id, guests],
        );
      expect((await book(3)).error?.code).toBe(SOLD_OUT);
      expect((await book(2)).error).toBeNull();
      expect((await slotPool(db, slot.id)).current_rsvps).toBe(slot.max_capacity);
    }));

  it('refuses bookings of an inactive slot or an inactive event', () =>
    rolledBack(pool(), async (db) => {
      const inactive = await one<{ id: string }>(db, `select id from public.rsvp_slots where event_id = $1 and not is_active`, [gardenEvent(1)]);
      const insert = `insert into public.reservations (org_id, event_id, rsvp_slot_id, name, email, num_guests)
                    values ($1, $2, $3, 'RSVP Guest', 'rsvp@example.com', 1)`;
      await expectError(db, insert, [ORG.gardenTable, gardenEvent(1), inactive.id], SOLD_OUT);
      await db.query('update public.events set is_active = false where id = $1', [gardenEvent(2)]);
      const open = await one<{ id: string }>(db, `select id from public.rsvp_slots where event_id = $1 limit 1`, [gardenEvent(2)]);
      await expectError(db, insert, [ORG.gardenTable, gardenEvent(2), open.id], SOLD_OUT, /not taking bookings/);
    }));

  it('refuses a ticket type of another event, and an event of another organization', () =>
    rolledBack(pool(), async (db) => {
      const otherEventsTicket = await ticket(db, 'Food Only', eatathomeEvent(2));
      await expectError(db, insertTicketBooking, [A, EVENT, otherEventsTicket.id, 1, null, null, null], '23503');
      const food = await ticket(db, 'Food Only');
      await expectError(db, insertTicketBooking, [ORG.magnolia, EVENT, food.id, 1, null, null, null], '23503');
    }));
});

describe('holds', () => {
  it('counts a live hold against availability', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      const before = await one<{ available_seats: number }>(db, 'select available_seats from public.events_with_availability where id = $1', [EVENT]);
      await db.query(insertTicketBooking, [A, EVENT, food.id, 2, 'held', new Date(Date.now() + 15 * 60_000), null]);
      const after = await one<{ available_seats: number }>(db, 'select available_seats from public.events_with_availability where id = $1', [EVENT]);
      expect(after.available_seats).toBe(before.available_seats - 2);
    }));

  it("counts an expired hold's tickets as free, and expires it when the next booking of the event is written", () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      const stale = await one<{ id: string }>(db, insertTicketBooking, [
        A,
        EVENT,
        food.id,
        food.quantity,
        'held',
        new Date(Date.now() - 60_000),
        null,
      ]);
      // Nothing is stored against the pool: a hold past its expiry takes no seat.
      expect((await ticket(db, 'Food Only')).quantity).toBe(food.quantity);
      const fresh = await attempt(db, insertTicketBooking, [A, EVENT, food.id, 2, null, null, null]);
      expect(fresh.error).toBeNull();
      expect(await one(db, 'select status from public.reservations where id = $1', [stale.id])).toEqual({ status: 'expired' });
      expect((await ticket(db, 'Food Only')).quantity).toBe(food.quantity - 2);
    }));

  it('expires stale holds on demand and reports how many', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      // The live hold first: a booking expires the event's stale holds as it is written.
      const live = await one<{ id: string }>(db, insertTicketBooking, [A, EVENT, food.id, 1, 'held', new Date(Date.now() + 60_000), null]);
      const stale = await one<{ id: string }>(db, insertTicketBooking, [A, EVENT, food.id, 2, 'held', new Date(Date.now() - 60_000), null]);
      expect((await ticket(db, 'Food Only')).quantity).toBe(food.quantity - 1);
      // At least this one (other files' lapsed holds in the shared database count too).
      const { expired } = await one<{ expired: number }>(db, 'select public.expire_reservation_holds() as expired');
      expect(expired).toBeGreaterThanOrEqual(1);
      const statusOf = async (id: string) => (await one<{ status: string }>(db, 'select status from public.reservations where id = $1', [id])).status;
      expect([await statusOf(live.id), await statusOf(stale.id)]).toEqual(['held', 'expired']);
      expect((await ticket(db, 'Food Only')).quantity).toBe(food.quantity - 1);
    }));

  it('refuses a hold without an expiry', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      await expectError(db, insertTicketBooking, [A, EVENT, food.id, 1, 'held', null, null], '23514');
    }));

  it('gives the seats back when a hold fails', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      const hold = await one<{ id: string }>(db, insertTicketBooking, [A, EVENT, food.id, 2, 'held', new Date(Date.now() + 60_000), null]);
      await db.query(`update public.reservations set status = 'failed' where id = $1`, [hold.id]);
      expect((await ticket(db, 'Food Only')).quantity).toBe(food.quantity);
    }));
});

describe('promo codes', () => {
  const promo = (db: pg.PoolClient, code: string) =>
    one<{ id: string; times_redeemed: number }>(db, 'select id, times_redeemed from public.promo_codes where org_id = $1 and code = $2', [A, code]);

  it('counts a use only when the booking is confirmed', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      const take5 = await promo(db, 'TAKE5');
      const hold = await one<{ id: string }>(db, insertTicketBooking, [A, EVENT, food.id, 1, 'held', new Date(Date.now() + 60_000), take5.id]);
      expect((await promo(db, 'TAKE5')).times_redeemed).toBe(take5.times_redeemed);
      await db.query(`update public.reservations set status = 'confirmed' where id = $1`, [hold.id]);
      expect((await promo(db, 'TAKE5')).times_redeemed).toBe(take5.times_redeemed + 1);
    }));

  it('honours a hold taken with a code that staff switched off before the payment completed', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      const take5 = await promo(db, 'TAKE5');
      const hold = await one<{ id: string }>(db, insertTicketBooking, [A, EVENT, food.id, 1, 'held', new Date(Date.now() + 60_000), take5.id]);
      await db.query('update public.promo_codes set active = false where id = $1', [take5.id]);
      await db.query(`update public.reservations set status = 'confirmed' where id = $1`, [hold.id]);
      expect((await promo(db, 'TAKE5')).times_redeemed).toBe(take5.times_redeemed + 1);
    }));

  it('refuses to confirm with a code that reached max_uses, or that was switched off', () =>
    rolledBack(pool(), async (db) => {
      const food = await ticket(db, 'Food Only');
      for (const code of ['USEDUP', 'OLDCODE']) {
        const { id } = await promo(db, code);
        await expectError(db, insertTicketBooking, [A, EVENT, food.id, 1, null, null, id], 'SH410');
      }
    }));
});

describe('concurrent bookings', () => {
  it('never oversells the last tickets, however the requests interleave', () =>
    withRace('Race dinner', 8, async ({ admin, orgId, eventId, clients }) => {
      await admin.query('select public.set_event_guest_cap($1, 50)', [eventId]);
      const tt = await admin.query(
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Seat', 1000, public.new_capacity_pool($1, 3)) returning id`,
        [eventId],
      );
      const ticketId: string = tt.rows[0].id;
      const outcomes = await Promise.all(
        clients.map(async (c, i) => {
          try {
            await c.query(
              `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents)
             values ($1, $2, $3, $4, 'racer@example.com', 1, 1000)`,
              [orgId, eventId, ticketId, `Racer ${i}`],
            );
            return 'booked';
          } catch (error) {
            return (error as { code?: string }).code === SOLD_OUT ? 'refused' : `error ${(error as Error).message}`;
          }
        }),
      );
      expect(outcomes.filter((o) => o === 'booked')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
      const left = await admin.query('select public.capacity_pool_left(pool_id) as quantity from public.ticket_types where id = $1', [ticketId]);
      expect(left.rows[0].quantity).toBe(0);
      const booked = await admin.query(`select count(*)::int as n from public.reservations where event_id = $1 and status = 'confirmed'`, [eventId]);
      expect(booked.rows[0].n).toBe(3);
    }));
});
