/**
 * The public read API (events_with_availability, get_public_org_page) and the
 * super-admin grant.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, attempt, eatathomeEvent, gardenEvent, magnoliaEvent, one, ORG, rolledBack, USER, useDatabase } from './helpers.ts';

const pool = useDatabase();

interface PageEvent {
  id: string;
  title: string;
  date: string;
  event_time: string;
  event_timezone: string;
  ticket_types: unknown[];
}
interface Page {
  organization: { id: string; name: string; slug: string; state: string };
  branding: Record<string, unknown> | null;
  events: PageEvent[];
}

const page = async (db: pg.PoolClient, slug: string) =>
  (await one<{ page: Page | null }>(db, 'select (select to_jsonb(p) from public.get_public_org_page($1) p) as page', [slug])).page;

describe('get_public_org_page', () => {
  it('returns the organization, its branding and its upcoming events in one call, to a visitor', () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      const result = await page(db, 'eatathome');
      expect(result?.organization).toEqual({ id: ORG.eatathome, name: 'Eat At Home', slug: 'eatathome', state: 'published' });
      expect(result?.branding).toMatchObject({
        brand_name: 'Eat At Home',
        city: 'Brooklyn, NY',
        address: null,
        primary_color: '#9a3412',
        reservation_mode: 'reservations',
        gallery_images: expect.arrayContaining([expect.stringMatching(/^https?:\/\//)]),
      });
      expect(Object.keys(result!.branding!).sort()).toEqual([
        'address',
        'bookings_description',
        'brand_name',
        'city',
        'created_at',
        'empty_state_cta_text',
        'empty_state_image_url',
        'empty_state_message',
        'empty_state_title',
        'gallery_images',
        'id',
        'instagram_url',
        'logo_url',
        'menu_content',
        'menu_file_url',
        'org_id',
        'primary_color',
        'private_dinner_note',
        'private_dinners',
        'reservation_mode',
        'secondary_color',
        'updated_at',
        'website_url',
      ]);
      // The seeded past dinner (00) is not listed; the four upcoming ones are, in date order.
      expect(result!.events.map((e) => e.id)).toEqual([1, 2, 3, 4].map(eatathomeEvent));
      expect(result!.events[0].ticket_types).toEqual([
        expect.objectContaining({ name: 'Food Only', price: 12500 }),
        expect.objectContaining({ name: 'Food + Wine Pairing', price: 17500 }),
        expect.objectContaining({ name: "Chef's Counter", price: 22500, quantity: 0 }),
      ]);
    }));

  it('leaves out past events and events that already started today in their own timezone', () =>
    rolledBack(pool(), async (db) => {
      // "Today" and "now" on Los Angeles wall clocks, which differ from UTC's.
      const la = await one<{ today: string; yesterday: string; tomorrow: string }>(
        db,
        `select to_char(local::date, 'YYYY-MM-DD') as today,
              to_char(local::date - 1, 'YYYY-MM-DD') as yesterday,
              to_char(local::date + 1, 'YYYY-MM-DD') as tomorrow
         from (select now() at time zone 'America/Los_Angeles' as local) x`,
      );
      const insert = `insert into public.events (org_id, title, date, event_time, event_timezone)
                    values ($1, $2, $3, $4, 'America/Los_Angeles') returning id`;
      const past = await one<{ id: string }>(db, insert, [ORG.eatathome, 'Yesterday in LA', la.yesterday, '23:59']);
      const started = await one<{ id: string }>(db, insert, [ORG.eatathome, 'Started this morning in LA', la.today, '00:00']);
      const tomorrow = await one<{ id: string }>(db, insert, [ORG.eatathome, 'Tomorrow in LA', la.tomorrow, '00:00']);
      // Two hours from now on LA clocks: upcoming there, though that wall-clock time has long passed in UTC.
      const soon = await one<{ id: string }>(
        db,
        `insert into public.events (org_id, title, date, event_time, event_timezone)
       select $1, 'Soon in LA', local::date, local::time, 'America/Los_Angeles'
         from (select now() at time zone 'America/Los_Angeles' + interval '2 hours' as local) x
       returning id`,
        [ORG.eatathome],
      );
      const inactive = await one<{ id: string }>(
        db,
        `insert into public.events (org_id, title, date, event_time, is_active) values ($1, 'Hidden', current_date + 3, '19:00', false) returning id`,
        [ORG.eatathome],
      );

      await actAs(db, 'visitor');
      const ids = (await page(db, 'eatathome'))!.events.map((e) => e.id);
      expect(ids).not.toContain(past.id);
      expect(ids).not.toContain(started.id);
      expect(ids).not.toContain(inactive.id);
      expect(ids).toContain(tomorrow.id);
      expect(ids).toContain(soon.id);
    }));

  it('orders events by date, then start time', () =>
    rolledBack(pool(), async (db) => {
      const first = await one<{ date: string }>(db, `select to_char(date, 'YYYY-MM-DD') as date from public.events where id = $1`, [
        eatathomeEvent(1),
      ]);
      const early = await one<{ id: string }>(
        db,
        `insert into public.events (org_id, title, date, event_time) values ($1, 'Early seating', $2, '17:00') returning id`,
        [ORG.eatathome, first.date],
      );
      const ids = (await page(db, 'eatathome'))!.events.map((e) => e.id);
      expect(ids.slice(0, 2)).toEqual([early.id, eatathomeEvent(1)]);
    }));

  it('returns null for an unknown slug', () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      expect(await page(db, 'no-such-kitchen')).toBeNull();
    }));

  it("answers an alias path with its organization's page and layout (data, not code)", () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      expect(await page(db, 'eat-at-home')).toMatchObject({ organization: { slug: 'eatathome' }, layout: 'dinner_series' });
      expect(await page(db, 'magnolia-supper-club')).toMatchObject({ organization: { slug: 'magnolia' }, layout: 'supper_club' });
      expect(await page(db, 'magnolia')).toMatchObject({ organization: { slug: 'magnolia' }, layout: null });
      // An alias is a path the product routes itself: never a slug an organization could take.
      await actAsOwner(db);
      const taken = await attempt(db, `insert into public.org_page_aliases (path, org_id, layout) values ('garden-table', $1, 'supper_club')`, [
        ORG.magnolia,
      ]);
      expect(taken.error?.code).toBe('23514');
      // Moving an alias moves the page: the organization behind it is the row's.
      await db.query(`update public.org_page_aliases set org_id = $1 where path = 'eat-at-home'`, [ORG.gardenTable]);
      await actAs(db, 'visitor');
      expect(await page(db, 'eat-at-home')).toMatchObject({ organization: { slug: 'garden-table' }, layout: 'dinner_series' });
    }));

  it('returns branding null and no events for an organization without them', () =>
    rolledBack(pool(), async (db) => {
      await db.query(`insert into public.organizations (name, slug) values ('Empty Kitchen', 'empty-kitchen')`);
      await actAs(db, 'visitor');
      const result = await page(db, 'empty-kitchen');
      expect(result).toMatchObject({ organization: { name: 'Empty Kitchen' }, branding: null, events: [] });
    }));
});

describe('is_upcoming_event', () => {
  const upcoming = async (db: pg.PoolClient, date: string, time: string, tz: string, at: string) =>
    (await one<{ upcoming: boolean }>(db, 'select public.is_upcoming_event($1, $2, $3, $4) as upcoming', [date, time, tz, at])).upcoming;

  it("compares the start with the clock of the event's timezone, not UTC", () =>
    rolledBack(pool(), async (db) => {
      // 03:00 UTC on March 10 is 20:00 on March 9 in Los Angeles (PDT).
      const at = '2026-03-10T03:00:00Z';
      expect(await upcoming(db, '2026-03-09', '21:00', 'America/Los_Angeles', at)).toBe(true);
      expect(await upcoming(db, '2026-03-09', '19:00', 'America/Los_Angeles', at)).toBe(false);
      // Same instant in New York is 23:00 on March 9.
      expect(await upcoming(db, '2026-03-09', '21:00', 'America/New_York', at)).toBe(false);
      expect(await upcoming(db, '2026-03-10', '00:30', 'America/New_York', at)).toBe(true);
    }));
});

describe('events_with_availability', () => {
  it("shows the supper club's sold-out date as fully booked, with both seatings full", () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      const row = await one<{
        available_seats: number;
        total_available: number;
        is_fully_booked: boolean;
        rsvp_slots: { slot_time: string; slot_label: string; available_spots: number }[];
      }>(
        db,
        'select available_seats, total_available, is_fully_booked, to_jsonb(rsvp_slots) as rsvp_slots from public.events_with_availability where id = $1',
        [magnoliaEvent(2)],
      );
      expect(row).toMatchObject({ available_seats: 0, total_available: 0, is_fully_booked: true });
      expect(row.rsvp_slots.map((s) => [s.slot_time, s.slot_label, s.available_spots])).toEqual([
        ['17:30', '5:30pm', 0],
        ['20:00', '8:00pm', 0],
      ]);
    }));

  it('sums remaining tickets for ticketed events and open spots of active slots for RSVP events', () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      const dinner = await one<{ total_available: number; ticket_types: { quantity: number }[] }>(
        db,
        'select total_available, to_jsonb(ticket_types) as ticket_types from public.events_with_availability where id = $1',
        [eatathomeEvent(1)],
      );
      expect(dinner.total_available).toBe(dinner.ticket_types.reduce((sum, t) => sum + t.quantity, 0));
      const garden = await one<{ total_available: number; rsvp_slots: { slot_label: string; available_spots: number }[] }>(
        db,
        'select total_available, to_jsonb(rsvp_slots) as rsvp_slots from public.events_with_availability where id = $1',
        [gardenEvent(1)],
      );
      // full, 2 left, open; the inactive 9:00pm slot is not listed.
      expect(garden.rsvp_slots.map((s) => [s.slot_label, s.available_spots])).toEqual([
        ['6:00pm', 0],
        ['7:00pm', 2],
        ['8:00pm', 10],
      ]);
      expect(garden.total_available).toBe(12);
    }));

  it('counts confirmed guests and live holds, not cancelled or expired ones, in available_seats', () =>
    rolledBack(pool(), async (db) => {
      const event = await one<{ id: string }>(
        db,
        `insert into public.events (org_id, title, date, event_time) values ($1, 'Counting', current_date + 3, '19:00') returning id`,
        [ORG.eatathome],
      );
      await db.query('select public.set_event_guest_cap($1, 10)', [event.id]);
      const book = (guests: number, status: string, hold: string | null) =>
        db.query(
          `insert into public.reservations (org_id, event_id, name, email, num_guests, status, hold_expires_at)
       values ($1, $2, 'Guest', 'guest@example.com', $3, $4, $5)`,
          [ORG.eatathome, event.id, guests, status, hold],
        );
      await book(2, 'confirmed', null);
      await book(3, 'held', new Date(Date.now() + 600_000).toISOString());
      await book(4, 'cancelled', null);
      await book(1, 'expired', new Date(Date.now() - 600_000).toISOString());
      const row = await one(db, 'select available_seats, total_available, is_fully_booked from public.events_with_availability where id = $1', [
        event.id,
      ]);
      expect(row).toEqual({ available_seats: 5, total_available: 5, is_fully_booked: false });
    }));
});

describe('the super-admin grant', () => {
  const grant = async (db: pg.PoolClient, email: string) =>
    (await one<{ granted: boolean }>(db, 'select public.grant_super_admin_by_email($1) as granted', [email])).granted;
  const isSuperAdmin = async (db: pg.PoolClient, user: string) =>
    (await db.query(`select 1 from public.user_roles where user_id = $1 and role = 'super_admin'`, [user])).rowCount === 1;
  /** A new confirmed account, as sign-up (with the confirmation done) leaves it. */
  const newAccount = async (db: pg.PoolClient, email: string) =>
    (
      await one<{ id: string }>(db, `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, 'x', now()) returning id`, [
        email,
      ])
    ).id;

  it('no migration names a super-admin address: the seed configures the demo one, with its account', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../supabase/migrations/', import.meta.url);
    for (const file of readdirSync(dir)) {
      expect(readFileSync(new URL(file, dir), 'utf8'), file).not.toMatch(/@supperhost\.test/i);
    }
    const settings = await pool().query(`select key, value from public.app_settings where key like 'super_admin%' order by key`);
    expect(settings.rows).toEqual([
      { key: 'super_admin_email', value: 'admin@supperhost.test' },
      { key: 'super_admin_user_id', value: USER.superAdmin },
    ]);
  });

  it('the configured account holds the role before any sign-in, and the grant call confirms it, whatever the case', () =>
    rolledBack(pool(), async (db) => {
      expect(await isSuperAdmin(db, USER.superAdmin)).toBe(true);
      await actAs(db, 'superAdmin');
      expect(await grant(db, 'ADMIN@SupperHost.test')).toBe(true);
      expect(await grant(db, 'admin@supperhost.test')).toBe(true);
      await actAsOwner(db);
      expect((await db.query(`select 1 from public.user_roles where user_id = $1`, [USER.superAdmin])).rowCount).toBe(1);
    }));

  it('refuses another account, a token that only claims the configured email, another email and a visitor', () =>
    rolledBack(pool(), async (db) => {
      await actAs(db, 'memberA');
      expect(await grant(db, 'admin@supperhost.test')).toBe(false);
      expect(await grant(db, 'owner@eatathome.test')).toBe(false);
      await actAs(db, { role: 'authenticated', claims: { sub: USER.eatathomeOwner, role: 'authenticated', email: 'admin@supperhost.test' } });
      expect(await grant(db, 'admin@supperhost.test')).toBe(false);
      await actAs(db, 'visitor');
      expect(await grant(db, 'admin@supperhost.test')).toBe(false);
      await actAsOwner(db);
      expect(await isSuperAdmin(db, USER.eatathomeOwner)).toBe(false);
    }));

  it('a stranger who signs up with the configured address once it is free gets nothing', () =>
    rolledBack(pool(), async (db) => {
      // The owner moves away from the address; the role goes with it at once.
      await db.query(`update auth.users set email = 'admin-moved@example.com' where id = $1`, [USER.superAdmin]);
      expect(await isSuperAdmin(db, USER.superAdmin)).toBe(false);
      // Confirmed at once, as with confirmations off.
      const stranger = await newAccount(db, 'admin@supperhost.test');
      expect(await isSuperAdmin(db, stranger)).toBe(false);
      await actAs(db, { role: 'authenticated', claims: { sub: stranger, role: 'authenticated', email: 'admin@supperhost.test' } });
      expect(await grant(db, 'admin@supperhost.test')).toBe(false);
      expect((await db.query('select id from public.reservations limit 1')).rowCount).toBe(0);
      await actAsOwner(db);
      expect(await isSuperAdmin(db, stranger)).toBe(false);
    }));

  it('a stranger who changes their email to the configured address gets nothing', () =>
    rolledBack(pool(), async (db) => {
      await db.query(`update auth.users set email = 'admin-moved@example.com' where id = $1`, [USER.superAdmin]);
      const stranger = await newAccount(db, 'stranger@example.com');
      await db.query(`update auth.users set email = 'admin@supperhost.test', email_confirmed_at = now() where id = $1`, [stranger]);
      expect(await isSuperAdmin(db, stranger)).toBe(false);
      await actAs(db, { role: 'authenticated', claims: { sub: stranger, role: 'authenticated' } });
      expect(await grant(db, 'admin@supperhost.test')).toBe(false);
    }));

  it('the real owner loses the role when their email changes away or is unconfirmed, and has it back with the address', () =>
    rolledBack(pool(), async (db) => {
      await db.query(`update auth.users set email = 'elsewhere@example.com' where id = $1`, [USER.superAdmin]);
      expect(await isSuperAdmin(db, USER.superAdmin)).toBe(false);
      await db.query(`update auth.users set email = 'admin@supperhost.test' where id = $1`, [USER.superAdmin]);
      expect(await isSuperAdmin(db, USER.superAdmin)).toBe(true);
      await db.query('update auth.users set email_confirmed_at = null where id = $1', [USER.superAdmin]);
      expect(await isSuperAdmin(db, USER.superAdmin)).toBe(false);
      await actAs(db, 'superAdmin');
      expect(await grant(db, 'admin@supperhost.test')).toBe(false);
    }));

  it('set_super_admin_email needs a confirmed account and moves the role to it', () =>
    rolledBack(pool(), async (db) => {
      const unconfirmed = await one<{ id: string }>(
        db,
        `insert into auth.users (email, encrypted_password) values ('not-yet@example.com', 'x') returning id`,
      );
      for (const email of ['nobody@example.com', 'not-yet@example.com']) {
        const refused = await attempt(db, 'select public.set_super_admin_email($1)', [email]);
        expect(refused.error?.message).toBe(`No confirmed account has the email ${email}`);
      }
      expect(await isSuperAdmin(db, unconfirmed.id)).toBe(false);
      const next = await newAccount(db, 'next-admin@example.com');
      await db.query(`select public.set_super_admin_email('Next-Admin@Example.com')`);
      expect(await isSuperAdmin(db, next)).toBe(true);
      expect(await isSuperAdmin(db, USER.superAdmin)).toBe(false);
      // Only the service role (and the database owner) may configure it.
      for (const actor of ['memberA', 'superAdmin', 'visitor'] as const) {
        await actAs(db, actor);
        expect((await attempt(db, `select public.set_super_admin_email('owner@eatathome.test')`)).error?.code).toBe('42501');
      }
    }));
});

