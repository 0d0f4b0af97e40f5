// Shared set-up for the admin and auth tests. Every test file shares ONE database and
// runs in parallel with the others, so each scenario signs up its own staff member and
// creates its own organization (service role), events and reservations.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';

class NoWebSocket {}

export const PASSWORD = 'supperhost-test-pw';

export function anonClient(): SupabaseClient {
  const env = stackEnv();
  return createClient(env.apiUrl, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

export function serviceClient(): SupabaseClient {
  const env = stackEnv();
  return createClient(env.apiUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

export function uniq(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

export interface Staff {
  email: string;
  password: string;
  userId: string;
  /** A supabase-js client signed in as this staff member. */
  client: SupabaseClient;
}

/** Signs up a fresh, confirmed user (the local auth confirms at once) and signs them in. */
export async function createStaff(prefix = 'staff'): Promise<Staff> {
  const email = `${uniq(prefix)}@admin-tests.test`;
  const client = anonClient();
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error || !data.user) throw new Error(`sign up ${email}: ${error?.message}`);
  if (!data.session) {
    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (signIn.error) throw new Error(`sign in ${email}: ${signIn.error.message}`);
  }
  return { email, password: PASSWORD, userId: data.user.id, client };
}

export interface Org {
  id: string;
  name: string;
  slug: string;
}

/** A new organization; `members` become its staff. */
export async function createOrg(name: string, members: Staff[] = []): Promise<Org> {
  const svc = serviceClient();
  const slug = uniq(name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')).slice(0, 60).replace(/-$/, '');
  const org = must(await svc.from('organizations').insert({ name, slug }).select('id, name, slug').single(), 'create org') as Org;
  for (const m of members) {
    must(await svc.from('user_memberships').insert({ user_id: m.userId, org_id: org.id }).select('id'), 'add member');
  }
  return org;
}

/** YYYY-MM-DD, `days` from today (UTC): comfortably in the future for every US timezone. */
export function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface SeededEvent {
  id: string;
  title: string;
  ticketTypes: { id: string; name: string; price: number; quantity: number }[];
  slots: { id: string; slot_label: string; max_capacity: number }[];
}

/** An event created directly with the service role (for reservation and guest scenarios). */
export async function seedEvent(
  orgId: string,
  opts: {
    title?: string;
    date?: string;
    rsvp?: boolean;
    maxGuests?: number | null;
    ticketTypes?: { name: string; price: number; quantity: number }[];
    slots?: { slot_time: string; slot_label: string; max_capacity: number }[];
  } = {},
): Promise<SeededEvent> {
  const svc = serviceClient();
  const title = opts.title ?? uniq('Dinner');
  const event = must(
    await svc
      .from('events')
      .insert({
        org_id: orgId,
        title,
        date: opts.date ?? futureDate(30),
        event_time: '19:00',
        event_timezone: 'America/New_York',
        max_guests: opts.maxGuests ?? null,
        location_name: 'Test Kitchen',
        rsvp_mode: opts.rsvp ?? false,
        rsvp_open: opts.rsvp ?? false,
        deposit_amount: opts.rsvp ? 500 : 500,
      })
      .select('id')
      .single(),
    'create event',
  ) as { id: string };
  const ticketTypes = opts.ticketTypes?.length
    ? (must(
        await svc
          .from('ticket_types')
          .insert(opts.ticketTypes.map((t) => ({ ...t, event_id: event.id })))
          .select('id, name, price, quantity'),
        'ticket types',
      ) as SeededEvent['ticketTypes'])
    : [];
  const slots = opts.slots?.length
    ? (must(
        await svc
          .from('rsvp_slots')
          .insert(opts.slots.map((s) => ({ ...s, event_id: event.id })))
          .select('id, slot_label, max_capacity'),
        'slots',
      ) as SeededEvent['slots'])
    : [];
  return { id: event.id, title, ticketTypes, slots };
}

export interface SeededReservation {
  id: string;
  name: string;
  email: string;
}

/** A confirmed reservation (the capacity trigger takes its seats). */
export async function seedReservation(
  orgId: string,
  eventId: string,
  opts: { name?: string; email?: string; phone?: string | null; guests?: number; ticketTypeId?: string; slotId?: string; createdAt?: string } = {},
): Promise<SeededReservation> {
  const svc = serviceClient();
  const name = opts.name ?? 'Guest Person';
  const email = opts.email ?? `${uniq('guest')}@example.com`;
  const row = must(
    await svc
      .from('reservations')
      .insert({
        org_id: orgId,
        event_id: eventId,
        name,
        email,
        phone: opts.phone === undefined ? '555-0100' : opts.phone,
        num_guests: opts.guests ?? 2,
        ticket_type_id: opts.ticketTypeId ?? null,
        rsvp_slot_id: opts.slotId ?? null,
        status: 'confirmed',
        ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
      })
      .select('id')
      .single(),
    'create reservation',
  ) as { id: string };
  return { id: row.id, name, email };
}

interface PublicEvent {
  id: string;
  title: string;
  total_available: number;
  available_seats: number;
  ticket_types: { id: string; name: string; price: number; quantity: number }[];
  rsvp_slots: { id: string; slot_label: string; available_spots: number; current_rsvps: number }[];
}

/** What a visitor's page at /{slug} gets (one call, anonymous). */
export async function publicOrgPage(slug: string): Promise<{ events: PublicEvent[]; branding: Record<string, unknown> | null }> {
  const data = must(await anonClient().rpc('get_public_org_page', { p_slug: slug }), 'get_public_org_page');
  return data as { events: PublicEvent[]; branding: Record<string, unknown> | null };
}

/** Signs in through /auth and waits for the panel. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  const { siteUrl } = stackEnv();
  await page.goto(`${siteUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${siteUrl}/admin`);
}

/** Opens a tab of the panel for an organization (both live in the URL). */
export async function openAdmin(page: Page, orgId: string, tab: string) {
  const { siteUrl } = stackEnv();
  await page.goto(`${siteUrl}/admin?org=${orgId}&tab=${tab}`);
}

/** Resolves with the text of the next toast that contains `text`. */
export async function expectToast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}
