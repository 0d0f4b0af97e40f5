import pg from 'pg';

/**
 * The local stack's SQL timer, as the pg_cron jobs are on hosted Supabase (README): every
 * `intervalMs` (default 30 s) it runs `select public.release_expired_holds()`, which expires
 * holds past hold_expires_at (their seats are already free: no count includes them), and
 * `select public.enqueue_due_reminders()`, which queues each confirmed guest's reminder once
 * (the mailbox's delivery pass then sends it), and `select public.enqueue_due_thank_yous()`, which
 * queues the thank-you of each booking the morning after its dinner where its host wants them, and
 * `select public.enqueue_booking_digests()`, which queues the team's morning summaries of bookings
 * for the members who chose them, and `select public.fill_waitlists()`, which offers
 * seats freed by staff raising a capacity to waiting parties, and `select
 * public.enqueue_kitchen_reports()`, which emails each due kitchen report to its team, and `select
 * public.release_unpaid_seats()`, which releases the seats nobody paid for by their booking's
 * cutoff when each guest pays their own seat. (Every booking also expires its own
 * event's stale holds first; this keeps the tables themselves tidy, as in production.)
 *
 * It never waits on a lock for long (lock_timeout): a busy event is simply released on a
 * later run, and a booking never queues behind it.
 */

export interface HoldReleaserOptions {
  dbUrl: string;
  /** Period between runs (default 30 000 ms). */
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface RunningHoldReleaser {
  /** Runs one release now (also what the timer does); resolves to the holds released. */
  releaseNow(): Promise<number>;
  stop(): Promise<void>;
}

export function startHoldReleaser({ dbUrl, intervalMs = 30_000, log }: HoldReleaserOptions): RunningHoldReleaser {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  pool.on('error', () => undefined);
  let stopped = false;
  let running: Promise<number> | null = null;

  const release = async (): Promise<number> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`set local lock_timeout = '500ms'`);
      const { rows } = await client.query<{ released: number }>('select public.release_expired_holds() as released');
      await client.query('commit');
      await client.query('select public.enqueue_due_reminders()');
      await client.query('select public.enqueue_due_thank_yous()');
      await client.query('select public.enqueue_booking_digests()');
      await client.query('select public.fill_waitlists()');
      await client.query('select public.enqueue_kitchen_reports()');
      await client.query('select public.release_unpaid_seats()');
      return rows[0]?.released ?? 0;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const releaseNow = (): Promise<number> => {
    running ??= release().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (stopped) return;
    releaseNow()
      .then((n) => {
        if (n > 0) log?.(`Released ${n} expired hold(s)`);
      })
      // A lock timeout, a migration in progress, a restarting database: next time.
      .catch(() => undefined);
  }, intervalMs);
  timer.unref?.();

  return {
    releaseNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      await pool.end();
    },
  };
}
