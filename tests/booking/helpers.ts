/**
 * Booking test helpers: a database pool as the service role would act, fixtures that
 * create their own organization / events / ticket types / slots / promo codes (so tests
 * never disturb the seed or each other), and calls to the edge functions through the gateway.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startFunctionsRunner, type RunningFunctions } from '../../stack/functions-runner.ts';
import { startGateway } from '../../stack/gateway/server.ts';
import { freePort } from '../../stack/ports.ts';
import { readFunctionVerifyJwt } from '../../stack/stack.ts';
import { stackEnv } from '../support/stack-env.ts';

/** Square sandbox nonces honoured by the local test processor. */
export const CARD = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  cvv: 'cnon:card-nonce-rejected-cvv',
  postal: 'cnon:card-nonce-rejected-postalcode',
  expiration: 'cnon:card-nonce-rejected-expiration',
} as const;

export function usePool(max = 6): () => pg.Pool {
  let pool: pg.Pool | undefined;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: stackEnv().dbUrl, max });
  });
  afterAll(async () => {
    await pool?.end();
  });
  return () => {
    if (!pool) throw new Error('The database pool is not open yet');
    return pool;
  };
}

export async function one<T = Record<string, unknown>>(pool: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await pool.query(sql, params);
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}: ${sql}`);
  return rows[0] as T;
}

/** Runs a SQL function as the service role (as PostgREST would for the edge functions). */
export async function asService<T = unknown>(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local role service_role');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const { rows } = await client.query(sql, params);
    await client.query('commit');
    return rows[0] ? (Object.values(rows[0])[0] as T) : (undefined as T);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface TestOrg {
  id: string;
  slug: string;
}

export async function createOrg(pool: pg.Pool, options: { reservationMode?: 'reservations' | 'rsvp' } = {}): Promise<TestOrg> {
  const slug = `booking-test-${randomUUID().slice(0, 8)}`;
  const org = await one<{ id: string }>(pool, `insert into public.organizations (name, slug) values ($1, $2) returning id`, [`Booking Test ${slug.slice(-8)}`, slug]);
  await pool.query(`insert into public.org_branding (org_id, brand_name, reservation_mode) values ($1, $2, $3)`, [org.id, `Booking Test Kitchen`, options.reservationMode ?? 'reservations']);
  return { id: org.id, slug };
}

export async function createEvent(pool: pg.Pool, orgId: string, fields: Partial<{
  title: string; daysAhead: number; eventTime: string; maxGuests: number | null; rsvpMode: boolean; rsvpOpen: boolean;
  depositAmount: number | null; timezone: string; isActive: boolean;
  /** Move the date forward to this ISO weekday (7 = Sunday), e.g. the supper club's nights. */
  isoWeekday: number;
}> = {}): Promise<string> {
  const row = await one<{ id: string }>(pool, `
    insert into public.events (org_id, title, date, event_time, event_timezone, max_guests, location_name, location_address,
                               is_active, rsvp_mode, rsvp_open, deposit_amount)
    values ($1, $2,
            current_date + $3::int + coalesce(($11::int - extract(isodow from current_date + $3::int)::int + 7) % 7, 0),
            $4, $5, $6, 'Test Kitchen', '1 Test St, Brooklyn, NY', $7, $8, $9, $10)
    returning id`, [
    orgId, fields.title ?? 'Test Dinner', fields.daysAhead ?? 30, fields.eventTime ?? '19:00', fields.timezone ?? 'America/New_York',
    fields.maxGuests === undefined ? null : fields.maxGuests, fields.isActive ?? true, fields.rsvpMode ?? false, fields.rsvpOpen ?? false,
    fields.depositAmount === undefined ? null : fields.depositAmount, fields.isoWeekday ?? null,
  ]);
  return row.id;
}

export async function createTicketType(pool: pg.Pool, eventId: string, name: string, price: number, quantity: number): Promise<string> {
  return (await one<{ id: string }>(pool, `insert into public.ticket_types (event_id, name, price, quantity) values ($1, $2, $3, $4) returning id`, [eventId, name, price, quantity])).id;
}

export async function createSlot(pool: pg.Pool, eventId: string, label: string, time: string, capacity: number, active = true): Promise<string> {
  return (await one<{ id: string }>(pool, `
    insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active)
    values ($1, $2, $3, $4, 0, $5) returning id`, [eventId, time, label, capacity, active])).id;
}

export async function createPromo(pool: pg.Pool, orgId: string, code: string, type: 'percent' | 'fixed', amount: number, options: { maxUses?: number | null; timesRedeemed?: number; active?: boolean } = {}): Promise<string> {
  return (await one<{ id: string }>(pool, `
    insert into public.promo_codes (org_id, code, discount_type, discount_amount, times_redeemed, max_uses, active)
    values ($1, $2, $3, $4, $5, $6, $7) returning id`,
  [orgId, code, type, amount, options.timesRedeemed ?? 0, options.maxUses ?? null, options.active ?? true])).id;
}

export async function ticketQuantity(pool: pg.Pool, ticketTypeId: string): Promise<number> {
  return (await one<{ quantity: number }>(pool, `select quantity from public.ticket_types where id = $1`, [ticketTypeId])).quantity;
}

export async function slotTaken(pool: pg.Pool, slotId: string): Promise<number> {
  return (await one<{ current_rsvps: number }>(pool, `select current_rsvps from public.rsvp_slots where id = $1`, [slotId])).current_rsvps;
}

export async function reservationsOf(pool: pg.Pool, eventId: string) {
  const { rows } = await pool.query(`select * from public.reservations where event_id = $1 order by created_at`, [eventId]);
  return rows as Record<string, any>[];
}

export async function chargesFor(pool: pg.Pool, reservationIds: string[]) {
  const { rows } = await pool.query(`select * from public.test_processor_payments where reference_id = any($1::text[]) order by created_at`, [reservationIds]);
  return rows as Record<string, any>[];
}

export interface FunctionAnswer {
  status: number;
  body: any;
}

/** POSTs to an edge function through the gateway, as the browser's supabase-js does. */
export async function callFunction(name: string, body: unknown, init: { raw?: string; method?: string; apiUrl?: string } = {}): Promise<FunctionAnswer> {
  const env = stackEnv();
  const res = await fetch(`${init.apiUrl ?? env.apiUrl}/functions/v1/${name}`, {
    method: init.method ?? 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}`, 'Content-Type': 'application/json' },
    body: init.method === 'GET' ? undefined : init.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

