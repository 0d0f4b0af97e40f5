import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../support/stack-env';
import { anonClient, serviceClient } from '../support/db.ts';
import {
  createEvent,
  createOrg,
  createReservation,
  createStaff,
  type Org,
  publicOrgPage,
  type Staff,
  type TestEvent as SeededEvent,
  type TestReservation as SeededReservation,
  uniq,
} from '../support/fixtures.ts';

// What the admin panel relies on, enforced by the database and the function rather than
// the UI: a member of organization A, using supabase-js directly, can neither read nor
// change anything of organization B, upload into its folder, or email its guests.

let a: Staff;
let b: Staff;
let loner: Staff;
let orgA: Org;
let orgB: Org;
let eventA: SeededEvent;
let eventB: SeededEvent;
let resA: SeededReservation;
let resB: SeededReservation;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A reservation of organization B inserted directly, bypassing the booking functions. */
const insertReservationOfB = (eventId: string, name: string, tag: string, guests: number, extra: Record<string, unknown>) =>
  serviceClient()
    .from('reservations')
    .insert({ org_id: orgB.id, event_id: eventId, name, email: `${uniq(tag)}@example.test`, num_guests: guests, ...extra });

async function row(table: string, id: string) {
  const { data } = await serviceClient().from(table).select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

beforeAll(async () => {
  [a, b, loner] = await Promise.all([createStaff('iso-a'), createStaff('iso-b'), createStaff('iso-none')]);
  orgA = await createOrg({ name: 'Isolation A', members: [a] });
  orgB = await createOrg({ name: 'Isolation B', members: [b] });
  eventA = await createEvent(orgA.id, { title: 'A Dinner', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
  eventB = await createEvent(orgB.id, { title: 'B Dinner', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 10 }] });
  resA = await createReservation(eventA.id, { name: 'Guest of A', ticket_type_id: eventA.ticketTypes[0].id });
  resB = await createReservation(eventB.id, { name: 'Guest of B', ticket_type_id: eventB.ticketTypes[0].id, num_guests: 3 });
  const { error } = await serviceClient()
    .from('promo_codes')
    .insert({ org_id: orgB.id, code: 'BONLY', discount_type: 'percent', discount_amount: 10, times_redeemed: 0 });
  if (error) throw new Error(error.message);
});

describe('reading another organization', () => {
  it('reservations of B are invisible to A (table and admin RPCs)', async () => {
    const byOrg = await a.client.from('reservations').select('id').eq('org_id', orgB.id);
    expect(byOrg.error).toBeNull();
    expect(byOrg.data).toEqual([]);
    const byId = await a.client.from('reservations').select('id').eq('id', resB.id);
    expect(byId.data).toEqual([]);
    // A still sees its own (the positive control).
    expect((await a.client.from('reservations').select('id').eq('id', resA.id)).data).toEqual([{ id: resA.id }]);

    for (const [fn, args] of [
      ['admin_list_reservations', { p_org_id: orgB.id }],
      ['admin_list_guests', { p_org_id: orgB.id }],
      ['admin_rsvp_overview', { p_org_id: orgB.id }],
      ['admin_event_reservation_counts', { p_org_id: orgB.id }],
    ] as const) {
      const { data, error } = await a.client.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
      expect(data, fn).toBeNull();
    }
    const own = await a.client.rpc('admin_list_reservations', { p_org_id: orgA.id });
    expect(own.error).toBeNull();
    expect((own.data as { total_count: number }[]).map((r) => r.total_count)).toEqual([1]);
  });

  it('promo codes, email templates and inactive events of B are invisible to A', async () => {
    expect((await a.client.from('promo_codes').select('id').eq('org_id', orgB.id)).data).toEqual([]);
    expect((await a.client.from('email_templates').select('id').eq('org_id', orgB.id)).data).toEqual([]);
    await serviceClient().from('events').update({ is_active: false }).eq('id', eventB.id);
    expect((await a.client.from('events').select('id').eq('id', eventB.id)).data).toEqual([]);
    await serviceClient().from('events').update({ is_active: true }).eq('id', eventB.id);
  });

  it('a signed-in user with no membership sees no organization and no reservations', async () => {
    expect((await loner.client.from('user_memberships').select('org_id, organizations(id, name, slug)')).data).toEqual([]);
    expect((await loner.client.from('user_roles').select('role')).data).toEqual([]);
    expect((await loner.client.from('reservations').select('id').in('org_id', [orgA.id, orgB.id])).data).toEqual([]);
    expect((await loner.client.rpc('admin_list_reservations', { p_org_id: orgA.id })).error?.code).toBe('42501');
  });

  it('the super admin does see B (positive control)', async () => {
    const admin = anonClient();
    const signIn = await admin.auth.signInWithPassword({ email: 'admin@supperhost.test', password: 'supperhost-demo' });
    expect(signIn.error).toBeNull();
    expect((await admin.from('reservations').select('id').eq('id', resB.id)).data).toEqual([{ id: resB.id }]);
  });
});

describe('changing another organization', () => {
  it('A cannot update, cancel or re-assign a reservation of B', async () => {
    const seatsBefore = (await publicOrgPage(orgB.slug)).events.find((e) => e.id === eventB.id)!.ticket_types[0].quantity;
    const update = await a.client.from('reservations').update({ name: 'Hijacked', num_guests: 1 }).eq('id', resB.id).select('id');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const cancel = await a.client
      .from('reservations')
      .update({ status: 'cancelled', cancelled_at: new Date().toISOString() })
      .eq('id', resB.id)
      .select('id');
    expect(cancel.data).toEqual([]);
    expect(await row('reservations', resB.id)).toMatchObject({ name: 'Guest of B', num_guests: 3, status: 'confirmed', cancelled_at: null });
    const seatsAfter = (await publicOrgPage(orgB.slug)).events.find((e) => e.id === eventB.id)!.ticket_types[0].quantity;
    expect(seatsAfter).toBe(seatsBefore);
    // Moving A's own reservation into B is refused too.
    const move = await a.client.from('reservations').update({ org_id: orgB.id }).eq('id', resA.id).select('id');
    expect(move.error).not.toBeNull();
    expect((await row('reservations', resA.id)).org_id).toBe(orgA.id);
  });

  it('A cannot create, edit, toggle or delete events of B', async () => {
    const created = await a.client.rpc('admin_create_event', {
      p_event: { org_id: orgB.id, title: 'Sneaky', date: '2099-01-01', event_time: '19:00', location_name: 'X' },
      p_ticket_types: [{ name: 'Seat', price: 100, quantity: 1 }],
    });
    expect(created.error?.code).toBe('42501');
    const inserted = await a.client
      .from('events')
      .insert({ org_id: orgB.id, title: 'Sneaky 2', date: '2099-01-01', event_time: '19:00' })
      .select('id');
    expect(inserted.error?.code).toBe('42501');
    expect((await serviceClient().from('events').select('id').eq('org_id', orgB.id).like('title', 'Sneaky%')).data).toEqual([]);

    expect((await a.client.from('events').update({ title: 'Renamed' }).eq('id', eventB.id).select('id')).data).toEqual([]);
    expect((await a.client.from('events').update({ is_active: false }).eq('id', eventB.id).select('id')).data).toEqual([]);
    expect((await a.client.from('events').delete().eq('id', eventB.id).select('id')).data).toEqual([]);
    expect((await a.client.from('ticket_types').update({ price: 1 }).eq('event_id', eventB.id).select('id')).data).toEqual([]);
    expect(await row('events', eventB.id)).toMatchObject({ title: 'B Dinner', is_active: true });
  });

  it('A cannot create or deactivate promo codes of B, nor write its branding', async () => {
    const insert = await a.client.from('promo_codes').insert({ org_id: orgB.id, code: 'FREE', discount_type: 'percent', discount_amount: 100 });
    expect(insert.error?.code).toBe('42501');
    const deactivate = await a.client.from('promo_codes').update({ active: false }).eq('org_id', orgB.id).select('id');
    expect(deactivate.data).toEqual([]);
    expect((await serviceClient().from('promo_codes').select('active').eq('org_id', orgB.id).eq('code', 'BONLY').single()).data!.active).toBe(true);
    const branding = await a.client.from('org_branding').upsert({ org_id: orgB.id, brand_name: 'Defaced' }, { onConflict: 'org_id' });
    expect(branding.error).not.toBeNull();
    expect((await serviceClient().from('org_branding').select('brand_name').eq('org_id', orgB.id).maybeSingle()).data).toBeNull();
  });

  it('the database refuses to delete an event with confirmed reservations, even for its own member', async () => {
    const del = await b.client.from('events').delete().eq('id', eventB.id).select('id');
    expect(del.error?.code).toBe('SH423');
    expect(del.error?.message).toBe('This event has 1 reservation(s) and cannot be deleted. Deactivate it instead to hide it from the public page.');
    expect(JSON.parse(del.error!.details)).toEqual({ reason: 'event_has_reservations', confirmed: 1, held: 0, total: 1 });
    expect(await row('events', eventB.id)).toBeTruthy();
  });

  it('the refusal does not call held seats "confirmed", and a cancelled reservation alone still keeps the event', async () => {
    const held = await createEvent(orgB.id, { title: uniq('Held Dinner') });
    const hold = await insertReservationOfB(held.id, 'Mid Checkout', 'hold', 2, {
      status: 'held',
      hold_expires_at: new Date(Date.now() + 600_000).toISOString(),
    });
    expect(hold.error).toBeNull();
    const delHeld = await b.client.from('events').delete().eq('id', held.id).select('id');
    expect(delHeld.error?.code).toBe('SH423');
    expect(delHeld.error?.message).toBe(
      'This event has 1 reservation(s) and cannot be deleted. Deactivate it instead to hide it from the public page.',
    );
    expect(delHeld.error?.message).not.toContain('confirmed');
    expect(JSON.parse(delHeld.error!.details)).toEqual({ reason: 'event_has_reservations', confirmed: 0, held: 1, total: 1 });

    const past = await createEvent(orgB.id, { title: uniq('Cancelled Dinner') });
    const cancelled = await insertReservationOfB(past.id, 'Changed Plans', 'cancel', 1, {
      status: 'cancelled',
      cancelled_at: new Date().toISOString(),
    });
    expect(cancelled.error).toBeNull();
    const delPast = await b.client.from('events').delete().eq('id', past.id).select('id');
    expect(delPast.error?.code).toBe('SH423');
    expect(delPast.error?.message).toBe(
      'This event has reservation history (1 cancelled or lapsed reservation(s)) and cannot be deleted. Deactivate it instead.',
    );
    expect(await row('events', held.id)).toBeTruthy();
    expect(await row('events', past.id)).toBeTruthy();
  });
});

describe('uploads', () => {
  it('A uploads into its own folder but not into B’s; the bucket refuses a GIF and an 11 MB file', async () => {
    const own = await a.client.storage
      .from('org-assets')
      .upload(`${orgA.id}/logos/${uniq('ok')}.png`, new Blob([PNG], { type: 'image/png' }), { cacheControl: '3600' });
    expect(own.error).toBeNull();
    const foreign = await a.client.storage
      .from('org-assets')
      .upload(`${orgB.id}/logos/${uniq('evil')}.png`, new Blob([PNG], { type: 'image/png' }), { cacheControl: '3600' });
    expect(foreign.error).not.toBeNull();
    expect((foreign.error as { statusCode?: string }).statusCode).toBe('403');
    const gif = await a.client.storage
      .from('org-assets')
      .upload(`${orgA.id}/gallery/${uniq('anim')}.gif`, new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }));
    expect(gif.error).not.toBeNull();
    const big = await a.client.storage
      .from('org-assets')
      .upload(`${orgA.id}/gallery/${uniq('big')}.png`, new Blob([Buffer.alloc(11 * 1024 * 1024)], { type: 'image/png' }));
    expect(big.error).not.toBeNull();
    const { data } = await serviceClient().storage.from('org-assets').list(`${orgB.id}/logos`);
    expect(data ?? []).toEqual([]);
  });
});

