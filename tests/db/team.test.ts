/**
 * The team of an organization (supabase/schemas/090_team.sql): invitations by email with a
 * role (token only in the link, its hash stored), accepting with the invited confirmed
 * address, revoking, changing roles and removing members (never the last owner), and who may
 * do each: owners manage the team, staff may only list it and leave.
 * Every test runs in a transaction that is rolled back, with users of its own.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, attempt, expectError, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

const USER_NOT_MEMBER = '00000000-0000-4000-8000-000000000000';

const as = (userId: string) => ({ role: 'authenticated', claims: { sub: userId, role: 'authenticated', aud: 'authenticated' } });

async function newUser(db: pg.PoolClient, email: string, confirmed = true): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, 'x', case when $2 then now() end) returning id`,
    [email, confirmed],
  );
  return row.id;
}

/** An organization with one member (its owner), as the database owner. */
async function newTeam(db: pg.PoolClient, tag: string) {
  const owner = await newUser(db, `owner.${tag}@team-tests.test`);
  const org = await one<{ id: string }>(db, `insert into public.organizations (name, slug) values ($1, $2) returning id`, [
    `Team ${tag} Kitchen`,
    `team-${tag}-${Date.now().toString(36)}`,
  ]);
  await db.query(`insert into public.user_memberships (user_id, org_id) values ($1, $2)`, [owner, org.id]);
  return { owner, orgId: org.id, orgName: `Team ${tag} Kitchen` };
}

