/**
 * `npm run bench` (or `npx tsx bench/run.ts`): every benchmark in sequence, each on a
 * throwaway stack of its own, each printing its own figures (docs/BENCHMARKS.md).
 *
 *   booking  concurrent bookings against scarce seats (bench/booking.ts)
 *   page     public page payload and round trips for /{orgSlug} (bench/page.ts)
 *   admin    admin list latency with 50,000 reservations (bench/admin.ts)
 *   reconcile  one reconcile-payments run over 10,000 reservations with 100 stuck (bench/reconcile.ts)
 *   drop     500 guests in 5 s for 40 ticket seats, then 2 RSVP slots of 20; pgbench hot row (bench/drop.ts)
 *   lighthouse  Lighthouse mobile performance and SEO of the public pages on the built site (bench/lighthouse.ts)
 *
 * Options: --only booking|page|admin|reconcile|drop|lighthouse (repeatable, or comma-separated) --json
 *          plus each benchmark's own options (see the files above).
 * Exits 1 when any benchmark's invariant is broken or a benchmark fails to run.
 */
import { asJson, runAllCleanups, runBench, type BenchResult } from './lib.ts';

const BENCHMARKS: Record<string, { title: string; run: () => Promise<BenchResult> }> = {
  booking: { title: 'Concurrent bookings against scarce seats', run: async () => (await import('./booking.ts')).runBooking() },
  page: { title: 'Public page payload and round trips', run: async () => (await import('./page.ts')).runPage() },
  admin: { title: 'Admin list latency at scale', run: async () => (await import('./admin.ts')).runAdmin() },
  reconcile: { title: 'Payment reconciler over a busy ledger', run: async () => (await import('./reconcile.ts')).runReconcile() },
  drop: { title: 'Ticket and RSVP drop, and the hot-row rate', run: async () => (await import('./drop.ts')).runDrop() },
  lighthouse: { title: 'Lighthouse on the public pages', run: async () => (await import('./lighthouse.ts')).runLighthouse() },
};

function selected(): string[] {
  const names: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === '--only')
      names.push(
        ...(process.argv[i + 1] ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else if (arg.startsWith('--only='))
      names.push(
        ...arg
          .slice('--only='.length)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
  });
  for (const name of names) {
    if (!(name in BENCHMARKS)) throw new Error(`--only: unknown benchmark "${name}" (one of ${Object.keys(BENCHMARKS).join(', ')})`);
  }
  return names.length ? Object.keys(BENCHMARKS).filter((n) => names.includes(n)) : Object.keys(BENCHMARKS);
}

async function main() {
  const names = selected();
  const results: Record<string, BenchResult | { ok: false; error: string }> = {};
  for (const name of names) {
    const { title, run } = BENCHMARKS[name];
    if (!asJson) console.log(`\n=== ${name}: ${title} ===`);
    const t0 = performance.now();
    try {
      // Whatever the benchmark started is stopped when it ends, however it ends.
      results[name] = await runBench(run);
    } catch (error) {
      // One benchmark that cannot run does not stop the others; the run still fails.
      console.error(`\n${name}: ${(error as Error).stack ?? error}`);
      results[name] = { ok: false, error: (error as Error).message };
    }
    if (!asJson) console.log(`(${name} took ${((performance.now() - t0) / 1000).toFixed(1)} s in all)`);
  }
  const ok = Object.values(results).every((r) => r.ok);
  if (asJson) {
    console.log(JSON.stringify({ ...results, ok }, null, 2));
  } else {
    console.log(`\n=== Summary: ${names.map((n) => `${n} ${results[n].ok ? 'ok' : 'FAILED'}`).join(', ')}`);
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch(async (error) => {
  console.error(error);
  await runAllCleanups();
  process.exit(1);
});
