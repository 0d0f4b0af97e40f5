/**
 * The deploy that turned the capacity counters into pools (migration …_capacity_pools.sql), run
 * as `supabase db push` runs it on a project that already sells: a database built from the
 * migrations before it, holding bookings that took seats through the old counters, is then
 * pushed to the end. Every ticket type, slot and event cap must keep its capacity, and every
 * count a page reads must be what it was: no seat sold twice, none lost.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles } from '../../stack/postgres.ts';
import { useScratchDatabase } from './helpers.ts';

const POOLS_MIGRATION = '20261206700005';

interface Availability {
  available_seats: number;
  total_available: number;
  max_guests: number | null;
  ticket_types: { name: string; quantity: number }[];
  rsvp_slots: { slot_label: string; max_capacity: number; current_rsvps: number; available_spots: number }[];
}

/** What the public view says of an event, in a form both schemas answer alike. */
async function availability(client: pg.Client, eventId: string): Promise<Availability> {
  const { rows } = await client.query<Availability>(
    `select available_seats, total_available, max_guests,
       (select coalesce(json_agg(json_build_object('name', t.name, 'quantity', t.quantity) order by t.name), '[]') from unnest(ticket_types) t) as ticket_types,
       (select coalesce(json_agg(json_build_object('slot_label', s.slot_label, 'max_capacity', s.max_capacity,
          'current_rsvps', s.current_rsvps, 'available_spots', s.available_spots) order by s.slot_label), '[]') from unnest(rsvp_slots) s) as rsvp_slots
     from public.events_with_availability where id = $1`,
    [eventId],
  );
  return rows[0];
}