async function invite(db: pg.PoolClient, userId: string, orgId: string, email: string) {
  await actAs(db, as(userId));
  const row = await one<{ invitation_id: string; token: string }>(db, `select * from public.staff_invite_member($1, $2)`, [orgId, email]);
  await actAsOwner(db);
  return row;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

describe('inviting a staff member', () => {
  it('stores only the hash of the token, expires in 7 days and queues the email with the link', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'invite');
      const { invitation_id, token } = await invite(db, team.owner, team.orgId, '  New.Cook@Example.com ');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const row = await one<{ email: string; token_hash: Buffer; invited_by: string; days: number; pending: boolean }>(
        db,
        `select email, token_hash, invited_by, (extract(epoch from expires_at - created_at) / 86400)::int as days,
                accepted_at is null and revoked_at is null as pending
           from public.team_invitations where id = $1`,
        [invitation_id],
      );
      expect(row).toMatchObject({ email: 'new.cook@example.com', invited_by: team.owner, days: 7, pending: true });
      expect(Buffer.compare(row.token_hash, sha256(token))).toBe(0);
      const stored = await db.query(`select 1 from public.team_invitations t where t::text like '%' || $1 || '%'`, [token]);
      expect(stored.rowCount, 'the token itself is never stored').toBe(0);

      const mail = await one<{ kind: string; subject: string; body_text: string; org_id: string }>(
        db,
        `select kind, subject, body_text, org_id from public.email_outbox where to_email = 'new.cook@example.com'`,
      );
      expect(mail).toMatchObject({ kind: 'team_invitation', subject: `You are invited to join ${team.orgName} on SupperHost`, org_id: team.orgId });
      expect(mail.body_text).toContain(`{{site_url}}/admin/join/${token}\n`);
      expect(mail.body_text).toContain('owner.invite@team-tests.test invited you to join');
    });
  });

  it('refuses an address that is already a member, and an invalid address', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'dupe');
      await actAs(db, as(team.owner));
      await expectError(
        db,
        `select public.staff_invite_member($1, 'OWNER.dupe@team-tests.test')`,
        [team.orgId],
        'SH409',
        new RegExp(`^owner.dupe@team-tests.test is already a member of ${team.orgName}$`),
      );
      for (const bad of ['not-an-email', 'two@@example.com', 'a b@example.com', '', 'line\nbreak@example.com']) {
        await expectError(db, `select public.staff_invite_member($1, $2)`, [team.orgId, bad], 'P0001', /^Enter a valid email address$/);
      }
    });
  });

  it('replaces an open invitation to the same address (the old link stops working)', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'replace');
      const first = await invite(db, team.owner, team.orgId, 'twice@example.com');
      const second = await invite(db, team.owner, team.orgId, 'twice@example.com');
      const { rows } = await db.query(
        `select id, revoked_at is not null as revoked from public.team_invitations where org_id = $1 order by created_at, revoked_at nulls last`,
        [team.orgId],
      );
      expect(rows).toEqual([
        { id: first.invitation_id, revoked: true },
        { id: second.invitation_id, revoked: false },
      ]);
      const invitee = await newUser(db, 'twice@example.com');
      await actAs(db, as(invitee));
      await expectError(db, `select public.accept_team_invitation($1)`, [first.token], 'SH410', /revoked or replaced/);
      const accepted = await attempt(db, `select public.accept_team_invitation($1) as r`, [second.token]);
      expect(accepted.error).toBeNull();
    });
  });

  it('lets only members of the organization and the super admin invite', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'who');
      const stranger = await newUser(db, 'stranger@team-tests.test');
      await actAs(db, as(stranger));
      await expectError(
        db,
        `select public.staff_invite_member($1, 'x@example.com')`,
        [team.orgId],
        'SH403',
        /^You can only manage the team of your own organization$/,
      );
      await actAs(db, 'memberB');
      await expectError(db, `select public.staff_invite_member($1, 'x@example.com')`, [team.orgId], 'SH403');
      await expectError(db, `select public.staff_invite_member(gen_random_uuid(), 'x@example.com')`, [], 'SH403');
      await actAs(db, 'visitor');
      await expectError(db, `select public.staff_invite_member($1, 'x@example.com')`, [team.orgId], '42501');
      await actAs(db, 'superAdmin');
      expect((await attempt(db, `select public.staff_invite_member($1, 'x@example.com')`, [team.orgId])).error).toBeNull();
      await actAsOwner(db);
      expect((await db.query(`select 1 from public.email_outbox where to_email = 'x@example.com' and org_id = $1`, [team.orgId])).rowCount).toBe(1);
    });
  });

  it('gives no API role a direct write on team_invitations', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'direct');
      await actAs(db, as(team.owner));
      const { error } = await attempt(
        db,
        `insert into public.team_invitations (org_id, email, token_hash) values ($1, 'direct@example.com', '\\x00')`,
        [team.orgId],
      );
      expect(error?.code).toBe('42501');
    });
  });
});

