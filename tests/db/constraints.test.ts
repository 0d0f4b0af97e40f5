/**
 * Constraints the database enforces whatever the client: CHECKs, unique keys
 * and the triggers that guard reservations and give seats back on cancel.
 * Every test runs in a transaction that is rolled back.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  actAs,
  actAsOwner,
  attempt,
  eatathomeEvent,
  expectError,
  gardenEvent,
  magnoliaEvent,
  one,
  ORG,
  rolledBack,
  USER,
  useDatabase,
} from './helpers.ts';

const pool = useDatabase();
const A = ORG.eatathome;
const EVENT = eatathomeEvent(1);

const CHECK = '23514';
const UNIQUE = '23505';
const DENIED = '42501';

const RESERVED_SLUGS = [
  'admin',
  'auth',
  'api',
  'reservation-details',
  'pop-up-chef',
  'magnolia-supper-club',
  'eat-at-home',
  'embed',
  'assets',
  'static',
  'rest',
  'storage',
  'functions',
  'mailbox',
  'health',
  'index.html',
  'favicon.ico',
  'robots.txt',
];

/** A promo code of organization $1: code, discount type and amount as $2 to $4. */
const PROMO_INSERT = `insert into public.promo_codes (org_id, code, discount_type, discount_amount) values ($1, $2, $3, $4)`;

const ticketId = async (db: pg.PoolClient, event: string, name: string) =>
  (await one<{ id: string }>(db, 'select id from public.ticket_types where event_id = $1 and name = $2', [event, name])).id;

/** Tickets a ticket type has left: what its pool has left. */
const quantity = async (db: pg.PoolClient, ticket: string) =>
  (await one<{ quantity: number }>(db, 'select public.capacity_pool_left(pool_id) as quantity from public.ticket_types where id = $1', [ticket]))
    .quantity;

/** Seats taken of a slot's pool. */
const slotTaken = async (db: pg.PoolClient, slot: string) =>
  (
    await one<{ taken: number }>(
      db,
      `select u.taken from public.rsvp_slots s join public.capacity_pool_use(s.event_id) u on u.pool_id = s.pool_id where s.id = $1`,
      [slot],
    )
  ).taken;

/** A confirmed Food Only booking on Eat At Home's first dinner, inserted as the service would. */
async function bookFoodOnly(db: pg.PoolClient, guests: number) {
  const ticket = await ticketId(db, EVENT, 'Food Only');
  // Other test files book this seeded dinner at the same time, each taking the event's lock
  // before the ticket type's (tests/db/capacity.test.ts too); should PostgreSQL still end a
  // deadlock by aborting this insert (40P01), it is retried, as the functions retry it.
  for (let attempt = 1; ; attempt++) {
    await db.query('savepoint book_food_only');
    try {
      const row = await one<{ id: string }>(
        db,
        `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents, payment_provider, payment_id)
         values ($1, $2, $3, 'Test Guest', 'test.guest@example.com', $4, 12500 * $4, 'square', 'pay-' || gen_random_uuid())
         returning id`,
        [A, EVENT, ticket, guests],
      );
      await db.query('release savepoint book_food_only');
      return { reservation: row.id, ticket };
    } catch (error) {
      await db.query('rollback to savepoint book_food_only');
      if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
    }
  }
}

