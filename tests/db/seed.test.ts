/**
 * The demo seed: accounts that can sign in, capacity pools whose counts agree
 * with the reservations, and dates that stay in the future.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSeedAssets, SEED_ASSETS_DIR } from '../../stack/seed-assets.ts';
import { ORG, USER, useFreshSeededDatabase } from './helpers.ts';

// Its own freshly seeded database: other test files book and cancel in the shared one.
const pool = useFreshSeededDatabase();

describe('demo seed', () => {
  it('creates the four demo accounts, confirmed, with the password supperhost-demo', async () => {
    const { rows } = await pool().query(
      `select u.email,
              u.email_confirmed_at is not null as confirmed,
              u.encrypted_password = extensions.crypt('supperhost-demo', u.encrypted_password) as password_ok,
              exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email') as has_identity
         from auth.users u
        where u.email in ('admin@supperhost.test', 'owner@eatathome.test', 'owner@garden-table.test', 'owner@magnolia.test')
        order by u.email`,
    );
    expect(rows).toEqual(
      ['admin@supperhost.test', 'owner@eatathome.test', 'owner@garden-table.test', 'owner@magnolia.test'].map((email) => ({
        email,
        confirmed: true,
        password_ok: true,
        has_identity: true,
      })),
    );
  });

  it('makes each owner a member of its organization and the admin a super admin', async () => {
    const { rows } = await pool().query(
      `select m.user_id, o.slug from public.user_memberships m join public.organizations o on o.id = m.org_id
        where m.user_id = any($1) order by o.slug`,
      [Object.values(USER)],
    );
    expect(rows).toEqual([
      { user_id: USER.eatathomeOwner, slug: 'eatathome' },
      { user_id: USER.gardenTableOwner, slug: 'garden-table' },
      { user_id: USER.magnoliaOwner, slug: 'magnolia' },
    ]);
    const roles = await pool().query(`select user_id, role from public.user_roles where user_id = any($1)`, [Object.values(USER)]);
    expect(roles.rows).toEqual([{ user_id: USER.superAdmin, role: 'super_admin' }]);
    const setting = await pool().query(`select value from public.app_settings where key = 'super_admin_email'`);
    expect(setting.rows).toEqual([{ value: 'admin@supperhost.test' }]);
  });

  it('gives every seeded ticket type and RSVP slot a pool of its own of its event, and every seeded event its cap', async () => {
    const { rows } = await pool().query(
      `select o.event_id::text, o.label, p.size, p.event_id = o.event_id as same_event, p.event_wide,
              (select count(*)::int from public.ticket_types t where t.pool_id = p.id)
                + (select count(*)::int from public.rsvp_slots s where s.pool_id = p.id) as drawing
         from (select event_id, name as label, pool_id from public.ticket_types
               union all select event_id, slot_label, pool_id from public.rsvp_slots) o
         join public.capacity_pools p on p.id = o.pool_id
        where o.event_id::text like 'c000000_-%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row, `${row.event_id} ${row.label}`).toMatchObject({ same_event: true, event_wide: false, drawing: 1 });
    const sizes = (org: string) => new Set(rows.filter((r) => r.event_id.startsWith(org)).map((r) => `${r.label} ${r.size}`));
    expect(sizes('c0000001-')).toEqual(new Set(['Food Only 12', 'Food + Wine Pairing 8', "Chef's Counter 0"]));
    expect(sizes('c0000002-')).toEqual(new Set(['5:30pm 20', '8:00pm 20']));
    expect(sizes('c0000003-0000-4000-8000-000000000001')).toEqual(new Set(['6:00pm 10', '7:00pm 10', '8:00pm 10', '9:00pm 10']));
    expect(sizes('c0000003-0000-4000-8000-000000000002')).toEqual(new Set(['6:30pm 12', '8:00pm 12']));

    const caps = await pool().query(
      `select e.id::text, (select array_agg(p.size) from public.capacity_pools p where p.event_id = e.id and p.event_wide) as caps
         from public.events e where e.id::text like 'c000000_-%' order by e.id`,
    );
    expect(caps.rows.length).toBeGreaterThan(0);
    const cap: Record<string, number> = {
      'c0000003-0000-4000-8000-000000000001': 30,
      'c0000003-0000-4000-8000-000000000002': 24,
    };
    for (const row of caps.rows) {
      expect(row.caps, row.id).toEqual([cap[row.id] ?? (row.id.startsWith('c0000001-') ? 20 : 40)]);
    }
  });

  it("counts every RSVP slot's taken seats as the guests holding a spot in it", async () => {
    const { rows } = await pool().query(
      `select s.id, u.taken,
              coalesce((select sum(r.num_guests) from public.reservations r
                         where r.rsvp_slot_id = s.id
                           and (r.status = 'confirmed' or (r.status = 'held' and r.hold_expires_at > now()))), 0)::int as held
         from public.rsvp_slots s join public.capacity_pool_use(s.event_id) u on u.pool_id = s.pool_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.held > 0)).toBe(true);
    for (const row of rows) expect(row.taken, row.id).toBe(row.held);
  });

  it('leaves Eat At Home ticket types the stock less the tickets sold', async () => {
    const { rows } = await pool().query(
      `select t.name, public.capacity_pool_left(t.pool_id) + coalesce((select sum(r.num_guests) from public.reservations r
                                             where r.ticket_type_id = t.id and r.status in ('held', 'confirmed')), 0)::int as stock
         from public.ticket_types t join public.events e on e.id = t.event_id
        where e.org_id = $1`,
      [ORG.eatathome],
    );
    const stock: Record<string, number> = { 'Food Only': 12, 'Food + Wine Pairing': 8, "Chef's Counter": 0 };
    for (const row of rows) expect(row.stock, row.name).toBe(stock[row.name]);
  });

  it('charges price x guests less the promo discount, plus any service charge and tax, on every reservation', async () => {
    const { rows } = await pool().query(
      `select r.id, r.amount_cents, r.discount_cents, r.service_charge_cents, r.tax_cents,
              r.num_guests * coalesce(t.price, case when e.rsvp_mode then e.deposit_amount else 6500 end) as subtotal
         from public.reservations r
         join public.events e on e.id = r.event_id
         left join public.ticket_types t on t.id = r.ticket_type_id
        where r.payment_id like 'tpay_seed_%' or r.payment_provider is null`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.amount_cents + row.discount_cents - row.service_charge_cents - row.tax_cents, row.id).toBe(row.subtotal);
  });

  it('records the money of every paid booking as the booking path does: a test-processor charge and its ledger row', async () => {
    // Seeded reservations only (their payment ids): other test files may book in the shared tables.
    const { rows } = await pool().query(
      `select r.id, r.status, r.amount_cents, r.payment_provider, r.payment_id,
              (public.money_of(r.id) ->> 'paid_cents')::int as paid,
              (public.money_of(r.id) ->> 'refunded_cents')::int as refunded,
              public.money_of(r.id) ->> 'badge' as badge,
              (select count(*)::int from public.payment_ledger l
                 join test_processor.payments p on p.id = l.provider_payment_id
                where l.reservation_id = r.id and l.kind = 'charge' and l.status = 'completed' and l.provider = 'test'
                  and p.status = 'COMPLETED' and p.amount_cents = r.amount_cents and p.reference_id = r.id::text) as charges
         from public.reservations r
        where r.org_id = any($1) and r.id not in (select w.reservation_id from public.waitlist_entries w where w.reservation_id is not null)`,
      [Object.values(ORG)],
    );
    const paid = rows.filter((r) => r.amount_cents > 0);
    expect(paid.length).toBeGreaterThan(15);
    for (const row of paid) {
      expect(row.payment_provider, row.id).toBe('test');
      expect(row.charges, row.id).toBe(1);
      expect(row.paid, row.id).toBe(row.amount_cents);
      expect(row.badge, row.id).toBe(row.status === 'cancelled' ? 'Refunded' : 'Paid');
      expect(row.refunded, row.id).toBe(row.status === 'cancelled' ? row.amount_cents : 0);
    }
    // A booking that cost nothing (a 100% code) has no charge and reads Free.
    const free = rows.filter((r) => r.amount_cents === 0);
    expect(free.length).toBeGreaterThanOrEqual(1);
    for (const row of free) expect([row.badge, row.paid, row.payment_id]).toEqual(['Free', 0, null]);
  });

  it('counts each promo redemption of a confirmed reservation', async () => {
    const { rows } = await pool().query(
      `select p.org_id, p.code, p.times_redeemed,
              (select count(*) from public.reservations r where r.promo_code_id = p.id and r.status = 'confirmed')::int as used
         from public.promo_codes p
        where p.org_id = any($1) and p.code in ('WELCOME10', 'TAKE5', 'COMP100', 'OLDCODE')`,
      [Object.values(ORG)],
    );
    for (const row of rows) expect(row.times_redeemed, `${row.org_id} ${row.code}`).toBe(row.used);
    const used = (org: string, code: string) => rows.find((r) => r.org_id === org && r.code === code)?.used ?? 0;
    expect(used(ORG.eatathome, 'WELCOME10')).toBeGreaterThanOrEqual(1);
    expect(used(ORG.gardenTable, 'COMP100')).toBeGreaterThanOrEqual(1);
  });

  it('keeps the demo in the future: upcoming events for every organization and a sold-out supper', async () => {
    // Seeded events only (fixed ids c000000<org>-...): other test files may add their own.
    const { rows } = await pool().query(
      `select o.slug, count(*)::int as upcoming, count(*) filter (where v.is_fully_booked)::int as sold_out
         from public.events_with_availability v join public.organizations o on o.id = v.org_id
        where v.id::text like 'c000000_-%'
          and public.is_upcoming_event(v.date, v.event_time, v.event_timezone)
        group by o.slug order by o.slug`,
    );
    expect(rows.map((r) => [r.slug, r.upcoming])).toEqual([
      ['eatathome', 4],
      ['garden-table', 2],
      ['magnolia', 8],
    ]);
    expect(rows.find((r) => r.slug === 'magnolia')?.sold_out).toBeGreaterThanOrEqual(1);
  });

  it("puts each venue's dates in one series, so a demo booking can move to another date", async () => {
    const { rows } = await pool().query(
      `select o.slug, count(distinct e.series_id)::int as series, count(*) filter (where e.series_id is null)::int as alone
         from public.events e join public.organizations o on o.id = e.org_id
        where e.id::text like 'c000000_-%' and o.slug in ('eatathome', 'magnolia')
        group by o.slug order by o.slug`,
    );
    expect(rows).toEqual([
      { slug: 'eatathome', series: 1, alone: 0 },
      { slug: 'magnolia', series: 1, alone: 0 },
    ]);
    // A confirmed supper booking may move to another Sunday or Monday at its seating.
    const { rows: targets } = await pool().query(
      `select m.refusal, m.seats_only
         from public.reservations r
         join public.events e on e.id = r.event_id
         join public.events other on other.series_id = e.series_id and other.id <> e.id
                                  and public.is_upcoming_event(other.date, other.event_time, other.event_timezone)
         cross join lateral public.move_target(r, other.id) m
        where r.org_id = $1 and r.status = 'confirmed' and r.num_guests <= 2
          and public.is_upcoming_event(e.date, e.event_time, e.event_timezone)`,
      [ORG.magnolia],
    );
    expect(targets.filter((t) => t.refusal === null).length).toBeGreaterThan(0);
  });

  it('takes every branding image and menu file from the files shipped in supabase/seed-assets, none from the internet', async () => {
    const { rows } = await pool().query(
      `select o.id, o.slug, array_remove(array[b.logo_url, b.menu_file_url, b.empty_state_image_url] || b.gallery_images, null) as urls
         from public.org_branding b join public.organizations o on o.id = b.org_id
        where o.id = any($1) order by o.slug`,
      [Object.values(ORG)],
    );
    expect(rows.map((r) => r.slug)).toEqual(['eatathome', 'garden-table', 'magnolia']);
    const referenced: string[] = [];
    for (const row of rows) {
      expect(row.urls.length, row.slug).toBeGreaterThanOrEqual(5);
      for (const url of row.urls as string[]) {
        // The default local API URL; the stack points them at its own (stack/seed-assets.ts).
        const prefix = `http://127.0.0.1:54321/storage/v1/object/public/org-assets/${row.id}/`;
        expect(url.startsWith(prefix), url).toBe(true);
        const path = url.slice(prefix.length);
        expect(path, url).toMatch(/^(logos|gallery|menus|misc)\/[a-z0-9-]+\.(webp|pdf)$/);
        expect(existsSync(join(SEED_ASSETS_DIR, row.slug, path)), url).toBe(true);
        referenced.push(`${row.slug}/${path}`);
      }
    }
    // Every shipped file is used, and they stay small.
    const shipped = listSeedAssets();
    expect(shipped.map((a) => `${a.slug}/${a.path}`).sort()).toEqual(referenced.sort());
    const sizes = shipped.map((a) => statSync(a.file).size);
    for (const [i, size] of sizes.entries()) expect(size, shipped[i].file).toBeLessThanOrEqual(60_000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(600_000);
  });

  it('has a cancelled reservation in every organization', async () => {
    const { rows } = await pool().query(
      `select org_id, count(*)::int as n from public.reservations
        where status = 'cancelled' and org_id = any($1) group by org_id`,
      [Object.values(ORG)],
    );
    expect(rows.map((r) => r.org_id).sort()).toEqual([ORG.eatathome, ORG.magnolia, ORG.gardenTable].sort());
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(1);
  });
});
