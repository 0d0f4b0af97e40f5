/**
 * The drop: a crowd arrives at once for a few seats (`npm run bench -- --only drop`).
 *
 * On its own throwaway stack (local test processor, approved card):
 *
 * 1. Ticket drop: one event, ONE ticket type of S seats at $45. N guests arrive uniformly
 *    over W ms, never more than C in flight (a semaphore: an arrival waits for a free slot),
 *    each POSTing the whole paying path through the gateway to process-square-payment.
 * 2. RSVP drop: the same against an RSVP event (rsvp_mode, rsvp_open, deposit $25) with two
 *    slots of S/2 spots each, guests alternating between the slots, through
 *    process-rsvp-payment.
 * 3. For each: confirmed, refusals by status/code and by message (a refusal that is not a
 *    sold-out message counts as refused while seats may have been free), oversold from the
 *    database (per capacity pool, its confirmed guests and the seats it counts taken beyond its
 *    size: must be 0), charges and refunds at the test processor, charges = confirmed,
 *    throughput, latency p50/p95/p99/max
 *    of all requests and the p99 of refusals once sold out (requests sent after the last
 *    seat's confirmation arrived).
 *    Fairness: every hold taken must be confirmed (seats are taken at the hold, so no later
 *    guest can take an earlier hold's seats), nobody refused while seats were free, and the
 *    public page (get_public_org_page through the gateway, as the page reads it) says sold
 *    out at the next read.
 * 4. The rush: C paying guests in flight back to back (each sends its next booking when the
 *    last one is answered) for R seats, R requests (--rush-requests): every one should be
 *    confirmed. Prints paid bookings per second at C in flight and p50/p95/p99/max: the figures
 *    the targets are about (p99 under 250 ms, paid/s at least 0.25 of the hot-row rate),
 *    and the CPU per booking of each program, counted until the last of the rush's confirmation
 *    emails is out of the outbox (their delivery runs in the background, after the answers).
 * 5. pgbench on the same PostgreSQL, in the same run: 16 clients for 10 s decrementing one hot
 *    row and logging it (bench_hot / bench_hot_log, dropped afterwards); prints its tps and
 *    the ratio paid bookings per second / tps. Skipped with a line when pgbench is missing.
 * 6. The booking's SQL alone, on the same PostgreSQL: pgbench clients making a paying
 *    request's three calls (hold_booking, test_processor_charge, confirm_booking) with nothing
 *    else running, each call its own transaction: what the SQL costs called one by one; then
 *    the same in batches (run_booking_calls, --sql-batch), as the functions send the calls of
 *    guests arriving together (group commit, supabase/functions/_shared/batch.ts). Each with
 *    the CPU PostgreSQL spent per booking.
 * 7. What the data model costs: pgbench clients writing exactly the rows a paid booking
 *    writes (the held reservation through its triggers, its 'held' event and 'charging'
 *    ledger row; the processor's payment; the confirmation, the ledger's 'completed', the
 *    'confirmed' event and the outbox row), prepared statements, none of the booking's logic
 *    (no pricing, idempotency, summary or email text), and the CPU PostgreSQL spent on them.
 * 8. Two more parts of a booking's cost, all programs counted: a request the function refuses
 *    at once (an empty body: 400 before any SQL), HTTP_FLOOR_REQUESTS of them through the
 *    gateway at C in flight; and the delivery of one confirmation email, EMAIL_SAMPLE of those
 *    the SQL-alone steps queued, sent by send-outbox in runs of 10 as a kick sends them.
 *    Then the CPU budget the target leaves per booking on this machine (its cores / (0.25 x
 *    the hot-row rate)), with the rush, the SQL alone, the bare writes and a floor (the
 *    refused request + the bare writes + one email's delivery) read against it.
 *
 * The database is durable by default (fsync and synchronous commit on, as in production;
 * the tests' stack turns them off): the hot-row rate it is compared with is then a durable
 * one too. --durable 0 uses the tests' settings. --direct-db 0 makes the functions reach SQL
 * through the API gateway instead of their connection pool (SUPPERHOST_DIRECT_DB=off), for
 * before/after comparisons.
 *
 * Figures are reported, not asserted against targets. Not ok only when something is oversold,
 * a charge has no booking, or the benchmark could not run.
 *
 * Options: --guests-total N (500) --concurrency C (32) --window-ms W (5000)
 *          --seats S (40; the ticket type's seats, S/2 per RSVP slot) --rush-requests R (640)
 *          --durable 1|0 (1) --direct-db 1|0 (1) --emails 1|0 (1; 0 leaves the confirmation emails
 *          in the outbox during the run, to see what their delivery costs) --db-pool N (the
 *          functions' connections to PostgreSQL per worker, SUPPERHOST_DB_POOL_SIZE; 0: the bench stack's 8)
 *          --sql-clients N (4; pgbench clients of the booking's SQL alone, step 6)
 *          --sql-batch N (8; bookings per transaction of its batched run, 1..16; 1 skips that run)
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { latencySummary, option, postJson, round, say, startBenchStack, type BenchResult } from './lib.ts';

const GUESTS_TOTAL = Math.max(1, Math.floor(option('guests-total', 500)));
const CONCURRENCY = Math.max(1, Math.floor(option('concurrency', 32)));
const WINDOW_MS = option('window-ms', 5000);
const SEATS = Math.max(2, Math.floor(option('seats', 40)));
const RUSH_REQUESTS = Math.max(0, Math.floor(option('rush-requests', 640)));
const DURABLE = option('durable', 1) !== 0;
const DIRECT_DB = option('direct-db', 1) !== 0;
const EMAILS = option('emails', 1) !== 0;
const DB_POOL = Math.floor(option('db-pool', 0)); // 0: the bench stack's (bench/lib.ts)
const TICKET_CENTS = 4500;
const DEPOSIT_CENTS = 2500;
const PGBENCH = '/usr/bin/pgbench';
const PGBENCH_CLIENTS = 16;
const PGBENCH_SECONDS = 10;
const SQL_CLIENTS = Math.max(1, Math.floor(option('sql-clients', 4)));
const SQL_BATCH = Math.min(16, Math.max(1, Math.floor(option('sql-batch', 8))));
const BARE_CLIENTS = 4;
const HTTP_FLOOR_REQUESTS = 3200;
const EMAIL_SAMPLE = 1000;
const KICK_BATCH = 10; // as supabase/functions/_shared/outbox.ts's kicked runs
/** The target: paid bookings per second at least this share of the hot-row rate. */
const TARGET_RATIO = 0.25;

// What guests read when there is nothing left (hold_booking / booking_evaluate).
const SOLD_OUT = [/^Only \d+ tickets? available for /, /time slot is full/, /^Only \d+ spots? left in the /, /left for this event\./];
const isSoldOut = (error: string) => SOLD_OUT.some((re) => re.test(error));