describe('accepting an invitation', () => {
  it('makes the account with the invited, confirmed address a member (once), and answers the organization', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'accept');
      const { token, invitation_id } = await invite(db, team.owner, team.orgId, 'joiner@example.com');
      const joiner = await newUser(db, 'Joiner@Example.com');
      await actAs(db, as(joiner));
      expect((await db.query(`select public.is_org_member($1) as m`, [team.orgId])).rows[0].m).toBe(false);
      const first = await one(db, `select * from public.accept_team_invitation($1)`, [token]);
      expect(first).toEqual({ org_id: team.orgId, org_name: team.orgName });
      expect((await db.query(`select public.is_org_member($1) as m`, [team.orgId])).rows[0].m).toBe(true);
      // Following the link again is harmless.
      const again = await one(db, `select * from public.accept_team_invitation($1)`, [token]);
      expect(again).toEqual(first);
      await actAsOwner(db);
      const row = await one(db, `select accepted_by, accepted_at is not null as accepted from public.team_invitations where id = $1`, [
        invitation_id,
      ]);
      expect(row).toEqual({ accepted_by: joiner, accepted: true });
      expect((await db.query(`select 1 from public.user_memberships where user_id = $1 and org_id = $2`, [joiner, team.orgId])).rowCount).toBe(1);
      // Nobody else can use an accepted link.
      const other = await newUser(db, 'other.joiner@example.com');
      await actAs(db, as(other));
      await expectError(db, `select public.accept_team_invitation($1)`, [token], 'SH410', /^This invitation was already used$/);
    });
  });

  it('refuses another address, an unconfirmed address, an expired, a revoked and an unknown link', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'refuse');
      const { token, invitation_id } = await invite(db, team.owner, team.orgId, 'right@example.com');
      const wrong = await newUser(db, 'wrong@example.com');
      const unconfirmed = await newUser(db, 'right@example.com', false);
      await actAs(db, as(wrong));
      await expectError(db, `select public.accept_team_invitation($1)`, [token], 'SH403', /^This invitation is for another email address$/);
      await actAs(db, as(unconfirmed));
      await expectError(db, `select public.accept_team_invitation($1)`, [token], 'SH403', /^Confirm your email address first/);
      await expectError(db, `select public.accept_team_invitation($1)`, ['no-such-token'], 'SH404', /^This invitation link is not valid$/);
      await actAs(db, 'visitor');
      await expectError(db, `select public.accept_team_invitation($1)`, [token], '42501');

      await actAsOwner(db);
      await db.query(`update auth.users set email_confirmed_at = now() where id = $1`, [unconfirmed]);
      await db.query(`update public.team_invitations set expires_at = now() - interval '1 minute' where id = $1`, [invitation_id]);
      await actAs(db, as(unconfirmed));
      await expectError(db, `select public.accept_team_invitation($1)`, [token], 'SH410', /^This invitation has expired/);

      await actAsOwner(db);
      await db.query(`update public.team_invitations set expires_at = now() + interval '1 day' where id = $1`, [invitation_id]);
      await actAs(db, as(team.owner));
      await db.query(`select public.staff_revoke_invitation($1)`, [invitation_id]);
      await actAs(db, as(unconfirmed));
      await expectError(db, `select public.accept_team_invitation($1)`, [token], 'SH410', /^This invitation was revoked/);
      await actAsOwner(db);
      expect((await db.query(`select 1 from public.user_memberships where org_id = $1`, [team.orgId])).rowCount).toBe(1);
    });
  });

  it('previews the invited address, the organization and the state of the link to anyone holding it', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'preview');
      const { token, invitation_id } = await invite(db, team.owner, team.orgId, 'peek@example.com');
      await actAs(db, 'visitor');
      const preview = async () => one(db, `select * from public.team_invitation_preview($1)`, [token]);
      expect(await preview()).toMatchObject({ email: 'peek@example.com', org_name: team.orgName, status: 'pending' });
      await expectError(db, `select public.team_invitation_preview('nope')`, [], 'SH404');
      await actAsOwner(db);
      await db.query(`update public.team_invitations set expires_at = now() - interval '1 minute' where id = $1`, [invitation_id]);
      await actAs(db, 'visitor');
      expect(await preview()).toMatchObject({ status: 'expired' });
    });
  });
});

