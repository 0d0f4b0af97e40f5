/**
 * Database test helpers: connect to the test database, and run statements as
 * one of the actors (visitor, member of A, member of B, super admin, service
 * role) inside a transaction that is always rolled back, the way PostgREST
 * runs a request (`set local role` + `request.jwt.claims`).
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../../stack/postgres.ts';
import { one, usePool } from '../support/db.ts';
import { ORG, USER } from '../support/seed.ts';
import { stackEnv } from '../support/stack-env.ts';

export { one } from '../support/db.ts';
export { eatathomeEvent, gardenEvent, magnoliaEvent, ORG, USER } from '../support/seed.ts';

export type Actor = 'visitor' | 'memberA' | 'memberB' | 'superAdmin' | 'service';

const authenticated = (sub: string, email: string) => ({
  role: 'authenticated',
  claims: { sub, email, role: 'authenticated', aud: 'authenticated' },
});

/** Org A is Eat At Home, org B is Magnolia. */
export const ACTORS: Record<Actor, { role: string; claims: Record<string, unknown>; label: string }> = {
  visitor: { role: 'anon', claims: { role: 'anon' }, label: 'a visitor' },
  memberA: { ...authenticated(USER.eatathomeOwner, 'owner@eatathome.test'), label: 'a member of Eat At Home' },
  memberB: { ...authenticated(USER.magnoliaOwner, 'owner@magnolia.test'), label: 'a member of Magnolia' },
  superAdmin: { ...authenticated(USER.superAdmin, 'admin@supperhost.test'), label: 'the super admin' },
  service: { role: 'service_role', claims: { role: 'service_role' }, label: 'the service role' },
};

/** The file's pool to the test database (tests/support/db.ts), closed after the file's tests. */
export function useDatabase(): () => pg.Pool {
  return usePool(4);
}

/**
 * A database of its own on the test cluster for the file's (or the describe's) tests: created
 * empty, handed to `prepare` (its URL) before them and dropped after them. The getter gives its
 * URL. What `prepare` connects must be closed in an afterAll registered after this call (those
 * run first).
 */
export function useScratchDatabase(prefix: string, prepare: (url: string) => Promise<unknown>, timeout = 180_000): () => string {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  let admin: pg.Client | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: stackEnv().dbUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const at = new URL(stackEnv().dbUrl);
    at.pathname = `/${name}`;
    await prepare(at.toString());
    url = at.toString();
  }, timeout);
  afterAll(async () => {
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });
  return () => {
    if (!url) throw new Error(`The database ${name} is not ready yet`);
    return url;
  };
}

/**
 * A database of its own, built with the CLI's `db push` as `migrate` does (`seed`; `local`
 * false: the deployed schema alone, without the local test processor).
 */
export const useOwnDatabase = (prefix: string, opts: { seed: boolean; local?: boolean }) => useScratchDatabase(prefix, (url) => migrate(url, opts));

/** The deployed schema alone (the migrations, no seed, no local test processor), in a database of its own. */
export const useMigratedDatabase = (prefix: string) => useOwnDatabase(prefix, { seed: false, local: false });

/**
 * A database of its own, freshly migrated and seeded, on the test cluster: for tests
 * of what the seed itself contains, which other test files (sharing the main database)
 * would otherwise disturb.
 */
export function useFreshSeededDatabase(): () => pg.Pool {
  const url = useOwnDatabase('seed_check', { seed: true });
  let pool: pg.Pool | undefined;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url(), max: 4 });
    // Dropping the database at the end terminates connections still closing.
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool?.end();
  });
  return () => {
    if (!pool) throw new Error('The database pool is not open yet');
    return pool;
  };
}

/** Runs `work` in a transaction that is always rolled back. */
export async function rolledBack<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query('begin');
    return await work(db);
  } finally {
    await db.query('rollback').catch(() => undefined);
    db.release();
  }
}

/** Switches the current transaction to the actor's role and JWT claims. */
export async function actAs(db: pg.PoolClient, actor: Actor | { role: string; claims: Record<string, unknown> }) {
  const who = typeof actor === 'string' ? ACTORS[actor] : actor;
  await db.query(`set local role ${pg.escapeIdentifier(who.role)}`);
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(who.claims)]);
}

/** Back to the database owner (for setup and checks between actor steps). */
export async function actAsOwner(db: pg.PoolClient) {
  await db.query('reset role');
  await db.query(`select set_config('request.jwt.claims', '', true)`);
}

