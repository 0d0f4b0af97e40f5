/**
 * The event overview's arrivals (staff_event_overview, supabase/schemas/100_admin_tools.sql):
 * totals.checked_in_guests and totals.checked_in_parties count confirmed reservations only (a
 * party checked in and then cancelled, or a hold, is not counted).
 * Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, bookParty, eventWithParties, expectError, makeTicketedEvent, one, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

const overview = async (db: pg.PoolClient, event: string) => one<any>(db, 'select * from public.staff_event_overview($1)', [event]);
const totalsOf = (r: any) => ({
  parties: r.parties,
  guests: r.guests,
  held_guests: r.held_guests,
  cancelled: r.cancelled,
  discounts_cents: r.discounts_cents,
  checked_in_guests: r.checked_in_guests,
  checked_in_parties: r.checked_in_parties,
});

describe('staff_event_overview: arrivals', () => {
  it('counts checked-in guests and parties of confirmed reservations only', () =>
    rolledBack(pool(), async (db) => {
      const {
        event,
        ticket,
        ids: [ada, , alan, barbara],
      } = await eventWithParties(db, 'Overview Test', { 'Ada Lovelace': 4, 'Grace Hopper': 2, 'Alan Turing': 1, 'Barbara Liskov': 2 });
      const held = await bookParty(db, event, ticket, 'Held Party', 3, { status: 'held' });

      await actAs(db, 'memberA');
      expect(totalsOf(await overview(db, event))).toMatchObject({ parties: 4, guests: 9, checked_in_guests: 0, checked_in_parties: 0 });
      await db.query('select public.staff_check_in($1, 3)', [ada]);
      await db.query('select public.staff_check_in($1, 1)', [alan]);
      await db.query('select public.staff_check_in($1, 2)', [barbara]);
      expect(totalsOf(await overview(db, event))).toMatchObject({ parties: 4, guests: 9, checked_in_guests: 6, checked_in_parties: 3 });

      // Barbara's party arrived, then was cancelled; a hold carries an arrival count (written by the owner):
      // neither is expected any more, so neither counts as arrived.
      await actAsOwner(db);
      await db.query(`update public.reservations set status = 'cancelled' where id = $1`, [barbara]);
      await db.query('update public.reservations set checked_in_guests = 1 where id = $1', [held]);
      expect((await one<{ n: number }>(db, 'select checked_in_guests as n from public.reservations where id = $1', [barbara])).n).toBe(2);
      await actAs(db, 'memberA');
      const r = await overview(db, event);
      expect(totalsOf(r)).toEqual({
        parties: 3,
        guests: 7,
        held_guests: 3,
        cancelled: 1,
        discounts_cents: 0,
        checked_in_guests: 4,
        checked_in_parties: 2,
      });
      expect(r).toMatchObject({ id: event, gross_cents: 0, refunded_cents: 0, pending_refund_cents: 0, comp_cents: 0, net_cents: 0 });
      expect(await db.query('select * from public.staff_option_sales($1)', [event]).then((x) => x.rows)).toEqual([
        {
          id: ticket,
          kind: 'ticket_type',
          label: 'Dinner',
          price: 5000,
          slot_time: null,
          is_active: null,
          sold: 7,
          held: 3,
          remaining: 40,
          capacity: 50,
          available: 40,
        },
      ]);
    }));

  it('is still refused to members of another organization', () =>
    rolledBack(pool(), async (db) => {
      const { event } = await makeTicketedEvent(db, 'Overview Test');
      await actAs(db, 'memberB');
      await expectError(db, 'select public.staff_event_overview($1)', [event], 'SH403', /You can only see events of your own organization/);
    }));
});
