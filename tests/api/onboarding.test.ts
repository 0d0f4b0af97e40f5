/**
 * Onboarding and roles through the API, as the browser reaches them (supabase-js → the gateway →
 * PostgreSQL, and the Deno payment function): an account creates its organization and owns it,
 * a few a day; a guest cannot book it until an owner publishes it, nor once it is suspended (its
 * data intact), and can again once it reopens; staff cannot publish or change the team.
 */
import { describe, expect, it } from 'vitest';
import { sql } from '../support/db.ts';
import { createEvent, createStaff, createTicketType, guest, uniq } from '../support/fixtures.ts';
import { payByCard } from '../support/functions.ts';

const pay = (eventId: string, ticketTypeId: string) =>
  payByCard({
    amount: 4500,
    reservationData: { ...guest(uniq('onb')), eventId, num_guests: 1, ticketTypeId },
  });

describe('an account creating its organization', () => {
  it('creates and owns it through the API, unpublished, with the slug checked; a 4th in a day is refused', async () => {
    const host = await createStaff('api-onboard');
    const taken = await host.client.rpc('check_org_slug', { p_slug: 'magnolia' }).single();
    expect(taken.data).toEqual({ slug: 'magnolia', available: false, message: 'This web address is taken' });

    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const slug = uniq(`api-onboard-${n}`).slice(0, 60).replace(/-$/, '');
      const { data, error } = await host.client.rpc('create_organization', {
        p_name: `API Kitchen ${n}`,
        p_slug: slug,
        p_timezone: 'America/Denver',
      });
      expect(error).toBeNull();
      ids.push(data as string);
    }
    const { data } = await host.client.rpc('admin_orgs');
    const orgs = data as { id: string; role: string; state: string }[] | null;
    expect(orgs?.map((o) => ({ id: o.id, role: o.role, state: o.state })).sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      ids.map((id) => ({ id, role: 'owner', state: 'unpublished' })).sort((x, y) => x.id.localeCompare(y.id)),
    );
    const fourth = await host.client.rpc('create_organization', {
      p_name: 'API Kitchen 4',
      p_slug: uniq('api-onboard-4'),
      p_timezone: 'America/Denver',
    });
    expect(fourth.error?.code).toBe('SH429');
    expect(fourth.error?.message).toBe('You created 3 organizations in the last 24 hours: try again tomorrow');
  });
});

describe('booking an organization that is not published', () => {
  it('refuses a guest before publishing and while suspended, books once published and again once reactivated; nothing is deleted', async () => {
    const host = await createStaff('api-publish');
    const slug = uniq('api-publish').slice(0, 60).replace(/-$/, '');
    const { data: orgId, error } = await host.client.rpc('create_organization', {
      p_name: 'Publish Test Kitchen',
      p_slug: slug,
      p_timezone: 'America/New_York',
    });
    expect(error).toBeNull();
    const eventId = (await createEvent(orgId as string, { title: 'Opening night' })).id;
    const ticket = await createTicketType(eventId, { name: 'Seat', price: 4500, quantity: 10 });
    const refusal = { success: false, error: 'Publish Test Kitchen is not taking bookings right now.' };

    const early = await pay(eventId, ticket);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject(refusal);

    // Staff may not publish; the owner may.
    const cook = await createStaff('api-publish-cook');
    await sql(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'staff')`, [cook.userId, orgId]);
    const byStaff = await cook.client.rpc('owner_publish_organization', { p_org_id: orgId as string });
    expect(byStaff.error?.code).toBe('SH403');
    const byStaffInvite = await cook.client.rpc('staff_invite_member', { p_org_id: orgId as string, p_email: 'x@example.test', p_role: 'owner' });
    expect(byStaffInvite.error?.message).toBe('Only an owner can manage the team');
    // Its event takes card payments: not without an account to take them (here the SupperHost
    // team's own, as if the platform ran it; a host connects Square: tests/booking/square-accounts.test.ts).
    const noAccount = await host.client.rpc('owner_publish_organization', { p_org_id: orgId as string });
    expect(noAccount.error).toMatchObject({ code: 'SH409', message: 'Connect Square before publishing: Opening night takes card payments' });
    await sql(`update public.organizations set platform_payments = true where id = $1`, [orgId]);
    const published = await host.client.rpc('owner_publish_organization', { p_org_id: orgId as string }).single();
    expect(published.data).toMatchObject({ state: 'published' });

    const booked = await pay(eventId, ticket);
    expect(booked.status).toBe(200);
    expect(booked.body.success).toBe(true);

    await sql(`update public.organizations set state = 'suspended' where id = $1`, [orgId]);
    const closed = await pay(eventId, ticket);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject(refusal);
    // Staff still read everything of a suspended organization.
    const { data: reservations } = await cook.client
      .from('reservations')
      .select('id, status')
      .eq('org_id', orgId as string);
    expect(reservations?.filter((r) => r.status === 'confirmed')).toHaveLength(1);

    await sql(`update public.organizations set state = 'published' where id = $1`, [orgId]);
    expect((await pay(eventId, ticket)).body.success).toBe(true);
  });
});