interface Sample {
  /** When the guest was scheduled to arrive. */
  arrivedAt: number;
  /** When the timer actually fired (late on a busy machine). */
  readyAt: number;
  sentAt: number;
  doneAt: number;
  status: number;
  code: string;
  error: string;
  confirmed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** N arrivals uniformly over the window, at most C in flight (FIFO semaphore). */
async function drop(bodies: string[], url: string, headers: Record<string, string>) {
  let inFlight = 0;
  let peakInFlight = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (inFlight < CONCURRENCY) {
      inFlight++;
    } else {
      await new Promise<void>((resolve) => waiting.push(resolve)); // the releaser hands its slot over
    }
    peakInFlight = Math.max(peakInFlight, inFlight);
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };

  const started = performance.now();
  const samples = await Promise.all(
    bodies.map(async (body, i): Promise<Sample> => {
      const arrivedAt = started + (i * WINDOW_MS) / bodies.length;
      await sleep(arrivedAt - performance.now());
      const readyAt = performance.now();
      await acquire();
      const sentAt = performance.now();
      let status = 0;
      let code = 'network';
      let error: string;
      try {
        const res = await postJson(url, headers, body);
        const answer = res.json as { code?: string; error?: string };
        status = res.status;
        code = res.status === 200 ? 'confirmed' : (answer.code ?? 'error');
        error = answer.error ?? '';
      } catch (e) {
        error = (e as Error).message;
      } finally {
        release();
      }
      return { arrivedAt, readyAt, sentAt, doneAt: performance.now(), status, code, error, confirmed: status === 200 };
    }),
  );
  return { samples, started, ended: performance.now(), peakInFlight };
}

/** C guests in flight back to back: each sends its next booking as soon as the last is answered. */
async function rush(bodies: string[], url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  const statuses: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, bodies.length) }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const sentAt = performance.now();
        let status = 'network';
        try {
          const res = await postJson(url, headers, body);
          status = res.status === 200 ? '200' : `${res.status} ${(res.json.code as string | undefined) ?? 'error'}`;
        } catch {
          // counted as 'network'
        }
        latencies.push(performance.now() - sentAt);
        statuses.push(status);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const confirmed = statuses.filter((s) => s === '200').length;
  return {
    requests: bodies.length,
    confirmedAnswers: confirmed,
    otherAnswers: count(statuses.filter((s) => s !== '200')),
    seconds: round(seconds, 3),
    paidPerSecond: round(confirmed / seconds),
    latencyMs: latencySummary(latencies),
  };
}

interface ProcStat {
  parent: string;
  comm: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
  /** cutime + cstime: what its exited (reaped) children used, in clock ticks. */
  reapedTicks: number;
}