/** Runs a statement inside a savepoint and returns its error (or null) without aborting the transaction. */
export async function attempt(
  db: pg.PoolClient,
  sql: string,
  params: unknown[] = [],
): Promise<{ error: (Error & { code?: string }) | null; result: pg.QueryResult | null }> {
  await db.query('savepoint attempt');
  try {
    const result = await db.query(sql, params);
    await db.query('release savepoint attempt');
    return { error: null, result };
  } catch (error) {
    await db.query('rollback to savepoint attempt');
    return { error: error as Error & { code?: string }, result: null };
  }
}

/** Asserts that `sql` fails with SQLSTATE `code` (and, optionally, a message matching `message`). */
export async function expectError(db: pg.PoolClient, sql: string, params: unknown[], code: string, message?: RegExp) {
  const { error } = await attempt(db, sql, params);
  if (!error) throw new Error(`Expected SQLSTATE ${code}, but the statement succeeded:\n${sql}`);
  if (error.code !== code) throw new Error(`Expected SQLSTATE ${code}, got ${error.code}: ${error.message}\n${sql}`);
  if (message && !message.test(error.message)) throw new Error(`Expected a message matching ${message}, got: ${error.message}`);
  return error;
}

/** A fresh event of Eat At Home (so the figures are only the test's own) with one ticket type: Dinner, $50, 50 of them. */
export async function makeTicketedEvent(db: pg.PoolClient, title: string): Promise<{ event: string; ticket: string }> {
  const event = await one<{ id: string }>(
    db,
    `insert into public.events (org_id, title, date, event_time) values ($1, $2, current_date + 20, '19:00') returning id`,
    [ORG.eatathome, title],
  );
  const ticket = await one<{ id: string }>(
    db,
    `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Dinner', 5000, public.new_capacity_pool($1, 50)) returning id`,
    [event.id],
  );
  return { event: event.id, ticket: ticket.id };
}

interface PartyOptions {
  /** 'confirmed' unless told; a 'held' party holds for 15 minutes. */
  status?: string;
  /** An RSVP slot instead of the ticket type. */
  slot?: string;
  dietary?: string;
}

/** A reservation of an Eat At Home event as the service would insert it, named `name` (its email made from the name). */
export async function bookParty(db: pg.PoolClient, event: string, ticket: string, name: string, guests: number, options: PartyOptions = {}) {
  const { status = 'confirmed', slot = null, dietary = null } = options;
  const party = await one<{ id: string }>(
    db,
    `insert into public.reservations (org_id, event_id, ticket_type_id, rsvp_slot_id, name, email, num_guests, status, dietary_restrictions, hold_expires_at)
     values ($1, $2, $3, $4, $5, lower(replace($5, ' ', '.')) || '@example.com', $6, $7, $8,
             case when $7 = 'held' then now() + interval '15 minutes' end)
     returning id`,
    [ORG.eatathome, event, slot ? null : ticket, slot, name, guests, status, dietary],
  );
  return party.id;
}

/**
 * A fresh event of Eat At Home (makeTicketedEvent) with a confirmed party booked for each of
 * `parties` (name → guests, in order): the event, its ticket type and the parties' ids.
 */
export async function eventWithParties(db: pg.PoolClient, title: string, parties: Record<string, number>) {
  const { event, ticket } = await makeTicketedEvent(db, title);
  const ids: string[] = [];
  for (const [name, guests] of Object.entries(parties)) ids.push(await bookParty(db, event, ticket, name, guests));
  return { event, ticket, ids };
}

/** What a race gets: a committed organization and event of its own, and connections to book them from at once. */
export interface Race {
  admin: pg.Client;
  orgId: string;
  eventId: string;
  clients: pg.Client[];
}

/**
 * Runs `run` with an organization and an event (`title`, a week out) committed on a connection
 * of its own (concurrent connections must see them, so nothing is rolled back) and `connections`
 * more connections to book from at once; then closes them and deletes the organization.
 */
export async function withRace<T>(title: string, connections: number, run: (race: Race) => Promise<T>): Promise<T> {
  const { dbUrl } = stackEnv();
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  const slug = `race-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const clients: pg.Client[] = [];
  try {
    const org = await admin.query<{ id: string }>(`insert into public.organizations (name, slug) values ($1, $2) returning id`, [
      `${title} Kitchen`,
      slug,
    ]);
    const event = await admin.query<{ id: string }>(
      `insert into public.events (org_id, title, date, event_time) values ($1, $2, current_date + 7, '19:00') returning id`,
      [org.rows[0].id, title],
    );
    for (let i = 0; i < connections; i += 1) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      clients.push(c);
    }
    return await run({ admin, orgId: org.rows[0].id, eventId: event.rows[0].id, clients });
  } finally {
    await Promise.all(clients.map((c) => c.end()));
    await admin.query(`delete from public.reservations where org_id = (select id from public.organizations where slug = $1)`, [slug]);
    await admin.query(`delete from public.organizations where slug = $1`, [slug]);
    await admin.end();
  }
}
