/**
 * Money is the owners' business: only an organization's owners (and the super admin) may connect,
 * choose or disconnect its Square account, set its taxes, service charges and price display, or
 * read its platform fee (can_manage_payments, 045_taxes_and_service_charges.sql), while its staff
 * run events and reservations and still read the charges that apply.
 */
import { describe, expect, it } from 'vitest';
import { actAs, actAsOwner, attempt, eatathomeEvent, one, ORG, rolledBack, USER, useDatabase } from './helpers.ts';

const pool = useDatabase();

describe('who manages payments', () => {
  it('an owner may, a staff member of the same organization may not, nor a member of another', () =>
    rolledBack(pool(), async (db) => {
      const can = async () => (await one<{ ok: boolean }>(db, 'select public.can_manage_payments($1) as ok', [ORG.eatathome])).ok;
      await actAs(db, 'memberA');
      expect(await can()).toBe(true);
      await actAs(db, 'memberB');
      expect(await can()).toBe(false);
      // The owner of Eat At Home becomes its staff (another owner keeps it owned).
      await actAsOwner(db);
      await db.query(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'owner')`, [USER.magnoliaOwner, ORG.eatathome]);
      await db.query(`update public.user_memberships set role = 'staff' where user_id = $1 and org_id = $2`, [USER.eatathomeOwner, ORG.eatathome]);
      await actAs(db, 'memberA');
      expect(await can()).toBe(false);
      await actAs(db, 'memberB');
      expect(await can()).toBe(true);
      await actAs(db, 'superAdmin');
      expect(await can()).toBe(true);
    }));

  it('only owners write the taxes, service charges and price display, and read the platform fee; staff read the charges', () =>
    rolledBack(pool(), async (db) => {
      const STAFF = 'b0000000-0000-4000-8000-0000000000a6';
      await db.query(`insert into auth.users (id, email, encrypted_password, email_confirmed_at) values ($1, 'cook@eatathome.test', 'x', now())`, [
        STAFF,
      ]);
      await db.query(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'staff')`, [STAFF, ORG.eatathome]);
      await db.query(`insert into public.org_charge_settings (org_id, tax_rate_bps) values ($1, 800)`, [ORG.eatathome]);
      await db.query(`insert into public.event_charge_settings (event_id, tax_rate_bps) values ($1, 900)`, [eatathomeEvent(1)]);
      await db.query(`insert into public.org_platform_fees (org_id, fee_bps) values ($1, 250)`, [ORG.eatathome]);
      const staff = { role: 'authenticated', claims: { sub: STAFF, role: 'authenticated', aud: 'authenticated' } };

      const tryWrites = async () => {
        const rows = async (sql: string, params: unknown[]) => {
          const { error, result } = await attempt(db, sql, params);
          if (error && error.code !== '42501') throw error;
          return result?.rowCount ?? 0;
        };
        return {
          orgUpdate: await rows(`update public.org_charge_settings set price_display = 'all_in' where org_id = $1`, [ORG.eatathome]),
          eventUpdate: await rows(
            `update public.event_charge_settings set service_charge_type = 'percent', service_charge_bps = 2000 where event_id = $1`,
            [eatathomeEvent(1)],
          ),
          eventInsert: await rows(`insert into public.event_charge_settings (event_id, tax_rate_bps) values ($1, 500)`, [eatathomeEvent(2)]),
          orgDelete: await rows(`delete from public.org_charge_settings where org_id = $1`, [ORG.eatathome]),
        };
      };
      const reads = async () => ({
        org: (await db.query(`select tax_rate_bps from public.org_charge_settings where org_id = $1`, [ORG.eatathome])).rowCount,
        event: (await db.query(`select tax_rate_bps from public.event_charge_settings where event_id = $1`, [eatathomeEvent(1)])).rowCount,
        fee: (await db.query(`select fee_bps from public.org_platform_fees where org_id = $1`, [ORG.eatathome])).rowCount,
        feeOnScreen: (await one<{ fee: number | null }>(db, `select platform_fee_bps as fee from public.staff_square_account($1)`, [ORG.eatathome]))
          .fee,
      });

      await actAs(db, staff);
      expect(await reads()).toEqual({ org: 1, event: 1, fee: 0, feeOnScreen: null });
      expect(await tryWrites()).toEqual({ orgUpdate: 0, eventUpdate: 0, eventInsert: 0, orgDelete: 0 });
      await actAsOwner(db);
      expect(await one(db, `select price_display from public.org_charge_settings where org_id = $1`, [ORG.eatathome])).toEqual({
        price_display: 'itemized',
      });

      await actAs(db, 'memberA');
      expect(await reads()).toEqual({ org: 1, event: 1, fee: 1, feeOnScreen: 250 });
      expect(await tryWrites()).toEqual({ orgUpdate: 1, eventUpdate: 1, eventInsert: 1, orgDelete: 1 });
    }));
});
