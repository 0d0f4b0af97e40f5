import type pg from 'pg';

/**
 * Seeds `total` reservations on one event (every 10th cancelled; the desktop table still lists
 * it), shared by `npm run bench -- --only admin` and tests/api/admin-reservations-scale.test.ts.
 * The rows are valid by construction (an event without capacity limits), so this one session
 * skips the per-row capacity triggers to seed 50,000 rows in a second instead of a minute.
 */
export async function seedScaleReservations(db: pg.Client, orgId: string, eventId: string, total: number): Promise<void> {
  await db.query(`set session_replication_role = replica`);
  await db.query(
    `insert into public.reservations (org_id, event_id, name, email, phone, num_guests, status, cancelled_at, created_at)
     select $1, $2, 'Scale Guest ' || g, 'scale.guest' || g || '@example.com', '+1555' || lpad(g::text, 7, '0'), 1 + g % 4,
            case when g % 10 = 0 then 'cancelled' else 'confirmed' end,
            case when g % 10 = 0 then now() end,
            now() - make_interval(secs => g)
     from generate_series(1, $3::int) g`,
    [orgId, eventId, total],
  );
  await db.query(`set session_replication_role = default`);
  await db.query('analyze public.reservations');
}
