/**
 * Test data factories shared by the vitest suites and the Playwright e2e tests. Every test file
 * shares one database with the others running in parallel, so each test makes its own staff,
 * organizations, events, ticket types, RSVP slots, promo codes and reservations (directly in SQL,
 * as the database owner, so they need no gateway) and only ever counts its own rows. Factories
 * take the table's own column names for what they store; what is left out gets a test default.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, db, insertRow, one } from './db.ts';

// ---------------------------------------------------------------------------------------
// Unique names
// ---------------------------------------------------------------------------------------

/** `prefix` with a suffix no other test (or run) uses: `prefix-<time>-<random>`. */
export function uniq(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  return `${uniq(prefix)}@${domain}`;
}

/** A guest's details for a booking request (name, unique email, phone). */
export const guest = (n: number | string = 1) => ({
  name: `Guest ${n}`,
  email: uniqueEmail(`guest-${n}`),
  phone: '+1 555 0100',
});

/** A calendar date `days` from today (UTC, as the test database's clock), YYYY-MM-DD. */
export function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** `days` from today, moved forward to the ISO weekday `isoWeekday` (1 = Monday … 7 = Sunday) when given. */
function eventDate(days: number, isoWeekday?: number): string {
  if (isoWeekday === undefined) return futureDate(days);
  const isoDay = new Date(`${futureDate(days)}T00:00:00Z`).getUTCDay() || 7;
  return futureDate(days + ((isoWeekday - isoDay + 7) % 7));
}

// ---------------------------------------------------------------------------------------
// Staff and organizations
// ---------------------------------------------------------------------------------------

export const PASSWORD = 'supperhost-test-pw';

export interface Staff {
  email: string;
  password: string;
  userId: string;
  /** A supabase-js client signed in as this staff member. */
  client: SupabaseClient;
}

/** Signs up a fresh, confirmed user through the gateway (the local auth confirms at once) and signs them in. */
export async function createStaff(prefix = 'staff'): Promise<Staff> {
  const email = uniqueEmail(prefix, 'admin-tests.test');
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

/** Columns of public.org_branding. */
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
  private_dinners?: boolean;
  private_dinner_note?: string | null;
}

/**
 * A new organization, with a unique slug made from its name. `members` join its team (as
 * owners unless a member says `role: 'staff'`);
 * `branding` (even `{}`) stores its branding row, which is left out by default.
 * `platformPayments` (default true): its guests pay through the platform's account (the local
 * test processor, or the fake Square's platform seller), as the seeded venues do; false: only
 * its own connected Square account takes cards, as a new host's.
 */
export async function createOrg(
  opts: {
    name?: string;
    slug?: string;
    members?: (Pick<Staff, 'userId'> & { role?: 'owner' | 'staff' })[];
    branding?: BrandingInput | null;
    platformPayments?: boolean;
  } = {},
): Promise<Org> {
  const name = opts.name ?? 'Test Kitchen';
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'org';
  const slug = opts.slug ?? uniq(base).slice(0, 60).replace(/-$/, '');
  const org = await insertRow<Org>('organizations', { name, slug, platform_payments: opts.platformPayments ?? true }, 'id, name, slug');
  for (const member of opts.members ?? []) {
    await insertRow('user_memberships', { user_id: member.userId, org_id: org.id, role: member.role ?? 'owner' });
  }
  if (opts.branding) await insertRow('org_branding', { org_id: org.id, ...opts.branding });
  return org;
}

/** createOrg's input for an organization whose brand name is its name, in `primary_color` when given. */
export function brandedAs(name: string, primary_color?: string): { name: string; branding: BrandingInput } {
  return { name, branding: { brand_name: name, primary_color } };
}

// ---------------------------------------------------------------------------------------
// Events, ticket types, RSVP slots, promo codes
// ---------------------------------------------------------------------------------------

/** A ticket type with a capacity pool of its own of `quantity` tickets (or drawing from `pool_id`). */
export interface TicketTypeInput {
  name: string;
  price: number;
  quantity: number;
  pool_id?: string;
}