describe('the capacity pools migration on a database that already sells', () => {
  let client: pg.Client;
  const ids: Record<string, string> = {};
  const before: Record<string, Availability> = {};

  useScratchDatabase(
    'pools_migration',
    async (url) => {
      // The history up to the counters' last day.
      const workdir = mkdtempSync(join(tmpdir(), 'supperhost-pools-'));
      try {
        const dir = join(workdir, 'supabase', 'migrations');
        mkdirSync(dir, { recursive: true });
        for (const m of migrationFiles().filter((f) => f.version < POOLS_MIGRATION)) {
          writeFileSync(join(dir, basename(m.path)), readFileSync(m.path));
        }
        await migrate(url, { seed: false, local: false, workdir });
      } finally {
        rmSync(workdir, { recursive: true, force: true });
      }

      client = new pg.Client({ connectionString: url });
      await client.connect();
      const q = async (sql: string, params: unknown[] = []) => (await client.query<{ id: string }>(sql, params)).rows[0]?.id;
      const org = await q(`insert into public.organizations (name, slug) values ('Counter Kitchen', 'counter-kitchen') returning id`);
      // A ticketed dinner with a cap of 12: 10 "Dinner" tickets and 4 "Counter" seats.
      ids.tickets = await q(
        `insert into public.events (org_id, title, date, event_time, max_guests) values ($1, 'Ticketed', current_date + 10, '19:00', 12) returning id`,
        [org],
      );
      ids.dinner = await q(`insert into public.ticket_types (event_id, name, price, quantity) values ($1, 'Dinner', 5000, 10) returning id`, [
        ids.tickets,
      ]);
      ids.counter = await q(`insert into public.ticket_types (event_id, name, price, quantity) values ($1, 'Counter', 9000, 4) returning id`, [
        ids.tickets,
      ]);
      // An RSVP dinner without a cap: slots of 8 and 6.
      ids.rsvp = await q(
        `insert into public.events (org_id, title, date, event_time, rsvp_mode, rsvp_open, deposit_amount) values ($1, 'RSVP', current_date + 11, '18:00', true, true, 500) returning id`,
        [org],
      );
      ids.early = await q(
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active) values ($1, '18:00', '6:00pm', 8, 0, true) returning id`,
        [ids.rsvp],
      );
      ids.late = await q(
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active) values ($1, '20:00', '8:00pm', 6, 0, true) returning id`,
        [ids.rsvp],
      );
      // Bookings through the old counters: confirmed, a live hold, an abandoned hold, a cancellation.
      const book = (event: string, option: Record<string, string>, guests: number, status: string, expires: string | null) =>
        client.query(
          `insert into public.reservations (org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, num_guests, amount_cents, status, hold_expires_at)
         values ($1, $2, $3, $4, 'Guest', 'guest@example.com', $5, 0, $6, $7::timestamptz)`,
          [org, event, option.ticket ?? null, option.slot ?? null, guests, status, expires],
        );
      const soon = new Date(Date.now() + 10 * 60_000).toISOString();
      await book(ids.tickets, { ticket: ids.dinner }, 3, 'confirmed', null);
      await book(ids.tickets, { ticket: ids.dinner }, 2, 'held', soon);
      await book(ids.tickets, { ticket: ids.counter }, 1, 'confirmed', null);
      await book(ids.rsvp, { slot: ids.early }, 4, 'confirmed', null);
      await book(ids.rsvp, { slot: ids.late }, 2, 'held', soon);
      await book(ids.rsvp, { slot: ids.late }, 3, 'confirmed', null);
      await client.query(`update public.reservations set status = 'cancelled' where event_id = $1 and num_guests = 3`, [ids.rsvp]);
      // An abandoned hold: taken by the counters when written, its expiry then passed.
      await book(ids.tickets, { ticket: ids.dinner }, 2, 'held', soon);
      await client.query(
        `update public.reservations set hold_expires_at = now() - interval '1 minute' where event_id = $1 and status = 'held' and num_guests = 2 and created_at = (select max(created_at) from public.reservations where event_id = $1)`,
        [ids.tickets],
      );
      before.tickets = await availability(client, ids.tickets);
      before.rsvp = await availability(client, ids.rsvp);

      // The deploy: every migration from the pools one on.
      await migrate(url, { seed: false, local: false });
    },
    300_000,
  );

  afterAll(async () => {
    await client?.end();
  });

  it('gives each ticket type, slot and event cap a pool of its capacity', async () => {
    const { rows } = await client.query(
      `select p.id, p.event_id, p.size, p.event_wide from public.capacity_pools p
       join public.events e on e.id = p.event_id order by e.title, p.event_wide, p.size`,
    );
    expect(rows).toEqual([
      { id: ids.late, event_id: ids.rsvp, size: 6, event_wide: false },
      { id: ids.early, event_id: ids.rsvp, size: 8, event_wide: false },
      // "Tickets in all": what remained plus every seat the counter held (sold, held, abandoned).
      { id: ids.counter, event_id: ids.tickets, size: 4, event_wide: false },
      { id: ids.dinner, event_id: ids.tickets, size: 10, event_wide: false },
      { id: ids.tickets, event_id: ids.tickets, size: 12, event_wide: true },
    ]);
    const owners = await client.query(`select id, pool_id from public.ticket_types union all select id, pool_id from public.rsvp_slots order by 1`);
    for (const row of owners.rows) expect(row.pool_id).toBe(row.id);
  });

  it('answers every public count as before', async () => {
    expect(before.tickets).toMatchObject({
      max_guests: 12,
      ticket_types: [
        { name: 'Counter', quantity: 3 },
        { name: 'Dinner', quantity: 5 },
      ],
    });
    expect(await availability(client, ids.tickets)).toEqual(before.tickets);
    expect(before.rsvp.rsvp_slots).toEqual([
      { slot_label: '6:00pm', max_capacity: 8, current_rsvps: 4, available_spots: 4 },
      { slot_label: '8:00pm', max_capacity: 6, current_rsvps: 2, available_spots: 4 },
    ]);
    expect(await availability(client, ids.rsvp)).toEqual(before.rsvp);
  });

  it('sells exactly what was left, then refuses', async () => {
    const org = (await client.query<{ org_id: string }>('select org_id from public.events where id = $1', [ids.tickets])).rows[0].org_id;
    const book = (guests: number) =>
      client.query(
        `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents, status)
         values ($1, $2, $3, 'Late Guest', 'late@example.com', $4, 0, 'confirmed')`,
        [org, ids.tickets, ids.dinner, guests],
      );
    await expect(book(6)).rejects.toThrow(/Only 5 tickets available for Dinner/);
    await book(5);
    await expect(book(1)).rejects.toThrow(/Only 0 tickets available for Dinner/);
  });
});
