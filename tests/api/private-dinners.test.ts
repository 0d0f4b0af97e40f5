/**
 * A private dinner request through the gateway, as the public page sends it (anon, POST
 * /rest/v1/rpc/request_private_dinner): the answer's HTTP status and message for each outcome,
 * and a member reading their own organization's requests through the REST API while another
 * organization's member reads none.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from '../support/db.ts';
import { createOrg, createStaff } from '../support/fixtures.ts';

const ask = (slug: string, email: string, guests = 8) =>
  anonClient().rpc('request_private_dinner', {
    p_slug: slug,
    p_name: 'Robin Request',
    p_email: email,
    p_phone: null,
    p_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    p_guests: guests,
    p_message: 'Dinner for my team, somewhere near the office.',
  });

describe('request_private_dinner through the gateway', () => {
  it('answers 404 while the host does not take them, the id once it does, 400 for a bad field and 429 past the limit', async () => {
    const owner = await createStaff('private-owner');
    const stranger = await createStaff('private-stranger');
    const org = await createOrg({ name: 'Private Table', members: [owner], branding: { brand_name: 'Private Table' } });
    await createOrg({ name: 'Other Table', members: [stranger] });

    const off = await ask(org.slug, 'robin@example.com');
    expect(off.status).toBe(404);
    expect(off.error?.message).toBe('This host does not take private dinner requests.');

    await sql('update public.org_branding set private_dinners = true where org_id = $1', [org.id]);
    const first = await ask(org.slug, 'robin@example.com');
    expect(first.status).toBe(200);
    expect(first.data).toEqual(expect.any(String));

    const bad = await ask(org.slug, 'robin@example.com', 0);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('Guests must be between 1 and 500');

    await ask(org.slug, 'robin@example.com');
    await ask(org.slug, 'robin@example.com');
    const fourth = await ask(org.slug, 'robin@example.com');
    expect(fourth.status).toBe(429);
    expect(fourth.error?.message).toBe('You have already sent this host 3 requests today. They will be in touch.');

    const own = await owner.client.from('private_dinner_requests').select('id, name, guests, status').eq('org_id', org.id);
    expect(own.error).toBeNull();
    expect(own.data).toHaveLength(3);
    expect(own.data?.[0]).toMatchObject({ name: 'Robin Request', guests: 8, status: 'new' });
    const theirs = await stranger.client.from('private_dinner_requests').select('id').eq('org_id', org.id);
    expect(theirs.data).toEqual([]);
  });
});