describe('the team list, revoking and removing', () => {
  it('lists members with their email and the open invitations, to members and the super admin only', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'list');
      await invite(db, team.owner, team.orgId, 'pending@example.com');
      await actAs(db, as(team.owner));
      const members = await db.query(`select * from public.staff_list_team($1)`, [team.orgId]);
      expect(members.rows).toEqual([
        {
          user_id: team.owner,
          email: 'owner.list@team-tests.test',
          joined_at: expect.any(Date),
          is_you: true,
          role: 'owner',
          booking_emails: false,
          booking_emails_daily: false,
        },
      ]);
      const invitations = await db.query(`select * from public.staff_list_team_invitations($1)`, [team.orgId]);
      expect(invitations.rows).toEqual([
        {
          id: expect.any(String),
          email: 'pending@example.com',
          created_at: expect.any(Date),
          expires_at: expect.any(Date),
          expired: false,
          invited_by_email: 'owner.list@team-tests.test',
          role: 'staff',
        },
      ]);
      await actAs(db, 'superAdmin');
      expect((await attempt(db, `select public.staff_list_team($1)`, [team.orgId])).error).toBeNull();
      await actAs(db, 'memberB');
      await expectError(db, `select public.staff_list_team($1)`, [team.orgId], 'SH403');
      await expectError(db, `select public.staff_list_team($1)`, [ORG.eatathome], 'SH403');
      await expectError(db, `select public.staff_list_team_invitations($1)`, [team.orgId], 'SH403');
    });
  });

  it('revokes an open invitation (members only); an accepted one cannot be revoked', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'revoke');
      const open = await invite(db, team.owner, team.orgId, 'open@example.com');
      const used = await invite(db, team.owner, team.orgId, 'used@example.com');
      const user = await newUser(db, 'used@example.com');
      await actAs(db, as(user));
      await db.query(`select public.accept_team_invitation($1)`, [used.token]);

      await actAs(db, 'memberB');
      await expectError(db, `select public.staff_revoke_invitation($1)`, [open.invitation_id], 'SH403');
      await expectError(db, `select public.staff_revoke_invitation(gen_random_uuid())`, [], 'SH403');
      await actAs(db, as(team.owner));
      expect((await attempt(db, `select public.staff_revoke_invitation($1)`, [open.invitation_id])).error).toBeNull();
      expect((await attempt(db, `select public.staff_revoke_invitation($1)`, [open.invitation_id])).error, 'twice is harmless').toBeNull();
      await expectError(db, `select public.staff_revoke_invitation($1)`, [used.invitation_id], 'SH409', /^This invitation was already accepted$/);
      expect((await db.query(`select * from public.staff_list_team_invitations($1)`, [team.orgId])).rows).toEqual([]);
      expect((await db.query(`select * from public.staff_list_team($1)`, [team.orgId])).rows).toHaveLength(2);
    });
  });

  it('removes a member, who loses access, but never the last one', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await newTeam(db, 'remove');
      const second = await newUser(db, 'second@team-tests.test');
      await db.query(`insert into public.user_memberships (user_id, org_id) values ($1, $2)`, [second, team.orgId]);

      await actAs(db, 'memberB');
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, second], 'SH403');
      await actAs(db, as(second));
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, USER_NOT_MEMBER], 'SH404');
      await actAs(db, as(team.owner));
      const removed = await one(db, `select * from public.staff_remove_member($1, $2)`, [team.orgId, second]);
      expect(removed).toEqual({ org_id: team.orgId, user_id: second, members: 1 });
      await expectError(
        db,
        `select public.staff_remove_member($1, $2)`,
        [team.orgId, team.owner],
        'SH409',
        /^An organization needs at least one owner$/,
      );

      await actAs(db, as(second));
      expect((await db.query(`select public.is_org_member($1) as m`, [team.orgId])).rows[0].m).toBe(false);
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, team.owner], 'SH403');
      // The super admin may manage any team, but the last member stays too.
      await actAs(db, 'superAdmin');
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, team.owner], 'SH409');
    });
  });
});

