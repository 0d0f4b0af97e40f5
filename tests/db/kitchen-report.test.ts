/**
 * The kitchen report (supabase/schemas/079_kitchen_report.sql): counts per ticket type, allergen
 * and dietary need from the confirmed bookings' seats, every seat grouped by party; members
 * only; emailed to every member once due on the dinner's day, and again only when it changed.
 * Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { ALLERGENS } from '../../supabase/functions/_shared/allergens.ts';
import { actAs, actAsOwner, bookParty, expectError, makeTicketedEvent, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

const claimSeat = (db: pg.PoolClient, party: string, seatNo: number, name: string, allergens: string[], notes: string | null = null) =>
  db.query(
    `select public.claim_seat(public.link_token_of('seat', s.id), $3, $4, $5, $6)
     from public.reservation_seats s where s.reservation_id = $1 and s.seat_no = $2`,
    [party, seatNo, name, `${name.split(' ')[0].toLowerCase()}@example.com`, allergens, notes],
  );

const report = async (db: pg.PoolClient, event: string) =>
  (
    await db.query<{ section: string; label: string; guests: number; party: string | null; seat_no: number | null; allergens: string[] | null }>(
      'select section, label, guests, party, seat_no, allergens from public.staff_kitchen_report($1)',
      [event],
    )
  ).rows;

/** Ada's party of 3 (two seats claimed), Bob's party of 2, and a cancelled party that counts for nothing. */
async function dinnerWithGuests(db: pg.PoolClient, event: string, ticket: string) {
  const ada = await bookParty(db, event, ticket, 'Ada Lovelace', 3, { dietary: 'Celebrating a birthday' });
  const bob = await bookParty(db, event, ticket, 'Bob Kahn', 2);
  const gone = await bookParty(db, event, ticket, 'Gone Guest', 4);
  await db.query(`update public.reservations set status = 'cancelled', cancelled_at = now() where id = $1`, [gone]);
  await claimSeat(db, ada, 1, 'Ada Lovelace', ['milk'], 'Vegetarian');
  await claimSeat(db, ada, 2, 'Grace Hopper', ['sesame', 'milk'], 'vegetarian ');
  await claimSeat(db, bob, 2, 'Vint Cerf', ['peanuts']);
  return { ada, bob };
}

/** Add-ons of the event (made when new, by name) taken by parties: [party, name, per, quantity]. */
async function giveAddons(db: pg.PoolClient, event: string, taken: [string, string, 'guest' | 'booking', number][]) {
  for (const [party, name, per, quantity] of taken) {
    await db.query(
      `with a as (
         insert into public.event_addons (event_id, name, price_cents, per)
         select $1, $2, 2500, $3 where not exists (select 1 from public.event_addons where event_id = $1 and name = $2)
         returning id)
       insert into public.reservation_addons (reservation_id, addon_id, quantity, unit_price_cents)
       select $4, coalesce((select id from a), (select id from public.event_addons where event_id = $1 and name = $2)), $5, 2500`,
      [event, name, per, party, quantity],
    );
  }
}