/** /proc/<pid>/stat of every process, with a test for "a descendant of this process". Linux only. */
function processes() {
  const stats = new Map<string, ProcStat>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    pids = [];
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(pid, {
        parent: fields[1],
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        ticks: Number(fields[11]) + Number(fields[12]),
        reapedTicks: Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const self = String(process.pid);
  const ours = (pid: string) => {
    for (let p: string | undefined = pid, i = 0; p && i < 32; p = stats.get(p)?.parent, i++) if (p === self) return true;
    return false;
  };
  return { stats, self, ours };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU time (ms) used so far by this process and its descendants, by program: the bench
 * itself with the gateway and the mailbox (this Node process), Deno (the functions),
 * PostgreSQL. Linux only (/proc); empty elsewhere.
 */
function cpuByProgram(): Record<string, number> {
  const { stats, self, ours } = processes();
  const out: Record<string, number> = {};
  for (const [pid, s] of stats) {
    if (!ours(pid)) continue;
    const program =
      pid === self ? 'node (bench, gateway, mailbox)' : /^deno/.test(s.comm) ? 'deno (functions)' : /^postgres/.test(s.comm) ? 'postgres' : 'other';
    out[program] = (out[program] ?? 0) + s.ticks * TICK_MS;
  }
  return out;
}

/**
 * CPU time (ms) used so far by the stack's PostgreSQL, the backends of closed connections
 * included (the postmaster reaps them: its cutime/cstime), so that pgbench's connections,
 * gone by the time it returns, still count. Null where /proc cannot tell.
 */
function postgresCpuMs(): number | null {
  const { stats, ours } = processes();
  let ms = 0;
  let seen = false;
  for (const [pid, s] of stats) {
    if (!/^postgres/.test(s.comm) || !ours(pid)) continue;
    seen = true;
    ms += (s.ticks + s.reapedTicks) * TICK_MS;
  }
  return seen ? ms : null;
}

/** Runs a pgbench measurement and adds PostgreSQL's CPU per booking (ms) over it. */
async function withPostgresCpu<T extends { confirmed: number }>(run: () => Promise<T | null>) {
  const before = postgresCpuMs();
  const result = await run();
  if (!result) return null;
  // The closed connections' backends are reaped by the postmaster as they exit.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = postgresCpuMs();
  const postgresCpuMsPerBooking = before === null || after === null || result.confirmed === 0 ? null : round((after - before) / result.confirmed, 2);
  return { ...result, postgresCpuMsPerBooking };
}

/**
 * The CPU a booking may cost, all programs together, for the rush to reach the target on this
 * machine: its cores' time per second over TARGET_RATIO x the hot-row rate.
 */
function cpuBudget(hotRowTps: number) {
  const cores = availableParallelism();
  const paidPerSecond = round(TARGET_RATIO * hotRowTps);
  return { cores, paidPerSecond, msPerBooking: round((cores * 1000) / paidPerSecond, 2) };
}

const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}% of it`;

/** "postgres 3.9 ms, deno (functions) 2 ms, ..." */
const programs = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ');

function count(keys: string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1]));
}

const line = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ') || 'none';

/** The client's view of one drop. */
function clientFigures(run: Awaited<ReturnType<typeof drop>>) {
  const { samples, started, ended } = run;
  const confirmed = samples.filter((s) => s.confirmed);
  const refused = samples.filter((s) => !s.confirmed);
  const seconds = (ended - started) / 1000;
  const firstSent = Math.min(...samples.map((s) => s.sentAt));
  const soldOutAt = confirmed.length ? Math.max(...confirmed.map((s) => s.doneAt)) : started;
  const afterSoldOut = refused.filter((s) => s.sentAt > soldOutAt);
  const notSoldOut = refused.filter((s) => !isSoldOut(s.error));
  const sellingSeconds = (soldOutAt - firstSent) / 1000;
  return {
    requests: samples.length,
    confirmedAnswers: confirmed.length,
    refused: refused.length,
    refusedByStatus: count(refused.map((s) => `${s.status || 'network'} ${s.code}`)),
    refusedByError: count(refused.map((s) => s.error.replace(/\s+/g, ' ').slice(0, 120) || '(no message)')),
    refusedNotSoldOut: notSoldOut.length,
    refusedNotSoldOutByStatus: count(notSoldOut.map((s) => `${s.status || 'network'} ${s.code}`)),
    refusedBeforeSoldOut: refused.filter((s) => s.sentAt <= soldOutAt).length,
    seconds: round(seconds, 3),
    throughputPerSecond: round(samples.length / seconds),
    peakInFlight: run.peakInFlight,
    queuedArrivals: samples.filter((s) => s.sentAt - s.readyAt > 1).length,
    queueWaitMs: latencySummary(samples.map((s) => s.sentAt - s.readyAt)),
    timerLateMs: latencySummary(samples.map((s) => Math.max(0, s.readyAt - s.arrivedAt))),
    soldOutAfterSeconds: round((soldOutAt - started) / 1000, 3),
    sellingSeconds: round(sellingSeconds, 3),
    paidPerSecond: confirmed.length && sellingSeconds > 0 ? round(confirmed.length / sellingSeconds) : 0,
    latencyMs: latencySummary(samples.map((s) => s.doneAt - s.sentAt)),
    refusalsOnceSoldOut: afterSoldOut.length,
    refusalOnceSoldOutMs: latencySummary(afterSoldOut.map((s) => s.doneAt - s.sentAt)),
  };
}

/** Charges and refunds at the test processor for an event's reservations, and the money invariants. */
async function money(db: pg.Pool, eventId: string) {
  return (
    await db.query<{
      confirmed: number;
      confirmed_guests: number;
      still_held: number;
      charges: number;
      refunds: number;
      refunded_cents: number;
      booked_without_charge: number;
      charged_without_booking: number;
    }>(
      `
      with res as (select id, status, payment_id from public.reservations where event_id = $1),
           pay as (select p.* from test_processor.payments p where p.reference_id in (select id::text from res))
      select
        (select count(*)::int from res where status = 'confirmed') as confirmed,
        (select coalesce(sum(num_guests), 0)::int from public.reservations where event_id = $1 and status = 'confirmed') as confirmed_guests,
        (select count(*)::int from res where status = 'held') as still_held,
        (select count(*)::int from pay where status = 'COMPLETED') as charges,
        (select count(*)::int from test_processor.refunds f where f.payment_id in (select id from pay)) as refunds,
        (select coalesce(sum(f.amount_cents), 0)::int from test_processor.refunds f where f.payment_id in (select id from pay) and f.status = 'COMPLETED') as refunded_cents,
        (select count(*)::int from res r where r.status = 'confirmed'
           and not exists (select 1 from pay p where p.id = r.payment_id and p.status = 'COMPLETED' and p.refunded_cents = 0)) as booked_without_charge,
        (select count(*)::int from pay p where p.status = 'COMPLETED' and p.refunded_cents < p.amount_cents
           and not exists (select 1 from res r where r.payment_id = p.id and r.status = 'confirmed')) as charged_without_booking`,
      [eventId],
    )
  ).rows[0];
}

/** An event of the drop's organization `daysAhead` days from now at 19:00, with one ticket type of `seats` seats at $45. */
async function ticketedEvent(db: pg.Pool, orgId: string, title: string, daysAhead: number, seatName: string, seats: number) {
  const eventId = (
    await db.query<{ id: string }>(
      `insert into public.events (org_id, title, date, event_time, location_name) values ($1, $2, current_date + $3::int, '19:00', 'Drop Kitchen') returning id`,
      [orgId, title, daysAhead],
    )
  ).rows[0].id;
  const ticketTypeId = (
    await db.query<{ id: string }>(
      `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, $2, $3, public.new_capacity_pool($1, $4)) returning id`,
      [eventId, seatName, TICKET_CENTS, seats],
    )
  ).rows[0].id;
  return { eventId, ticketTypeId };
}

/**
 * Waits until no confirmation email of the event is pending or being sent (at most
 * timeoutMs): the seconds it took and how many were sent.
 */
async function emailsDelivered(db: pg.Pool, eventId: string, timeoutMs: number) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query<{ open: number; sent: number }>(
      `select count(*) filter (where o.status in ('pending', 'sending'))::int as open, count(*) filter (where o.status = 'sent')::int as sent
         from public.email_outbox o join public.reservations r on r.id = o.reservation_id
        where r.event_id = $1`,
      [eventId],
    );
    const waited = performance.now() - started;
    if (rows[0].open === 0 || waited >= timeoutMs) return { seconds: round(waited / 1000, 2), sent: rows[0].sent, open: rows[0].open };
    await sleep(50);
  }
}

/** Holds taken for the event and what became of them: all confirmed when the rush was fair. */
async function holdsOf(db: pg.Pool, eventId: string) {
  return (
    await db.query<{ holds: number; holds_confirmed: number }>(
      `select count(*)::int as holds, count(*) filter (where status = 'confirmed')::int as holds_confirmed
       from public.reservations where event_id = $1`,
      [eventId],
    )
  ).rows[0];
}

/**
 * What each capacity pool of the event sold, against its size (capacity): the seats its
 * confirmed reservations have (counted here from the reservations of the ticket types and slots
 * drawing from it, or of the whole event for its event-wide cap) and the seats the database
 * counts as taken (capacity_pool_use: confirmed and live holds).
 */
async function poolsSold(db: pg.Pool, eventId: string) {
  return (
    await db.query<{ name: string; capacity: number; taken: number; confirmed: number }>(
      `with opt as (
         select t.id, t.pool_id, t.name, null::time as at from public.ticket_types t where t.event_id = $1
         union all
         select s.id, s.pool_id, s.slot_label, s.slot_time from public.rsvp_slots s where s.event_id = $1
       )
       select coalesce(string_agg(o.name, ' + ' order by o.at, o.name), 'max guests') as name, u.size as capacity, u.taken,
              (select coalesce(sum(r.num_guests), 0)::int from public.reservations r
                where r.event_id = $1 and r.status = 'confirmed'
                  and (u.event_wide or exists (select 1 from opt x where x.pool_id = u.pool_id and x.id in (r.ticket_type_id, r.rsvp_slot_id)))) as confirmed
       from public.capacity_pool_use($1) u left join opt o on o.pool_id = u.pool_id
       group by u.pool_id, u.event_wide, u.size, u.taken
       order by u.event_wide, min(o.at), min(o.name)`,
      [eventId],
    )
  ).rows;
}

/** Seats sold beyond a pool's size, by the reservations or by the database's own count. */
const oversold = (pools: Awaited<ReturnType<typeof poolsSold>>) =>
  pools.reduce((n, p) => n + Math.max(0, p.confirmed - p.capacity) + Math.max(0, p.taken - p.capacity), 0);

/** Whether the public page, read as it reads it (anon, through the gateway), shows the event sold out. */
async function pageSaysSoldOut(apiUrl: string, headers: Record<string, string>, slug: string, eventId: string) {
  const res = await fetch(`${apiUrl}/rest/v1/rpc/get_public_org_page`, { method: 'POST', headers, body: JSON.stringify({ p_slug: slug }) });
  const [page] = (await res.json()) as { events?: { id: string; total_available?: number; is_fully_booked?: boolean }[] }[];
  const event = page?.events?.find((e) => e.id === eventId);
  return event ? event.is_fully_booked === true || event.total_available === 0 : false;
}

type DropFigures = ReturnType<typeof clientFigures> &
  Awaited<ReturnType<typeof money>> &
  Awaited<ReturnType<typeof holdsOf>> & {
    capacity: number;
    oversold: number;
    perUnit: Record<string, unknown>[];
    chargesEqualConfirmed: boolean;
    pageSoldOut: boolean;
  };

function printDrop(title: string, f: DropFigures) {
  say('');
  say(`${title}`);
  say(
    `  guests              ${f.requests} arriving over ${WINDOW_MS} ms, at most ${CONCURRENCY} in flight (peak ${f.peakInFlight}; ${f.queuedArrivals} arrivals waited over 1 ms for a slot, wait p50 ${f.queueWaitMs.p50} / p99 ${f.queueWaitMs.p99} / max ${f.queueWaitMs.max} ms; arrival timers late p99 ${f.timerLateMs.p99} ms)`,
  );
  say(`  capacity            ${f.capacity} (${f.perUnit.map((u) => `${u.name} ${u.confirmed}/${u.capacity}`).join(', ')})`);
  say(`  confirmed           ${f.confirmed} reservations (${f.confirmed_guests} guests); ${f.confirmedAnswers} answers 200`);
  say(`  refused             ${f.refused}: ${line(f.refusedByStatus)}`);
  say(`  refusal messages    ${line(f.refusedByError)}`);
  say(
    `  refused, not sold out ${f.refusedNotSoldOut} (${line(f.refusedNotSoldOutByStatus)}); refusals sent before the last seat was confirmed ${f.refusedBeforeSoldOut}`,
  );
  say(`  oversold            ${f.oversold}`);
  say(
    `  fairness            ${f.holds} holds taken, ${f.holds_confirmed} confirmed${f.holds === f.holds_confirmed ? ' (every hold confirmed: seats are taken at the hold, in lock order)' : ' (SOME HOLDS NOT CONFIRMED)'}; public page says sold out: ${f.pageSoldOut ? 'yes' : 'NO'}`,
  );
  say(
    `  charges             ${f.charges} completed, refunds ${f.refunds} (${(f.refunded_cents / 100).toFixed(2)} USD); charges = confirmed: ${f.chargesEqualConfirmed ? 'yes' : 'NO'} (charged without booking ${f.charged_without_booking}, booked without charge ${f.booked_without_charge}, holds left ${f.still_held})`,
  );
  say(`  throughput          ${f.throughputPerSecond} req/s (${f.requests} requests in ${f.seconds} s)`);
  say(
    `  sold out            ${f.soldOutAfterSeconds} s after the first arrival; ${f.paidPerSecond} paid bookings/s (first request sent to last seat confirmed, ${f.sellingSeconds} s)`,
  );
  say(`  latency (all)       p50 ${f.latencyMs.p50} ms, p95 ${f.latencyMs.p95} ms, p99 ${f.latencyMs.p99} ms, max ${f.latencyMs.max} ms`);
  say(
    `  refusals once sold out  ${f.refusalsOnceSoldOut} requests: p50 ${f.refusalOnceSoldOutMs.p50} ms, p99 ${f.refusalOnceSoldOutMs.p99} ms, max ${f.refusalOnceSoldOutMs.max} ms`,
  );
}

/** A small ratio to 3 significant digits (0.000576). */
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toPrecision(3) : 'n/a');

const execFileAsync = (file: string, args: string[], timeoutMs: number) =>
  new Promise<{ stdout: string; stderr: string; error: Error | null }>((resolve) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 4 << 20 }, (error, stdout, stderr) => resolve({ stdout, stderr, error }));
  });

/** One pgbench run of `script` on the stack's PostgreSQL: its tps, average latency and transactions. */
async function pgbenchRun(dbUrl: string, script: string, clients: number, extra: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'supperhost-drop-pgbench-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    const args = ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', String(PGBENCH_SECONDS), ...extra, dbUrl];
    const { stdout, stderr, error } = await execFileAsync(PGBENCH, args, (PGBENCH_SECONDS + 60) * 1000);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps || /aborted/i.test(stdout + stderr)) throw new Error(`pgbench failed${error ? ` (${error.message})` : ''}:\n${stdout}\n${stderr}`);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
    return {
      tps: round(Number(tps[1])),
      latencyAverageMs: latency ? Number(latency[1]) : null,
      transactions: processed ? Number(processed[1]) : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pgbench's hot-row rate on the stack's PostgreSQL; null when pgbench is not installed. */
async function hotRow(db: pg.Pool, dbUrl: string) {
  if (!existsSync(PGBENCH)) return null;
  try {
    await db.query(`drop table if exists public.bench_hot, public.bench_hot_log`);
    await db.query(`create table public.bench_hot (id int primary key, quantity int)`);
    await db.query(`create table public.bench_hot_log (id bigserial, n int)`);
    await db.query(`insert into public.bench_hot (id, quantity) values (1, 2000000000)`);
    const { transactions: _transactions, ...run } = await pgbenchRun(
      dbUrl,
      'UPDATE bench_hot SET quantity = quantity - 2 WHERE id = 1 AND quantity >= 2;\nINSERT INTO bench_hot_log (n) VALUES (2);\n',
      PGBENCH_CLIENTS,
      ['-M', 'prepared'],
    );
    const logged = (await db.query<{ n: number }>(`select count(*)::int as n from public.bench_hot_log`)).rows[0].n;
    const version = /^pgbench \(PostgreSQL\) (\S+)/m.exec((await execFileAsync(PGBENCH, ['--version'], 10_000)).stdout);
    return {
      command: `pgbench -n -f hot.sql -c ${PGBENCH_CLIENTS} -j 2 -T ${PGBENCH_SECONDS} -M prepared <stack.dbUrl>`,
      pgbenchVersion: version?.[1] ?? 'unknown',
      ...run,
      rowsLogged: logged,
    };
  } finally {
    await db.query(`drop table if exists public.bench_hot, public.bench_hot_log`).catch(() => undefined);
  }
}

/** The event's confirmed bookings, which must be as many as pgbench ran (when it said how many). */
async function confirmedAsRun(db: pg.Pool, eventId: string, ran: number | null, what: string): Promise<number> {
  const confirmed = (
    await db.query<{ n: number }>(`select count(*)::int as n from public.reservations where event_id = $1 and status = 'confirmed'`, [eventId])
  ).rows[0].n;
  if (ran !== null && confirmed !== ran) throw new Error(`${what}: pgbench ran ${ran} bookings but ${confirmed} were confirmed`);
  return confirmed;
}

/**
 * The booking's SQL alone: pgbench clients calling what a paying request calls, in its order
 * (hold_booking, test_processor_charge, confirm_booking), with nothing else on the machine (no
 * gateway, functions or load generator).
 *
 * batch 1: each call its own transaction, SQL_CLIENTS clients: what the SQL costs call by call.
 * batch N: as the functions send a rush (_shared/batch.ts): N holds in one run_booking_calls
 * transaction, the N charges, then the N confirmations in one; 2 clients, as a lane has at most
 * two batches out. The SQL's own ceiling with group commit, for the rush to be compared with.
 */
async function bookingSql(db: pg.Pool, dbUrl: string, orgId: string, batch: number) {
  if (!existsSync(PGBENCH)) return null;
  const { eventId, ticketTypeId } = await ticketedEvent(db, orgId, `SQL Dinner ${batch}`, 16, 'SQL Seat', 10_000_000);
  const hold: [string, string][] = [
    ['p_idempotency_key', 'gen_random_uuid()::text'],
    ['p_event_id', `'${eventId}'`],
    ['p_guests', '1'],
    ['p_name', `'SQL Guest'`],
    ['p_email', `'sql-guest@example.com'`],
    ['p_ticket_type', `'${ticketTypeId}'`],
    ['p_expected_total_cents', String(TICKET_CENTS)],
    ['p_has_payment_token', 'true'],
    ['p_payment_source', `'cnon:card-nonce-ok'`],
    ['p_payment_provider', `'test'`],
  ];
  const holdArgs = hold.map(([name, value]) => `${name} => ${value}`).join(', ');
  const holdJson = `jsonb_build_object('args', jsonb_build_object(${hold.map(([name, value]) => `'${name}', ${value}`).join(', ')}))`;
  const charge = (reference: string) =>
    `public.test_processor_charge(p_idempotency_key => gen_random_uuid()::text, p_source_id => 'cnon:card-nonce-ok', p_amount_cents => ${TICKET_CENTS}, p_currency => 'USD', p_reference_id => ${reference}, p_buyer_email => 'sql-guest@example.com', p_note => 'SQL Dinner')`;
  const script =
    batch === 1
      ? [
          `select public.hold_booking(${holdArgs}) ->> 'reservation_id' as rid \\gset`,
          `select ${charge("':rid'")} is not null;`,
          `select public.confirm_booking(':rid'::uuid, 'test', gen_random_uuid()::text);`,
          '',
        ].join('\n')
      : [
          `select string_agg(a -> 'data' ->> 'reservation_id', ',') as rids from jsonb_array_elements(public.run_booking_calls('hold_booking', jsonb_build_array(${Array(batch).fill(holdJson).join(', ')}))) a \\gset`,
          `select count(${charge('r')}) from unnest(string_to_array(':rids', ',')) r;`,
          `select public.run_booking_calls('confirm_booking', (select jsonb_agg(jsonb_build_object('args', jsonb_build_object('p_reservation_id', r, 'p_payment_provider', 'test', 'p_payment_id', gen_random_uuid()::text))) from unnest(string_to_array(':rids', ',')) r)) is not null;`,
          '',
        ].join('\n');
  const clients = batch === 1 ? SQL_CLIENTS : 2;
  const { transactions, tps, ...run } = await pgbenchRun(dbUrl, script, clients);
  // Every script run is `batch` paid bookings: a call that answered without confirming would make the rate a lie.
  const confirmed = await confirmedAsRun(
    db,
    eventId,
    transactions === null ? null : transactions * batch,
    `the booking's SQL alone (batch ${batch})`,
  );
  return {
    command: `pgbench -n -f booking${batch === 1 ? '' : `-batch-${batch}`}.sql -c ${clients} -j 2 -T ${PGBENCH_SECONDS} <stack.dbUrl>`,
    ...run,
    bookingsPerSecond: round(tps * batch),
    confirmed,
  };
}

