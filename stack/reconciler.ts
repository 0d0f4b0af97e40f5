/**
 * The payment reconciler's schedule on the local stack, as the pg_cron job is on hosted
 * Supabase (README, "Deploy to Supabase"): every `intervalMs` (default 60 s) it calls the
 * reconcile-payments function with the secret key (the service role) through the gateway, so charges and
 * refunds the booking functions could not finish are settled locally the way they are in
 * production. A failed run (functions restarting, stack stopping) is simply tried again.
 */

export interface ReconcilerOptions {
  /** reconcile-payments' URL, e.g. `${apiUrl}/functions/v1/reconcile-payments`. */
  url: string;
  /** The secret key (sb_secret_…), sent as apikey as the scheduled job does. */
  secretKey: string;
  /** Period between runs (default 60 000 ms). */
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface RunningReconciler {
  stop(): Promise<void>;
}

export function startReconciler({ url, secretKey, intervalMs = 60_000, log }: ReconcilerOptions): RunningReconciler {
  let running: Promise<void> | null = null;
  const run = async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { apikey: secretKey, 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(55_000),
    });
    const body = (await res.json().catch(() => null)) as { confirmed?: number; refunded?: number; refundsSettled?: number } | null;
    const settled = (body?.confirmed ?? 0) + (body?.refunded ?? 0) + (body?.refundsSettled ?? 0);
    if (settled > 0) log?.(`Reconciled payments: ${JSON.stringify(body)}`);
  };
  const timer = setInterval(() => {
    running ??= run()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref?.();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