describe('list_public_hosts (the home page)', () => {
  it('lists every published organization, with its picture, next date and "from" price', () =>
    rolledBack(pool(), async (db) => {
      // An organization with nothing on sale yet, one whose only event is past, and one with a dearer and a cheaper ticket.
      await db.query(
        `insert into public.organizations (id, name, slug) values
           ('a0000000-0000-4000-8000-0000000000f1', 'Aaa Quiet Kitchen', 'aaa-quiet-kitchen'),
           ('a0000000-0000-4000-8000-0000000000f2', 'Aab Priced Kitchen', 'aab-priced-kitchen')`,
      );
      await db.query(
        `insert into public.events (id, org_id, title, date, event_time, event_timezone, is_active) values
           ('c0000000-0000-4000-8000-0000000000f1', 'a0000000-0000-4000-8000-0000000000f2', 'Past', current_date - 3, '19:00', 'America/New_York', true),
           ('c0000000-0000-4000-8000-0000000000f2', 'a0000000-0000-4000-8000-0000000000f2', 'Later', current_date + 9, '20:30', 'America/New_York', true),
           ('c0000000-0000-4000-8000-0000000000f3', 'a0000000-0000-4000-8000-0000000000f2', 'Sooner', current_date + 4, '18:00', 'America/New_York', true)`,
      );
      await db.query(
        `insert into public.ticket_types (event_id, name, price, pool_id)
         select e.id::uuid, e.name, e.price, public.new_capacity_pool(e.id::uuid, 5) from (values
           ('c0000000-0000-4000-8000-0000000000f1', 'Past seat', 1000),
           ('c0000000-0000-4000-8000-0000000000f2', 'Seat', 8500),
           ('c0000000-0000-4000-8000-0000000000f3', 'Seat', 12000)) as e (id, name, price)`,
      );
      await actAs(db, 'visitor');
      const { rows } = await db.query(`select *, to_char(next_event_date, 'YYYY-MM-DD') as next_date from public.list_public_hosts()`);
      // Every published organization, in one statement (one snapshot): other test files create
      // organizations meanwhile, and drafts of the self-serve onboarding are not listed.
      const listed = await db.query(
        `select array(select slug from public.list_public_hosts() order by slug) as listed,
           array(select slug from public.organizations where state = 'published' order by slug) as visible`,
      );
      expect(listed.rows[0].listed).toEqual(listed.rows[0].visible);
      const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
      expect(bySlug['aaa-quiet-kitchen']).toMatchObject({
        picture_url: null,
        next_event_date: null,
        from_price_cents: null,
        price_is_deposit: false,
      });
      const today = (await db.query(`select to_char(current_date + 4, 'YYYY-MM-DD') as d`)).rows[0].d;
      expect(bySlug['aab-priced-kitchen']).toMatchObject({
        next_date: today,
        next_event_time: '18:00',
        next_event_timezone: 'America/New_York',
        from_price_cents: 8500,
        price_is_deposit: false,
      });
      // The demo: the hero image first, a deposit where only RSVPs sell.
      expect(bySlug['eatathome'].picture_url).toMatch(/\/gallery\/long-table\.webp$/);
      expect(bySlug['garden-table']).toMatchObject({ from_price_cents: 500, price_is_deposit: true });
    }));
});