/**
 * What the data model costs: the rows one paid booking writes, and nothing else. pgbench
 * clients (prepared statements, BARE_CLIENTS of them) each write, in the transactions a
 * paying request has: the held reservation (through its table's triggers, constraints and
 * indexes, taking the event's lock first as a hold does), its 'held' event and 'charging'
 * ledger row; the processor's payment record; then the confirmation, the ledger's
 * 'completed', the 'confirmed' event and the outbox row (written as sent: delivering it is
 * not part of this). None of the booking's logic: no pricing, no idempotency lookup, no
 * summary, no email text. A floor under the booking's SQL, for the CPU budget below.
 */
async function bareWrites(db: pg.Pool, dbUrl: string, orgId: string) {
  if (!existsSync(PGBENCH)) return null;
  const { eventId, ticketTypeId } = await ticketedEvent(db, orgId, 'Bare Dinner', 17, 'Bare Seat', 10_000_000);
  const script = [
    'begin;',
    `select 1 as locked from public.events where id = '${eventId}' for update;`,
    `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, status, amount_cents, idempotency_key, hold_expires_at) values ('${orgId}', '${eventId}', '${ticketTypeId}', 'Bare Guest', 'bare-guest@example.com', 1, 'held', ${TICKET_CENTS}, gen_random_uuid()::text, now() + interval '15 minutes') returning id as rid \\gset`,
    `insert into public.booking_events (reservation_id, kind, detail) values (:rid::uuid, 'held', '{"total_cents": ${TICKET_CENTS}}');`,
    `insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, idempotency_key, actor) values (:rid::uuid, '${orgId}', 'charge', 'charging', ${TICKET_CENTS}, 1, 'test', gen_random_uuid()::text, 'guest');`,
    'commit;',
    // (No ':name' inside a literal: pgbench would take it for a variable.)
    `insert into test_processor.payments (idempotency_key, source_id, amount_cents, status, reference_id) values (gen_random_uuid()::text, 'bare-card-nonce', ${TICKET_CENTS}, 'COMPLETED', :rid::text);`,
    'begin;',
    `update public.reservations set status = 'confirmed', payment_provider = 'test', payment_id = gen_random_uuid()::text where id = :rid::uuid;`,
    `update public.payment_ledger set status = 'completed', provider_payment_id = gen_random_uuid()::text where reservation_id = :rid::uuid and kind = 'charge';`,
    `insert into public.booking_events (reservation_id, kind, detail) values (:rid::uuid, 'confirmed', '{}');`,
    `insert into public.email_outbox (org_id, reservation_id, kind, to_email, subject, body_text, status, sent_at) values ('${orgId}', :rid::uuid, 'booking_confirmation', 'bare-guest@example.com', 'Your reservation is confirmed', 'Hi Bare Guest, your reservation is confirmed.', 'sent', now());`,
    'commit;',
    '',
  ].join('\n');
  const { transactions, tps, ...run } = await pgbenchRun(dbUrl, script, BARE_CLIENTS, ['-M', 'prepared']);
  const confirmed = await confirmedAsRun(db, eventId, transactions, 'the bare writes');
  return {
    command: `pgbench -n -M prepared -f bare-writes.sql -c ${BARE_CLIENTS} -j 2 -T ${PGBENCH_SECONDS} <stack.dbUrl>`,
    ...run,
    bookingsPerSecond: tps,
    confirmed,
  };
}

