/**
 * Admin list latency at scale (`npm run bench -- --only admin`).
 *
 * On a throwaway stack: an organization with 50,000 reservations on one event (every 10th
 * cancelled), seeded in one database session with `session_replication_role = replica` as
 * tests/api/admin-reservations-scale.test.ts does, and a staff member of it who signed up
 * through the gateway with supabase-js (as tests/support/fixtures.ts creates staff). Then, as
 * that staff member through the gateway (JWT, RLS, security-definer functions), N timed
 * calls of each list the admin panel makes, one at a time after one untimed warm-up each:
 *
 *   first page     admin_list_reservations(p_limit 25, p_offset 0)
 *   search email   admin_list_reservations(p_search 'scale.guest31337@')
 *   deep page      admin_list_reservations(p_limit 25, p_offset total - 25)
 *   guests         admin_list_guests(p_limit 50, p_offset 0)
 *
 * Prints p50/p95/p99 per call shape (client-side, the whole HTTP round trip). Not ok when a
 * call fails or answers with other totals or rows than the seed implies.
 *
 * Options: --reservations N (50000) --calls N (30)
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { asJson, latencySummary, option, say, type BenchResult, withBenchDatabase } from './lib.ts';
import { seedScaleReservations } from './seed-reservations.ts';

const TOTAL = Math.max(100, Math.floor(option('reservations', 50_000)));
const CALLS = Math.max(1, Math.floor(option('calls', 30)));
const PASSWORD = 'supperhost-bench-pw';

/** Node 20 has no WebSocket; realtime is not used here. */
class NoWebSocket {}