describe('send-guest-email', () => {
  async function mailTo(email: string) {
    return (await (await fetch(`${stackEnv().mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  }

  it('a member emails a guest of their own organization: queued in the outbox, shown in the mailbox', async () => {
    // Only ever the reservation's own guest.
    const to = resA.email;
    const { data, error } = await a.client.functions.invoke('send-guest-email', {
      body: { email: to, subject: 'Hello from A', message: 'See you soon', guestName: 'Guest of A', reservationId: resA.id },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ success: true });
    const { data: outbox } = await serviceClient().from('email_outbox').select('org_id, reservation_id, kind, subject').eq('to_email', to);
    expect(outbox).toEqual([{ org_id: orgA.id, reservation_id: resA.id, kind: 'guest_email', subject: 'Hello from A' }]);
    await expect.poll(async () => (await mailTo(to)).map((m) => m.subject)).toEqual(['Hello from A']);
  });

  it('a member of A cannot email a guest of B (403, nothing queued)', async () => {
    const to = `${uniq('foreign-guest')}@example.com`;
    const { error } = await a.client.functions.invoke('send-guest-email', {
      body: { email: to, subject: 'Phish', message: 'Click here', guestName: 'Guest of B', reservationId: resB.id },
    });
    expect(error).not.toBeNull();
    const res = (error as { context: Response }).context;
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('You can only email guests of your own organization');
    expect((await serviceClient().from('email_outbox').select('id').eq('to_email', to)).data).toEqual([]);
  });

  it('a signed-in user without membership and an anonymous caller are refused too', async () => {
    const to = `${uniq('nobody')}@example.com`;
    const body = { email: to, subject: 'Hi', message: 'Hi', guestName: 'X', reservationId: resA.id };
    const lonerCall = await loner.client.functions.invoke('send-guest-email', { body });
    expect((lonerCall.error as { context: Response }).context.status).toBe(403);
    const anonCall = await anonClient().functions.invoke('send-guest-email', { body });
    expect((anonCall.error as { context: Response }).context.status).toBe(401);
    expect((await serviceClient().from('email_outbox').select('id').eq('to_email', to)).data).toEqual([]);
  });

  it('invalid input is a 400 with a clear message, never a 500', async () => {
    const { error } = await a.client.functions.invoke('send-guest-email', {
      body: { email: 'not-an-email', subject: '', message: 'x', reservationId: resA.id },
    });
    const res = (error as { context: Response }).context;
    expect(res.status).toBe(400);
    const payload = await res.json();
    expect(payload.error).toContain('email: Enter a valid email');
    expect(payload.error).toContain('subject: Subject is required');
    const missingId = await a.client.functions.invoke('send-guest-email', { body: { email: 'x@example.com', subject: 's', message: 'm' } });
    expect((missingId.error as { context: Response }).context.status).toBe(400);
  });
});

describe('grant_super_admin_by_email', () => {
  it('grants nothing for another address, for a non-configured address, or to a visitor', async () => {
    expect((await a.client.rpc('grant_super_admin_by_email', { target_email: 'admin@supperhost.test' })).data).toBe(false);
    expect((await a.client.rpc('grant_super_admin_by_email', { target_email: a.email })).data).toBe(false);
    expect((await anonClient().rpc('grant_super_admin_by_email', { target_email: 'admin@supperhost.test' })).data).toBe(false);
    expect((await a.client.from('user_roles').select('role')).data).toEqual([]);
    // Still a plain member: B stays invisible.
    expect((await a.client.from('reservations').select('id').eq('id', resB.id)).data).toEqual([]);
  });
});
