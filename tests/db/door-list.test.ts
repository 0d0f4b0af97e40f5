/**
 * The door list (supabase/schemas/100_admin_tools.sql): staff_check_in sets an absolute arrival count
 * (idempotent), only for members of the reservation's organization and confirmed bookings;
 * the API roles cannot write the count directly; guests cannot be lowered below the count;
 * staff_door_list returns the event and its confirmed parties in one call.
 * Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  actAs,
  actAsOwner,
  attempt,
  bookParty,
  eatathomeEvent,
  eventWithParties,
  expectError,
  makeTicketedEvent,
  one,
  rolledBack,
  useDatabase,
} from './helpers.ts';

const pool = useDatabase();

const CHECK = '23514';
const DENIED = '42501';
const FORBIDDEN = 'SH403';

interface Totals {
  expected_guests: number;
  arrived_guests: number;
  parties: number;
  parties_arrived: number;
}

const checkIn = (db: pg.PoolClient, id: string, count: number) =>
  one<{ checked_in_guests: number; checked_in_at: Date | null } & Totals>(db, 'select * from public.staff_check_in($1, $2)', [id, count]).then(
    ({ expected_guests, arrived_guests, parties, parties_arrived, ...party }) => ({
      ...party,
      totals: { expected_guests, arrived_guests, parties, parties_arrived },
    }),
  );

/** Ada Lovelace's confirmed party of `guests` at a fresh event: its id. */
const adaAtTheDoor = async (db: pg.PoolClient, guests: number) => (await eventWithParties(db, 'Door Test', { 'Ada Lovelace': guests })).ids[0];

describe('staff_check_in', () => {
  it('sets the absolute count: a retried or repeated request never counts twice', () =>
    rolledBack(pool(), async (db) => {
      const [party] = (await eventWithParties(db, 'Door Test', { 'Ada Lovelace': 4, 'Grace Hopper': 2 })).ids;
      await actAs(db, 'memberA');

      const first = await checkIn(db, party, 2);
      expect(first.checked_in_guests).toBe(2);
      expect(first.checked_in_at).not.toBeNull();
      expect(first.totals).toEqual({ expected_guests: 6, arrived_guests: 2, parties: 2, parties_arrived: 1 });

      // The same request again (a retry, or a second staff member setting 2): still 2.
      const retried = await checkIn(db, party, 2);
      expect(retried.checked_in_guests).toBe(2);
      expect(retried.checked_in_at).toEqual(first.checked_in_at);
      expect(retried.totals.arrived_guests).toBe(2);

      const all = await checkIn(db, party, 4);
      expect(all.totals).toEqual({ expected_guests: 6, arrived_guests: 4, parties: 2, parties_arrived: 1 });

      // Undo clears the arrival time.
      const undone = await checkIn(db, party, 0);
      expect(undone.checked_in_guests).toBe(0);
      expect(undone.checked_in_at).toBeNull();
      expect(undone.totals).toEqual({ expected_guests: 6, arrived_guests: 0, parties: 2, parties_arrived: 0 });
    }));

  it('refuses counts outside 0..num_guests with a clear message', () =>
    rolledBack(pool(), async (db) => {
      const party = await adaAtTheDoor(db, 3);
      await actAs(db, 'memberA');
      await expectError(db, 'select public.staff_check_in($1, 4)', [party], 'P0001', /between 0 and 3 guest\(s\)/);
      await expectError(db, 'select public.staff_check_in($1, -1)', [party], 'P0001', /between 0 and 3/);
      await expectError(db, 'select public.staff_check_in($1, null)', [party], 'P0001', /between 0 and 3/);
    }));

  it('checks in confirmed reservations only', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Door Test');
      const held = await bookParty(db, event, ticket, 'Held Party', 2, { status: 'held' });
      await actAs(db, 'memberA');
      await expectError(db, 'select public.staff_check_in($1, 1)', [held], 'SH409', /Only confirmed reservations/);
    }));

  it('refuses members of another organization, visitors and unknown reservations', () =>
    rolledBack(pool(), async (db) => {
      const party = await adaAtTheDoor(db, 2);
      await actAs(db, 'memberB');
      await expectError(db, 'select public.staff_check_in($1, 1)', [party], FORBIDDEN, /You can only check in guests of your own organization/);
      await expectError(db, 'select public.staff_check_in(gen_random_uuid(), 1)', [], FORBIDDEN);
      await actAsOwner(db);
      await actAs(db, 'visitor');
      await expectError(db, 'select public.staff_check_in($1, 1)', [party], DENIED);
      await actAsOwner(db);
      expect((await one<{ n: number }>(db, 'select checked_in_guests as n from public.reservations where id = $1', [party])).n).toBe(0);
      // The super admin may (it manages every organization).
      await actAs(db, 'superAdmin');
      expect((await checkIn(db, party, 1)).checked_in_guests).toBe(1);
    }));
});

