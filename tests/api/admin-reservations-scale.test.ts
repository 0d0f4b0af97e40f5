import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../support/stack-env';
import { createEvent, createOrg, createStaff, type Org, type Staff } from '../support/fixtures.ts';

// An organization with 50,000 reservations: the list is paged and searched on the server
// (admin_list_reservations) with indexes behind it. How fast is measured by `npm run bench`,
// not asserted here.

const TOTAL = 50_000;
let db: pg.Client;
let staff: Staff;
let org: Org;

beforeAll(async () => {
  staff = await createStaff('scale');
  org = await createOrg({ name: 'Scale Supper Club', members: [staff] });
  const event = await createEvent(org.id, { title: 'Huge Banquet' });
  db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
  // Every 10th reservation is cancelled (the desktop table still lists it). The rows are
  // valid by construction (an event without capacity limits), so this one session skips
  // the per-row capacity triggers to seed 50,000 rows in a second instead of a minute.
  await db.query(`set session_replication_role = replica`);
  await db.query(
    `insert into public.reservations (org_id, event_id, name, email, phone, num_guests, status, cancelled_at, created_at)
     select $1, $2, 'Scale Guest ' || g, 'scale.guest' || g || '@example.com', '555-' || g, 1 + g % 4,
            case when g % 10 = 0 then 'cancelled' else 'confirmed' end,
            case when g % 10 = 0 then now() end,
            now() - make_interval(secs => g)
     from generate_series(1, $3::int) g`,
    [org.id, event.id, TOTAL],
  );
  await db.query(`set session_replication_role = default`);
  await db.query('analyze public.reservations');
}, 240_000);

afterAll(async () => {
  await db?.end();
});

describe('reservations at scale', () => {
  it('serves the first page of 50,000 with the total', async () => {
    await staff.client.rpc('admin_list_reservations', { p_org_id: org.id }); // warm the connection
    const value = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_limit: 25, p_offset: 0 });
    expect(value.error).toBeNull();
    const page = value.data as { total: number; rows: { name: string; status: string }[] };
    expect(page.total).toBe(TOTAL);
    expect(page.rows).toHaveLength(25);
    expect(page.rows[0].name).toBe('Scale Guest 1'); // newest first

    const cards = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_include_cancelled: false, p_limit: 25 });
    expect((cards.data as { total: number }).total).toBe(TOTAL - TOTAL / 10);
  });

  it('finds one guest by email among 50,000', async () => {
    const value = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_search: 'scale.guest31337@' });
    const page = value.data as { total: number; rows: { email: string }[] };
    expect(page.total).toBe(1);
    expect(page.rows[0].email).toBe('scale.guest31337@example.com');
    // Wildcards typed by staff are literal.
    const literal = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_search: '%_' });
    expect((literal.data as { total: number }).total).toBe(0);
  });

  it('pages deep into the list and the guests list stays paged too', async () => {
    const deep = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_limit: 25, p_offset: 49_975 });
    expect((deep.data as { rows: unknown[] }).rows).toHaveLength(25);
    const value = await staff.client.rpc('admin_list_guests', { p_org_id: org.id, p_limit: 50 });
    const guests = value.data as { total: number; rows: unknown[] };
    expect(guests.total).toBe(TOTAL - TOTAL / 10);
    expect(guests.rows).toHaveLength(50);
  });
});