describe('owners and staff', () => {
  /** A team with an owner and a staff member who joined through an invitation with role staff. */
  async function teamWithStaff(db: pg.PoolClient, tag: string) {
    const team = await newTeam(db, tag);
    const { token } = await invite(db, team.owner, team.orgId, `staff.${tag}@team-tests.test`);
    const staff = await newUser(db, `staff.${tag}@team-tests.test`);
    await actAs(db, as(staff));
    await db.query(`select public.accept_team_invitation($1)`, [token]);
    await actAsOwner(db);
    return { ...team, staff };
  }

  const roleOf = async (db: pg.PoolClient, orgId: string, userId: string) =>
    (await one<{ role: string }>(db, `select role from public.user_memberships where org_id = $1 and user_id = $2`, [orgId, userId])).role;

  it('makes existing members owners, a new invitation staff unless the owner chooses owner, and lists the roles', async () => {
    await rolledBack(pool(), async (db) => {
      const seeded = await db.query(`select distinct role from public.user_memberships where org_id = any($1)`, [Object.values(ORG)]);
      expect(seeded.rows).toEqual([{ role: 'owner' }]);

      const team = await teamWithStaff(db, 'roles');
      expect(await roleOf(db, team.orgId, team.staff)).toBe('staff');
      const { token } = await (async () => {
        await actAs(db, as(team.owner));
        const row = await one<{ token: string }>(db, `select * from public.staff_invite_member($1, 'co.owner@example.com', 'owner')`, [team.orgId]);
        await actAsOwner(db);
        return row;
      })();
      const mail = await one<{ body_text: string }>(db, `select body_text from public.email_outbox where to_email = 'co.owner@example.com'`);
      expect(mail.body_text).toContain(`invited you to join ${team.orgName} on SupperHost as an owner`);
      const coOwner = await newUser(db, 'co.owner@example.com');
      await actAs(db, as(coOwner));
      await db.query(`select public.accept_team_invitation($1)`, [token]);
      await actAsOwner(db);
      expect(await roleOf(db, team.orgId, coOwner)).toBe('owner');

      await actAs(db, as(team.staff));
      const listed = await db.query(`select email, role, is_you from public.staff_list_team($1) order by email`, [team.orgId]);
      expect(listed.rows).toEqual([
        { email: 'co.owner@example.com', role: 'owner', is_you: false },
        { email: 'owner.roles@team-tests.test', role: 'owner', is_you: false },
        { email: 'staff.roles@team-tests.test', role: 'staff', is_you: true },
      ]);
      const orgs = await db.query(`select role from public.admin_orgs() where id = $1`, [team.orgId]);
      expect(orgs.rows).toEqual([{ role: 'staff' }]);
      expect((await one<{ owner: boolean }>(db, `select public.is_org_owner($1) as owner`, [team.orgId])).owner).toBe(false);
      expect((await one<{ member: boolean }>(db, `select public.is_org_member($1) as member`, [team.orgId])).member).toBe(true);
      await expectError(db, `select public.staff_invite_member($1, 'x@example.com', 'manager')`, [team.orgId], 'SH403');
      await actAs(db, as(team.owner));
      await expectError(
        db,
        `select public.staff_invite_member($1, 'x@example.com', 'manager')`,
        [team.orgId],
        'P0001',
        /^A member is an owner or staff$/,
      );
    });
  });

  it('refuses staff inviting, revoking, seeing invitations, changing roles and removing others', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await teamWithStaff(db, 'refusals');
      const pending = await invite(db, team.owner, team.orgId, 'pending.refusals@example.com');
      await actAs(db, as(team.staff));
      const onlyOwners = /^Only an owner can manage the team$/;
      for (const role of ['staff', 'owner']) {
        await expectError(db, `select public.staff_invite_member($1, 'new.one@example.com', $2)`, [team.orgId, role], 'SH403', onlyOwners);
      }
      await expectError(db, `select public.staff_invite_member($1, 'new.one@example.com')`, [team.orgId], 'SH403', onlyOwners);
      await expectError(db, `select public.staff_revoke_invitation($1)`, [pending.invitation_id], 'SH403', onlyOwners);
      await expectError(db, `select public.staff_list_team_invitations($1)`, [team.orgId], 'SH403', onlyOwners);
      expect((await db.query(`select 1 from public.team_invitations where org_id = $1`, [team.orgId])).rowCount, 'row-level security').toBe(0);
      await expectError(db, `select public.staff_set_member_role($1, $2, 'owner')`, [team.orgId, team.staff], 'SH403', onlyOwners);
      await expectError(db, `select public.staff_set_member_role($1, $2, 'staff')`, [team.orgId, team.owner], 'SH403', onlyOwners);
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, team.owner], 'SH403', onlyOwners);
      await actAsOwner(db);
      expect(await roleOf(db, team.orgId, team.owner)).toBe('owner');
      expect(await roleOf(db, team.orgId, team.staff)).toBe('staff');
      expect((await db.query(`select 1 from public.email_outbox where to_email = 'new.one@example.com'`)).rowCount).toBe(0);

      // Staff may leave.
      await actAs(db, as(team.staff));
      expect(await one(db, `select * from public.staff_remove_member($1, $2)`, [team.orgId, team.staff])).toEqual({
        org_id: team.orgId,
        user_id: team.staff,
        members: 1,
      });
      expect((await one<{ m: boolean }>(db, `select public.is_org_member($1) as m`, [team.orgId])).m).toBe(false);
    });
  });

  it('lets an owner promote and demote, but never demote or remove the last owner', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await teamWithStaff(db, 'last');
      await actAs(db, as(team.owner));
      const lastOwner = /^An organization needs at least one owner$/;
      await expectError(db, `select public.staff_set_member_role($1, $2, 'staff')`, [team.orgId, team.owner], 'SH409', lastOwner);
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, team.owner], 'SH409', lastOwner);
      await expectError(
        db,
        `select public.staff_set_member_role($1, $2, 'boss')`,
        [team.orgId, team.staff],
        'P0001',
        /^A member is an owner or staff$/,
      );
      await expectError(db, `select public.staff_set_member_role($1, $2, 'owner')`, [team.orgId, USER_NOT_MEMBER], 'SH404');

      expect(await one(db, `select * from public.staff_set_member_role($1, $2, 'owner')`, [team.orgId, team.staff])).toEqual({
        org_id: team.orgId,
        user_id: team.staff,
        role: 'owner',
        owners: 2,
      });
      // Two owners: one may step down, then the other is the last again.
      expect(await one(db, `select * from public.staff_set_member_role($1, $2, 'staff')`, [team.orgId, team.owner])).toMatchObject({ owners: 1 });
      await expectError(db, `select public.staff_set_member_role($1, $2, 'owner')`, [team.orgId, team.owner], 'SH403', /^Only an owner/);
      await actAs(db, as(team.staff));
      await expectError(db, `select public.staff_set_member_role($1, $2, 'staff')`, [team.orgId, team.staff], 'SH409', lastOwner);
      await expectError(db, `select public.staff_remove_member($1, $2)`, [team.orgId, team.staff], 'SH409', lastOwner);
      // A staff member may go, even the only other one.
      expect(await one(db, `select * from public.staff_remove_member($1, $2)`, [team.orgId, team.owner])).toMatchObject({ members: 1 });

      // The super admin manages any team, but the last owner stays too.
      await actAs(db, 'superAdmin');
      await expectError(db, `select public.staff_set_member_role($1, $2, 'staff')`, [team.orgId, team.staff], 'SH409', lastOwner);
      await actAsOwner(db);
      expect((await db.query(`select user_id, role from public.user_memberships where org_id = $1`, [team.orgId])).rows).toEqual([
        { user_id: team.staff, role: 'owner' },
      ]);
    });
  });

  it('keeps the role of a member who accepts another invitation', async () => {
    await rolledBack(pool(), async (db) => {
      const team = await teamWithStaff(db, 'keep');
      await actAsOwner(db);
      await db.query(`delete from public.team_invitations where org_id = $1`, [team.orgId]);
      // An owner invitation to someone who then joins as staff another way does not promote them.
      await actAs(db, as(team.owner));
      const { token } = await one<{ token: string }>(db, `select * from public.staff_invite_member($1, 'later.keep@example.com', 'owner')`, [
        team.orgId,
      ]);
      await actAsOwner(db);
      const later = await newUser(db, 'later.keep@example.com');
      await db.query(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'staff')`, [later, team.orgId]);
      await actAs(db, as(later));
      await db.query(`select public.accept_team_invitation($1)`, [token]);
      await actAsOwner(db);
      expect(await roleOf(db, team.orgId, later)).toBe('staff');
    });
  });
});
