/**
 * Concurrent bookings against scarce seats (`npm run bench -- --only booking`).
 *
 * Starts its own throwaway stack on free ports (PostgreSQL, gateway, Deno functions,
 * mailbox), creates an event whose ticket type has few seats, then fires N paying requests
 * with C in flight at a time through the gateway and the process-square-payment function
 * (local test processor, approved card). A share of them are double submits (the same
 * request and idempotency key sent twice at once). Prints confirmed, refused, oversold
 * (must be 0), the money invariants, throughput and latency percentiles; not ok when any
 * invariant is broken.
 *
 * Options: --requests N (100) --concurrency C (25) --seats S (40) --guests G (1)
 *          --duplicates F (0.1, share of requests sent twice with one key)
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { asJson, option, percentile, postJson, startBenchStack, type BenchResult } from './lib.ts';

const REQUESTS = Math.floor(option('requests', 100));
const CONCURRENCY = Math.max(1, Math.floor(option('concurrency', 25)));
const SEATS = Math.floor(option('seats', 40));
const GUESTS = Math.max(1, Math.min(6, Math.floor(option('guests', 1))));
const DUPLICATES = Math.min(1, option('duplicates', 0.1));
const PRICE_CENTS = 4500;

export async function runBooking(): Promise<BenchResult> {
  const { stack, stop } = await startBenchStack();
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 4 });
  try {
    // An organization and an event of its own, with one scarce ticket type.
    const slug = `bench-${randomUUID().slice(0, 8)}`;
    const org = (
      await db.query(`insert into public.organizations (name, slug, platform_payments) values ('Bench Kitchen', $1, true) returning id`, [slug])
    ).rows[0].id;
    const eventId = (
      await db.query(
        `insert into public.events (org_id, title, date, event_time, location_name) values ($1, 'Bench Dinner', current_date + 14, '19:00', 'Bench Kitchen') returning id`,
        [org],
      )
    ).rows[0].id;
    const ticketTypeId = (
      await db.query(
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Scarce Seat', $2, public.new_capacity_pool($1, $3)) returning id`,
        [eventId, PRICE_CENTS, SEATS],
      )
    ).rows[0].id;

    const url = `${stack.apiUrl}/functions/v1/process-square-payment`;
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' };

    // The workload: REQUESTS requests; a share are double submits of the previous one.
    const bodies: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      if (i > 0 && Math.random() < DUPLICATES) {
        bodies.push(bodies[i - 1]);
        continue;
      }
      bodies.push(
        JSON.stringify({
          token: 'cnon:card-nonce-ok',
          amount: PRICE_CENTS * GUESTS,
          idempotencyKey: randomUUID(),
          reservationData: { name: `Bench Guest ${i}`, email: `bench-${i}@example.com`, eventId, num_guests: GUESTS, ticketTypeId },
        }),
      );
    }

    // Warm the function up (first request compiles nothing, but opens pools).
    await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ validateOnly: true, reservationData: { eventId, num_guests: 1, ticketTypeId } }),
    }).then((r) => r.text());

    // Deadlocks during the run: each one stalls its transactions for deadlock_timeout (1 s by
    // default) before PostgreSQL breaks it and the function retries.
    const deadlocks = async () =>
      (await db.query(`select deadlocks::int as n from pg_stat_database where datname = current_database()`)).rows[0].n as number;
    const deadlocksBefore = await deadlocks();
    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const confirmedIds = new Set<string>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, REQUESTS) }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const t0 = performance.now();
          let key: string;
          try {
            const res = await postJson(url, headers, body);
            const answer = res.json as { reservationId?: string; code?: string };
            key = res.status === 200 ? '200 confirmed' : `${res.status} ${answer.code ?? 'error'}`;
            if (res.status === 200 && answer.reservationId) confirmedIds.add(answer.reservationId);
          } catch (error) {
            key = `network ${(error as Error).message}`;
          }
          latencies.push(performance.now() - t0);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const deadlocksDuring = (await deadlocks()) - deadlocksBefore;

    // What the database says: the ground truth.
    const truth = (
      await db.query(
        `
      select
        pool.size, pool.taken, pool.size - pool.taken as remaining,
        (select coalesce(sum(num_guests), 0)::int from public.reservations where event_id = $1 and status = 'confirmed') as confirmed_seats,
        (select count(*)::int from public.reservations where event_id = $1 and status = 'confirmed') as confirmed,
        (select count(*)::int from public.reservations where event_id = $1 and status = 'held') as still_held,
        (select count(*)::int from test_processor.payments p
           where p.reference_id in (select id::text from public.reservations where event_id = $1) and p.status = 'COMPLETED') as charges,
        (select count(*)::int from public.reservations r where r.event_id = $1 and r.status = 'confirmed'
           and not exists (select 1 from test_processor.payments p where p.id = r.payment_id and p.status = 'COMPLETED' and p.refunded_cents = 0)) as booked_without_charge,
        (select count(*)::int from test_processor.payments p
           where p.reference_id in (select id::text from public.reservations where event_id = $1) and p.status = 'COMPLETED'
             and p.refunded_cents < p.amount_cents
             and not exists (select 1 from public.reservations r where r.payment_id = p.id and r.status = 'confirmed')) as charged_without_booking,
        (select count(*)::int from public.email_outbox where reservation_id in (select id from public.reservations where event_id = $1)) as emails
      from public.capacity_pool_use($1) pool
      where pool.pool_id = (select pool_id from public.ticket_types where id = $2)`,
        [eventId, ticketTypeId],
      )
    ).rows[0];

    // Beyond the ticket type's pool: by its confirmed reservations, or by what the database counts taken.
    const oversold = Math.max(0, truth.confirmed_seats - truth.size) + Math.max(0, truth.taken - truth.size);
    const sorted = [...latencies].sort((a, b) => a - b);
    const refused = REQUESTS - [...statuses.entries()].filter(([k]) => k.startsWith('200')).reduce((n, [, v]) => n + v, 0);
    const result = {
      command: `npx tsx bench/run.ts --only booking --requests ${REQUESTS} --concurrency ${CONCURRENCY} --seats ${SEATS} --guests ${GUESTS} --duplicates ${DUPLICATES}`,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      seats: SEATS,
      guestsPerBooking: GUESTS,
      answers: Object.fromEntries([...statuses.entries()].sort()),
      confirmedAnswers: REQUESTS - refused,
      distinctConfirmedReservations: confirmedIds.size,
      refused,
      confirmedInDatabase: truth.confirmed,
      seatsRemaining: truth.remaining,
      oversold,
      charges: truth.charges,
      bookedWithoutCharge: truth.booked_without_charge,
      chargedWithoutBooking: truth.charged_without_booking,
      holdsLeft: truth.still_held,
      deadlocks: deadlocksDuring,
      confirmationEmails: truth.emails,
      seconds: Number(seconds.toFixed(3)),
      throughputPerSecond: Number((REQUESTS / seconds).toFixed(1)),
      latencyMs: {
        p50: Number(percentile(sorted, 50).toFixed(1)),
        p95: Number(percentile(sorted, 95).toFixed(1)),
        p99: Number(percentile(sorted, 99).toFixed(1)),
        max: Number((sorted.at(-1) ?? 0).toFixed(1)),
      },
    };
    const expectedConfirmed = Math.min((SEATS / GUESTS) | 0, new Set(bodies).size);
    const broken =
      oversold > 0 ||
      truth.booked_without_charge > 0 ||
      truth.charged_without_booking > 0 ||
      truth.charges !== truth.confirmed ||
      truth.emails !== truth.confirmed ||
      truth.still_held > 0 ||
      truth.confirmed !== expectedConfirmed;

    if (!asJson) {
      console.log('');
      console.log(`Bookings against scarce seats: ${result.command}`);
      console.log(
        `  requests            ${REQUESTS} (concurrency ${CONCURRENCY}, ${new Set(bodies).size} distinct checkouts, the rest double submits)`,
      );
      console.log(`  seats               ${SEATS} (${GUESTS} per booking)`);
      console.log(
        `  answers             ${Object.entries(result.answers)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')}`,
      );
      console.log(`  confirmed           ${truth.confirmed} reservations (${truth.confirmed_seats} seats), expected ${expectedConfirmed}`);
      console.log(`  refused             ${refused}`);
      console.log(`  oversold            ${oversold}`);
      console.log(
        `  charges             ${truth.charges} (booked without charge ${truth.booked_without_charge}, charged without booking ${truth.charged_without_booking})`,
      );
      console.log(`  holds left          ${truth.still_held}; confirmation emails ${truth.emails}; seats remaining ${truth.remaining}`);
      console.log(`  deadlocks           ${deadlocksDuring} (each stalls its transactions for deadlock_timeout before a retry)`);
      console.log(`  throughput          ${result.throughputPerSecond} req/s (${result.seconds} s)`);
      console.log(
        `  latency             p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
      );
      console.log(broken ? '\nFAILED: an invariant is broken.' : '\nOK: no oversell, one charge per booking, no charge without a booking.');
    }
    return { ...result, ok: !broken };
  } finally {
    await db.end();
    await stop();
  }
}
