/**
 * What only capacity pools do: several ticket types drawing from one pool sell it once between
 * them, however their bookings interleave; a pool's size never goes below what is taken of it;
 * the event's cap and each option's pool refuse a booking in their own words; and a copied
 * event gets the same pools, shared as they were, with nothing taken.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, bookParty, expectError, makeTicketedEvent, one, ORG, rolledBack, useDatabase, withRace } from './helpers.ts';

const pool = useDatabase();
const SOLD_OUT = 'SH409';

/** A ticket type of the event drawing from the pool `poolId`, listed after the event's first (a second later). */
const addTicketType = (db: pg.PoolClient, event: string, name: string, poolId: string) =>
  one<{ id: string }>(
    db,
    `insert into public.ticket_types (event_id, name, price, pool_id, created_at) values ($1, $2, 5000, $3, now() + interval '1 second') returning id`,
    [event, name, poolId],
  );

const newPool = async (db: pg.PoolClient, event: string, size: number) =>
  (await one<{ id: string }>(db, 'select public.new_capacity_pool($1, $2) as id', [event, size])).id;

const poolOf = async (db: pg.PoolClient, ticket: string) =>
  (await one<{ pool_id: string }>(db, 'select pool_id from public.ticket_types where id = $1', [ticket])).pool_id;

/** Each pool of the event: its size and what is taken, cap first, then by size. */
const poolsOf = async (db: pg.PoolClient, event: string) =>
  (
    await db.query<{ pool_id: string; event_wide: boolean; size: number; taken: number }>(
      'select pool_id, event_wide, size, taken from public.capacity_pool_use($1) order by event_wide desc, size desc',
      [event],
    )
  ).rows;

describe('ticket types sharing one pool', () => {
  it('never oversell it together, however their bookings interleave', () =>
    withRace('Shared dinner', 8, async ({ admin, orgId, eventId, clients }) => {
      // No event cap: the shared pool is the only limit, and each ticket type alone would sell 3.
      const shared = await admin.query<{ id: string }>('select public.new_capacity_pool($1, 3) as id', [eventId]);
      const poolId = shared.rows[0].id;
      const tickets: string[] = [];
      for (const name of ['Food Only', 'Food + Wine']) {
        const tt = await admin.query(`insert into public.ticket_types (event_id, name, price, pool_id) values ($1, $2, 1000, $3) returning id`, [
          eventId,
          name,
          poolId,
        ]);
        tickets.push(tt.rows[0].id);
      }

      // Each booking stays open a moment after its insert, so the transactions overlap.
      const outcomes = await Promise.all(
        clients.map(async (c, i) => {
          try {
            await c.query('begin');
            await c.query(
              `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents)
               values ($1, $2, $3, $4, 'sharer@example.com', 1, 1000)`,
              [orgId, eventId, tickets[i % 2], `Sharer ${i}`],
            );
            await c.query('select pg_sleep(0.05)');
            await c.query('commit');
            return 'booked';
          } catch (error) {
            await c.query('rollback');
            return (error as { code?: string }).code === SOLD_OUT ? 'refused' : `error ${(error as Error).message}`;
          }
        }),
      );
      expect(outcomes.filter((o) => o === 'booked')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
      const booked = await admin.query(`select count(*)::int as n from public.reservations where event_id = $1 and status = 'confirmed'`, [eventId]);
      expect(booked.rows[0].n).toBe(3);
      const left = await admin.query('select public.capacity_pool_left($1) as left', [poolId]);
      expect(left.rows[0].left).toBe(0);
      // Both ticket types read the pool's one answer: sold out, whichever sold the seats.
      const view = await admin.query(
        `select label, available, size from public.event_availability($1) where option_kind = 'ticket_type' order by label`,
        [eventId],
      );
      expect(view.rows).toEqual([
        { label: 'Food + Wine', available: 0, size: 3 },
        { label: 'Food Only', available: 0, size: 3 },
      ]);
    }));
});

describe("a pool's size", () => {
  it('is refused below what is taken, with the number taken, by the staff and by a direct write', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Resize Night');
      const shared = await poolOf(db, ticket);
      const wine = await addTicketType(db, event, 'Wine', shared);
      await bookParty(db, event, ticket, 'Ada Dinner', 3);
      await bookParty(db, event, wine.id, 'Bo Wine', 2, { status: 'held' });

      // Both ticket types' seats are the pool's: 5 taken, named by what draws from it.
      const words = /^5 tickets of Dinner and Wine are already sold or held: its capacity cannot be lower than that$/;
      const direct = await expectError(db, 'update public.capacity_pools set size = 4 where id = $1', [shared], SOLD_OUT, words);
      expect(JSON.parse((direct as Error & { detail?: string }).detail ?? '{}')).toEqual({ taken: 5 });

      await actAs(db, 'memberA');
      await expectError(db, 'select public.staff_set_ticket_capacity($1, 4)', [wine.id], SOLD_OUT, words);
      const resized = await one<{ r: Record<string, unknown> }>(db, 'select public.staff_set_ticket_capacity($1, 5) as r', [wine.id]);
      expect(resized.r).toEqual({ ticket_type_id: wine.id, capacity: 5, taken: 5, remaining: 0 });
      await actAsOwner(db);
      expect(await one(db, 'select size from public.capacity_pools where id = $1', [shared])).toEqual({ size: 5 });
      expect(await one(db, 'select public.capacity_pool_left($1) as left', [shared])).toEqual({ left: 0 });
    }));
});

