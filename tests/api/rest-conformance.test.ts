import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../stack/config.ts';
import { ORG, USER } from '../support/seed.ts';
import { accessTokenFor, clientFor, restTarget } from './target.ts';

// Every data-store call shape the app makes, through @supabase/supabase-js, against the local
// gateway (or a real Supabase: set SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY).
// Each run creates its own organization with the service role and deletes it afterwards.

const target = restTarget();
const service = clientFor(target, target.serviceRoleKey);
const anon = clientFor(target, target.anonKey);

const SEED = {
  eatathome: { id: ORG.eatathome, slug: 'eatathome', name: 'Eat At Home' },
  owner: { id: USER.eatathomeOwner, email: 'owner@eatathome.test', password: DEMO_PASSWORD },
};

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slug = `rest-conf-${tag}`;
let orgId = '';
/** Three events of the test org, in ascending date order. */
const events: { id: string; title: string; date: string }[] = [];
let member: SupabaseClient;

function isoDate(daysFromToday: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

/** Capacity pools of an event, one a size, in one array insert. */
const insertPools = (eventId: string, sizes: number[]) =>
  service
    .from('capacity_pools')
    .insert(sizes.map((size) => ({ event_id: eventId, size })))
    .select('id, size');

beforeAll(async () => {
  const { data: org, error } = await service
    .from('organizations')
    .insert({ name: `REST conformance ${tag}`, slug })
    .select('id')
    .single();
  if (error) throw new Error(`creating the test organization failed: ${error.message}`);
  orgId = org.id;
  const rows = [
    { title: 'Conf dinner A, first', date: isoDate(10) },
    { title: 'Conf dinner B', date: isoDate(20) },
    { title: 'Conf dinner C', date: isoDate(30) },
  ].map((e) => ({ ...e, org_id: orgId, event_time: '19:00', event_timezone: 'America/Chicago', refund_window_hours: 20, location_name: 'Kitchen' }));
  const inserted = await service.from('events').insert(rows).select('id, title, date');
  if (inserted.error) throw new Error(`creating the test events failed: ${inserted.error.message}`);
  events.push(...inserted.data.sort((a, b) => a.date.localeCompare(b.date)));
  const pools = await insertPools(events[0].id, [10, 5]);
  if (pools.error) throw new Error(`creating capacity pools failed: ${pools.error.message}`);
  const tickets = await service.from('ticket_types').insert([
    { event_id: events[0].id, name: 'Food only', price: 5000, pool_id: pools.data[0].id },
    { event_id: events[0].id, name: 'Food + wine', price: 7500, pool_id: pools.data[1].id },
  ]);
  if (tickets.error) throw new Error(`creating ticket types failed: ${tickets.error.message}`);
  member = clientFor(target, target.anonKey, await accessTokenFor(target, SEED.owner));
});

afterAll(async () => {
  if (orgId) await service.from('organizations').delete().eq('id', orgId);
});

describe('reads', () => {
  it('selects with eq and order (admin events: org_id, date descending)', async () => {
    const { data, error, status } = await service.from('events').select('*').eq('org_id', orgId).order('date', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((e) => e.title)).toEqual([events[2].title, events[1].title, events[0].title]);
    expect(data![0]).toMatchObject({
      org_id: orgId,
      event_time: '19:00:00',
      event_timezone: 'America/Chicago',
      refund_window_hours: 20,
      is_active: true,
    });
  });

  it('selects with .in() (events of the referenced event ids), quoting values with commas', async () => {
    const { data, error } = await service
      .from('events')
      .select('id, title, date, event_time, event_timezone')
      .in('id', [events[0].id, events[2].id])
      .order('date');
    expect(error).toBeNull();
    expect(data!.map((e) => e.id)).toEqual([events[0].id, events[2].id]);
    expect(Object.keys(data![0]).sort()).toEqual(['date', 'event_time', 'event_timezone', 'id', 'title']);
    const byTitle = await service.from('events').select('title').eq('org_id', orgId).in('title', [events[0].title, 'nothing (here)']);
    expect(byTitle.error).toBeNull();
    expect(byTitle.data).toEqual([{ title: events[0].title }]);
    const none = await service.from('events').select('id').in('id', []);
    expect(none.error).toBeNull();
    expect(none.data).toEqual([]);
  });

  it('embeds user_memberships → organizations as a signed-in member (RLS: own rows only)', async () => {
    const { data, error } = await member.from('user_memberships').select('org_id, organizations(id, name, slug)');
    expect(error).toBeNull();
    expect(data).toEqual([
      { org_id: SEED.eatathome.id, organizations: { id: SEED.eatathome.id, name: SEED.eatathome.name, slug: SEED.eatathome.slug } },
    ]);
  });

  it('embeds one-to-many with ordering and a limit on the embedded resource', async () => {
    const { data, error } = await service
      .from('organizations')
      .select('slug, events(title, ticket_types(name, price))')
      .eq('id', orgId)
      .order('date', { referencedTable: 'events', ascending: false })
      .limit(2, { referencedTable: 'events' })
      .single();
    expect(error).toBeNull();
    expect(data!.slug).toBe(slug);
    expect(data!.events.map((e: { title: string }) => e.title)).toEqual([events[2].title, events[1].title]);
    expect(data!.events[0].ticket_types).toEqual([]);
  });

  it('selects roles, organizations ordered by name, and user roles by user_id', async () => {
    const roles = await member.from('user_roles').select('role').eq('user_id', SEED.owner.id);
    expect(roles.error).toBeNull();
    expect(roles.data).toEqual([]);
    const orgs = await member.from('organizations').select('*').order('name');
    expect(orgs.error).toBeNull();
    const names = orgs.data!.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain(`REST conformance ${tag}`);
  });

  it('.single() returns the object when exactly one row matches (public page by slug)', async () => {
    const { data, error, status } = await anon.from('organizations').select('id').eq('slug', slug).single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: orgId });
    const all = await anon.from('organizations').select('*').eq('slug', slug).single();
    expect(all.data).toMatchObject({ id: orgId, name: `REST conformance ${tag}`, slug });
  });

  it('.single() with no row is 406 PGRST116 "The result contains 0 rows" (branding of an org without one)', async () => {
    const { data, error, status } = await anon.from('org_branding').select('*').eq('org_id', orgId).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await anon.from('organizations').select('id').in('id', [orgId, SEED.eatathome.id]).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('.maybeSingle() gives the row, or null without an error', async () => {
    const found = await anon.from('organizations').select('id, slug').eq('slug', slug).maybeSingle();
    expect(found.error).toBeNull();
    expect(found.data).toEqual({ id: orgId, slug });
    const missing = await anon.from('organizations').select('id').eq('slug', `${slug}-missing`).maybeSingle();
    expect(missing.error).toBeNull();
    expect(missing.data).toBeNull();
  });

  it('counts exactly with head: true (no body)', async () => {
    const { data, count, error, status } = await service.from('events').select('*', { count: 'exact', head: true }).eq('org_id', orgId);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it('pages with .range() and reports the total with count exact (206 Partial Content)', async () => {
    const { data, count, error, status } = await service
      .from('events')
      .select('title', { count: 'exact' })
      .eq('org_id', orgId)
      .order('date')
      .range(1, 2);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data!.map((e) => e.title)).toEqual([events[1].title, events[2].title]);
    const page = await service.from('events').select('title').eq('org_id', orgId).order('date').range(0, 0);
    expect(page.data).toEqual([{ title: events[0].title }]);
  });

  it('reads public events from events_with_availability (org, active, date >= today, ascending) as a visitor', async () => {
    const today = isoDate(0);
    const { data, error } = await anon
      .from('events_with_availability')
      .select('*')
      .eq('org_id', orgId)
      .eq('is_active', true)
      .gte('date', today)
      .order('date', { ascending: true });
    expect(error).toBeNull();
    expect(data!.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(data![0]).toHaveProperty('available_seats');
  });

  it('reads ticket types of an event ordered by created_at ascending', async () => {
    const { data, error } = await anon.from('ticket_types').select('*').eq('event_id', events[0].id).order('created_at', { ascending: true });
    expect(error).toBeNull();
    expect(data!.map((t) => t.name).sort()).toEqual(['Food + wine', 'Food only']);
    expect(data![0]).toMatchObject({ event_id: events[0].id });
    expect(typeof data![0].price).toBe('number');
  });

  it('selects promo codes and email templates by org ordered by created_at descending (empty for a new org)', async () => {
    for (const table of ['promo_codes', 'email_templates']) {
      const { data, error } = await service.from(table).select('*').eq('org_id', orgId).order('created_at', { ascending: false });
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
  });
});

describe('writes', () => {
  it('inserts an event with .select().single() (201, the new row back)', async () => {
    const payload = {
      title: 'Conf created',
      date: isoDate(40),
      event_time: '18:30',
      event_timezone: 'America/New_York',
      refund_window_hours: 12,
      location_name: 'Loft',
      location_address: '1 Main St',
      org_id: orgId,
      is_active: true,
      rsvp_mode: false,
      deposit_amount: 500,
      rsvp_open: false,
    };
    const { data, error, status } = await service.from('events').insert(payload).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ ...payload, event_time: '18:30:00' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    await service.from('events').delete().eq('id', data!.id);
  });

  it('updates by id (204 without select), toggles is_active, and returns rows with .select()', async () => {
    const upd = await service.from('events').update({ title: 'Conf dinner B (edited)', location_name: 'Garden' }).eq('id', events[1].id);
    expect(upd.error).toBeNull();
    expect(upd.status).toBe(204);
    expect(upd.data).toBeNull();
    const toggled = await service.from('events').update({ is_active: false }).eq('id', events[1].id).select('id, is_active, title');
    expect(toggled.error).toBeNull();
    expect(toggled.status).toBe(200);
    expect(toggled.data).toEqual([{ id: events[1].id, is_active: false, title: 'Conf dinner B (edited)' }]);
    const back = await service.from('events').update({ is_active: true, title: events[1].title }).eq('id', events[1].id).select('is_active').single();
    expect(back.data).toEqual({ is_active: true });
  });

  it('inserts rsvp slots (array insert)', async () => {
    const pools = await insertPools(events[2].id, [20, 20]);
    expect(pools.error).toBeNull();
    expect(pools.status).toBe(201);
    expect(pools.data!.map((p) => p.size)).toEqual([20, 20]);
    const [early, late] = pools.data!.map((p) => p.id);
    const { data, error, status } = await service
      .from('rsvp_slots')
      .insert([
        { event_id: events[2].id, slot_time: '17:30', slot_label: '5:30pm', pool_id: early, is_active: true },
        { event_id: events[2].id, slot_time: '20:00', slot_label: '8:00pm', pool_id: late, is_active: true },
      ])
      .select('slot_label, pool_id');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { slot_label: '5:30pm', pool_id: early },
      { slot_label: '8:00pm', pool_id: late },
    ]);
  });

  it('upserts org_branding on conflict org_id (insert, then update of the same row)', async () => {
    const first = {
      org_id: orgId,
      brand_name: 'Conf Brand',
      primary_color: '#112233',
      secondary_color: '#445566',
      logo_url: null,
      menu_content: null,
      menu_file_url: null,
      instagram_url: null,
      website_url: 'https://example.com',
      gallery_images: [],
      reservation_mode: 'reservations',
      bookings_description: null,
    };
    const a = await service.from('org_branding').upsert(first, { onConflict: 'org_id' }).select().single();
    expect(a.error).toBeNull();
    expect(a.status).toBe(201);
    expect(a.data).toMatchObject({ ...first, gallery_images: [] });
    const b = await service
      .from('org_branding')
      .upsert({ ...first, brand_name: 'Conf Brand 2', gallery_images: ['https://example.com/a.jpg'], website_url: null }, { onConflict: 'org_id' });
    expect(b.error).toBeNull();
    expect([200, 201]).toContain(b.status);
    const rows = await anon.from('org_branding').select('id, brand_name, gallery_images, website_url').eq('org_id', orgId);
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([{ id: a.data!.id, brand_name: 'Conf Brand 2', gallery_images: ['https://example.com/a.jpg'], website_url: null }]);
  });

  it('deletes by id (204), after which the row is gone', async () => {
    const created = await service
      .from('events')
      .insert({ org_id: orgId, title: 'To delete', date: isoDate(50), event_time: '19:00' })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const del = await service.from('events').delete().eq('id', created.data!.id);
    expect(del.error).toBeNull();
    expect(del.status).toBe(204);
    const gone = await service.from('events').select('id').eq('id', created.data!.id).maybeSingle();
    expect(gone.data).toBeNull();
  });

  it('edits and cancels a reservation by id as a member is refused for another org (RLS: zero rows)', async () => {
    const { data, error, status } = await member.from('events').update({ title: 'hijacked' }).eq('id', events[0].id).select('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([]);
    const check = await service.from('events').select('title').eq('id', events[0].id).single();
    expect(check.data!.title).toBe(events[0].title);
  });

  it('inserts a chef inquiry as a visitor (return=minimal: no body, no error)', async () => {
    const email = `rest-conf-${tag}@example.test`;
    const { data, error, status } = await anon.from('chef_signups').insert({
      name: 'Conf Chef',
      email,
      concept: 'Pop-up ramen nights',
      next_event_dates: null,
      source_domain: 'localhost',
    });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const stored = await service.from('chef_signups').select('name, concept').eq('email', email);
    expect(stored.data).toEqual([{ name: 'Conf Chef', concept: 'Pop-up ramen nights' }]);
    await service.from('chef_signups').delete().eq('email', email);
  });
});

describe('rpc', () => {
  it('calls grant_super_admin_by_email with named args (scalar result)', async () => {
    const asVisitor = await anon.rpc('grant_super_admin_by_email', { target_email: 'admin@supperhost.test' });
    expect(asVisitor.error).toBeNull();
    expect(asVisitor.data).toBe(false);
    const asMember = await member.rpc('grant_super_admin_by_email', { target_email: SEED.owner.email });
    expect(asMember.error).toBeNull();
    expect(asMember.data).toBe(false);
  });

  it('calls get_public_org_page and gets its one row, composite columns as objects; none for an unknown slug', async () => {
    const { data, error } = await anon.rpc('get_public_org_page', { p_slug: slug });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0].organization).toMatchObject({ id: orgId, slug });
    expect(Array.isArray(data![0].events)).toBe(true);
    const missing = await anon.rpc('get_public_org_page', { p_slug: `${slug}-missing` });
    expect(missing.error).toBeNull();
    expect(missing.data).toEqual([]);
  });

  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    const a = await anon.rpc('no_such_function', { x: 1 });
    expect(a.status).toBe(404);
    expect(a.error).toMatchObject({ code: 'PGRST202' });
    const b = await anon.rpc('grant_super_admin_by_email', { wrong_name: 'x' });
    expect(b.status).toBe(404);
    expect(b.error).toMatchObject({ code: 'PGRST202' });
  });
});