/**
 * A slot with a capacity pool of its own of `max_capacity` seats; `current_rsvps` seats already
 * taken by a confirmed booking of a stand-in guest ("Seat Holder").
 */
export interface SlotInput {
  slot_time: string;
  slot_label: string;
  max_capacity: number;
  current_rsvps?: number;
  is_active?: boolean;
}

/** Columns of public.events, plus where the date falls and what the event sells. */
export interface EventInput {
  title?: string;
  /** YYYY-MM-DD; otherwise `daysAhead` (30) days from today, on `isoWeekday` when given. */
  date?: string;
  daysAhead?: number;
  /** Move the date forward to this ISO weekday (7 = Sunday), e.g. the supper club's nights. */
  isoWeekday?: number;
  event_time?: string;
  event_timezone?: string;
  max_guests?: number | null;
  location_name?: string | null;
  location_address?: string | null;
  event_details_disclosures?: string | null;
  is_active?: boolean;
  /** Shown only to its booking link (`?event=`). */
  unlisted?: boolean;
  rsvp_mode?: boolean;
  /** Defaults to `rsvp_mode`. */
  rsvp_open?: boolean;
  deposit_amount?: number | null;
  /** Sold by seating (the slots) at this price per seat. */
  seat_price_cents?: number | null;
  max_party_size?: number | null;
  refund_window_hours?: number | null;
  late_refund_percent?: number;
  ticketTypes?: TicketTypeInput[];
  slots?: SlotInput[];
}

export interface TestEvent {
  id: string;
  title: string;
  date: string;
  ticketTypes: (TicketTypeInput & { id: string })[];
  slots: (SlotInput & { id: string })[];
}

/** An event of the organization (19:00 in New York at the Test Kitchen unless told), with its ticket types and slots. */
export async function createEvent(orgId: string, input: EventInput = {}): Promise<TestEvent> {
  const { daysAhead = 30, isoWeekday, ticketTypes = [], slots = [], max_guests, ...columns } = input;
  const event = await insertRow<{ id: string; title: string; date: string }>(
    'events',
    {
      org_id: orgId,
      title: 'Test Dinner',
      date: eventDate(daysAhead, isoWeekday),
      event_time: '19:00',
      event_timezone: 'America/New_York',
      location_name: 'Test Kitchen',
      location_address: '1 Test St, Brooklyn, NY',
      ...columns,
      rsvp_open: columns.rsvp_open ?? columns.rsvp_mode,
    },
    `id, title, to_char(date, 'YYYY-MM-DD') as date`,
  );
  if (max_guests != null) await setEventCap(event.id, max_guests);
  const created: TestEvent = { ...event, ticketTypes: [], slots: [] };
  for (const t of ticketTypes) created.ticketTypes.push({ id: await createTicketType(event.id, t), ...t });
  for (const s of slots) created.slots.push({ id: await createSlot(event.id, s), ...s });
  return created;
}

/**
 * createEvent's input for a supper of the seeded supper club (Magnolia): a Monday `daysAhead` days
 * out (far after the seeded suppers, so its pages stay as other tests expect them), at 5:30pm,
 * $65 a seat, parties of up to 6; `input` adds to it (its seatings, unlisted, …).
 */
export const magnoliaSupper = (daysAhead: number, input: EventInput = {}): EventInput => ({
  title: 'Magnolia Supper Club',
  daysAhead,
  isoWeekday: 1,
  event_time: '17:30',
  location_name: 'Magnolia Supper Club',
  seat_price_cents: 6500,
  max_party_size: 6,
  ...input,
});

/** An event (createEvent's input, without ticket types) selling one ticket type: both ids. */
export async function createTicketedEvent(
  orgId: string,
  ticket: TicketTypeInput,
  input: Omit<EventInput, 'ticketTypes'> = {},
): Promise<{ eventId: string; ticketTypeId: string }> {
  const event = await createEvent(orgId, { ...input, ticketTypes: [ticket] });
  return { eventId: event.id, ticketTypeId: event.ticketTypes[0].id };
}

