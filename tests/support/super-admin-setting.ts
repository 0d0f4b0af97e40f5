/**
 * The configured super-admin email (app_settings.super_admin_email) is one row shared by
 * every test file, and the files run in parallel against ONE database.
 *
 * Why tests of "a configured admin who has no role yet" use a fresh account instead of
 * deleting the role of admin@supperhost.test: other files act as that account and rely on
 * its role (tests/db rls-matrix and constraints, the positive control in
 * tests/api/admin-isolation, the super-admin e2e in e2e/auth), so removing it, even
 * briefly, could fail them at random. Pointing the setting at a fresh account takes
 * nobody's rights away; it only changes who the grant accepts, and only for the few
 * milliseconds of one grant call. The few tests that need the grant to accept the seeded
 * email (tests/api/auth, tests/db/public-api) take the same advisory lock, so they never
 * see the setting changed, and two changes never interleave.
 */
import pg from 'pg';
import { stackEnv } from './stack-env.ts';

/** pg advisory lock key held while the setting is changed (or must not be). */
export const SUPER_ADMIN_SETTING_LOCK = 7_310_042;

async function locked<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
  try {
    await db.query('select pg_advisory_lock($1)', [SUPER_ADMIN_SETTING_LOCK]);
    try {
      return await fn(db);
    } finally {
      await db.query('select pg_advisory_unlock($1)', [SUPER_ADMIN_SETTING_LOCK]);
    }
  } finally {
    await db.end();
  }
}

/** Runs `fn` while `email` is the configured super-admin email; the previous value is always restored. */
export function withSuperAdminEmail<T>(email: string, fn: () => Promise<T>): Promise<T> {
  return locked(async (db) => {
    const { rows } = await db.query<{ value: string }>(`select value from public.app_settings where key = 'super_admin_email'`);
    if (rows.length !== 1) throw new Error('app_settings.super_admin_email is missing');
    const previous = rows[0].value;
    await db.query(`update public.app_settings set value = $1 where key = 'super_admin_email'`, [email]);
    try {
      return await fn();
    } finally {
      await db.query(`update public.app_settings set value = $1 where key = 'super_admin_email'`, [previous]);
    }
  });
}

/** Runs `fn` while no other test can change the configured super-admin email. */
export function withSuperAdminEmailUnchanged<T>(fn: () => Promise<T>): Promise<T> {
  return locked(() => fn());
}