function client(apiUrl: string, key: string): SupabaseClient {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

interface Page {
  total: number;
  rows: { name?: string; email?: string }[];
}

/** The lists answer rows that each carry total_count, how many match in all. */
function asPage(data: unknown): Page {
  const rows = (data ?? []) as (Page['rows'][number] & { total_count: number })[];
  return { total: rows[0]?.total_count ?? 0, rows };
}

export function runAdmin(): Promise<BenchResult> {
  return withBenchDatabase(async (stack, db) => {
    // A staff member, signed up through the gateway (the local auth confirms at once).
    const stamp = Date.now().toString(36);
    const email = `bench-staff-${stamp}@admin-bench.test`;
    const staff = client(stack.apiUrl, stack.anonKey);
    const signUp = await staff.auth.signUp({ email, password: PASSWORD });
    if (signUp.error || !signUp.data.user) throw new Error(`sign up ${email}: ${signUp.error?.message}`);
    if (!signUp.data.session) {
      const signIn = await staff.auth.signInWithPassword({ email, password: PASSWORD });
      if (signIn.error) throw new Error(`sign in ${email}: ${signIn.error.message}`);
    }

    // Its organization (service role) and one event without capacity limits.
    const svc = client(stack.apiUrl, stack.serviceRoleKey);
    const org = must(
      await svc
        .from('organizations')
        .insert({ name: 'Scale Supper Club', slug: `scale-${stamp}` })
        .select('id')
        .single(),
      'create org',
    ) as { id: string };
    must(await svc.from('user_memberships').insert({ user_id: signUp.data.user.id, org_id: org.id }).select('id'), 'add member');
    const event = must(
      await svc
        .from('events')
        .insert({
          org_id: org.id,
          title: 'Huge Banquet',
          date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          event_time: '19:00',
          event_timezone: 'America/New_York',
          location_name: 'Bench Kitchen',
        })
        .select('id')
        .single(),
      'create event',
    ) as { id: string };

    say(`  Seeding ${TOTAL.toLocaleString('en-US')} reservations...`);
    const t0 = performance.now();
    await seedScaleReservations(db, org.id, event.id, TOTAL);
    const seedSeconds = (performance.now() - t0) / 1000;

    const cancelled = Math.floor(TOTAL / 10);
    const needle = Math.min(TOTAL, 31_337);
    const deepOffset = TOTAL - 25;
    const shapes: {
      name: string;
      call: string;
      rpc: () => PromiseLike<{ data: unknown; error: { message: string } | null }>;
      check: (p: Page) => string | null;
    }[] = [
      {
        name: 'first page',
        call: `admin_list_reservations({ p_org_id, p_limit: 25, p_offset: 0 })`,
        rpc: () => staff.rpc('admin_list_reservations', { p_org_id: org.id, p_limit: 25, p_offset: 0 }),
        check: (p) =>
          p.total === TOTAL && p.rows.length === 25 && p.rows[0].name === 'Scale Guest 1'
            ? null
            : `total ${p.total}, ${p.rows.length} rows, first ${p.rows[0]?.name}`,
      },
      {
        name: 'search by email',
        call: `admin_list_reservations({ p_org_id, p_search: 'scale.guest${needle}@', p_limit: 25, p_offset: 0 })`,
        rpc: () => staff.rpc('admin_list_reservations', { p_org_id: org.id, p_search: `scale.guest${needle}@`, p_limit: 25, p_offset: 0 }),
        check: (p) =>
          p.total === 1 && p.rows[0]?.email === `scale.guest${needle}@example.com` ? null : `total ${p.total}, first ${p.rows[0]?.email}`,
      },
      {
        name: 'deep page',
        call: `admin_list_reservations({ p_org_id, p_limit: 25, p_offset: ${deepOffset} })`,
        rpc: () => staff.rpc('admin_list_reservations', { p_org_id: org.id, p_limit: 25, p_offset: deepOffset }),
        check: (p) =>
          p.total === TOTAL && p.rows.length === 25 && p.rows.at(-1)?.name === `Scale Guest ${TOTAL}`
            ? null
            : `total ${p.total}, ${p.rows.length} rows, last ${p.rows.at(-1)?.name}`,
      },
      {
        name: 'guests',
        call: `admin_list_guests({ p_org_id, p_limit: 50, p_offset: 0 })`,
        rpc: () => staff.rpc('admin_list_guests', { p_org_id: org.id, p_limit: 50, p_offset: 0 }),
        check: (p) => (p.total === TOTAL - cancelled && p.rows.length === 50 ? null : `total ${p.total}, ${p.rows.length} rows`),
      },
    ];

    say(`  Timing ${CALLS} calls of each of ${shapes.length} call shapes as the staff member...`);
    const problems: string[] = [];
    const figures = [];
    for (const shape of shapes) {
      const warm = await shape.rpc(); // untimed: the gateway's pool and PostgreSQL's plan cache
      if (warm.error) throw new Error(`${shape.call}: ${warm.error.message}`);
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        const { data, error } = await shape.rpc();
        samples.push(performance.now() - t);
        const problem = error ? error.message : shape.check(asPage(data));
        if (problem && problems.length < 10) problems.push(`${shape.name}: ${problem}`);
      }
      figures.push({ shape: shape.name, call: shape.call, latencyMs: latencySummary(samples) });
    }

    const result = {
      command: `npx tsx bench/run.ts --only admin --reservations ${TOTAL} --calls ${CALLS}`,
      reservations: TOTAL,
      cancelled,
      callsPerShape: CALLS,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      shapes: figures,
      problems,
    };
    const broken = problems.length > 0;
    if (!asJson) {
      console.log('');
      console.log(`Admin lists at scale: ${result.command}`);
      console.log(
        `  data                ${TOTAL.toLocaleString('en-US')} reservations in one organization (${cancelled.toLocaleString('en-US')} cancelled), seeded in ${result.seedSeconds} s`,
      );
      console.log(`  calls               ${CALLS} per shape, one at a time, as a staff member through the gateway (supabase-js rpc)`);
      for (const f of figures) {
        const l = f.latencyMs;
        console.log(`  ${f.shape.padEnd(19)} p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms (min ${l.min}, max ${l.max})  ${f.call}`);
      }
      console.log(broken ? `\nFAILED: ${problems.join('; ')}` : '\nOK: every call answered with the totals and rows the seed implies.');
    }
    return { ...result, ok: !broken };
  });
}