/** A capacity pool of the event (`eventWide`: its overall cap, "max guests"). */
export async function createPool(eventId: string, size: number, eventWide = false): Promise<string> {
  return (await insertRow('capacity_pools', { event_id: eventId, size, event_wide: eventWide })).id;
}

/** Sets the event's overall cap (the size of its event-wide pool); null removes it. */
export async function setEventCap(eventId: string, maxGuests: number | null): Promise<void> {
  await db().query('select public.set_event_guest_cap($1, $2)', [eventId, maxGuests]);
}

export async function createTicketType(eventId: string, { quantity, pool_id, ...t }: TicketTypeInput): Promise<string> {
  return (await insertRow('ticket_types', { event_id: eventId, ...t, pool_id: pool_id ?? (await createPool(eventId, quantity)) })).id;
}

export async function createSlot(eventId: string, { max_capacity, current_rsvps = 0, ...s }: SlotInput): Promise<string> {
  const id = (await insertRow('rsvp_slots', { event_id: eventId, ...s, pool_id: await createPool(eventId, max_capacity) })).id;
  // Seats already taken: confirmed parties of at most 10 (a reservation's limit).
  for (let left = current_rsvps; left > 0; left -= 10) {
    await createReservation(eventId, { rsvp_slot_id: id, name: 'Seat Holder', num_guests: Math.min(left, 10) });
  }
  return id;
}

export async function createPromo(
  orgId: string,
  p: {
    code: string;
    discount_type: 'percent' | 'fixed';
    discount_amount: number;
    max_uses?: number | null;
    times_redeemed?: number;
    active?: boolean;
  },
): Promise<string> {
  return (await insertRow('promo_codes', { org_id: orgId, ...p })).id;
}

/**
 * A supper on a Sunday `daysAhead` days out, sold by seating as the seeded supper club: two
 * seatings ('5:30pm', '8:00pm') of 20 under a cap of 40, $65 a seat, 1 to 6 per order. `over`
 * changes its title, cap, price, order limit or the seatings' capacities.
 */
export async function createSupper(
  orgId: string,
  daysAhead: number,
  over: Pick<EventInput, 'title' | 'max_guests' | 'seat_price_cents' | 'max_party_size'> & { capacities?: [early: number, late: number] } = {},
): Promise<{ eventId: string; early: string; late: string }> {
  const { capacities: [earlyCapacity, lateCapacity] = [20, 20], ...columns } = over;
  const { id, slots } = await createEvent(orgId, {
    title: 'Supper Club Test',
    daysAhead,
    isoWeekday: 7,
    event_time: '17:30',
    max_guests: 40,
    seat_price_cents: 6500,
    max_party_size: 6,
    ...columns,
    slots: [
      { slot_label: '5:30pm', slot_time: '17:30', max_capacity: earlyCapacity },
      { slot_label: '8:00pm', slot_time: '20:00', max_capacity: lateCapacity },
    ],
  });
  return { eventId: id, early: slots[0].id, late: slots[1].id };
}

/** A time of day as the supper club labels a seating: '18:00' is '6:00pm'. */
function seatingLabel(time: string): string {
  const [hours, minutes] = time.split(':');
  return `${((Number(hours) + 11) % 12) + 1}:${minutes}${Number(hours) < 12 ? 'am' : 'pm'}`;
}

/**
 * An RSVP event (open) taking `deposit_amount` cents a guest (none unless told), with a slot of
 * `capacity` spots (10) at each of `times` (one at 18:00), each labelled as its time reads ('6:00pm').
 */
export function createRsvpEvent(
  orgId: string,
  title: string,
  { deposit_amount = 0, capacity = 10, times = ['18:00'] }: { deposit_amount?: number; capacity?: number; times?: string[] } = {},
): Promise<TestEvent> {
  const slots = times.map((slot_time) => ({ slot_time, slot_label: seatingLabel(slot_time), max_capacity: capacity }));
  return createEvent(orgId, { title, rsvp_mode: true, deposit_amount, slots });
}

