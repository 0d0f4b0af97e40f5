/**
 * Onboarding (supabase/schemas/095_onboarding.sql): a signed-in account creates an organization
 * and owns it; slugs are checked against the format, the app's reserved paths and taken ones;
 * a few per account per day; a new organization is unpublished (no page events, not in the home
 * page list, not bookable) until an owner publishes it with an active event; the super admin
 * creates organizations with an owner invitation, suspends (nothing bookable, nothing deleted,
 * staff still read) and reactivates them. Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, attempt, eatathomeEvent, expectError, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

const as = (userId: string) => ({ role: 'authenticated', claims: { sub: userId, role: 'authenticated', aud: 'authenticated' } });

async function newUser(db: pg.PoolClient, email: string): Promise<string> {
  return (
    await one<{ id: string }>(db, `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, 'x', now()) returning id`, [
      email,
    ])
  ).id;
}

const slug = (tag: string) => `onb-${tag}-${Date.now().toString(36)}`;

async function create(db: pg.PoolClient, userId: string, name: string, orgSlug: string, tz = 'America/Chicago') {
  await actAs(db, as(userId));
  const { org_id } = await one<{ org_id: string }>(db, `select public.create_organization($1, $2, $3) as org_id`, [name, orgSlug, tz]);
  await actAsOwner(db);
  return org_id;
}

/** A new account (`tag`@onboarding.test) and the organization `name` it creates (its slug made from `tag`). */
async function hostWithOrg(db: pg.PoolClient, tag: string, name: string): Promise<{ user: string; orgId: string }> {
  const user = await newUser(db, `${tag}@onboarding.test`);
  return { user, orgId: await create(db, user, name, slug(tag)) };
}

/** An active upcoming event of the organization, with one ticket type. */
async function addEvent(db: pg.PoolClient, orgId: string) {
  const { id } = await one<{ id: string }>(
    db,
    `insert into public.events (org_id, title, date, event_time) values ($1, 'First supper', current_date + 20, '19:00') returning id`,
    [orgId],
  );
  await db.query(`insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Dinner', 5000, public.new_capacity_pool($1, 10))`, [
    id,
  ]);
  return id;
}

const quote = (db: pg.PoolClient, eventId: string) => attempt(db, `select public.quote_booking($1, 1, 'Dinner')`, [eventId]);