describe('money and capacity checks', () => {
  it('refuses a negative ticket price', () =>
    rolledBack(pool(), async (db) => {
      await expectError(
        db,
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Bad', -1, public.new_capacity_pool($1, 5))`,
        [EVENT],
        CHECK,
      );
    }));

  it('refuses a negative ticket capacity', () =>
    rolledBack(pool(), async (db) => {
      // A negative size is never a size: the CHECK answers, whether seats are taken of the pool or not.
      await expectError(
        db,
        `update public.capacity_pools set size = -1 where id in (select pool_id from public.ticket_types where event_id = $1)`,
        [EVENT],
        CHECK,
        /capacity_pools_size_check/,
      );
      const empty = await one<{ id: string }>(db, 'select public.new_capacity_pool($1, 5) as id', [EVENT]);
      await expectError(db, `update public.capacity_pools set size = -1 where id = $1`, [empty.id], CHECK, /capacity_pools_size_check/);
    }));

  it('refuses negative deposits, guest caps and slot capacities', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, `update public.events set deposit_amount = -500 where id = $1`, [EVENT], CHECK);
      await expectError(db, `select public.set_event_guest_cap($1, -1)`, [EVENT], CHECK, /capacity_pools_size_check/);
      await expectError(
        db,
        `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ($1, '18:00', '6pm', public.new_capacity_pool($1, -1))`,
        [EVENT],
        CHECK,
        /capacity_pools_size_check/,
      );
    }));

  it('refuses negative amounts and discounts on a reservation', () =>
    rolledBack(pool(), async (db) => {
      const { reservation } = await bookFoodOnly(db, 1);
      await expectError(db, `update public.reservations set amount_cents = -1 where id = $1`, [reservation], CHECK);
      await expectError(db, `update public.reservations set discount_cents = -1 where id = $1`, [reservation], CHECK);
    }));

  it('refuses a booking of 11 guests, or of none', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, `update public.reservations set num_guests = 11 where org_id = $1 and status = 'cancelled'`, [A], CHECK);
      await expectError(db, `update public.reservations set num_guests = 0 where org_id = $1 and status = 'cancelled'`, [A], CHECK);
      // No ticket type: only the event's guest cap (20, with 6 taken) applies, so the CHECK speaks.
      await expectError(
        db,
        `insert into public.reservations (org_id, event_id, name, email, num_guests)
       values ($1, $2, 'Big Party', 'big@example.com', 11)`,
        [A, EVENT],
        CHECK,
        /num_guests/,
      );
    }));

  it('refuses an RSVP slot a capacity below the spots taken', () =>
    rolledBack(pool(), async (db) => {
      const slot = await one<{ id: string }>(db, `select id from public.rsvp_slots where event_id = $1 and slot_label = '7:00pm'`, [gardenEvent(1)]);
      const taken = await slotTaken(db, slot.id);
      expect(taken).toBeGreaterThan(0);
      await expectError(
        db,
        `update public.capacity_pools set size = $2 where id = (select pool_id from public.rsvp_slots where id = $1)`,
        [slot.id, taken - 1],
        'SH409',
        new RegExp(`^${taken} spots of the 7:00pm slot are already taken: its capacity cannot be lower than that$`),
      );
    }));

  it('refuses a percent discount above 100 and redemptions past max_uses', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, PROMO_INSERT, [A, 'HALFPLUS', 'percent', 101], CHECK);
      await expectError(db, `update public.promo_codes set times_redeemed = 6 where org_id = $1 and code = 'USEDUP'`, [A], CHECK);
      await expectError(db, PROMO_INSERT, [A, 'HALF', 'half', 50], CHECK);
    }));
});

describe('organization slugs', () => {
  it('refuses every reserved slug', () =>
    rolledBack(pool(), async (db) => {
      for (const slug of RESERVED_SLUGS) {
        await expectError(db, `insert into public.organizations (name, slug) values ('Taken', $1)`, [slug], CHECK);
      }
    }));

  it('refuses slugs that are not lowercase words joined by single dashes, 2 to 60 characters', () =>
    rolledBack(pool(), async (db) => {
      for (const slug of ['Eat-At-Home', 'eat at home', 'a', '-eat', 'eat-', 'eat--home', 'eat_home', 'x'.repeat(61)]) {
        await expectError(db, `insert into public.organizations (name, slug) values ('Bad', $1)`, [slug], CHECK);
      }
      const ok = await attempt(db, `insert into public.organizations (name, slug) values ('New Kitchen', 'new-kitchen-2')`);
      expect(ok.error).toBeNull();
    }));

  it('refuses a slug that is already taken', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, `insert into public.organizations (name, slug) values ('Copy', 'eatathome')`, [], UNIQUE);
    }));
});