describe('errors', () => {
  it('unknown table → 404 PGRST205', async () => {
    const { error, status } = await anon.from('no_such_table').select('*');
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.no_such_table' in the schema cache" });
  });

  it('unknown column → 400 42703 in select and filters, PGRST204 in a payload', async () => {
    const sel = await anon.from('events').select('id, no_such_column');
    expect(sel.status).toBe(400);
    expect(sel.error).toMatchObject({ code: '42703', message: 'column events.no_such_column does not exist' });
    const filt = await anon.from('events').select('id').eq('no_such_column', 1);
    expect(filt.status).toBe(400);
    expect(filt.error?.code).toBe('42703');
    const ins = await service.from('events').insert({ org_id: orgId, title: 'x', date: isoDate(1), event_time: '19:00', no_such_column: 1 });
    expect(ins.status).toBe(400);
    expect(ins.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'no_such_column' column of 'events' in the schema cache" });
  });

  it('bad filter operator → 400 PGRST100', async () => {
    const { error, status } = await anon.from('events').select('id').filter('title', 'between', 'a');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
  });

  it('RLS / grants: a visitor inserting where no policy allows it → 401 42501', async () => {
    const ev = await anon.from('events').insert({ org_id: orgId, title: 'anon', date: isoDate(1), event_time: '19:00' });
    expect(ev.status).toBe(401);
    expect(ev.error?.code).toBe('42501');
    const promo = await anon.from('promo_codes').insert({ org_id: orgId, code: 'FREE', discount_type: 'percent', discount_amount: 100 });
    expect(promo.status).toBe(401);
    expect(promo.error?.code).toBe('42501');
    const member403 = await member.from('promo_codes').insert({ org_id: orgId, code: 'FREE', discount_type: 'percent', discount_amount: 100 });
    expect(member403.status).toBe(403);
    expect(member403.error?.code).toBe('42501');
  });

  it('constraint violations keep PostgREST statuses (23505 → 409, 23514 → 400)', async () => {
    const dup = await service.from('organizations').insert({ name: 'dup', slug });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const check = await service.from('events').insert({ org_id: orgId, title: 'bad', date: isoDate(1), event_time: '19:00', deposit_amount: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
  });
});