describe('creating an organization', () => {
  it('makes the caller its owner, emailed its bookings; it starts unpublished with its time zone; the contact is the caller', async () => {
    await rolledBack(pool(), async (db) => {
      const user = await newUser(db, 'Host.One@Onboarding.test');
      const s = slug('one');
      const orgId = await create(db, user, '  Lantern Supper  ', `  ${s.toUpperCase()} `);
      const org = await one(db, `select name, slug, state, timezone, published_at from public.organizations where id = $1`, [orgId]);
      expect(org).toEqual({ name: 'Lantern Supper', slug: s, state: 'unpublished', timezone: 'America/Chicago', published_at: null });
      expect(await one(db, `select user_id, role, booking_emails from public.user_memberships where org_id = $1`, [orgId])).toEqual({
        user_id: user,
        role: 'owner',
        booking_emails: true,
      });
      expect(await one(db, `select created_by, contact_email from private.organization_signups where org_id = $1`, [orgId])).toEqual({
        created_by: user,
        contact_email: 'host.one@onboarding.test',
      });
      await actAs(db, as(user));
      expect((await db.query(`select name, role, state from public.admin_orgs()`)).rows).toEqual([
        { name: 'Lantern Supper', role: 'owner', state: 'unpublished' },
      ]);
    });
  });

  it('checks the slug live and on create: format, reserved, taken (also an alias path)', async () => {
    await rolledBack(pool(), async (db) => {
      const user = await newUser(db, 'slugs@onboarding.test');
      await actAs(db, as(user));
      const check = async (value: string) => one(db, `select * from public.check_org_slug($1)`, [value]);
      expect(await check(' Fresh-Kitchen-42 ')).toEqual({ slug: 'fresh-kitchen-42', available: true, message: null });
      expect(await check('magnolia')).toEqual({ slug: 'magnolia', available: false, message: 'This web address is taken' });
      expect(await check('admin')).toEqual({ slug: 'admin', available: false, message: 'This web address is reserved by SupperHost' });
      expect(await check('eat-at-home')).toMatchObject({ available: false, message: 'This web address is reserved by SupperHost' });
      expect(await check('a')).toMatchObject({ available: false, message: 'A web address needs at least 2 characters' });
      expect(await check('no--double')).toMatchObject({ available: false, message: /^Use lowercase letters/ });
      expect(await check('x'.repeat(61))).toMatchObject({ available: false, message: 'A web address has at most 60 characters' });

      const tz = 'America/New_York';
      await expectError(db, `select public.create_organization('Dup', 'magnolia', $1)`, [tz], 'SH409', /^This web address is taken$/);
      await expectError(
        db,
        `select public.create_organization('Res', 'pop-up-chef', $1)`,
        [tz],
        'SH409',
        /^This web address is reserved by SupperHost$/,
      );
      await expectError(db, `select public.create_organization('Bad', 'Bad Slug!', $1)`, [tz], 'P0001', /^Use lowercase letters/);
      await expectError(db, `select public.create_organization('  ', 'blank-name', $1)`, [tz], 'P0001', /^The name needs 1 to 120 characters$/);
      await expectError(db, `select public.create_organization('Zone', 'zone-test', 'Europe/Paris')`, [], 'P0001', /^Choose a time zone$/);

      await actAs(db, 'visitor');
      await expectError(db, `select public.create_organization('Anon', 'anon-kitchen', $1)`, [tz], '42501');
      await expectError(db, `select public.check_org_slug('anon-kitchen')`, [], '42501');
    });
  });

  it('allows 3 new organizations per account in 24 hours', async () => {
    await rolledBack(pool(), async (db) => {
      const user = await newUser(db, 'busy@onboarding.test');
      for (const n of [1, 2, 3]) await create(db, user, `Busy ${n}`, slug(`busy${n}`));
      await actAs(db, as(user));
      await expectError(
        db,
        `select public.create_organization('Busy 4', $1, 'America/Denver')`,
        [slug('busy4')],
        'SH429',
        /^You created 3 organizations/,
      );
      // Another account is not limited by this one.
      await actAsOwner(db);
      const other = await newUser(db, 'other@onboarding.test');
      expect(await create(db, other, 'Other 1', slug('other'))).toEqual(expect.any(String));
      // A day later the account may create again.
      await db.query(`update private.organization_signups set created_at = now() - interval '25 hours' where created_by = $1`, [user]);
      expect(await create(db, user, 'Busy 4', slug('busy4b'))).toEqual(expect.any(String));
    });
  });
});