describe('promo codes', () => {
  it('refuses a second code in one organization that differs only in case', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, PROMO_INSERT, [A, 'welcome10', 'percent', 10], UNIQUE);
    }));

  it('allows the same code in another organization', () =>
    rolledBack(pool(), async (db) => {
      const { error } = await attempt(
        db,
        `insert into public.promo_codes (org_id, code, discount_type, discount_amount) values ($1, 'NEWCODE', 'fixed', 500),
                                                                                     ($2, 'newcode', 'fixed', 500)`,
        [A, ORG.magnolia],
      );
      expect(error).toBeNull();
    }));
});

describe('branding', () => {
  const URL_COLUMNS = ['logo_url', 'menu_file_url', 'instagram_url', 'website_url', 'empty_state_image_url'];
  const NOT_HTTP = [
    'javascript:alert(1)',
    'ftp://files.example.com/menu.pdf',
    'data:image/png;base64,AAAA',
    '//evil.example.com/x.png',
    'https://exa mple.com',
    'example.com',
    '',
  ];

  it('refuses a link that is not http(s) in every URL column', () =>
    rolledBack(pool(), async (db) => {
      for (const column of URL_COLUMNS) {
        for (const url of NOT_HTTP) {
          await expectError(db, `update public.org_branding set ${column} = $1 where org_id = $2`, [url, A], CHECK);
        }
        const ok = await attempt(db, `update public.org_branding set ${column} = $1 where org_id = $2`, ['https://cdn.example.com/a.png?w=1', A]);
        expect(ok.error, column).toBeNull();
      }
    }));

  it('refuses a tenth gallery image but keeps nine', () =>
    rolledBack(pool(), async (db) => {
      const images = (n: number) => Array.from({ length: n }, (_, i) => `https://images.example.com/${i}.jpg`);
      const nine = await attempt(db, `update public.org_branding set gallery_images = $1 where org_id = $2`, [images(9), A]);
      expect(nine.error).toBeNull();
      await expectError(db, `update public.org_branding set gallery_images = $1 where org_id = $2`, [images(10), A], CHECK, /gallery_at_most_9/);
    }));

  it('refuses a gallery image that is not an http(s) link', () =>
    rolledBack(pool(), async (db) => {
      await expectError(
        db,
        `update public.org_branding set gallery_images = $1 where org_id = $2`,
        [['https://images.example.com/1.jpg', 'javascript:alert(1)'], A],
        CHECK,
        /gallery_http_urls/,
      );
    }));

  it('refuses colors that are not #rrggbb and falls back to the defaults when the form sends none', () =>
    rolledBack(pool(), async (db) => {
      for (const color of ['red', '#fff', '3b82f6', '#3b82f6ff', '#gggggg']) {
        await expectError(db, `update public.org_branding set primary_color = $1 where org_id = $2`, [color, A], CHECK);
      }
      await db.query(`delete from public.org_branding where org_id = $1`, [A]);
      const row = await one(
        db,
        `insert into public.org_branding (org_id, primary_color, secondary_color, gallery_images) values ($1, null, null, null)
       returning primary_color, secondary_color, gallery_images, reservation_mode`,
        [A],
      );
      expect(row).toEqual({ primary_color: '#3b82f6', secondary_color: '#e5e7eb', gallery_images: [], reservation_mode: 'reservations' });
    }));

  it('keeps one branding row per organization', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, `insert into public.org_branding (org_id) values ($1)`, [A], UNIQUE);
    }));

  it('refuses an unknown reservation mode', () =>
    rolledBack(pool(), async (db) => {
      await expectError(db, `update public.org_branding set reservation_mode = 'walk-in' where org_id = $1`, [A], CHECK);
    }));
});

