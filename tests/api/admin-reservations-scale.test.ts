import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScaleReservations } from '../../bench/seed-reservations.ts';
import { stackEnv } from '../support/stack-env';
import { createEvent, type Org, type Staff } from '../support/fixtures.ts';
import { createStaffOrg } from '../support/staff-org.ts';

// An organization with 50,000 reservations: the list is paged and searched on the server
// (admin_list_reservations) with indexes behind it. How fast is measured by `npm run bench`,
// not asserted here.

const TOTAL = 50_000;
let db: pg.Client;
let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('scale', { name: 'Scale Supper Club' }));
  const event = await createEvent(org.id, { title: 'Huge Banquet' });
  db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
  await seedScaleReservations(db, org.id, event.id, TOTAL);
}, 240_000);

afterAll(async () => {
  await db?.end();
});

describe('reservations at scale', () => {
  it('serves the first page of 50,000 with the total', async () => {
    await staff.client.rpc('admin_list_reservations', { p_org_id: org.id }); // warm the connection
    const value = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_limit: 25, p_offset: 0 });
    expect(value.error).toBeNull();
    const rows = value.data as { name: string; total_count: number }[];
    expect(rows[0].total_count).toBe(TOTAL);
    expect(rows).toHaveLength(25);
    expect(rows[0].name).toBe('Scale Guest 1'); // newest first

    const cards = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_include_cancelled: false, p_limit: 25 });
    expect((cards.data as { total_count: number }[])[0].total_count).toBe(TOTAL - TOTAL / 10);
  });

  it('finds one guest by email among 50,000', async () => {
    const value = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_search: 'scale.guest31337@' });
    expect(value.data).toEqual([expect.objectContaining({ email: 'scale.guest31337@example.com', total_count: 1 })]);
    // Wildcards typed by staff are literal.
    const literal = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_search: '%_' });
    expect(literal.data).toEqual([]);
  });

  it('pages deep into the list and the guests list stays paged too', async () => {
    const deep = await staff.client.rpc('admin_list_reservations', { p_org_id: org.id, p_limit: 25, p_offset: 49_975 });
    expect(deep.data).toHaveLength(25);
    expect((deep.data as { total_count: number }[])[24].total_count).toBe(TOTAL);
    const value = await staff.client.rpc('admin_list_guests', { p_org_id: org.id, p_limit: 50 });
    expect((value.data as { total_count: number }[])[0].total_count).toBe(TOTAL - TOTAL / 10);
    expect(value.data).toHaveLength(50);
  });
});
