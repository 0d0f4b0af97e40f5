/**
 * Unlisted (private) dinners (supabase/schemas/020_events.sql, 130_public_api.sql): an unlisted
 * event is left out of what visitors and other organizations may list (events, the public view,
 * ticket types), of its organization's page and of the home page; the page shows it only when
 * asked for by its id (its booking link), and a mangled link lists nothing more, without failing.
 * Members see and manage it as any other; creating, editing and repeating keep the flag.
 * Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, makeTicketedEvent, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

/** An Eat At Home dinner tomorrow (sooner than any seeded one) at $1.00 a ticket (cheaper too), unlisted. */
async function privateDinner(db: pg.PoolClient) {
  const { event, ticket } = await makeTicketedEvent(db, 'Private Supper');
  await db.query(`update public.events set date = current_date + 1, unlisted = true where id = $1`, [event]);
  await db.query(`update public.ticket_types set price = 100 where id = $1`, [ticket]);
  return { event, ticket };
}

const pageEvents = async (db: pg.PoolClient, ...args: (string | null)[]) =>
  (
    await one<{ ids: string[] }>(
      db,
      `select coalesce((select array_agg(x.id::text) from unnest(p.events) x), '{}') as ids from public.get_public_org_page(${args.map((_, i) => `$${i + 1}`).join(', ')}) p`,
      args,
    )
  ).ids;

describe('unlisted events', () => {
  it('are not listed to visitors nor to other organizations, and members see them', () =>
    rolledBack(pool(), async (db) => {
      const { event } = await privateDinner(db);
      for (const actor of ['visitor', 'memberB'] as const) {
        await actAs(db, actor);
        expect((await db.query('select 1 from public.events where id = $1', [event])).rows).toEqual([]);
        expect((await db.query('select 1 from public.events_with_availability where id = $1', [event])).rows).toEqual([]);
        expect((await db.query('select 1 from public.ticket_types where event_id = $1', [event])).rows).toEqual([]);
      }
      await actAs(db, 'memberA');
      expect((await db.query('select unlisted from public.events_with_availability where id = $1', [event])).rows).toEqual([{ unlisted: true }]);
      expect((await db.query('select 1 from public.ticket_types where event_id = $1', [event])).rows).toHaveLength(1);
    }));

  it("are on the organization's page only for their own link; a mangled link fails nothing", () =>
    rolledBack(pool(), async (db) => {
      const { event } = await privateDinner(db);
      await actAs(db, 'visitor');
      const listed = await pageEvents(db, 'eatathome');
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).not.toContain(event);
      expect(await pageEvents(db, 'eatathome', event)).toContain(event);
      expect(await pageEvents(db, 'eatathome', ` ${event.toUpperCase()} `)).toContain(event);
      expect(await pageEvents(db, 'eatathome', 'not-an-id')).toEqual(listed);
      // Another organization's page does not show it by its id.
      expect(await pageEvents(db, 'magnolia', event)).not.toContain(event);
    }));

  it('are not the next date nor the lowest price on the home page', () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      const before = await one(db, `select next_event_date::text, from_price_cents from public.list_public_hosts() where slug = 'eatathome'`);
      await actAsOwner(db);
      await privateDinner(db);
      await actAs(db, 'visitor');
      expect(await one(db, `select next_event_date::text, from_price_cents from public.list_public_hosts() where slug = 'eatathome'`)).toEqual(
        before,
      );
    }));

  it('are made, edited and repeated with the flag kept', () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'memberA');
      const { id } = await one<{ id: string }>(db, `select public.admin_create_event($1::jsonb, $2::jsonb) as id`, [
        JSON.stringify({ org_id: ORG.eatathome, title: 'Members Only Supper', date: '2027-03-01', unlisted: true }),
        JSON.stringify([{ name: 'Seat', price: 5000, quantity: 8 }]),
      ]);
      const flag = async (eventId: string) =>
        (await one<{ unlisted: boolean }>(db, 'select unlisted from public.events where id = $1', [eventId])).unlisted;
      expect(await flag(id)).toBe(true);
      const { ids } = await one<{ ids: string[] }>(db, `select public.staff_duplicate_event($1, array['2027-03-08'::date]) as ids`, [id]);
      expect(await flag(ids[0])).toBe(true);
      await db.query(`select public.admin_update_event($1, '{"unlisted": false}'::jsonb)`, [id]);
      expect(await flag(id)).toBe(false);
      await db.query(`select public.admin_update_event($1, '{"title": "Renamed Supper"}'::jsonb)`, [ids[0]]);
      expect(await flag(ids[0])).toBe(true);
    }));
});