describe('chef inquiries and events', () => {
  it('refuses a chef name under 2 characters, a concept under 5 and an invalid email', () =>
    rolledBack(pool(), async (db) => {
      const insert = `insert into public.chef_signups (name, email, concept) values ($1, $2, $3)`;
      await expectError(db, insert, [' J ', 'j@example.com', 'Tacos al pastor'], CHECK);
      await expectError(db, insert, ['Jo', 'j@example.com', ' Taco '], CHECK);
      await expectError(db, insert, ['Jo', 'not-an-email', 'Tacos al pastor'], CHECK);
      const ok = await attempt(db, insert, ['Jo', 'jo@example.com', 'Tacos']);
      expect(ok.error).toBeNull();
    }));

  it('refuses an event timezone outside the four US zones and defaults to New York', () =>
    rolledBack(pool(), async (db) => {
      await expectError(
        db,
        `insert into public.events (org_id, title, date, event_time, event_timezone) values ($1, 'Paris', current_date + 3, '19:00', 'Europe/Paris')`,
        [A],
        CHECK,
      );
      const row = await one(
        db,
        `insert into public.events (org_id, title, date, event_time) values ($1, 'Default', current_date + 3, '19:00')
       returning event_timezone, is_active, rsvp_mode`,
        [A],
      );
      expect(row).toEqual({ event_timezone: 'America/New_York', is_active: true, rsvp_mode: false });
    }));

  it('moves email_templates.updated_at on every update', () =>
    rolledBack(pool(), async (db) => {
      const before = await one<{ id: string; updated_at: Date }>(
        db,
        `select id, updated_at from public.email_templates where org_id = $1 order by created_at limit 1`,
        [A],
      );
      const after = await one<{ updated_at: Date }>(
        db,
        `update public.email_templates set subject = subject || '!', updated_at = '2000-01-01' where id = $1 returning updated_at`,
        [before.id],
      );
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    }));
});

describe('cancelling a reservation', () => {
  it('gives the tickets back when a member sets cancelled_at, and marks it cancelled', () =>
    rolledBack(pool(), async (db) => {
      const { reservation, ticket } = await bookFoodOnly(db, 3);
      const before = await quantity(db, ticket);
      await actAs(db, 'memberA');
      const result = await db.query(`update public.reservations set cancelled_at = now() where id = $1`, [reservation]);
      expect(result.rowCount).toBe(1);
      await actAsOwner(db);
      expect(await quantity(db, ticket)).toBe(before + 3);
      const row = await one(db, `select status, cancelled_at is not null as stamped from public.reservations where id = $1`, [reservation]);
      expect(row).toEqual({ status: 'cancelled', stamped: true });
    }));

  // The seeded bookings were paid (their charges are on the ledger), and a paid booking is only
  // cancelled with a decision about its money; these tests are about the seats, so the charge is
  // left out (inside the rolled-back transaction).
  const forgetPayment = (db: pg.PoolClient, reservationId: string) =>
    db.query(`delete from public.payment_ledger where reservation_id = $1`, [reservationId]);

  it('gives the spots back to the RSVP slot', () =>
    rolledBack(pool(), async (db) => {
      const booked = await one<{ id: string; rsvp_slot_id: string; num_guests: number }>(
        db,
        `select id, rsvp_slot_id, num_guests from public.reservations
        where event_id = $1 and status = 'confirmed' and time_slot = '7:00pm' order by created_at limit 1`,
        [gardenEvent(1)],
      );
      const before = await slotTaken(db, booked.rsvp_slot_id);
      await forgetPayment(db, booked.id);
      await actAs(db, { role: 'authenticated', claims: { sub: USER.gardenTableOwner, role: 'authenticated' } });
      await db.query(`update public.reservations set cancelled_at = now() where id = $1`, [booked.id]);
      await actAsOwner(db);
      expect(await slotTaken(db, booked.rsvp_slot_id)).toBe(before - booked.num_guests);
    }));

  it('gives the seats back when the service sets status cancelled, and stamps cancelled_at', () =>
    rolledBack(pool(), async (db) => {
      const booked = await one<{ id: string; rsvp_slot_id: string; num_guests: number }>(
        db,
        `select id, rsvp_slot_id, num_guests from public.reservations where event_id = $1 and status = 'confirmed' limit 1`,
        [magnoliaEvent(2)],
      );
      await forgetPayment(db, booked.id);
      await actAs(db, 'service');
      const row = await one(db, `update public.reservations set status = 'cancelled' where id = $1 returning cancelled_at is not null as stamped`, [
        booked.id,
      ]);
      expect(row).toEqual({ stamped: true });
      await actAsOwner(db);
      expect(await slotTaken(db, booked.rsvp_slot_id)).toBe(20 - booked.num_guests);
      const view = await one(db, `select is_fully_booked, available_seats from public.events_with_availability where id = $1`, [magnoliaEvent(2)]);
      expect(view).toEqual({ is_fully_booked: false, available_seats: booked.num_guests });
    }));

  it('never restores a cancelled reservation, and never returns its seats twice', () =>
    rolledBack(pool(), async (db) => {
      const { reservation, ticket } = await bookFoodOnly(db, 2);
      await db.query(`update public.reservations set cancelled_at = now() where id = $1`, [reservation]);
      const afterCancel = await quantity(db, ticket);
      await expectError(
        db,
        `update public.reservations set status = 'confirmed', cancelled_at = null where id = $1`,
        [reservation],
        CHECK,
        /cannot be restored/,
      );
      await db.query(`update public.reservations set status = 'cancelled', name = 'Renamed' where id = $1`, [reservation]);
      expect(await quantity(db, ticket)).toBe(afterCancel);
    }));

  it('moves the difference when a member changes the number of guests', () =>
    rolledBack(pool(), async (db) => {
      const { reservation, ticket } = await bookFoodOnly(db, 2);
      const before = await quantity(db, ticket);
      await actAs(db, 'memberA');
      await db.query(`update public.reservations set num_guests = 5, name = 'Bigger Party' where id = $1`, [reservation]);
      await actAsOwner(db);
      expect(await quantity(db, ticket)).toBe(before - 3);
    }));
});

