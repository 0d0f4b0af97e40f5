/**
 * The payment reconciler at scale (`npm run bench -- --only reconcile`).
 *
 * On a throwaway stack (local test processor): one event with 10,000 settled reservations,
 * each with a completed charge on the ledger, plus 100 bookings stuck in 'charging' as a
 * killed functions process leaves them — held with their card token, half of them already
 * charged at the processor (the answer was lost), half never reached it, and every fifth
 * one's hold already lapsed (its seats still free). Then one timed call of
 * reconcile-payments as the service role, through the gateway, as the schedule makes it.
 *
 * Prints the run's duration and counts. Not ok unless every stuck booking ends confirmed and
 * charged once, and no ledger row is left 'charging'.
 *
 * Options: --reservations N (10000) --stuck N (100)
 */
import { randomUUID } from 'node:crypto';
import { option, round, say, type BenchResult, withBenchDatabase } from './lib.ts';
import { seedScaleReservations } from './seed-reservations.ts';

const TOTAL = Math.max(100, Math.floor(option('reservations', 10_000)));
const STUCK = Math.max(1, Math.floor(option('stuck', 100)));

export function runReconcile(): Promise<BenchResult> {
  return withBenchDatabase(async (stack, db) => {
    const stamp = Date.now().toString(36);
    const org = (
      await db.query<{ id: string }>(
        `insert into public.organizations (name, slug, platform_payments) values ('Reconcile Kitchen', $1, true) returning id`,
        [`reconcile-${stamp}`],
      )
    ).rows[0];
    const event = (
      await db.query<{ id: string }>(
        `insert into public.events (org_id, title, date, event_time, event_timezone) values ($1, 'Busy Night', current_date + 30, '19:00', 'America/New_York') returning id`,
        [org.id],
      )
    ).rows[0];
    const ticket = (
      await db.query<{ id: string }>(
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Seat', 5000, public.new_capacity_pool($1, $2)) returning id`,
        [event.id, STUCK * 4],
      )
    ).rows[0];

    say(`  Seeding ${TOTAL.toLocaleString('en-US')} reservations with their charges, and ${STUCK} stuck bookings...`);
    await seedScaleReservations(db, org.id, event.id, TOTAL);
    await db.query(
      `insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents, guests, provider, provider_payment_id, idempotency_key)
       select r.id, r.org_id, 'charge', 'completed', 5000 * r.num_guests, r.num_guests, 'test', 'seed_' || r.id, 'seed-' || left(r.id::text, 30)
       from public.reservations r where r.event_id = $1`,
      [event.id],
    );
    for (let i = 0; i < STUCK; i++) {
      const key = randomUUID();
      await db.query(
        `select public.hold_booking(p_idempotency_key => $1, p_event_id => $2, p_guests => 1, p_name => $3, p_email => $4,
                                    p_ticket_type => $5, p_has_payment_token => true, p_payment_source => 'cnon:card-nonce-ok',
                                    p_payment_provider => 'test')`,
        [key, event.id, `Stuck Guest ${i}`, `stuck.${i}@example.com`, ticket.id],
      );
      // Half were charged before the process died (their answer lost); the rest never reached the processor.
      if (i % 2 === 0) await db.query(`select public.test_processor_charge($1, 'cnon:card-nonce-ok', 5000)`, [key]);
      if (i % 5 === 0)
        await db.query(`update public.reservations set hold_expires_at = now() - interval '1 minute' where idempotency_key = $1`, [key]);
    }
    await db.query('analyze public.payment_ledger');

    say('  One reconcile-payments run...');
    const t0 = performance.now();
    const res = await fetch(`${stack.apiUrl}/functions/v1/reconcile-payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, apikey: stack.serviceRoleKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ olderThanSeconds: 0, limit: 1000 }),
    });
    const body = (await res.json()) as Record<string, number | boolean>;
    const ms = performance.now() - t0;

    const left = (await db.query<{ n: number }>(`select count(*)::int as n from public.payment_ledger where status in ('charging', 'pending')`))
      .rows[0].n;
    const charges = (
      await db.query<{ n: number }>(
        `select count(*)::int as n from test_processor.payments where idempotency_key in (select idempotency_key from public.reservations where email like 'stuck.%')`,
      )
    ).rows[0].n;
    const ok = res.ok && body.confirmed === STUCK && left === 0 && charges === STUCK;
    say(`  ${TOTAL.toLocaleString('en-US')} settled reservations, ${STUCK} stuck: one run took ${round(ms)} ms`);
    say(`  answer: ${JSON.stringify(body)}`);
    say(`  charges at the processor for the stuck bookings: ${charges} (one each); ledger rows left open: ${left}`);
    if (!ok) say('  NOT OK: every stuck booking must end confirmed, charged once, nothing left open');
    return { ok, figures: { reservations: TOTAL, stuck: STUCK, runMs: round(ms), ...body, chargesAtProcessor: charges, leftOpen: left } };
  });
}