describe('publishing', () => {
  it('keeps an unpublished organization off the home page, its page without events and its events unbookable until an owner publishes it', async () => {
    await rolledBack(pool(), async (db) => {
      const user = await newUser(db, 'publisher@onboarding.test');
      const s = slug('pub');
      const orgId = await create(db, user, 'Publish Kitchen', s);
      const eventId = await addEvent(db, orgId);

      const page = async () =>
        (
          await one<{ page: { organization: { state: string }; events: unknown[] } }>(
            db,
            `select (select to_jsonb(p) from public.get_public_org_page($1) p) as page`,
            [s],
          )
        ).page;
      const listed = async () => (await db.query(`select 1 from public.list_public_hosts() where slug = $1`, [s])).rowCount;
      await actAs(db, 'visitor');
      expect((await page()).organization.state).toBe('unpublished');
      expect((await page()).events).toEqual([]);
      expect(await listed()).toBe(0);
      await actAs(db, 'service');
      expect((await quote(db, eventId)).error).toMatchObject({ code: 'SH409', message: 'Publish Kitchen is not taking bookings right now.' });

      // Its event takes card payments: not before its own Square account has a location.
      await actAs(db, as(user));
      const setup = () => one(db, `select * from public.staff_org_setup($1)`, [orgId]);
      expect(await setup()).toEqual({
        state: 'unpublished',
        has_branding: false,
        active_events: 1,
        payments_needed: true,
        payments_ready: false,
        card_event: 'First supper',
        can_publish: false,
      });
      const connectFirst = /^Connect Square before publishing: First supper takes card payments$/;
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH409', connectFirst);
      await actAsOwner(db);
      await db.query(
        `insert into public.square_accounts (org_id, merchant_id, access_token_ciphertext, refresh_token_ciphertext, access_token_expires_at, locations)
         values ($1, 'MERCH_PUBLISH', 'v1.a.b', 'v1.c.d', now() + interval '30 days', '[{"id": "L-PUB", "name": "Main", "currency": "USD", "status": "ACTIVE"}]')`,
        [orgId],
      );
      await actAs(db, as(user));
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH409', connectFirst);
      await db.query(`select public.staff_choose_square_location($1, 'L-PUB')`, [orgId]);
      expect(await setup()).toMatchObject({ payments_needed: true, payments_ready: true, can_publish: true });
      const published = await one(db, `select org_id, state, published_at is not null as stamped from public.owner_publish_organization($1)`, [
        orgId,
      ]);
      expect(published).toEqual({ org_id: orgId, state: 'published', stamped: true });

      await actAs(db, 'visitor');
      expect((await page()).organization.state).toBe('published');
      expect((await page()).events).toHaveLength(1);
      expect(await listed()).toBe(1);
      await actAs(db, 'service');
      expect((await quote(db, eventId)).error).toBeNull();
    });
  });

  it('needs a way to take card payments only when an active event charges cards: not for RSVPs without a deposit, nor for free tickets', async () => {
    await rolledBack(pool(), async (db) => {
      const { user, orgId } = await hostWithOrg(db, 'cards', 'Cards Kitchen');
      const event = async (title: string, columns: Record<string, unknown>) => {
        const names = Object.keys(columns);
        const { id } = await one<{ id: string }>(
          db,
          `insert into public.events (org_id, title, date, event_time${names.map((c) => `, ${c}`).join('')})
           values ($1, $2, current_date + 20, '19:00'${names.map((_, i) => `, $${i + 3}`).join('')}) returning id`,
          [orgId, title, ...Object.values(columns)],
        );
        return id;
      };
      const needs = async () => {
        await actAs(db, as(user));
        const row = await one<{ card_event: string | null; payments_ready: boolean }>(
          db,
          `select card_event, payments_ready from public.staff_org_setup($1)`,
          [orgId],
        );
        await actAsOwner(db);
        return row;
      };
      // An RSVP without a deposit, and tickets at $0, take no card payments.
      await actAsOwner(db);
      const rsvp = await event('Open house', { rsvp_mode: true, deposit_amount: null });
      const free = await event('Free tasting', {});
      await db.query(`insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Entry', 0, public.new_capacity_pool($1, 10))`, [
        free,
      ]);
      expect(await needs()).toEqual({ card_event: null, payments_ready: false });
      // A deposit, a priced seating, or a priced ticket does.
      await db.query(`update public.events set deposit_amount = 2500 where id = $1`, [rsvp]);
      expect(await needs()).toEqual({ card_event: 'Open house', payments_ready: false });
      await db.query(`update public.events set is_active = false where id = $1`, [rsvp]);
      const seatings = await event('Counter seating', { seat_price_cents: 3000 });
      expect(await needs()).toEqual({ card_event: 'Counter seating', payments_ready: false });
      await db.query(`update public.events set is_active = false where id = $1`, [seatings]);
      expect(await needs()).toEqual({ card_event: null, payments_ready: false });
      await db.query(`update public.ticket_types set price = 100 where event_id = $1`, [free]);
      expect(await needs()).toEqual({ card_event: 'Free tasting', payments_ready: false });

      // The owner cannot make it use the platform's account; the SupperHost team can.
      await actAs(db, as(user));
      const bySelf = await attempt(db, `update public.organizations set platform_payments = true where id = $1`, [orgId]);
      expect({ error: bySelf.error, rows: bySelf.result?.rowCount }).toEqual({ error: null, rows: 0 });
      await expectError(
        db,
        `select public.owner_publish_organization($1)`,
        [orgId],
        'SH409',
        /^Connect Square before publishing: Free tasting takes card payments$/,
      );
      await expectError(db, `select public.super_admin_set_platform_payments($1, true)`, [orgId], 'SH403');
      await actAs(db, 'superAdmin');
      await db.query(`select public.super_admin_set_platform_payments($1, true)`, [orgId]);
      expect(await needs()).toEqual({ card_event: 'Free tasting', payments_ready: true });
      await actAs(db, as(user));
      expect(await one(db, `select state from public.owner_publish_organization($1)`, [orgId])).toEqual({ state: 'published' });
    });
  });

  it('publishes an organization whose only event is an RSVP without a deposit, with no Square account', async () => {
    await rolledBack(pool(), async (db) => {
      const { user, orgId } = await hostWithOrg(db, 'rsvp', 'RSVP Kitchen');
      await db.query(
        `insert into public.events (org_id, title, date, event_time, rsvp_mode) values ($1, 'Potluck', current_date + 9, '18:00', true)`,
        [orgId],
      );
      await actAs(db, as(user));
      expect(await one(db, `select state from public.owner_publish_organization($1)`, [orgId])).toEqual({ state: 'published' });
    });
  });

  it('needs an active event, an owner, and refuses a suspended organization', async () => {
    await rolledBack(pool(), async (db) => {
      const { user, orgId } = await hostWithOrg(db, 'early', 'Early Kitchen');
      await actAs(db, as(user));
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH409', /^Create an active event before publishing$/);
      expect(await one(db, `select can_publish, active_events from public.staff_org_setup($1)`, [orgId])).toEqual({
        can_publish: false,
        active_events: 0,
      });

      await actAsOwner(db);
      const eventId = await addEvent(db, orgId);
      await db.query(`update public.events set is_active = false where id = $1`, [eventId]);
      await actAs(db, as(user));
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH409', /^Create an active event/);

      await actAsOwner(db);
      await db.query(`update public.events set is_active = true where id = $1`, [eventId]);
      const staff = await newUser(db, 'early.staff@onboarding.test');
      await db.query(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'staff')`, [staff, orgId]);
      await actAs(db, as(staff));
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH403', /^Only an owner can publish/);
      await expectError(db, `select public.owner_set_org_contact_email($1, 'x@example.com')`, [orgId], 'SH403');
      expect((await attempt(db, `select public.staff_org_setup($1)`, [orgId])).error).toBeNull();
      await actAs(db, 'memberB');
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH403');
      await expectError(db, `select public.staff_org_setup($1)`, [orgId], '42501');

      await actAs(db, as(user));
      expect(await one(db, `select * from public.owner_set_org_contact_email($1, ' Hello@Early.test ')`, [orgId])).toEqual({
        org_id: orgId,
        contact_email: 'hello@early.test',
      });
      await actAs(db, 'superAdmin');
      await db.query(`select public.super_admin_set_org_state($1, 'suspended')`, [orgId]);
      await actAs(db, as(user));
      await expectError(db, `select public.owner_publish_organization($1)`, [orgId], 'SH409', /^Early Kitchen is suspended/);
    });
  });
});

describe("the super admin's organizations", () => {
  it('creates an unpublished organization and invites its owner by email, who joins as owner', async () => {
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'superAdmin');
      const s = slug('sa');
      const created = await one<{ org_id: string; invitation_id: string }>(
        db,
        `select * from public.super_admin_create_organization('Harbor Table', $1, 'America/Los_Angeles', ' Chef@Harbor.test ')`,
        [s],
      );
      await actAsOwner(db);
      expect(await one(db, `select state, timezone from public.organizations where id = $1`, [created.org_id])).toEqual({
        state: 'unpublished',
        timezone: 'America/Los_Angeles',
      });
      expect(await one(db, `select email, role from public.team_invitations where id = $1`, [created.invitation_id])).toEqual({
        email: 'chef@harbor.test',
        role: 'owner',
      });
      expect((await db.query(`select 1 from public.email_outbox where to_email = 'chef@harbor.test' and kind = 'team_invitation'`)).rowCount).toBe(1);
      expect((await db.query(`select 1 from public.user_memberships where org_id = $1`, [created.org_id])).rowCount).toBe(0);

      await actAs(db, 'superAdmin');
      const row = await one(
        db,
        `select name, state, owner_emails, members, contact_email from public.super_admin_list_organizations() where id = $1`,
        [created.org_id],
      );
      expect(row).toEqual({ name: 'Harbor Table', state: 'unpublished', owner_emails: null, members: 0, contact_email: 'chef@harbor.test' });
      await expectError(db, `select public.super_admin_create_organization('Dup', 'magnolia', 'America/New_York', 'a@b.co')`, [], 'SH409', /taken/);
      await expectError(
        db,
        `select public.super_admin_create_organization('Bad', $1, 'America/New_York', 'not-an-email')`,
        [slug('bad')],
        'P0001',
        /^Enter a valid email address$/,
      );

      for (const actor of ['memberA', 'visitor'] as const) {
        await actAs(db, actor);
        const code = actor === 'visitor' ? '42501' : 'SH403';
        await expectError(db, `select public.super_admin_create_organization('X', $1, 'America/New_York', 'x@y.co')`, [slug('x')], code);
        await expectError(db, `select public.super_admin_list_organizations()`, [], code);
        await expectError(db, `select public.super_admin_set_org_state($1, 'suspended')`, [ORG.eatathome], code);
      }
    });
  });

  it('suspends an organization: closed, nothing bookable, nothing deleted, staff still read; reactivating reopens it as it was', async () => {
    await rolledBack(pool(), async (db) => {
      const event = eatathomeEvent(1);
      const counts = async () =>
        one(
          db,
          `select (select count(*)::int from public.events where org_id = $1) as events,
                  (select count(*)::int from public.reservations where org_id = $1) as reservations`,
          [ORG.eatathome],
        );
      await actAs(db, 'memberA');
      const before = await counts();
      expect(before.reservations).toBeGreaterThan(0);

      await actAs(db, 'superAdmin');
      expect(await one(db, `select * from public.super_admin_set_org_state($1, 'suspended')`, [ORG.eatathome])).toEqual({
        org_id: ORG.eatathome,
        state: 'suspended',
      });
      await actAs(db, 'service');
      expect((await attempt(db, `select public.quote_booking($1, 1)`, [event])).error).toMatchObject({
        code: 'SH409',
        message: 'Eat At Home is not taking bookings right now.',
      });
      await actAs(db, 'visitor');
      const page = (
        await one<{ page: { organization: { state: string }; events: unknown[] } }>(
          db,
          `select (select to_jsonb(p) from public.get_public_org_page('eat-at-home') p) as page`,
        )
      ).page;
      expect(page.organization.state).toBe('suspended');
      expect(page.events).toEqual([]);
      expect(
        (await db.query(`select 1 from public.list_public_hosts() o join public.organizations x on x.slug = o.slug where x.id = $1`, [ORG.eatathome]))
          .rowCount,
      ).toBe(0);
      await actAs(db, 'memberA');
      expect(await counts()).toEqual(before);
      expect((await db.query(`select state from public.admin_orgs()`)).rows).toEqual([{ state: 'suspended' }]);

      await actAs(db, 'superAdmin');
      expect(await one(db, `select state from public.super_admin_set_org_state($1, 'active')`, [ORG.eatathome])).toEqual({ state: 'published' });
      await actAs(db, 'service');
      expect((await attempt(db, `select public.quote_booking($1, 1, 'Food Only')`, [event])).error).toBeNull();

      // An organization never published goes back to unpublished.
      await actAsOwner(db);
      const { orgId } = await hostWithOrg(db, 'never', 'Never Kitchen');
      await actAs(db, 'superAdmin');
      await db.query(`select public.super_admin_set_org_state($1, 'suspended')`, [orgId]);
      expect(await one(db, `select state from public.super_admin_set_org_state($1, 'active')`, [orgId])).toEqual({ state: 'unpublished' });
      await expectError(db, `select public.super_admin_set_org_state($1, 'deleted')`, [orgId], 'P0001');
    });
  });
});
