import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../support/stack-env';
import { sql } from '../support/db';
import { createEvent, createOrg } from '../support/fixtures';
import { useFixtureFunctions } from '../support/functions';

// Group commit for the booking path (supabase/functions/_shared/batch.ts, SQL
// run_booking_calls): holds of one event that arrive while two are in flight leave together,
// in arrival order, as one transaction; each still answers exactly as it would alone.

const fixtures = useFixtureFunctions();

interface Answer {
  data: Record<string, unknown> | null;
  error: { code: string | null; message: string; details: string | null } | null;
}
interface Call {
  /** hold_booking or confirm_booking; another name makes the database refuse the batch itself. */
  fn: string;
  args: Record<string, unknown>;
  headers?: Record<string, string>;
  key: string;
}

async function send(calls: Call[], alone: Call[] = []) {
  const res = await fetch(`${fixtures()}/rpc-batched`, { method: 'POST', body: JSON.stringify({ calls, alone }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { batched: Answer[]; alone: Answer[] };
}

const hold = (eventId: string, ticketTypeId: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): Call => ({
  fn: 'hold_booking',
  key: eventId,
  headers,
  args: {
    p_idempotency_key: randomUUID(),
    p_event_id: eventId,
    p_guests: 1,
    p_name: 'Batch Guest',
    p_email: 'batch-guest@example.com',
    p_ticket_type: ticketTypeId,
    p_has_payment_token: true,
    p_payment_source: 'cnon:card-nonce-ok',
    p_payment_provider: 'test',
    ...extra,
  },
});

/**
 * The transactions that wrote the event's reservations: the idempotency keys each wrote (sorted).
 * A reservation's created_at is its transaction's start (now()), shared by every call of a batch
 * (each call's savepoint gives its rows an xmin of their own, so xmin cannot tell).
 */
async function transactionsOf(eventId: string): Promise<string[][]> {
  const rows = await sql<{ keys: string[] }>(
    `select array_agg(idempotency_key order by idempotency_key) as keys from public.reservations where event_id = $1 group by created_at`,
    [eventId],
  );
  return rows.map((r) => r.keys);
}

/** The transaction that wrote `key`'s reservation. */
const transactionOf = (transactions: string[][], key: unknown) => transactions.find((keys) => keys.includes(key as string));

describe('holds of one event arriving together', () => {
  it('leave together as one transaction, in arrival order, each answering as it would alone', async () => {
    const org = await createOrg({ name: 'Batch Kitchen' });
    const event = await createEvent(org.id, { title: 'Batch Supper', ticketTypes: [{ name: 'Batch Seat', price: 4500, quantity: 5 }] });
    const seat = event.ticketTypes[0].id;
    const calls = Array.from({ length: 12 }, () => hold(event.id, seat));
    const { batched, alone } = await send(calls, [hold(event.id, seat)]);

    // Two go at once (nothing was in flight), the other ten wait and leave together: of those,
    // the first ones take the seats the two left, in arrival order; the rest are refused.
    const keys = calls.map((c) => c.args.p_idempotency_key as string);
    const held = batched.map((a) => a.data?.status === 'held');
    expect(held.filter(Boolean)).toHaveLength(5);
    const heldInBatch = held.slice(2).filter(Boolean).length;
    expect(heldInBatch).toBeGreaterThanOrEqual(3);
    expect(held.slice(2)).toEqual([...Array(heldInBatch).fill(true), ...Array(10 - heldInBatch).fill(false)]);
    const reservations = await sql<{ id: string; idempotency_key: string }>(
      `select id, idempotency_key from public.reservations where event_id = $1`,
      [event.id],
    );
    expect(batched.filter((a) => a.data).map((a) => a.data?.reservation_id)).toEqual(
      keys.filter((_, i) => held[i]).map((k) => reservations.find((r) => r.idempotency_key === k)?.id),
    );
    const transactions = await transactionsOf(event.id);
    expect(transactions).toHaveLength(1 + 5 - heldInBatch);
    expect(transactionOf(transactions, keys[2])).toEqual(keys.slice(2, 2 + heldInBatch).sort());

    // The seven refused answer the sold-out refusal a lone hold gets, code, message and detail.
    expect(alone[0].error).toMatchObject({ code: 'SH409', message: 'Only 0 tickets available for Batch Seat.' });
    for (const answer of batched.filter((a) => a.error)) expect(answer).toEqual(alone[0]);
    const [{ quantity }] = await sql<{ quantity: number }>(
      `select public.capacity_pool_left(pool_id) as quantity from public.ticket_types where id = $1`,
      [seat],
    );
    expect(quantity).toBe(0);
  });

  it('roll back alone when refused: bad input, a repeated key and a throttled client in the same batch', async () => {
    const org = await createOrg({ name: 'Batch Refusals' });
    const event = await createEvent(org.id, { title: 'Refusal Supper', ticketTypes: [{ name: 'Refusal Seat', price: 4500, quantity: 20 }] });
    const seat = event.ticketTypes[0].id;
    // One client has used up its promo code guesses for this event (promo_throttle_limits: 10 per 15 minutes).
    const throttled = `client-${randomUUID()}`;
    await sql(`insert into public.promo_code_misses (event_id, client_key) select $1, $2 from generate_series(1, 10)`, [event.id, throttled]);

    const first = hold(event.id, seat);
    const calls = [
      hold(event.id, seat),
      hold(event.id, seat),
      first,
      hold(event.id, seat, { p_idempotency_key: 'x'.repeat(60) }),
      hold(event.id, seat, { p_promo_code: 'GUESS' }, { 'X-SupperHost-Client': throttled }),
      hold(event.id, seat, { p_promo_code: 'GUESS' }, { 'x-supperhost-client': `client-${randomUUID()}` }),
      { ...hold(event.id, seat), args: { ...first.args } },
      hold(event.id, seat, { p_guests: 2 }),
    ];
    const { batched, alone } = await send(calls, [calls[3], calls[4], calls[5]]);

    expect(batched[2].data).toMatchObject({ status: 'held', existing: false });
    expect(batched[3].error).toMatchObject({ code: 'P0001', message: 'The idempotency key must be 1 to 45 characters' });
    // The throttled client is refused; the other guess in the same transaction is only a wrong code.
    expect(batched[4].error).toMatchObject({ code: 'SH429', message: expect.stringMatching(/^Too many promo code attempts/) });
    expect(batched[5].error).toMatchObject({ code: 'P0001', message: 'Invalid promo code', details: '{"kind":"promo"}' });
    // As alone, but for the throttle's retry_after: seconds left in its window, which may tick between the two.
    const withoutRetryAfter = (answers: Answer[]) =>
      answers.map((a) => ({
        ...a,
        error: a.error && { ...a.error, details: a.error.details?.replace(/"retry_after": \d+/, '"retry_after": N') ?? null },
      }));
    expect(JSON.parse(batched[4].error?.details ?? '{}')).toMatchObject({ kind: 'promo_throttle', retry_after: expect.any(Number) });
    expect(withoutRetryAfter(batched.slice(3, 6))).toEqual(withoutRetryAfter(alone));
    // The repeated key finds the first hold, made earlier in the same transaction.
    expect(batched[6].data).toMatchObject({ reservation_id: batched[2].data?.reservation_id, existing: true });
    expect(batched[7].data).toMatchObject({ status: 'held', guests: 2 });

    const together = [first.args.p_idempotency_key as string, calls[7].args.p_idempotency_key as string].sort();
    expect(transactionOf(await transactionsOf(event.id), together[0])).toEqual(together);
    const [{ quantity }] = await sql<{ quantity: number }>(
      `select public.capacity_pool_left(pool_id) as quantity from public.ticket_types where id = $1`,
      [seat],
    );
    expect(quantity).toBe(20 - 5);
  });
});

describe('a double submit racing its own batch', () => {
  it('never deadlocks: a batch of holds takes its keys before the event, as a lone hold does', async () => {
    const org = await createOrg({ name: 'Batch Race' });
    const event = await createEvent(org.id, { title: 'Race Supper', ticketTypes: [{ name: 'Race Seat', price: 4500, quantity: 10 }] });
    const [first, second] = [hold(event.id, event.ticketTypes[0].id), hold(event.id, event.ticketTypes[0].id)];
    const lone = new pg.Client({ connectionString: stackEnv().dbUrl });
    const batch = new pg.Client({ connectionString: stackEnv().dbUrl });
    await Promise.all([lone.connect(), batch.connect()]);
    try {
      const [{ n: deadlocksBefore }] = await sql<{ n: number }>(
        `select deadlocks::int as n from pg_stat_database where datname = current_database()`,
      );
      // A lone hold of the second key (a double submit) has taken its key and is about to lock the event.
      await lone.query('begin');
      await lone.query('select pg_advisory_xact_lock(public.booking_key_lock($1))', [second.args.p_idempotency_key]);
      // The batch of both keys meanwhile: it must wait for the second key without holding the event.
      const batchPid = (await batch.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const batched = batch.query('select public.run_booking_calls($1, $2) as r', [
        'hold_booking',
        JSON.stringify([first, second].map((c) => ({ args: c.args }))),
      ]);
      await expect
        .poll(
          async () =>
            (await sql<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [batchPid]))[0]
              ?.waiting,
          {
            interval: 20,
            timeout: 10_000,
          },
        )
        .toBe(true);
      // The lone hold goes on to the event row: it is free, so it neither waits nor deadlocks.
      await lone.query(`set local lock_timeout = '5s'`);
      await lone.query('select 1 from public.events where id = $1 for update', [event.id]);
      await lone.query('commit');
      const answers = (await batched).rows[0].r as Answer[];
      expect(answers.map((a) => a.data?.status ?? a.error?.code)).toEqual(['held', 'held']);
      const [{ n: deadlocksAfter }] = await sql<{ n: number }>(`select deadlocks::int as n from pg_stat_database where datname = current_database()`);
      expect(deadlocksAfter).toBe(deadlocksBefore);
    } finally {
      await Promise.all([lone.end(), batch.end()]);
    }
  });
});

describe('confirmations arriving together', () => {
  it('commit together, each confirming its own hold, and a refusal among them answers alone', async () => {
    const org = await createOrg({ name: 'Batch Confirmations' });
    const event = await createEvent(org.id, { title: 'Confirm Supper', ticketTypes: [{ name: 'Confirm Seat', price: 4500, quantity: 10 }] });
    const holds = Array.from({ length: 4 }, () => hold(event.id, event.ticketTypes[0].id));
    const { batched: held } = await send(holds.map((h) => ({ ...h, key: randomUUID() })));
    const ids = held.map((a) => a.data?.reservation_id as string);
    const confirm = (id: string): Call => ({
      fn: 'confirm_booking',
      key: 'confirmations',
      args: { p_reservation_id: id, p_payment_provider: 'test', p_payment_id: `pay-${randomUUID()}` },
    });
    const missing = confirm(randomUUID());
    const { batched, alone } = await send([...ids.map(confirm), missing], [missing]);
    expect(batched.slice(0, 4)).toEqual(Array(4).fill({ data: true, error: null }));
    expect(alone[0].error).toMatchObject({ code: 'SH404', message: 'Reservation not found' });
    expect(batched[4]).toEqual(alone[0]);
    const rows = await sql<{ id: string; status: string; confirmed_at: string }>(
      `select id, status, confirmed_at::text from public.reservations where event_id = $1`,
      [event.id],
    );
    const at = (id: string) => rows.find((r) => r.id === id)!;
    expect(rows.map((r) => r.status)).toEqual(Array(4).fill('confirmed'));
    // The first two went alone; the last two (and the refused one) in one transaction.
    expect(at(ids[2]).confirmed_at).toBe(at(ids[3]).confirmed_at);
    expect(new Set(ids.map((id) => at(id).confirmed_at)).size).toBe(3);
  });
});

describe('a batch the database refuses as a whole', () => {
  it('is sent again call by call, each answering as it would alone', async () => {
    // run_booking_calls refuses a function outside its list for the whole batch (as it would be
    // missing if the functions were deployed before the migration): the calls still get their answers.
    const release = (): Call => ({ fn: 'fail_booking', key: 'refused-batch', args: { p_reservation_id: randomUUID(), p_reason: 'test' } });
    const calls = Array.from({ length: 4 }, release);
    const { batched, alone } = await send(calls, [calls[3]]);
    expect(alone[0].error).toMatchObject({ code: 'SH404' });
    expect(batched).toEqual(Array(4).fill(alone[0]));
  });
});

describe('run_booking_calls', () => {
  it('runs only the booking calls, at most 16 at once, for the service role alone', async () => {
    const org = await createOrg({ name: 'Batch Guard' });
    const event = await createEvent(org.id, { title: 'Guard Supper' });
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    const as = async (role: string, fn: string, calls: unknown) => {
      await client.query('begin');
      try {
        await client.query(`set local role ${role}`);
        return (await client.query('select public.run_booking_calls($1, $2) as r', [fn, JSON.stringify(calls)])).rows[0].r;
      } catch (error) {
        return { code: (error as { code: string }).code, message: (error as Error).message };
      } finally {
        await client.query('rollback');
      }
    };
    try {
      const release = [{ args: { p_reservation_id: randomUUID(), p_reason: 'x' } }];
      expect(await as('service_role', 'fail_booking', release)).toEqual({
        code: 'P0001',
        message: 'run_booking_calls runs hold_booking or confirm_booking, not fail_booking',
      });
      const many = Array.from({ length: 17 }, () => ({ args: { p_reservation_id: randomUUID(), p_payment_provider: 'test' } }));
      expect(await as('service_role', 'confirm_booking', many)).toMatchObject({
        code: 'P0001',
        message: 'p_calls must be an array of 1 to 16 calls',
      });
      for (const role of ['anon', 'authenticated']) {
        expect(await as(role, 'confirm_booking', many.slice(0, 1))).toMatchObject({ code: '42501' });
      }
      // A name that is not one of the function's parameters is that call's own refusal.
      expect(
        await as('service_role', 'confirm_booking', [
          { args: { p_reservation_id: randomUUID(), p_payment_provider: 'test' } },
          { args: { p_reservation: event.id } },
          { args: 'nope' },
        ]),
      ).toEqual([
        { error: { code: 'SH404', message: 'Reservation not found', details: null } },
        { error: expect.objectContaining({ code: '42883' }) },
        { error: { code: 'P0001', message: 'Each call needs its arguments as an object', details: null } },
      ]);
    } finally {
      await client.end();
    }
  });
});