describe("the event's cap and each option's pool", () => {
  it('refuse a booking, and a size below what is taken, each in their own words', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Cap Night');
      await db.query('select public.set_event_guest_cap($1, 6)', [event]);
      await db.query('update public.capacity_pools set size = 4 where id = $1', [await poolOf(db, ticket)]);
      const counter = await addTicketType(db, event, 'Counter', await newPool(db, event, 3));
      const slot = await one<{ id: string }>(
        db,
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ($1, '18:00', '6:00pm', public.new_capacity_pool($1, 2)) returning id`,
        [event],
      );
      const book = (name: string, guests: number, option: { ticket?: string; slot?: string }) =>
        bookParty(db, event, option.ticket ?? '', name, guests, { slot: option.slot });
      const refusal = (guests: number, option: { ticket?: string; slot?: string }, words: RegExp) =>
        expectError(
          db,
          `insert into public.reservations (org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, num_guests)
           values ($1, $2, $3, $4, 'Late Guest', 'late.guest@example.com', $5)`,
          [ORG.eatathome, event, option.ticket ?? null, option.slot ?? null, guests],
          SOLD_OUT,
          words,
        );

      await book('Ada Dinner', 3, { ticket });
      // The ticket type's pool (1 left) is tighter than the cap (3 left).
      await refusal(2, { ticket }, /^Only 1 ticket available for Dinner$/);
      await book('Bo Seat', 1, { slot: slot.id });
      // The slot's pool (1 left) is tighter than the cap (2 left).
      await refusal(2, { slot: slot.id }, /^Only 1 spot left in the 6:00pm slot$/);
      await book('Cy Counter', 2, { ticket: counter.id });
      // The counter's pool has 1 left; the cap has none.
      await refusal(1, { ticket: counter.id }, /^Only 0 seats left for this event$/);

      expect((await poolsOf(db, event)).map((p) => [p.event_wide, p.size, p.taken])).toEqual([
        [true, 6, 6],
        [false, 4, 3],
        [false, 3, 2],
        [false, 2, 1],
      ]);
      await expectError(
        db,
        'select public.set_event_guest_cap($1, 5)',
        [event],
        SOLD_OUT,
        /^6 seats of this event are already booked or held: max guests cannot be lower than that$/,
      );
      await expectError(
        db,
        'update public.capacity_pools set size = 2 where id = $1',
        [await poolOf(db, ticket)],
        SOLD_OUT,
        /^3 tickets of Dinner are already sold or held: its capacity cannot be lower than that$/,
      );
      await expectError(
        db,
        'update public.capacity_pools set size = 0 where id = (select pool_id from public.rsvp_slots where id = $1)',
        [slot.id],
        SOLD_OUT,
        /^1 spots of the 6:00pm slot are already taken: its capacity cannot be lower than that$/,
      );
      // Removing the cap leaves the options' pools as the only limits.
      await db.query('select public.set_event_guest_cap($1, null)', [event]);
      await book('Di Counter', 1, { ticket: counter.id });
      await refusal(1, { ticket: counter.id }, /^Only 0 tickets available for Counter$/);
    }));
});

describe('copying an event (staff_duplicate_event)', () => {
  it('copies its pools, the shared one still shared, with nothing taken', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Copy Night');
      await db.query('select public.set_event_guest_cap($1, 8)', [event]);
      const shared = await poolOf(db, ticket);
      await db.query('update public.capacity_pools set size = 6 where id = $1', [shared]);
      await addTicketType(db, event, 'Wine', shared);
      await db.query(
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ($1, '18:00', '6:00pm', public.new_capacity_pool($1, 4))`,
        [event],
      );
      await bookParty(db, event, ticket, 'Ada Dinner', 2);

      await actAs(db, 'memberA');
      const copied = await one<{ ids: string[] }>(db, `select public.staff_duplicate_event($1, array[current_date + 27]) as ids`, [event]);
      await actAsOwner(db);
      expect(copied.ids).toHaveLength(1);
      const [copy] = copied.ids;

      const pools = await poolsOf(db, copy);
      expect(pools.map((p) => [p.event_wide, p.size, p.taken])).toEqual([
        [true, 8, 0],
        [false, 6, 0],
        [false, 4, 0],
      ]);
      const options = await db.query<{ label: string; pool_id: string }>(
        `select name as label, pool_id from public.ticket_types where event_id = $1
         union all select slot_label, pool_id from public.rsvp_slots where event_id = $1 order by 1`,
        [copy],
      );
      const poolOfLabel = Object.fromEntries(options.rows.map((o) => [o.label, o.pool_id]));
      expect(Object.keys(poolOfLabel).sort()).toEqual(['6:00pm', 'Dinner', 'Wine']);
      expect(poolOfLabel.Dinner).toBe(pools[1].pool_id);
      expect(poolOfLabel.Wine).toBe(pools[1].pool_id);
      expect(poolOfLabel['6:00pm']).toBe(pools[2].pool_id);
      expect(await one(db, 'select count(*)::int as n from public.reservations where event_id = $1', [copy])).toEqual({ n: 0 });
      // The original keeps its own pools and its booking.
      expect((await poolsOf(db, event)).map((p) => [p.event_wide, p.size, p.taken])).toEqual([
        [true, 8, 2],
        [false, 6, 2],
        [false, 4, 0],
      ]);
      expect(pools.map((p) => p.pool_id)).not.toContain(shared);
    }));
});
