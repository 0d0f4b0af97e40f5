import pg from 'pg';
import type { Page } from 'playwright-core';
import { stackEnv } from '../../tests/support/stack-env';

/**
 * Fixtures for the guest booking e2e tests (org page, booking, RSVP, embed). Every test file
 * shares one database with the others running in parallel, so each test creates its own
 * organization, events, ticket types, slots and codes (directly in SQL, as the owner) and only
 * ever counts its own rows.
 */

let pool: pg.Pool | undefined;
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: stackEnv().dbUrl, max: 4 });
  return pool;
}
export async function closeDb() {
  await pool?.end();
  pool = undefined;
}

export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A calendar date `days` from today (UTC), YYYY-MM-DD. */
export function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface BrandingInput {
  brand_name?: string | null;
  primary_color?: string;
  secondary_color?: string;
  logo_url?: string | null;
  menu_content?: string | null;
  menu_file_url?: string | null;
  instagram_url?: string | null;
  website_url?: string | null;
  gallery_images?: string[];
  reservation_mode?: 'reservations' | 'rsvp';
  bookings_description?: string | null;
  empty_state_title?: string | null;
  empty_state_message?: string | null;
  empty_state_cta_text?: string | null;
  empty_state_image_url?: string | null;
}

export async function createOrg(opts: { name: string; slug?: string; branding?: BrandingInput | null }): Promise<{ id: string; slug: string }> {
  const slug = opts.slug ?? uniqueSlug('t');
  const { rows } = await db().query<{ id: string }>('insert into public.organizations (name, slug) values ($1, $2) returning id', [opts.name, slug]);
  const id = rows[0].id;
  if (opts.branding !== null) {
    const b = opts.branding ?? {};
    const columns = Object.keys(b);
    const values = Object.values(b);
    await db().query(
      `insert into public.org_branding (org_id${columns.map((c) => `, ${c}`).join('')}) values ($1${columns.map((_, i) => `, $${i + 2}`).join('')})`,
      [id, ...values],
    );
  }
  return { id, slug };
}

export interface EventInput {
  title: string;
  date?: string;
  event_time?: string;
  event_timezone?: string;
  max_guests?: number | null;
  location_name?: string | null;
  location_address?: string | null;
  event_details_disclosures?: string | null;
  is_active?: boolean;
  rsvp_mode?: boolean;
  rsvp_open?: boolean;
  deposit_amount?: number | null;
}

export async function createEvent(orgId: string, input: EventInput): Promise<string> {
  const row: Record<string, unknown> = {
    date: futureDate(30),
    event_time: '19:00',
    event_timezone: 'America/New_York',
    location_name: 'The Test Kitchen',
    location_address: '1 Test St, Brooklyn, NY',
    ...input,
  };
  if (row.rsvp_mode && row.rsvp_open === undefined) row.rsvp_open = true;
  const columns = Object.keys(row);
  const { rows } = await db().query<{ id: string }>(
    `insert into public.events (org_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
    [orgId, ...Object.values(row)],
  );
  return rows[0].id;
}

export async function addTicketType(eventId: string, t: { name: string; price: number; quantity: number }): Promise<string> {
  const { rows } = await db().query<{ id: string }>(
    'insert into public.ticket_types (event_id, name, price, quantity) values ($1, $2, $3, $4) returning id',
    [eventId, t.name, t.price, t.quantity],
  );
  return rows[0].id;
}

export async function addSlot(eventId: string, s: { slot_time: string; slot_label: string; max_capacity: number; current_rsvps?: number; is_active?: boolean }): Promise<string> {
  const { rows } = await db().query<{ id: string }>(
    'insert into public.rsvp_slots (event_id, slot_time, slot_label, max_capacity, current_rsvps, is_active) values ($1, $2, $3, $4, $5, $6) returning id',
    [eventId, s.slot_time, s.slot_label, s.max_capacity, s.current_rsvps ?? 0, s.is_active ?? true],
  );
  return rows[0].id;
}

export async function addPromo(
  orgId: string,
  p: { code: string; discount_type: 'percent' | 'fixed'; discount_amount: number; max_uses?: number | null; times_redeemed?: number; active?: boolean },
): Promise<string> {
  const { rows } = await db().query<{ id: string }>(
    `insert into public.promo_codes (org_id, code, discount_type, discount_amount, max_uses, times_redeemed, active)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [orgId, p.code, p.discount_type, p.discount_amount, p.max_uses ?? null, p.times_redeemed ?? 0, p.active ?? true],
  );
  return rows[0].id;
}

export interface ReservationRow {
  id: string;
  status: string;
  num_guests: number;
  amount_cents: number;
  discount_cents: number;
  ticket_type_id: string | null;
  rsvp_slot_id: string | null;
  promo_code_id: string | null;
  idempotency_key: string | null;
  name: string;
  email: string;
}

export async function reservationsFor(email: string): Promise<ReservationRow[]> {
  const { rows } = await db().query<ReservationRow>('select * from public.reservations where lower(email) = lower($1) order by created_at', [email]);
  return rows;
}

export async function ticketQuantity(ticketTypeId: string): Promise<number> {
  const { rows } = await db().query<{ quantity: number }>('select quantity from public.ticket_types where id = $1', [ticketTypeId]);
  return rows[0].quantity;
}

export async function slotTaken(slotId: string): Promise<number> {
  const { rows } = await db().query<{ current_rsvps: number }>('select current_rsvps from public.rsvp_slots where id = $1', [slotId]);
  return rows[0].current_rsvps;
}

export async function promoRedeemed(promoId: string): Promise<number> {
  const { rows } = await db().query<{ times_redeemed: number }>('select times_redeemed from public.promo_codes where id = $1', [promoId]);
  return rows[0].times_redeemed;
}

/** The messages the local mailbox holds for an address (polls until `atLeast` arrive). */
export async function mailFor(email: string, atLeast = 1, timeoutMs = 15_000): Promise<{ subject: string; body_text: string; to_email: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${stackEnv().mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`);
    const body = (await response.json()) as unknown;
    const list = (Array.isArray(body) ? body : ((body as { messages?: unknown[] }).messages ?? [])) as {
      subject: string;
      body_text: string;
      to_email: string;
    }[];
    if (list.length >= atLeast || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Waits for a sonner toast with this title (and this description, when given). */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  let toast = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  if (description !== undefined) {
    toast = toast.filter({
      has: page.locator('[data-description]').getByText(description, typeof description === 'string' ? { exact: true } : undefined),
    });
  }
  await toast.first().waitFor({ timeout: 15_000 });
}