describe('the kitchen report', () => {
  it('labels the allergens in the email as the pages do', () =>
    rolledBack(pool(), async (db) => {
      const { rows } = await db.query<{ key: string; label: string }>(
        'select k as key, public.allergen_label(k) as label from unnest(public.allergen_keys()) k',
      );
      expect(rows).toEqual(ALLERGENS.map(({ key, label }) => ({ key, label })));
    }));

  it('counts guests, allergens and needs of the confirmed bookings, and lists every seat by party', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Kitchen Test');
      const { ada, bob } = await dinnerWithGuests(db, event, ticket);
      const gone = (await one<{ id: string }>(db, `select id from public.reservations where event_id = $1 and status = 'cancelled'`, [event])).id;
      await giveAddons(db, event, [
        [ada, 'Wine pairing', 'guest', 2],
        [bob, 'Wine pairing', 'guest', 2],
        [bob, 'Corkage', 'booking', 1],
        // A cancelled party's add-ons are not cooked for.
        [gone, 'Cheese course', 'guest', 4],
      ]);
      await actAs(db, 'memberA');
      const lines = await report(db, event);
      const section = (name: string) => lines.filter((l) => l.section === name).map((l) => [l.label, l.guests]);
      expect(section('ticket')).toEqual([['Dinner', 5]]);
      expect(section('addon')).toEqual([
        ['Wine pairing', 4],
        ['Corkage', 1],
      ]);
      expect(lines.map((l) => l.section).indexOf('addon')).toBe(1);
      expect(section('allergen')).toEqual([
        ['milk', 2],
        ['peanuts', 1],
        ['sesame', 1],
      ]);
      expect(section('need')).toEqual([['Vegetarian', 2]]);
      expect(lines.filter((l) => l.section === 'guest').map((l) => [l.party?.split(' · ')[0], l.seat_no, l.label, l.allergens])).toEqual([
        ['Ada Lovelace', 1, 'Ada Lovelace', ['milk']],
        ['Ada Lovelace', 2, 'Grace Hopper', ['milk', 'sesame']],
        ['Ada Lovelace', 3, 'Guest of Ada Lovelace', []],
        ['Bob Kahn', 1, 'Bob Kahn', []],
        ['Bob Kahn', 2, 'Vint Cerf', ['peanuts']],
      ]);

      await actAs(db, 'memberB');
      await expectError(db, 'select * from public.staff_kitchen_report($1)', [event], 'SH403');
      await actAs(db, 'visitor');
      await expectError(db, 'select * from public.staff_kitchen_report($1)', [event], '42501');
    }));

  it('is emailed to every member once it is due, and again only when something changed', () =>
    rolledBack(pool(), async (db) => {
      // A dinner at 23:00 today, in a US timezone where it is between 01:00 and 22:00 now.
      const { event, ticket } = await makeTicketedEvent(db, 'Kitchen Mail');
      await db.query(
        `update public.events set event_timezone = z, date = (now() at time zone z)::date, event_time = '23:00'
         from (select z from unnest(array['America/New_York', 'America/Los_Angeles']) z
               where extract(hour from now() at time zone z) between 1 and 21 limit 1) zone
         where id = $1`,
        [event],
      );
      const { ada, bob } = await dinnerWithGuests(db, event, ticket);
      await giveAddons(db, event, [[ada, 'Wine pairing', 'guest', 3]]);
      await giveAddons(db, event, [[bob, 'Corkage', 'booking', 1]]);
      const mails = async () =>
        (
          await db.query<{ to_email: string; subject: string; body_text: string }>(
            `select to_email, subject, body_text from public.email_outbox where kind = 'kitchen_report' and body_text like '%' || $1 || '%' order by id`,
            [`/admin/events/${event}/kitchen`],
          )
        ).rows;
      const members = (await one<{ n: number }>(db, 'select count(*)::int as n from public.user_memberships where org_id = $1', [ORG.eatathome])).n;
      expect(members).toBeGreaterThan(0);

      // Not yet: the host wants it at 22:30.
      await actAs(db, 'memberA');
      await db.query(`select public.staff_set_kitchen_report_time($1, '22:30')`, [event]);
      await actAsOwner(db);
      await db.query('select public.enqueue_kitchen_reports()');
      expect(await mails()).toEqual([]);

      // Due since midnight: one email per member, with the counts and the guests.
      await db.query(`update public.kitchen_reports set send_at = '00:00' where event_id = $1`, [event]);
      await db.query('select public.enqueue_kitchen_reports()');
      const first = await mails();
      expect(first).toHaveLength(members);
      expect(first[0].subject).toMatch(/^Kitchen report: Kitchen Mail, /);
      expect(first[0].body_text).toContain('  Dinner: 5\n\nAdd-ons\n  Wine pairing: 3\n  Corkage: 1\n\nAllergens');
      expect(first[0].body_text).toContain('  Milk: 2');
      expect(first[0].body_text).toContain('  Vegetarian: 2');
      expect(first[0].body_text).toContain('    Grace Hopper: Milk, Sesame; vegetarian');
      expect(first[0].body_text).toContain('    Party note: Celebrating a birthday');

      // Nothing changed: nothing more is sent.
      await db.query('select public.enqueue_kitchen_reports()');
      expect(await mails()).toHaveLength(members);

      // A guest adds an allergy: the report goes out again, saying it is an update.
      await claimSeat(db, ada, 3, 'Mary Shelley', ['fish']);
      await db.query('select public.enqueue_kitchen_reports()');
      const all = await mails();
      expect(all).toHaveLength(2 * members);
      const updates = all.filter((m) => m.subject.startsWith('Updated kitchen report: Kitchen Mail'));
      expect(updates).toHaveLength(members);
      expect(updates[0].body_text).toContain('    Mary Shelley: Fish');
    }));
});