// ---------------------------------------------------------------------------------------
// Reservations
// ---------------------------------------------------------------------------------------

export interface TestReservation {
  id: string;
  name: string;
  email: string;
}

/**
 * A reservation of the event (its organization's), confirmed unless told: the capacity trigger
 * takes its seats. Columns of public.reservations; a guest of 2 with a unique email by default.
 */
export async function createReservation(eventId: string, columns: Record<string, unknown> = {}): Promise<TestReservation> {
  const { org_id } = await one<{ org_id: string }>(db(), 'select org_id from public.events where id = $1', [eventId]);
  return insertRow<TestReservation>(
    'reservations',
    {
      org_id,
      event_id: eventId,
      name: 'Guest Person',
      email: uniqueEmail('guest'),
      phone: '555-0100',
      num_guests: 2,
      status: 'confirmed',
      ...columns,
    },
    'id, name, email',
  );
}

// ---------------------------------------------------------------------------------------
// What the database holds now
// ---------------------------------------------------------------------------------------

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
  [column: string]: any;
}

/** The reservations of an event, or of a guest's email (any case), oldest first. */
export async function reservationsFor(where: { eventId: string } | { email: string }): Promise<ReservationRow[]> {
  const { rows } =
    'eventId' in where
      ? await db().query<ReservationRow>('select * from public.reservations where event_id = $1 order by created_at', [where.eventId])
      : await db().query<ReservationRow>('select * from public.reservations where lower(email) = lower($1) order by created_at', [where.email]);
  return rows;
}

/** The test processor's charges for these reservations, oldest first. */
export async function chargesFor(reservationIds: string[]): Promise<Record<string, any>[]> {
  const { rows } = await db().query('select * from test_processor.payments where reference_id = any($1::text[]) order by created_at', [
    reservationIds,
  ]);
  return rows;
}

/** What a ticket type's or slot's capacity pool holds now: its size, the seats taken and left. */
export async function optionPool(optionId: string): Promise<{ size: number; taken: number; left: number }> {
  return one(
    db(),
    `select u.size, u.taken, greatest(u.size - u.taken, 0) as left
     from (select event_id, pool_id from public.ticket_types where id = $1
           union all select event_id, pool_id from public.rsvp_slots where id = $1) o
     join public.capacity_pool_use(o.event_id) u on u.pool_id = o.pool_id`,
    [optionId],
  );
}

/** Tickets a ticket type has left (what its pool has left). */
export async function ticketQuantity(ticketTypeId: string): Promise<number> {
  return (await optionPool(ticketTypeId)).left;
}

/** Seats taken of a slot's pool (confirmed and unexpired holds). */
export async function slotTaken(slotId: string): Promise<number> {
  return (await optionPool(slotId)).taken;
}

export async function promoRedeemed(promoId: string): Promise<number> {
  return (await one<{ times_redeemed: number }>(db(), 'select times_redeemed from public.promo_codes where id = $1', [promoId])).times_redeemed;
}

interface PublicEvent {
  id: string;
  title: string;
  total_available: number;
  available_seats: number;
  ticket_types: { id: string; name: string; price: number; quantity: number }[];
  rsvp_slots: { id: string; slot_label: string; available_spots: number; current_rsvps: number }[];
}

/** What a visitor's page at /{slug} gets (one call, anonymous, through the gateway). */
export async function publicOrgPage(slug: string): Promise<{ events: PublicEvent[]; branding: Record<string, unknown> | null }> {
  const { data, error } = await anonClient().rpc('get_public_org_page', { p_slug: slug });
  if (error) throw new Error(`get_public_org_page: ${error.message}`);
  const [page] = data as unknown as { events: PublicEvent[]; branding: Record<string, unknown> | null }[];
  if (!page) throw new Error(`get_public_org_page: no page at /${slug}`);
  return page;
}
