/**
 * Money is the owners' business: only an organization's owners (and the super admin) may connect,
 * choose or disconnect its Square account (can_manage_payments, 140_square_accounts.sql), while
 * its staff run events and reservations.
 */
import { describe, expect, it } from 'vitest';
import { actAs, actAsOwner, one, ORG, rolledBack, USER, useDatabase } from './helpers.ts';

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
});