describe('fields a member cannot change', () => {
  const PROTECTED: [string, string][] = [
    ['amount_cents', '1'],
    ['discount_cents', '100'],
    ['status', `'confirmed'`],
    ['payment_id', `'forged'`],
    ['payment_provider', `'cash'`],
    ['idempotency_key', `'replay'`],
    ['org_id', `'${ORG.magnolia}'`],
    ['event_id', `'${eatathomeEvent(2)}'`],
    ['ticket_type_id', 'null'],
    ['confirmed_at', `now() - interval '1 day'`],
  ];

  for (const [column, value] of PROTECTED) {
    it(`refuses a member changing ${column}`, () =>
      rolledBack(pool(), async (db) => {
        const { reservation } = await bookFoodOnly(db, 1);
        if (column === 'status')
          await db.query(`update public.reservations set status = 'held', hold_expires_at = now() + interval '10 minutes' where id = $1`, [
            reservation,
          ]);
        await actAs(db, 'memberA');
        await expectError(db, `update public.reservations set ${column} = ${value} where id = $1`, [reservation], DENIED, new RegExp(column));
      }));
  }

  it('refuses the super admin changing the amount too', () =>
    rolledBack(pool(), async (db) => {
      const { reservation } = await bookFoodOnly(db, 1);
      await actAs(db, 'superAdmin');
      await expectError(db, `update public.reservations set amount_cents = 0 where id = $1`, [reservation], DENIED);
    }));

  it('lets a member edit guest details and cancel', () =>
    rolledBack(pool(), async (db) => {
      const { reservation } = await bookFoodOnly(db, 1);
      await actAs(db, 'memberA');
      const edit = await attempt(
        db,
        `update public.reservations set name = 'New Name', email = 'new@example.com', phone = '555-0100', dietary_restrictions = 'None', special_requests = 'Window' where id = $1`,
        [reservation],
      );
      expect(edit.error).toBeNull();
      expect(edit.result?.rowCount).toBe(1);
      const cancel = await attempt(db, `update public.reservations set status = 'cancelled' where id = $1`, [reservation]);
      expect(cancel.error).toBeNull();
    }));

  it('lets the service role change payment fields', () =>
    rolledBack(pool(), async (db) => {
      const { reservation } = await bookFoodOnly(db, 1);
      await actAs(db, 'service');
      const { error } = await attempt(db, `update public.reservations set payment_id = 'refund-1', amount_cents = 0 where id = $1`, [reservation]);
      expect(error).toBeNull();
    }));
});