describe('the check-in columns', () => {
  it('cannot be written by members through the table, while staff notes can', () =>
    rolledBack(pool(), async (db) => {
      const party = await adaAtTheDoor(db, 2);
      await actAs(db, 'memberA');
      await expectError(db, 'update public.reservations set checked_in_guests = 2 where id = $1', [party], DENIED, /checked_in_guests/);
      await expectError(db, 'update public.reservations set checked_in_at = now() where id = $1', [party], DENIED, /checked_in_at/);
      const { error } = await attempt(db, `update public.reservations set staff_notes = 'Window table, birthday' where id = $1`, [party]);
      expect(error).toBeNull();
      await expectError(db, 'update public.reservations set staff_notes = repeat($2, 2001) where id = $1', [party, 'x'], CHECK);
      // Members of another organization do not see the row at all.
      await actAsOwner(db);
      await actAs(db, 'memberB');
      const other = await db.query(`update public.reservations set staff_notes = 'hijack' where id = $1 returning id`, [party]);
      expect(other.rowCount).toBe(0);
    }));

  it('refuses lowering guests below the number checked in, with a clear message', () =>
    rolledBack(pool(), async (db) => {
      const party = await adaAtTheDoor(db, 4);
      await actAs(db, 'memberA');
      await checkIn(db, party, 3);
      await expectError(
        db,
        'update public.reservations set num_guests = 2 where id = $1',
        [party],
        CHECK,
        /3 of this party are already checked in: undo the check-in before lowering the number of guests to 2/,
      );
      const { error } = await attempt(db, 'update public.reservations set num_guests = 3 where id = $1', [party]);
      expect(error).toBeNull();
      await actAsOwner(db);
      await expectError(db, 'update public.reservations set checked_in_guests = 5 where id = $1', [party], CHECK);
      await expectError(db, 'update public.reservations set checked_in_guests = -1 where id = $1', [party], CHECK);
    }));
});

describe('staff_door_list', () => {
  it('returns the event, its confirmed parties by seating then name, and the totals', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Door Test');
      const late = await one<{ id: string }>(
        db,
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ($1, '20:00', '8:00pm', public.new_capacity_pool($1, 20)) returning id`,
        [event],
      );
      const early = await one<{ id: string }>(
        db,
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ($1, '17:30', '5:30pm', public.new_capacity_pool($1, 20)) returning id`,
        [event],
      );
      await bookParty(db, event, ticket, 'Zed Early', 2, { slot: early.id });
      const amy = await bookParty(db, event, ticket, 'Amy Late', 3, { slot: late.id, dietary: 'No nuts' });
      await bookParty(db, event, ticket, 'Bob Early', 1, { slot: early.id });
      await bookParty(db, event, ticket, 'Held Person', 2, { status: 'held', slot: early.id });
      await db.query(`update public.reservations set special_requests = 'Birthday' where id = $1`, [amy]);
      // Amy's party takes two add-ons (the door list names them in one field).
      await db.query(
        `with a as (insert into public.event_addons (event_id, name, price_cents, per, sort)
                    values ($1, 'Wine pairing', 3500, 'guest', 1), ($1, 'Corkage', 2000, 'booking', 2) returning id, price_cents, per)
         insert into public.reservation_addons (reservation_id, addon_id, quantity, unit_price_cents)
         select $2, a.id, case when a.per = 'guest' then 3 else 1 end, a.price_cents from a`,
        [event, amy],
      );
      await actAs(db, 'memberA');
      await checkIn(db, amy, 3);
      const { rows: parties } = await db.query('select * from public.staff_door_list($1)', [event]);
      for (const party of parties) expect(party).toMatchObject({ event_id: event, event_title: 'Door Test', event_time: '19:00' });
      expect(parties.map((p) => p.name)).toEqual(['Bob Early', 'Zed Early', 'Amy Late']);
      expect(parties[2]).toMatchObject({
        seating: '8:00pm',
        slot_time: '20:00',
        checked_in_guests: 3,
        special_requests: 'Birthday',
        dietary_restrictions: 'No nuts',
        addons: '3 × Wine pairing, 1 × Corkage',
      });
      expect(parties[0].addons).toBeNull();
      expect(parties[0].booking_code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      // Each party's seats, the booker's first; the others read as the booker's guests.
      const { rows: seats } = await db.query(`select s.* from public.staff_door_list($1) d, unnest(d.seats) s where d.name = 'Zed Early'`, [event]);
      expect(seats).toEqual([
        { seat_no: 1, guest_name: 'Zed Early', claimed: true, allergens: [], dietary_notes: null },
        { seat_no: 2, guest_name: 'Guest of Zed Early', claimed: false, allergens: [], dietary_notes: null },
      ]);
      await actAsOwner(db);
      expect(await one(db, 'select * from public.door_list_totals($1)', [event])).toEqual({
        expected_guests: 6,
        arrived_guests: 3,
        parties: 3,
        parties_arrived: 1,
      });
    }));

  it('answers the event alone, in one row without a party, when nobody is booked', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Door Test');
      await bookParty(db, event, ticket, 'Held Person', 2, { status: 'held' });
      await actAs(db, 'memberA');
      const { rows } = await db.query('select * from public.staff_door_list($1)', [event]);
      expect(rows).toEqual([expect.objectContaining({ event_id: event, event_title: 'Door Test', id: null, name: null })]);
    }));

  it('is refused to members of another organization and to visitors', () =>
    rolledBack(pool(), async (db) => {
      const event = eatathomeEvent(1);
      await actAs(db, 'memberB');
      await expectError(db, 'select public.staff_door_list($1)', [event], FORBIDDEN, /your own organization/);
      await actAsOwner(db);
      await actAs(db, 'visitor');
      await expectError(db, 'select public.staff_door_list($1)', [event], DENIED);
    }));
});