export const guest = (n: number | string = 1) => ({
  name: `Guest ${n}`,
  email: `guest-${n}-${randomUUID().slice(0, 6)}@example.com`,
  phone: '+1 555 0100',
});

/** A supper on a Sunday `daysAhead` days out, with two seatings of 20 ('5:30pm', '8:00pm'). */
export async function createSupper(pool: pg.Pool, orgId: string, daysAhead: number): Promise<{ eventId: string; early: string; late: string }> {
  const eventId = await createEvent(pool, orgId, { title: 'Supper Club Test', daysAhead, eventTime: '17:30', maxGuests: 40, isoWeekday: 7 });
  return {
    eventId,
    early: await createSlot(pool, eventId, '5:30pm', '17:30', 20),
    late: await createSlot(pool, eventId, '8:00pm', '20:00', 20),
  };
}

export interface SupperClubStack {
  /** Gateway URL whose functions are the same sources, with the supper club set to `org`. */
  apiUrl: string;
  org: TestOrg;
}

/**
 * The supper-club functions book only the supper club's organization ('magnolia'). So that
 * these tests never change the real supper club's public page under other test files, they
 * run the same function sources in a second Deno runner with SUPPER_CLUB_ORG_SLUG set to an
 * organization of their own, behind a second gateway on the same database.
 */
export function useSupperClubStack(pool: () => pg.Pool): () => SupperClubStack {
  let stack: SupperClubStack | undefined;
  let runner: RunningFunctions | undefined;
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  beforeAll(async () => {
    const env = stackEnv();
    const org = await createOrg(pool());
    runner = await startFunctionsRunner({
      port: await freePort(),
      env: {
        SUPABASE_URL: env.apiUrl,
        SUPABASE_ANON_KEY: env.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
        SUPABASE_DB_URL: env.dbUrl,
        SUPPER_CLUB_ORG_SLUG: org.slug,
      },
    });
    gateway = await startGateway({
      dbUrl: env.dbUrl,
      port: await freePort(),
      jwtSecret: env.jwtSecret,
      anonKey: env.anonKey,
      serviceRoleKey: env.serviceRoleKey,
      functionsUrl: runner.url,
      siteUrl: env.siteUrl,
      functionVerifyJwt: readFunctionVerifyJwt(),
    });
    stack = { apiUrl: gateway.url, org };
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await runner?.stop();
  });
  return () => {
    if (!stack) throw new Error('The supper club stack is not running yet');
    return stack;
  };
}