describe('phone numbers', () => {
  const phoneOf = async (db: pg.PoolClient, reservation: string) =>
    (await one<{ phone: string | null }>(db, 'select phone from public.reservations where id = $1', [reservation])).phone;

  it('stores a phone normalized: a leading + and its digits', () =>
    rolledBack(pool(), async (db) => {
      const { reservation } = await bookFoodOnly(db, 1);
      await actAs(db, 'memberA');
      for (const [typed, stored] of [
        ['+1 (555) 010-2000', '+15550102000'],
        [' 555.010.2000 ', '5550102000'],
        ['(020) 7946 0018', '02079460018'],
        ['   ', null],
      ] as const) {
        await db.query('update public.reservations set phone = $2 where id = $1', [reservation, typed]);
        expect(await phoneOf(db, reservation)).toBe(stored);
      }
    }));

  it("refuses what cannot be a phone number, with the forms' words, on insert and update", () =>
    rolledBack(pool(), async (db) => {
      const { reservation } = await bookFoodOnly(db, 1);
      await actAs(db, 'memberA');
      const words = /^Phone must be a phone number of 7 to 15 digits, e\.g\. \+1 555 010 2000$/;
      for (const phone of ['abc', '555', '+1 555 010 2000 ext 4', '1+5550102000', '1234567890123456']) {
        await expectError(db, 'update public.reservations set phone = $2 where id = $1', [reservation, phone], CHECK, words);
      }
      await actAs(db, 'service');
      const ticket = await ticketId(db, EVENT, 'Food Only');
      await expectError(
        db,
        `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, phone, num_guests, amount_cents)
         values ($1, $2, $3, 'Phone Test', 'phone.test@example.com', 'abc', 1, 12500)`,
        [A, EVENT, ticket],
        CHECK,
        words,
      );
    }));

  it('the migration normalizes the phones stored before it and clears those that cannot be one', () =>
    rolledBack(pool(), async (db) => {
      await actAsOwner(db);
      // The database as it was before the migration: no trigger, no check, no functions.
      await db.query('drop trigger reservations_12_normalize_phone on public.reservations');
      await db.query('alter table public.reservations drop constraint reservations_phone_normalized');
      await db.query('drop function public.normalize_reservation_phone(), public.normalize_phone(text)');
      const ids: string[] = [];
      for (const phone of ['+1 (555) 010-2000', '555.010.2000', 'abc', '555']) {
        const { reservation } = await bookFoodOnly(db, 1);
        await db.query('update public.reservations set phone = $2 where id = $1', [reservation, phone]);
        ids.push(reservation);
      }
      const migration = new URL('../../supabase/migrations/20261203100000_phone_numbers.sql', import.meta.url);
      await db.query(readFileSync(migration, 'utf8'));
      const { rows } = await db.query<{ phone: string | null }>(
        'select phone from public.reservations where id = any($1) order by array_position($1, id)',
        [ids],
      );
      expect(rows.map((r) => r.phone)).toEqual(['+15550102000', '5550102000', null, null]);
    }));

  it('normalizes as the functions do (public.normalize_phone), null for what cannot be one', () =>
    rolledBack(pool(), async (db) => {
      const rows = await db.query<{ typed: string; stored: string | null }>(
        `select typed, public.normalize_phone(typed) as stored
         from unnest(array['+1 (555) 010-2000', '555-0100', 'abc', '12', '++15550102000']) as typed`,
      );
      expect(rows.rows).toEqual([
        { typed: '+1 (555) 010-2000', stored: '+15550102000' },
        { typed: '555-0100', stored: '5550100' },
        { typed: 'abc', stored: null },
        { typed: '12', stored: null },
        { typed: '++15550102000', stored: null },
      ]);
    }));
});

describe('foreign keys', () => {
  it('each has an index led by its first column, except the staff account who did something (auth.users; small tables)', async () => {
    const unindexed = await pool().query<{ fk: string }>(`
      select c.conrelid::regclass::text || '.' || c.conname as fk
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.confrelid <> 'auth.users'::regclass
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`);
    expect(unindexed.rows.map((r) => r.fk)).toEqual([]);
  });
});