/** CPU (ms) per unit of work, by program and in all, between two cpuByProgram() readings. */
function cpuPer(before: Record<string, number>, after: Record<string, number>, units: number) {
  const byProgram = Object.fromEntries(
    Object.entries(after)
      .map(([k, v]) => [k, round((v - (before[k] ?? 0)) / Math.max(units, 1), 3)] as const)
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1]),
  );
  return {
    byProgram,
    all: round(
      Object.values(byProgram).reduce((a, b) => a + b, 0),
      3,
    ),
  };
}

/** What the HTTP path costs alone: requests process-square-payment refuses before any SQL (an empty body). */
async function httpFloor(url: string, headers: Record<string, string>) {
  const before = cpuByProgram();
  const run = await rush(Array(HTTP_FLOOR_REQUESTS).fill('{}'), url, headers);
  const cpu = cpuPer(before, cpuByProgram(), run.requests);
  return {
    requests: run.requests,
    answers: run.otherAnswers,
    perSecond: round(run.requests / run.seconds),
    latencyMs: run.latencyMs,
    cpuMsPerRequest: cpu.byProgram,
    cpuMsPerRequestAll: cpu.all,
  };
}

/** What delivering one confirmation email costs: send-outbox runs of KICK_BATCH over confirmations already queued. */
async function emailDelivery(db: pg.Pool, apiUrl: string, serviceRoleKey: string) {
  const waiting = (
    await db.query<{ n: number }>(`select count(*)::int as n from public.email_outbox where status = 'pending' and kind = 'booking_confirmation'`)
  ).rows[0].n;
  if (waiting < EMAIL_SAMPLE) return null;
  const headers = { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' };
  const body = JSON.stringify({ limit: KICK_BATCH });
  const before = cpuByProgram();
  const started = performance.now();
  let sent = 0;
  let failed = 0;
  while (sent + failed < EMAIL_SAMPLE) {
    const res = await postJson(`${apiUrl}/functions/v1/send-outbox`, headers, body);
    if (res.status !== 200) throw new Error(`send-outbox answered ${res.status}: ${JSON.stringify(res.json)}`);
    sent += Number(res.json.sent ?? 0);
    failed += Number(res.json.failed ?? 0);
    if (!res.json.sent && !res.json.failed) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuPer(before, cpuByProgram(), sent + failed);
  if (failed > 0) throw new Error(`email delivery: ${failed} of ${sent + failed} confirmation emails failed`);
  return { sent, perSecond: round(sent / seconds), cpuMsPerEmail: cpu.byProgram, cpuMsPerEmailAll: cpu.all };
}

export async function runDrop(): Promise<BenchResult> {
  const { stack, stop } = await startBenchStack({
    durable: DURABLE,
    // No delivery safety net: the functions' own kicks send the drops' and the rush's emails
    // (as when deployed, where the schedule runs once a minute), and nothing sends the SQL-alone
    // steps' emails behind their backs: those steps measure the SQL alone.
    deliveryIntervalMs: 0,
    functionsEnv: {
      ...(DB_POOL > 0 ? { SUPPERHOST_DB_POOL_SIZE: String(DB_POOL) } : {}),
      ...(DIRECT_DB ? {} : { SUPPERHOST_DIRECT_DB: 'off' }),
      ...(EMAILS ? {} : { EMAIL_PROVIDER_API_KEY: '' }),
    },
  });
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 4 });
  try {
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' };
    const runId = randomUUID().slice(0, 8);
    const slug = `drop-${runId}`;
    const org = (
      await db.query(`insert into public.organizations (name, slug, platform_payments) values ('Drop Kitchen', $1, true) returning id`, [slug])
    ).rows[0].id;
    /** Sends a drop's requests all at once, then reads what it left: what guests saw, the money, the holds, the page and the pools. */
    const measureDrop = async (eventId: string, bodies: string[], url: string, capacity: number): Promise<DropFigures> => {
      const run = await drop(bodies, url, headers);
      const units = await poolsSold(db, eventId);
      const taken = await money(db, eventId);
      return {
        ...clientFigures(run),
        ...taken,
        ...(await holdsOf(db, eventId)),
        pageSoldOut: await pageSaysSoldOut(stack.apiUrl, headers, slug, eventId),
        capacity,
        perUnit: units,
        oversold: oversold(units),
        chargesEqualConfirmed: taken.charges === taken.confirmed,
      };
    };

    // 1. The ticket drop.
    const { eventId: ticketEvent, ticketTypeId } = await ticketedEvent(db, org, 'Drop Dinner', 14, 'Drop Seat', SEATS);
    const ticketUrl = `${stack.apiUrl}/functions/v1/process-square-payment`;
    await fetch(ticketUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ validateOnly: true, reservationData: { eventId: ticketEvent, num_guests: 1, ticketTypeId } }),
    }).then((r) => r.text());
    const ticketBodies = Array.from({ length: GUESTS_TOTAL }, (_, i) =>
      JSON.stringify({
        token: 'cnon:card-nonce-ok',
        amount: TICKET_CENTS,
        idempotencyKey: randomUUID(),
        reservationData: {
          eventId: ticketEvent,
          ticketTypeId,
          num_guests: 1,
          name: `Drop Guest ${i}`,
          email: `drop-${runId}-t${i}@example.com`,
          phone: `555-01${String(i % 100).padStart(2, '0')}`,
        },
      }),
    );
    say(`Ticket drop: ${GUESTS_TOTAL} guests for ${SEATS} seats...`);
    const ticket = await measureDrop(ticketEvent, ticketBodies, ticketUrl, SEATS);

    // 2. The RSVP drop: two slots, guests alternating between them.
    const slotSpots = Math.floor(SEATS / 2);
    const rsvpEvent = (
      await db.query(
        `insert into public.events (org_id, title, date, event_time, location_name, rsvp_mode, rsvp_open, deposit_amount)
         values ($1, 'Drop RSVP Supper', current_date + 14, '18:00', 'Drop Kitchen', true, true, $2) returning id`,
        [org, DEPOSIT_CENTS],
      )
    ).rows[0].id as string;
    const slotIds = (
      await db.query<{ id: string }>(
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id)
         values ($1, '18:00', '6:00 PM', public.new_capacity_pool($1, $2)), ($1, '20:30', '8:30 PM', public.new_capacity_pool($1, $2)) returning id`,
        [rsvpEvent, slotSpots],
      )
    ).rows.map((r) => r.id);
    const rsvpUrl = `${stack.apiUrl}/functions/v1/process-rsvp-payment`;
    await fetch(rsvpUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ validateOnly: true, eventId: rsvpEvent, slotId: slotIds[0], guestDetails: { numGuests: 1 } }),
    }).then((r) => r.text());
    const rsvpBodies = Array.from({ length: GUESTS_TOTAL }, (_, i) =>
      JSON.stringify({
        eventId: rsvpEvent,
        slotId: slotIds[i % 2],
        guestDetails: {
          name: `Drop RSVP Guest ${i}`,
          email: `drop-${runId}-r${i}@example.com`,
          phone: `555-02${String(i % 100).padStart(2, '0')}`,
          numGuests: 1,
        },
        paymentToken: 'cnon:card-nonce-ok',
        amount: DEPOSIT_CENTS,
        idempotencyKey: randomUUID(),
      }),
    );
    say(`RSVP drop: ${GUESTS_TOTAL} guests for 2 slots of ${slotSpots} spots...`);
    const rsvp = await measureDrop(rsvpEvent, rsvpBodies, rsvpUrl, slotSpots * 2);

    // 3. The rush: C paying guests back to back for as many seats as requests.
    const { eventId: rushEvent, ticketTypeId: rushTicket } = await ticketedEvent(db, org, 'Rush Dinner', 15, 'Rush Seat', Math.max(RUSH_REQUESTS, 1));
    const rushBodies = Array.from({ length: RUSH_REQUESTS }, (_, i) =>
      JSON.stringify({
        token: 'cnon:card-nonce-ok',
        amount: TICKET_CENTS,
        idempotencyKey: randomUUID(),
        reservationData: {
          eventId: rushEvent,
          ticketTypeId: rushTicket,
          num_guests: 1,
          name: `Rush Guest ${i}`,
          email: `drop-${runId}-x${i}@example.com`,
        },
      }),
    );
    say(`Rush: ${RUSH_REQUESTS} paying guests, ${CONCURRENCY} in flight back to back...`);
    const cpuBefore = cpuByProgram();
    const rushRun = await rush(rushBodies, ticketUrl, headers);
    // The confirmation emails' delivery, in the background, belongs to the rush too: the CPU
    // figures end when every one of them is out of the outbox (or after 60 s).
    const emailsOut = await emailsDelivered(db, rushEvent, EMAILS ? 60_000 : 0);
    const cpuAfter = cpuByProgram();
    const rushCpu = cpuPer(cpuBefore, cpuAfter, RUSH_REQUESTS);
    const rushCpuMs = rushCpu.byProgram;
    const rushMoney = await money(db, rushEvent);

    // 4. The hot-row rate of the same PostgreSQL, now that the drops are over.
    say(`pgbench: ${PGBENCH_CLIENTS} clients, ${PGBENCH_SECONDS} s on one hot row...`);
    const pgbench = await hotRow(db, stack.dbUrl);
    say(`pgbench: the booking's SQL alone, ${SQL_CLIENTS} clients, ${PGBENCH_SECONDS} s...`);
    const sqlAlone = await withPostgresCpu(() => bookingSql(db, stack.dbUrl, org, 1));
    if (SQL_BATCH > 1) say(`pgbench: the booking's SQL alone in batches of ${SQL_BATCH}, 2 clients, ${PGBENCH_SECONDS} s...`);
    const sqlBatched = SQL_BATCH > 1 ? await withPostgresCpu(() => bookingSql(db, stack.dbUrl, org, SQL_BATCH)) : null;
    say(`pgbench: the rows a paid booking writes, without its logic, ${BARE_CLIENTS} clients, ${PGBENCH_SECONDS} s...`);
    const bare = await withPostgresCpu(() => bareWrites(db, stack.dbUrl, org));
    say(`HTTP alone: ${HTTP_FLOOR_REQUESTS} requests refused before any SQL, ${CONCURRENCY} in flight...`);
    const http = await httpFloor(ticketUrl, headers);
    if (EMAILS) say(`Email delivery: ${EMAIL_SAMPLE} queued confirmations in runs of ${KICK_BATCH}...`);
    const email = EMAILS ? await emailDelivery(db, stack.apiUrl, stack.serviceRoleKey) : null;

    const command = `npx tsx bench/run.ts --only drop --guests-total ${GUESTS_TOTAL} --concurrency ${CONCURRENCY} --window-ms ${WINDOW_MS} --seats ${SEATS} --rush-requests ${RUSH_REQUESTS} --durable ${DURABLE ? 1 : 0} --direct-db ${DIRECT_DB ? 1 : 0}${EMAILS ? '' : ' --emails 0'}${DB_POOL > 0 ? ` --db-pool ${DB_POOL}` : ''}`;
    say('');
    say(`The drop: ${command}`);
    say(
      `  PostgreSQL ${DURABLE ? 'durable (fsync on, synchronous_commit on)' : 'throwaway (fsync off, synchronous_commit off)'}; functions reach SQL ${DIRECT_DB ? 'through their connection pool (SUPABASE_DB_URL)' : 'through the API gateway'}`,
    );
    printDrop(`Ticket drop (process-square-payment, one ticket type of ${SEATS} seats at $45)`, ticket);
    printDrop(`RSVP drop (process-rsvp-payment, 2 slots of ${slotSpots} spots, $25 deposit)`, rsvp);
    say('');
    say(`Rush (process-square-payment, ${CONCURRENCY} paying guests in flight back to back, ${RUSH_REQUESTS} seats)`);
    say(
      `  confirmed           ${rushMoney.confirmed} of ${rushRun.requests} (${rushRun.confirmedAnswers} answers 200; other answers: ${line(rushRun.otherAnswers)}); charges ${rushMoney.charges}, charged without booking ${rushMoney.charged_without_booking}, booked without charge ${rushMoney.booked_without_charge}`,
    );
    say(`  paid bookings/s     ${rushRun.paidPerSecond} (${rushRun.requests} requests in ${rushRun.seconds} s)`);
    say(
      `  CPU per booking     ${programs(rushCpuMs)}; ${rushCpu.all} ms in all (this machine has ${availableParallelism()} cores)${EMAILS ? ', counted until the last confirmation email was out' : ''}`,
    );
    say(
      EMAILS
        ? `  emails              ${emailsOut.sent} of ${rushMoney.confirmed} confirmations sent; the outbox was empty ${emailsOut.seconds} s after the last answer${emailsOut.open ? ` (${emailsOut.open} still waiting after 60 s)` : ''}`
        : `  emails              left in the outbox (--emails 0)`,
    );
    say(
      `  latency             p50 ${rushRun.latencyMs.p50} ms, p95 ${rushRun.latencyMs.p95} ms, p99 ${rushRun.latencyMs.p99} ms, max ${rushRun.latencyMs.max} ms`,
    );
    say('');
    if (pgbench) {
      say(`Hot row (pgbench ${pgbench.pgbenchVersion}, same PostgreSQL): ${pgbench.command}`);
      say(
        `  tps                 ${pgbench.tps} (without initial connection time; latency average ${pgbench.latencyAverageMs} ms; ${pgbench.rowsLogged} rows logged)`,
      );
      say(
        `  paid bookings/s / tps  rush ${rushRun.paidPerSecond} / ${pgbench.tps} = ${ratio(rushRun.paidPerSecond, pgbench.tps)}; ticket drop ${ticket.paidPerSecond} / ${pgbench.tps} = ${ratio(ticket.paidPerSecond, pgbench.tps)}; rsvp drop ${rsvp.paidPerSecond} / ${pgbench.tps} = ${ratio(rsvp.paidPerSecond, pgbench.tps)} (the drops' rates are bounded by the arrivals: ${round(GUESTS_TOTAL / (WINDOW_MS / 1000))} per second)`,
      );
    } else {
      say(`Hot row: pgbench not found (${PGBENCH}); skipped.`);
    }
    if (sqlAlone) {
      say(
        `The booking's SQL alone (hold_booking, test_processor_charge, confirm_booking, one transaction each; no HTTP, no functions): ${sqlAlone.command}`,
      );
      say(
        `  bookings/s          ${sqlAlone.bookingsPerSecond} (latency average ${sqlAlone.latencyAverageMs} ms; ${sqlAlone.confirmed} confirmed)${pgbench ? `; / hot-row tps = ${ratio(sqlAlone.bookingsPerSecond, pgbench.tps)}; the rush reached ${ratio(rushRun.paidPerSecond, sqlAlone.bookingsPerSecond)} of it` : ''}`,
      );
    }
    if (sqlBatched) {
      say(
        `The same in batches of ${SQL_BATCH} (run_booking_calls, as the functions send a rush; 2 clients, a lane's two batches): ${sqlBatched.command}`,
      );
      say(
        `  bookings/s          ${sqlBatched.bookingsPerSecond} (latency average ${sqlBatched.latencyAverageMs} ms per batch; ${sqlBatched.confirmed} confirmed)${pgbench ? `; / hot-row tps = ${ratio(sqlBatched.bookingsPerSecond, pgbench.tps)}; the rush reached ${ratio(rushRun.paidPerSecond, sqlBatched.bookingsPerSecond)} of it` : ''}`,
      );
    }

    if (bare) {
      say(`What the data model costs (the rows a paid booking writes, none of its logic; prepared statements): ${bare.command}`);
      say(
        `  bookings/s          ${bare.bookingsPerSecond} (latency average ${bare.latencyAverageMs} ms; ${bare.confirmed} confirmed)${pgbench ? `; / hot-row tps = ${ratio(bare.bookingsPerSecond, pgbench.tps)}` : ''}`,
      );
    }
    say(`HTTP alone (process-square-payment refusing an empty body before any SQL, through the gateway, ${CONCURRENCY} in flight)`);
    say(
      `  requests/s          ${http.perSecond} (${http.requests} requests; answers ${line(http.answers)}); latency p50 ${http.latencyMs.p50} ms, p99 ${http.latencyMs.p99} ms`,
    );
    say(`  CPU per request     ${programs(http.cpuMsPerRequest)}; ${http.cpuMsPerRequestAll} ms in all`);
    if (email) {
      say(`Email delivery (send-outbox, runs of ${KICK_BATCH}, ${email.sent} confirmation emails the SQL-alone steps queued, to the mailbox)`);
      say(`  emails/s            ${email.perSecond}`);
      say(`  CPU per email       ${programs(email.cpuMsPerEmail)}; ${email.cpuMsPerEmailAll} ms in all`);
    }
    const budget = pgbench ? cpuBudget(pgbench.tps) : null;
    if (budget) {
      const pgPerBooking = (run: { postgresCpuMsPerBooking: number | null } | null) =>
        run?.postgresCpuMsPerBooking == null
          ? 'not measured'
          : `${run.postgresCpuMsPerBooking} ms (${percent(run.postgresCpuMsPerBooking, budget.msPerBooking)})`;
      say(
        `CPU budget at the target: ${TARGET_RATIO} x ${pgbench!.tps} tps = ${budget.paidPerSecond} paid bookings/s on ${budget.cores} cores leaves ${budget.msPerBooking} ms of CPU per booking for everything on this machine (load generator, gateway, functions, processor, PostgreSQL, email delivery)`,
      );
      say(
        `  the rush             ${rushCpu.all ? `${rushCpu.all} ms, all programs (${percent(rushCpu.all, budget.msPerBooking)})` : 'not measured'}`,
      );
      say(`  SQL alone            PostgreSQL ${pgPerBooking(sqlAlone)}; in batches of ${SQL_BATCH}: ${pgPerBooking(sqlBatched)}`);
      say(`  bare writes          PostgreSQL ${pgPerBooking(bare)}`);
      if (bare?.postgresCpuMsPerBooking != null && email) {
        const floor = round(http.cpuMsPerRequestAll + bare.postgresCpuMsPerBooking + email.cpuMsPerEmailAll, 2);
        say(
          `  a floor              ${floor} ms (${percent(floor, budget.msPerBooking)}) = the refused request ${http.cpuMsPerRequestAll} ms + the bare writes ${bare.postgresCpuMsPerBooking} ms + one email's delivery ${email.cpuMsPerEmailAll} ms, without the booking's own logic`,
        );
      }
    }

    const broken =
      [ticket, rsvp].some((f) => f.oversold > 0 || f.charged_without_booking > 0) ||
      rushMoney.charged_without_booking > 0 ||
      rushMoney.confirmed_guests > RUSH_REQUESTS;
    say(
      broken
        ? '\nFAILED: something is oversold or a charge has no booking.'
        : '\nOK: nothing oversold, no charge without a booking (figures reported, not asserted against targets).',
    );
    return {
      command,
      guestsTotal: GUESTS_TOTAL,
      concurrency: CONCURRENCY,
      windowMs: WINDOW_MS,
      seats: SEATS,
      durable: DURABLE,
      directDb: DIRECT_DB,
      ticket,
      rsvp,
      rush: { ...rushRun, ...rushMoney, cpuMsPerBooking: rushCpuMs, emails: emailsOut },
      pgbench: pgbench
        ? {
            ...pgbench,
            rushPaidPerSecondOverTps: Number(ratio(rushRun.paidPerSecond, pgbench.tps)),
            ticketPaidPerSecondOverTps: Number(ratio(ticket.paidPerSecond, pgbench.tps)),
            rsvpPaidPerSecondOverTps: Number(ratio(rsvp.paidPerSecond, pgbench.tps)),
          }
        : { skipped: 'pgbench not found' },
      bookingSqlAlone: sqlAlone ?? { skipped: 'pgbench not found' },
      bookingSqlBatched: sqlBatched ?? { skipped: SQL_BATCH > 1 ? 'pgbench not found' : '--sql-batch 1' },
      bareWrites: bare ?? { skipped: 'pgbench not found' },
      httpAlone: http,
      emailDelivery: email ?? { skipped: EMAILS ? 'fewer confirmations queued than the sample' : '--emails 0' },
      cpuBudget: budget ?? { skipped: 'pgbench not found' },
      ok: !broken,
    };
  } finally {
    await db.end();
    await stop();
  }
}
