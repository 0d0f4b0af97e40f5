/**
 * Row-level security, as a matrix: every actor × select/insert/update/delete
 * on every table and view of `public` (and storage.objects in org-assets),
 * against rows of organization A (Eat At Home). Member B (Magnolia) plays the
 * stranger from another organization.
 *
 * "allow" means the statement ran and touched the org-A row; "deny" means a
 * permission error (42501) or no row visible / affected. Any other error fails
 * the test, so a broken probe can never pass as a denial.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { ACTORS, type Actor, actAs, attempt, eatathomeEvent, ORG, rolledBack, USER, useDatabase } from './helpers.ts';

const A = ORG.eatathome;
const EVENT = eatathomeEvent(1);

// Expected outcomes. Read a row as: "<actor> may <op> rows of org A in <relation>".
const EXPECTED = `
| relation                 | op     | visitor | memberA | memberB | superAdmin | service |
|--------------------------|--------|---------|---------|---------|------------|---------|
| organizations            | select | allow   | allow   | allow   | allow      | allow   |
| organizations            | insert | deny    | deny    | deny    | allow      | allow   |
| organizations            | update | deny    | deny    | deny    | allow      | allow   |
| organizations            | delete | deny    | deny    | deny    | allow      | allow   |
| org_page_aliases         | select | allow   | allow   | allow   | allow      | allow   |
| org_page_aliases         | insert | deny    | deny    | deny    | allow      | allow   |
| org_page_aliases         | update | deny    | deny    | deny    | allow      | allow   |
| org_page_aliases         | delete | deny    | deny    | deny    | allow      | allow   |
| user_roles               | select | deny    | deny    | deny    | allow      | allow   |
| user_roles               | insert | deny    | deny    | deny    | deny       | allow   |
| user_roles               | update | deny    | deny    | deny    | deny       | allow   |
| user_roles               | delete | deny    | deny    | deny    | deny       | allow   |
| user_memberships         | select | deny    | allow   | deny    | allow      | allow   |
| user_memberships         | insert | deny    | deny    | deny    | allow      | allow   |
| user_memberships         | update | deny    | deny    | deny    | deny       | allow   |
| user_memberships         | delete | deny    | deny    | deny    | allow      | allow   |
| app_settings             | select | deny    | deny    | deny    | deny       | allow   |
| app_settings             | insert | deny    | deny    | deny    | deny       | allow   |
| app_settings             | update | deny    | deny    | deny    | deny       | allow   |
| app_settings             | delete | deny    | deny    | deny    | deny       | allow   |
| booking_digests          | select | deny    | deny    | deny    | deny       | allow   |
| booking_digests          | insert | deny    | deny    | deny    | deny       | allow   |
| booking_digests          | update | deny    | deny    | deny    | deny       | allow   |
| booking_digests          | delete | deny    | deny    | deny    | deny       | allow   |
| private_dinner_requests  | select | deny    | allow   | deny    | allow      | allow   |
| private_dinner_requests  | insert | deny    | deny    | deny    | deny       | allow   |
| private_dinner_requests  | update | deny    | deny    | deny    | deny       | allow   |
| private_dinner_requests  | delete | deny    | deny    | deny    | deny       | allow   |
| events                   | select | allow   | allow   | allow   | allow      | allow   |
| events                   | insert | deny    | allow   | deny    | allow      | allow   |
| events                   | update | deny    | allow   | deny    | allow      | allow   |
| events                   | delete | deny    | allow   | deny    | allow      | allow   |
| capacity_pools           | select | deny    | allow   | deny    | allow      | allow   |
| capacity_pools           | insert | deny    | allow   | deny    | allow      | allow   |
| capacity_pools           | update | deny    | allow   | deny    | allow      | allow   |
| capacity_pools           | delete | deny    | allow   | deny    | allow      | allow   |
| ticket_types             | select | allow   | allow   | allow   | allow      | allow   |
| ticket_types             | insert | deny    | allow   | deny    | allow      | allow   |
| ticket_types             | update | deny    | allow   | deny    | allow      | allow   |
| ticket_types             | delete | deny    | allow   | deny    | allow      | allow   |
| rsvp_slots               | select | allow   | allow   | allow   | allow      | allow   |
| rsvp_slots               | insert | deny    | allow   | deny    | allow      | allow   |
| rsvp_slots               | update | deny    | allow   | deny    | allow      | allow   |
| rsvp_slots               | delete | deny    | allow   | deny    | allow      | allow   |
| event_addons             | select | allow   | allow   | allow   | allow      | allow   |
| event_addons             | insert | deny    | allow   | deny    | allow      | allow   |
| event_addons             | update | deny    | allow   | deny    | allow      | allow   |
| event_addons             | delete | deny    | allow   | deny    | allow      | allow   |
| reservation_addons       | select | deny    | allow   | deny    | allow      | allow   |
| reservation_addons       | insert | deny    | deny    | deny    | deny       | allow   |
| reservation_addons       | update | deny    | deny    | deny    | deny       | allow   |
| reservation_addons       | delete | deny    | deny    | deny    | deny       | allow   |
| reservations             | select | deny    | allow   | deny    | allow      | allow   |
| reservations             | insert | deny    | deny    | deny    | deny       | allow   |
| reservations             | update | deny    | allow   | deny    | allow      | allow   |
| reservations             | delete | deny    | deny    | deny    | deny       | allow   |
| reservation_seats        | select | deny    | allow   | deny    | allow      | allow   |
| reservation_seats        | insert | deny    | deny    | deny    | deny       | allow   |
| reservation_seats        | update | deny    | deny    | deny    | deny       | allow   |
| reservation_seats        | delete | deny    | deny    | deny    | deny       | allow   |
| party_links              | select | deny    | deny    | deny    | deny       | allow   |
| party_links              | insert | deny    | deny    | deny    | deny       | allow   |
| party_links              | update | deny    | deny    | deny    | deny       | allow   |
| party_links              | delete | deny    | deny    | deny    | deny       | allow   |
| kitchen_reports          | select | deny    | allow   | deny    | allow      | allow   |
| kitchen_reports          | insert | deny    | deny    | deny    | deny       | allow   |
| kitchen_reports          | update | deny    | deny    | deny    | deny       | allow   |
| kitchen_reports          | delete | deny    | deny    | deny    | deny       | allow   |
| promo_codes              | select | deny    | allow   | deny    | allow      | allow   |
| promo_codes              | insert | deny    | allow   | deny    | allow      | allow   |
| promo_codes              | update | deny    | allow   | deny    | allow      | allow   |
| promo_codes              | delete | deny    | deny    | deny    | deny       | allow   |
| email_templates          | select | deny    | allow   | deny    | allow      | allow   |
| email_templates          | insert | deny    | allow   | deny    | allow      | allow   |
| email_templates          | update | deny    | allow   | deny    | allow      | allow   |
| email_templates          | delete | deny    | allow   | deny    | allow      | allow   |
| event_private_details    | select | deny    | allow   | deny    | allow      | allow   |
| event_private_details    | insert | deny    | allow   | deny    | allow      | allow   |
| event_private_details    | update | deny    | allow   | deny    | allow      | allow   |
| event_private_details    | delete | deny    | allow   | deny    | allow      | allow   |
| org_branding             | select | allow   | allow   | allow   | allow      | allow   |
| org_branding             | insert | deny    | allow   | deny    | allow      | allow   |
| org_branding             | update | deny    | allow   | deny    | allow      | allow   |
| org_branding             | delete | deny    | deny    | deny    | deny       | allow   |
| org_charge_settings      | select | deny    | allow   | deny    | allow      | allow   |
| org_charge_settings      | insert | deny    | allow   | deny    | allow      | allow   |
| org_charge_settings      | update | deny    | allow   | deny    | allow      | allow   |
| org_charge_settings      | delete | deny    | allow   | deny    | allow      | allow   |
| event_split_payments     | select | deny    | allow   | deny    | allow      | allow   |
| event_split_payments     | insert | deny    | allow   | deny    | allow      | allow   |
| event_split_payments     | update | deny    | allow   | deny    | allow      | allow   |
| event_split_payments     | delete | deny    | allow   | deny    | allow      | allow   |
| reservation_splits       | select | deny    | allow   | deny    | allow      | allow   |
| reservation_splits       | insert | deny    | deny    | deny    | deny       | allow   |
| reservation_splits       | update | deny    | deny    | deny    | deny       | allow   |
| reservation_splits       | delete | deny    | deny    | deny    | deny       | allow   |
| event_charge_settings    | select | deny    | allow   | deny    | allow      | allow   |
| event_charge_settings    | insert | deny    | allow   | deny    | allow      | allow   |
| event_charge_settings    | update | deny    | allow   | deny    | allow      | allow   |
| event_charge_settings    | delete | deny    | allow   | deny    | allow      | allow   |
| chef_signups             | select | deny    | deny    | deny    | allow      | allow   |
| chef_signups             | insert | allow   | allow   | allow   | allow      | allow   |
| chef_signups             | update | deny    | deny    | deny    | allow      | allow   |
| chef_signups             | delete | deny    | deny    | deny    | deny       | allow   |
| chef_signup_replies      | select | deny    | deny    | deny    | allow      | allow   |
| chef_signup_replies      | insert | deny    | deny    | deny    | deny       | allow   |
| chef_signup_replies      | update | deny    | deny    | deny    | deny       | allow   |
| chef_signup_replies      | delete | deny    | deny    | deny    | deny       | allow   |
| email_outbox             | select | deny    | deny    | deny    | deny       | allow   |
| email_outbox             | insert | deny    | deny    | deny    | deny       | allow   |
| email_outbox             | update | deny    | deny    | deny    | deny       | allow   |
| email_outbox             | delete | deny    | deny    | deny    | deny       | allow   |
| events_with_availability | select | allow   | allow   | allow   | allow      | allow   |
| events_with_availability | insert | deny    | deny    | deny    | deny       | deny    |
| events_with_availability | update | deny    | deny    | deny    | deny       | deny    |
| events_with_availability | delete | deny    | deny    | deny    | deny       | deny    |
| booking_events           | select | deny    | deny    | deny    | deny       | allow   |
| booking_events           | insert | deny    | deny    | deny    | deny       | allow   |
| booking_events           | update | deny    | deny    | deny    | deny       | allow   |
| booking_events           | delete | deny    | deny    | deny    | deny       | allow   |
| payment_ledger           | select | deny    | allow   | deny    | allow      | allow   |
| payment_ledger           | insert | deny    | deny    | deny    | deny       | allow   |
| payment_ledger           | update | deny    | deny    | deny    | deny       | allow   |
| payment_ledger           | delete | deny    | deny    | deny    | deny       | allow   |
| waitlist_entries         | select | deny    | allow   | deny    | allow      | allow   |
| waitlist_entries         | insert | deny    | deny    | deny    | deny       | allow   |
| waitlist_entries         | update | deny    | deny    | deny    | deny       | allow   |
| waitlist_entries         | delete | deny    | deny    | deny    | deny       | allow   |
| event_cancellations      | select | deny    | allow   | deny    | allow      | allow   |
| event_cancellations      | insert | deny    | deny    | deny    | deny       | allow   |
| event_cancellations      | update | deny    | deny    | deny    | deny       | allow   |
| event_cancellations      | delete | deny    | deny    | deny    | deny       | allow   |
| event_guest_messages     | select | deny    | allow   | deny    | allow      | allow   |
| event_guest_messages     | insert | deny    | deny    | deny    | deny       | allow   |
| event_guest_messages     | update | deny    | deny    | deny    | deny       | allow   |
| event_guest_messages     | delete | deny    | deny    | deny    | deny       | allow   |
| org_email_settings       | select | deny    | allow   | deny    | allow      | allow   |
| org_email_settings       | insert | deny    | deny    | deny    | deny       | allow   |
| org_email_settings       | update | deny    | deny    | deny    | deny       | allow   |
| org_email_settings       | delete | deny    | deny    | deny    | deny       | allow   |
| square_webhook_events    | select | deny    | deny    | deny    | deny       | allow   |
| square_webhook_events    | insert | deny    | deny    | deny    | deny       | allow   |
| square_webhook_events    | update | deny    | deny    | deny    | deny       | allow   |
| square_webhook_events    | delete | deny    | deny    | deny    | deny       | allow   |
| promo_code_misses        | select | deny    | deny    | deny    | deny       | allow   |
| promo_code_misses        | insert | deny    | deny    | deny    | deny       | allow   |
| promo_code_misses        | update | deny    | deny    | deny    | deny       | allow   |
| promo_code_misses        | delete | deny    | deny    | deny    | deny       | allow   |
| team_invitations         | select | deny    | allow   | deny    | allow      | allow   |
| team_invitations         | insert | deny    | deny    | deny    | deny       | allow   |
| team_invitations         | update | deny    | deny    | deny    | deny       | allow   |
| team_invitations         | delete | deny    | deny    | deny    | deny       | allow   |
| square_accounts          | select | deny    | deny    | deny    | deny       | allow   |
| square_accounts          | insert | deny    | deny    | deny    | deny       | allow   |
| square_accounts          | update | deny    | deny    | deny    | deny       | allow   |
| square_accounts          | delete | deny    | deny    | deny    | deny       | allow   |
| square_oauth_states      | select | deny    | deny    | deny    | deny       | allow   |
| square_oauth_states      | insert | deny    | deny    | deny    | deny       | allow   |
| square_oauth_states      | update | deny    | deny    | deny    | deny       | allow   |
| square_oauth_states      | delete | deny    | deny    | deny    | deny       | allow   |
| org_platform_fees        | select | deny    | allow   | deny    | allow      | allow   |
| org_platform_fees        | insert | deny    | deny    | deny    | deny       | allow   |
| org_platform_fees        | update | deny    | deny    | deny    | deny       | allow   |
| org_platform_fees        | delete | deny    | deny    | deny    | deny       | allow   |
| storage.objects          | select | deny    | allow   | deny    | allow      | allow   |
| storage.objects          | insert | deny    | allow   | deny    | allow      | allow   |
| storage.objects          | update | deny    | allow   | deny    | allow      | allow   |
| storage.objects          | delete | deny    | allow   | deny    | allow      | allow   |
`;

type Op = 'select' | 'insert' | 'update' | 'delete';
type Outcome = 'allow' | 'deny';

interface Probe {
  /** Run as the owner before the actor acts; returns the org-A row's key as `key`. */
  fixture: string;
  /** Extra owner setup before the insert (e.g. free a one-per-org slot). */
  beforeInsert?: string;
  select: string;
  insert: string;
  update: string;
  delete: string;
}

/** The inquiry the replies' probe answers. */
const PROBE_CHEF = 'd0000000-0000-4000-8000-0000000000c1';

const foodOnly = `(select id from public.ticket_types where event_id = '${EVENT}' and name = 'Food Only')`;
const foodOnlyPool = `(select pool_id from public.ticket_types where event_id = '${EVENT}' and name = 'Food Only')`;

/** The select, no-op update and delete of the row of `table` whose `key` is $1 (cast with `cast`). */
const byKey = (table: string, column: string, key = 'id', cast = ''): Pick<Probe, 'select' | 'update' | 'delete'> => ({
  select: `select 1 from public.${table} where ${key} = $1${cast}`,
  update: `update public.${table} set ${column} = ${column} where ${key} = $1${cast}`,
  delete: `delete from public.${table} where ${key} = $1${cast}`,
});

/**
 * A table of settings, one row per organization or event (`parent` its key column, `id` org A's or
 * its event's): the row set to `value` of `column` (made or updated), then removed so that one
 * with `other` can be inserted.
 */
const settingsOf = (table: string, parent: 'org_id' | 'event_id', id: string, column: string, value: number, other: number): Probe => ({
  fixture: `insert into public.${table} (${parent}, ${column}) values ('${id}', ${value}) on conflict (${parent}) do update set ${column} = ${value} returning ${parent}::text as key`,
  beforeInsert: `delete from public.${table} where ${parent} = '${id}'`,
  insert: `insert into public.${table} (${parent}, ${column}) values ('${id}', ${other})`,
  ...byKey(table, column, parent, '::uuid'),
});

const PROBES: Record<string, Probe> = {
  organizations: {
    fixture: `select '${A}' as key`,
    insert: `insert into public.organizations (name, slug) values ('Probe Kitchen', 'probe-kitchen')`,
    ...byKey('organizations', 'name'),
  },
  org_page_aliases: {
    fixture: `select 'eat-at-home' as key`,
    insert: `insert into public.org_page_aliases (path, org_id, layout) values ('embed', '${A}', 'dinner_series')`,
    ...byKey('org_page_aliases', 'layout', 'path'),
  },
  user_roles: {
    fixture: `select id::text as key from public.user_roles where user_id = '${USER.superAdmin}'`,
    insert: `insert into public.user_roles (user_id, role) values ('${USER.eatathomeOwner}', 'super_admin')`,
    ...byKey('user_roles', 'role'),
  },
  user_memberships: {
    fixture: `select id::text as key from public.user_memberships where user_id = '${USER.eatathomeOwner}' and org_id = '${A}'`,
    insert: `insert into public.user_memberships (user_id, org_id) values ('${USER.magnoliaOwner}', '${A}')`,
    ...byKey('user_memberships', 'org_id'),
  },
  app_settings: {
    fixture: `select 'super_admin_email' as key`,
    insert: `insert into public.app_settings (key, value) values ('probe', 'x')`,
    ...byKey('app_settings', 'value', 'key'),
  },
  private_dinner_requests: {
    fixture: `insert into public.private_dinner_requests (org_id, name, email, preferred_date, guests, message) values ('${A}', 'Probe Party', 'probe@example.com', current_date + 30, 10, 'A probe dinner') returning id::text as key`,
    insert: `insert into public.private_dinner_requests (org_id, name, email, preferred_date, guests, message) values ('${A}', 'Probe Two', 'probe2@example.com', current_date + 30, 10, 'A probe dinner')`,
    ...byKey('private_dinner_requests', 'status'),
  },
  booking_digests: {
    fixture: `insert into public.booking_digests (org_id, user_id, day) values ('${A}', '${USER.eatathomeOwner}', '2026-06-11') returning day::text as key`,
    beforeInsert: `delete from public.booking_digests where org_id = '${A}' and day = '2026-06-11'`,
    insert: `insert into public.booking_digests (org_id, user_id, day) values ('${A}', '${USER.eatathomeOwner}', '2026-06-11')`,
    ...byKey('booking_digests', 'created_at', 'day', '::date'),
  },
  events: {
    fixture: `insert into public.events (org_id, title, date, event_time) values ('${A}', 'Probe dinner', current_date + 30, '19:00') returning id::text as key`,
    insert: `insert into public.events (org_id, title, date, event_time) values ('${A}', 'Another dinner', current_date + 40, '19:00')`,
    ...byKey('events', 'title'),
  },
  capacity_pools: {
    // A pool of an event of its own: adding a pool waits for the event's lock, which the other
    // test files' bookings of the seeded dinner hold.
    fixture: `with e as (insert into public.events (org_id, title, date, event_time) values ('${A}', 'Pool probe dinner', current_date + 30, '19:00') returning id)
              insert into public.capacity_pools (event_id, size) select id, 5 from e returning id::text as key`,
    insert: `insert into public.capacity_pools (event_id, size) values ((select id from public.events where org_id = '${A}' and title = 'Pool probe dinner'), 7)`,
    ...byKey('capacity_pools', 'size'),
  },
  ticket_types: {
    // Drawing from a pool every actor can name, so the ticket type's own policy decides.
    fixture: `insert into public.ticket_types (event_id, name, price, pool_id) values ('${EVENT}', 'Probe ticket', 1000, ${foodOnlyPool}) returning id::text as key`,
    insert: `insert into public.ticket_types (event_id, name, price, pool_id) values ('${EVENT}', 'Another ticket', 1000, ${foodOnlyPool})`,
    ...byKey('ticket_types', 'name'),
  },
  rsvp_slots: {
    fixture: `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ('${EVENT}', '18:00', '6:00pm', ${foodOnlyPool}) returning id::text as key`,
    insert: `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ('${EVENT}', '21:00', '9:00pm', ${foodOnlyPool})`,
    ...byKey('rsvp_slots', 'slot_label'),
  },
  event_addons: {
    fixture: `insert into public.event_addons (event_id, name, price_cents) values ('${EVENT}', 'Probe pairing', 3500) returning id::text as key`,
    insert: `insert into public.event_addons (event_id, name, price_cents, per) values ('${EVENT}', 'Corkage', 2000, 'booking')`,
    ...byKey('event_addons', 'name'),
  },
  reservation_addons: {
    // An add-on taken by the first confirmed booking of org A; the insert gives it to the second.
    fixture: `with a as (insert into public.event_addons (event_id, name, price_cents) values ('${EVENT}', 'Probe pairing', 3500) returning id)
              insert into public.reservation_addons (reservation_id, addon_id, quantity, unit_price_cents)
              select r.id, a.id, 1, 3500 from a, (select id from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1) r
              returning addon_id::text as key`,
    insert: `insert into public.reservation_addons (reservation_id, addon_id, quantity, unit_price_cents)
             select r.id, (select id from public.event_addons where event_id = '${EVENT}' and name = 'Probe pairing'), 1, 3500
             from public.reservations r where r.org_id = '${A}' and r.status = 'confirmed' order by r.created_at, r.id offset 1 limit 1`,
    ...byKey('reservation_addons', 'quantity', 'addon_id', '::uuid'),
  },
  reservations: {
    fixture: `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents)
              values ('${A}', '${EVENT}', ${foodOnly}, 'Probe Guest', 'probe@example.com', 1, 12500) returning id::text as key`,
    insert: `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests, amount_cents)
             values ('${A}', '${EVENT}', ${foodOnly}, 'Walk-in Guest', 'walkin@example.com', 1, 12500)`,
    ...byKey('reservations', 'name'),
  },
  reservation_seats: {
    // A seat of a booking of org A (the seed's confirmed bookings have theirs).
    fixture: `select s.id::text as key from public.reservation_seats s join public.reservations r on r.id = s.reservation_id
              where r.org_id = '${A}' order by r.created_at, r.id, s.seat_no limit 1`,
    insert: `insert into public.reservation_seats (reservation_id, seat_no, token_hash)
             select id, 99, '\\x00' from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1`,
    ...byKey('reservation_seats', 'dietary_notes'),
  },
  party_links: {
    fixture: `select p.reservation_id::text as key from public.party_links p join public.reservations r on r.id = p.reservation_id
              where r.org_id = '${A}' order by r.created_at, r.id limit 1`,
    beforeInsert: `delete from public.party_links where reservation_id = (select id from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1)`,
    insert: `insert into public.party_links (reservation_id, token_hash)
             select id, '\\x01' from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1`,
    ...byKey('party_links', 'token_hash', 'reservation_id', '::uuid'),
  },
  kitchen_reports: {
    fixture: `insert into public.kitchen_reports (event_id, send_at) values ('${EVENT}', '08:00') on conflict (event_id) do update set send_at = '08:00' returning event_id::text as key`,
    beforeInsert: `delete from public.kitchen_reports where event_id = '${EVENT}'`,
    insert: `insert into public.kitchen_reports (event_id, send_at) values ('${EVENT}', '10:00')`,
    ...byKey('kitchen_reports', 'send_at', 'event_id', '::uuid'),
  },
  promo_codes: {
    fixture: `insert into public.promo_codes (org_id, code, discount_type, discount_amount) values ('${A}', 'PROBE', 'percent', 5) returning id::text as key`,
    insert: `insert into public.promo_codes (org_id, code, discount_type, discount_amount) values ('${A}', 'PROBE2', 'percent', 5)`,
    ...byKey('promo_codes', 'active'),
  },
  email_templates: {
    fixture: `insert into public.email_templates (org_id, name, template_type, subject) values ('${A}', 'Probe', 'waitlist_offer', 'Hello') returning id::text as key`,
    insert: `insert into public.email_templates (org_id, name, template_type, subject) values ('${A}', 'Another', 'guest_message', 'Hi')`,
    ...byKey('email_templates', 'subject'),
  },
  event_private_details: {
    fixture: `insert into public.event_private_details (event_id, org_id, private_address) values ('${EVENT}', '${A}', '12 Secret Lane') returning event_id::text as key`,
    beforeInsert: `delete from public.event_private_details where event_id = '${EVENT}'`,
    insert: `insert into public.event_private_details (event_id, org_id, private_address) values ('${EVENT}', '${A}', '14 Secret Lane')`,
    ...byKey('event_private_details', 'private_address', 'event_id', '::uuid'),
  },
  org_branding: {
    fixture: `select id::text as key from public.org_branding where org_id = '${A}'`,
    beforeInsert: `delete from public.org_branding where org_id = '${A}'`,
    insert: `insert into public.org_branding (org_id, brand_name) values ('${A}', 'Probe brand')`,
    ...byKey('org_branding', 'brand_name'),
  },
  org_charge_settings: settingsOf('org_charge_settings', 'org_id', A, 'tax_rate_bps', 800, 825),
  event_split_payments: settingsOf('event_split_payments', 'event_id', EVENT, 'cutoff_hours', 24, 36),
  reservation_splits: {
    // A confirmed booking of org A whose guests pay their own seats.
    fixture: `insert into public.reservation_splits (reservation_id, pay_by, seat_cents)
              select id, now() + interval '1 day', 1000 from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1
              on conflict (reservation_id) do update set seat_cents = 1000 returning reservation_id::text as key`,
    beforeInsert: `delete from public.reservation_splits where reservation_id = (select id from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1)`,
    insert: `insert into public.reservation_splits (reservation_id, pay_by, seat_cents)
             select id, now() + interval '1 day', 1100 from public.reservations where org_id = '${A}' and status = 'confirmed' order by created_at, id limit 1`,
    ...byKey('reservation_splits', 'seat_cents', 'reservation_id', '::uuid'),
  },
  event_charge_settings: settingsOf('event_charge_settings', 'event_id', EVENT, 'tax_rate_bps', 800, 825),
  chef_signups: {
    fixture: `insert into public.chef_signups (name, email, concept) values ('Probe Chef', 'probe.chef@example.com', 'Dumplings all night') returning id::text as key`,
    insert: `insert into public.chef_signups (name, email, concept, next_event_dates, source_domain) values ('New Chef', 'new.chef@example.com', 'Tasting menu', null, 'localhost')`,
    ...byKey('chef_signups', 'status'),
  },
  chef_signup_replies: {
    fixture: `with s as (insert into public.chef_signups (id, name, email, concept)
                         values ('${PROBE_CHEF}', 'Probe Chef', 'probe.chef@example.com', 'Dumplings all night') returning id)
              insert into public.chef_signup_replies (signup_id, subject, body) select id, 'Probe reply', 'Hello' from s returning id::text as key`,
    insert: `insert into public.chef_signup_replies (signup_id, subject, body) values ('${PROBE_CHEF}', 'Another reply', 'Hi')`,
    ...byKey('chef_signup_replies', 'subject'),
  },
  email_outbox: {
    fixture: `insert into public.email_outbox (org_id, kind, to_email, subject, body_text) values ('${A}', 'guest_email', 'guest@example.com', 'Hi', 'Hello') returning id::text as key`,
    insert: `insert into public.email_outbox (org_id, kind, to_email, subject, body_text) values ('${A}', 'guest_email', 'other@example.com', 'Hi', 'Hello')`,
    ...byKey('email_outbox', 'attempts'),
  },
  events_with_availability: {
    fixture: `select '${EVENT}' as key`,
    insert: `insert into public.events_with_availability (id, org_id, title) values (gen_random_uuid(), '${A}', 'Sneaky')`,
    ...byKey('events_with_availability', 'title'),
  },
  booking_events: {
    fixture: `insert into public.booking_events (reservation_id, kind)
              select id, 'held' from public.reservations where org_id = '${A}' order by created_at, id limit 1
              returning id::text as key`,
    insert: `insert into public.booking_events (reservation_id, kind)
             select id, 'confirmed' from public.reservations where org_id = '${A}' order by created_at, id limit 1`,
    ...byKey('booking_events', 'detail', 'id', '::bigint'),
  },
  payment_ledger: {
    fixture: `insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents)
              select id, org_id, 'comp', 'completed', 500 from public.reservations where org_id = '${A}' order by created_at, id limit 1
              returning id::text as key`,
    insert: `insert into public.payment_ledger (reservation_id, org_id, kind, status, amount_cents)
             select id, org_id, 'comp', 'completed', 700 from public.reservations where org_id = '${A}' order by created_at, id limit 1`,
    ...byKey('payment_ledger', 'reason', 'id', '::bigint'),
  },
  waitlist_entries: {
    fixture: `insert into public.waitlist_entries (org_id, event_id, ticket_type_id, name, email, party_size)
              values ('${A}', '${EVENT}', ${foodOnly}, 'Probe Waiter', 'probe.waiter@example.com', 2) returning id::text as key`,
    insert: `insert into public.waitlist_entries (org_id, event_id, ticket_type_id, name, email, party_size)
             values ('${A}', '${EVENT}', ${foodOnly}, 'Another Waiter', 'another.waiter@example.com', 2)`,
    ...byKey('waitlist_entries', 'party_size'),
  },
  event_cancellations: {
    fixture: `insert into public.event_cancellations (event_id, org_id, refund_mode, message)
              values ('${EVENT}', '${A}', 'full', 'Probe message') returning event_id::text as key`,
    insert: `insert into public.event_cancellations (event_id, org_id, refund_mode, message)
             values ('${eatathomeEvent(2)}', '${A}', 'none', 'Another message')`,
    ...byKey('event_cancellations', 'message', 'event_id', '::uuid'),
  },
  event_guest_messages: {
    fixture: `insert into public.event_guest_messages (event_id, org_id, subject, body, request_key, recipients)
              values ('${EVENT}', '${A}', 'Probe', 'Probe message', 'probe-key-1', 1) returning id::text as key`,
    insert: `insert into public.event_guest_messages (event_id, org_id, subject, body, request_key, recipients)
             values ('${EVENT}', '${A}', 'Another', 'Another message', 'probe-key-2', 1)`,
    ...byKey('event_guest_messages', 'subject', 'id', '::uuid'),
  },
  org_email_settings: {
    fixture: `insert into public.org_email_settings (org_id, thank_you_emails) values ('${A}', true) returning org_id::text as key`,
    beforeInsert: `delete from public.org_email_settings where org_id = '${A}'`,
    insert: `insert into public.org_email_settings (org_id, thank_you_emails) values ('${A}', false)`,
    ...byKey('org_email_settings', 'thank_you_emails', 'org_id', '::uuid'),
  },
  square_accounts: {
    fixture: `insert into public.square_accounts (org_id, merchant_id, access_token_ciphertext, refresh_token_ciphertext, access_token_expires_at)
              values ('${A}', 'PROBE-MERCHANT', 'v1.a.b', 'v1.c.d', now() + interval '30 days') returning org_id::text as key`,
    beforeInsert: `delete from public.square_accounts where org_id = '${A}'`,
    insert: `insert into public.square_accounts (org_id, merchant_id, access_token_ciphertext, refresh_token_ciphertext, access_token_expires_at)
             values ('${A}', 'ANOTHER-MERCHANT', 'v1.e.f', 'v1.g.h', now() + interval '30 days')`,
    ...byKey('square_accounts', 'merchant_id', 'org_id', '::uuid'),
  },
  square_oauth_states: {
    fixture: `insert into public.square_oauth_states (state_hash, org_id, user_id, scopes, expires_at)
              values (repeat('a', 64), '${A}', '${USER.eatathomeOwner}', '{PAYMENTS_READ}', now() + interval '10 minutes') returning state_hash as key`,
    insert: `insert into public.square_oauth_states (state_hash, org_id, user_id, scopes, expires_at)
             values (repeat('b', 64), '${A}', '${USER.eatathomeOwner}', '{PAYMENTS_READ}', now() + interval '10 minutes')`,
    ...byKey('square_oauth_states', 'scopes', 'state_hash'),
  },
  org_platform_fees: {
    fixture: `insert into public.org_platform_fees (org_id, fee_bps) values ('${A}', 250) returning org_id::text as key`,
    beforeInsert: `delete from public.org_platform_fees where org_id = '${A}'`,
    insert: `insert into public.org_platform_fees (org_id, fee_bps) values ('${A}', 300)`,
    ...byKey('org_platform_fees', 'fee_bps', 'org_id', '::uuid'),
  },
  square_webhook_events: {
    fixture: `insert into public.square_webhook_events (event_id, event_type) values ('probe-event', 'refund.updated') returning event_id as key`,
    insert: `insert into public.square_webhook_events (event_id, event_type) values ('another-event', 'payment.updated')`,
    ...byKey('square_webhook_events', 'event_type', 'event_id'),
  },
  promo_code_misses: {
    fixture: `insert into public.promo_code_misses (event_id, client_key) values ('${EVENT}', 'probe-client') returning id::text as key`,
    insert: `insert into public.promo_code_misses (event_id, client_key) values ('${EVENT}', 'another-client')`,
    ...byKey('promo_code_misses', 'client_key', 'id', '::bigint'),
  },
  team_invitations: {
    fixture: `insert into public.team_invitations (org_id, email, token_hash)
              values ('${A}', 'probe.invitee@example.com', extensions.digest('probe-token', 'sha256')) returning id::text as key`,
    insert: `insert into public.team_invitations (org_id, email, token_hash)
             values ('${A}', 'another.invitee@example.com', extensions.digest('another-token', 'sha256'))`,
    ...byKey('team_invitations', 'expires_at'),
  },
  'storage.objects': {
    fixture: `insert into storage.objects (bucket_id, name) values ('org-assets', '${A}/logos/probe.png') returning id::text as key`,
    select: `select 1 from storage.objects where id = $1`,
    insert: `insert into storage.objects (bucket_id, name) values ('org-assets', '${A}/gallery/new-photo.jpg')`,
    update: `update storage.objects set name = name where id = $1`,
    delete: `delete from storage.objects where id = $1`,
  },
};

const READ_ONLY_VIEWS = new Set(['events_with_availability']);

interface Cell<A extends string = Actor> {
  relation: string;
  op: Op;
  actor: A;
  expected: Outcome;
}

function parseMatrix<A extends string = Actor>(text: string): Cell<A>[] {
  const rows = text
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const [header, , ...body] = rows;
  const actors = header.slice(2) as A[];
  return body.flatMap(([relation, op, ...outcomes]) =>
    outcomes.map((expected, i) => ({ relation, op: op as Op, actor: actors[i], expected: expected as Outcome })),
  );
}

const CELLS = parseMatrix(EXPECTED);

/** What actually happened when the actor (`as`, default the cell's actor) tried the operation. */
async function observe(db: pg.PoolClient, cell: Cell<string>, as: Parameters<typeof actAs>[1] = cell.actor as Actor): Promise<Outcome> {
  const probe = PROBES[cell.relation];
  if (!probe) throw new Error(`No probe for ${cell.relation}`);
  const { rows } = await db.query(probe.fixture);
  const fixtureKey = rows[0]?.key;
  if (!fixtureKey) throw new Error(`The fixture for ${cell.relation} found no row`);
  if (cell.op === 'insert' && probe.beforeInsert) await db.query(probe.beforeInsert);

  await actAs(db, as);
  const sql = probe[cell.op];
  const { error, result } = await attempt(db, sql, cell.op === 'insert' ? [] : [fixtureKey]);
  if (error) {
    if (error.code === '42501') return 'deny';
    // Writing through a view that is not updatable is refused before privileges are checked.
    if (error.code === '55000' && READ_ONLY_VIEWS.has(cell.relation)) return 'deny';
    throw new Error(`${cell.op} on ${cell.relation} as ${cell.actor} failed with ${error.code}, not a permission error: ${error.message}`);
  }
  const touched = cell.op === 'select' ? result!.rows.length : (result!.rowCount ?? 0);
  return touched > 0 ? 'allow' : 'deny';
}

describe('row-level security matrix (org A = Eat At Home, org B = Magnolia)', () => {
  const pool = useDatabase();

  for (const relation of [...new Set(CELLS.map((c) => c.relation))]) {
    describe(relation, () => {
      for (const cell of CELLS.filter((c) => c.relation === relation)) {
        const verb = cell.expected === 'allow' ? 'can' : 'cannot';
        it(`${ACTORS[cell.actor].label} ${verb} ${cell.op} Eat At Home rows of ${relation}`, async () => {
          const outcome = await rolledBack(pool(), (db) => observe(db, cell));
          expect(outcome, `${cell.actor} ${cell.op} ${relation}`).toBe(cell.expected);
        });
      }
    });
  }

  it('covers every table and view of the public schema', async () => {
    const { rows } = await pool().query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') order by 1`,
    );
    const inMatrix = new Set(CELLS.map((c) => c.relation));
    const missing = rows.map((r) => r.relname).filter((name) => !inMatrix.has(name));
    expect(missing, 'tables or views missing from the RLS matrix').toEqual([]);
  });

  it('enables row-level security on every table of public and on storage.objects', async () => {
    const { rows } = await pool().query<{ name: string; relrowsecurity: boolean }>(
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where (n.nspname = 'public' and c.relkind in ('r', 'p'))
           or (n.nspname = 'storage' and c.relname = 'objects')
        order by 1`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const without = rows.filter((r) => !r.relrowsecurity).map((r) => r.name);
    expect(without, `tables without row-level security: ${without.join(', ')}`).toEqual([]);
  });
});

// Owners and staff of org A, where the role makes a difference (and where staff keep their rights):
// only owners see the team's invitations and the platform fee, and change the taxes and service
// charges (staff read them); staff run events and reservations. The team's writes
// are the 090_team.sql functions', refused to staff by tests/db/team.test.ts.
const ROLES_EXPECTED = `
| relation         | op     | ownerA | staffA |
|------------------|--------|--------|--------|
| team_invitations | select | allow  | deny   |
| team_invitations | insert | deny   | deny   |
| team_invitations | update | deny   | deny   |
| team_invitations | delete | deny   | deny   |
| user_memberships | select | allow  | deny   |
| user_memberships | insert | deny   | deny   |
| user_memberships | delete | deny   | deny   |
| events           | select | allow  | allow  |
| events           | insert | allow  | allow  |
| events           | update | allow  | allow  |
| reservations     | select | allow  | allow  |
| reservations     | update | allow  | allow  |
| payment_ledger   | select | allow  | allow  |
| org_branding     | update | allow  | allow  |
| org_charge_settings | select | allow | allow |
| org_charge_settings | insert | allow | deny |
| org_charge_settings | update | allow | deny |
| org_charge_settings | delete | allow | deny |
| event_charge_settings | select | allow | allow |
| event_charge_settings | update | allow | deny |
| org_platform_fees | select | allow | deny |
`;

/** A staff member of org A, added in the test's transaction. */
const STAFF_A = 'b0000000-0000-4000-8000-0000000000a5';

describe('row-level security of owners and staff (org A = Eat At Home)', () => {
  const pool = useDatabase();
  const actors = {
    ownerA: ACTORS.memberA,
    staffA: { role: 'authenticated', claims: { sub: STAFF_A, email: 'staff@eatathome.test', role: 'authenticated', aud: 'authenticated' } },
  };

  for (const cell of parseMatrix<keyof typeof actors>(ROLES_EXPECTED)) {
    const verb = cell.expected === 'allow' ? 'can' : 'cannot';
    it(`${cell.actor === 'ownerA' ? 'an owner' : 'a staff member'} of Eat At Home ${verb} ${cell.op} its rows of ${cell.relation}`, async () => {
      const outcome = await rolledBack(pool(), async (db) => {
        await db.query(`insert into auth.users (id, email, encrypted_password, email_confirmed_at) values ($1, 'staff@eatathome.test', 'x', now())`, [
          STAFF_A,
        ]);
        await db.query(`insert into public.user_memberships (user_id, org_id, role) values ($1, $2, 'staff')`, [STAFF_A, A]);
        return observe(db, cell, actors[cell.actor]);
      });
      expect(outcome, `${cell.actor} ${cell.op} ${cell.relation}`).toBe(cell.expected);
    });
  }
});

describe('what public pages may see', () => {
  const pool = useDatabase();

  it('hides inactive events, and their ticket types, from visitors and other organizations', async () => {
    await rolledBack(pool(), async (db) => {
      const {
        rows: [event],
      } = await db.query(
        `insert into public.events (org_id, title, date, event_time, is_active)
         values ($1, 'Private tasting', current_date + 9, '19:00', false) returning id`,
        [A],
      );
      await db.query(
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Secret', 5000, public.new_capacity_pool($1, 4))`,
        [event.id],
      );
      const visible = async (actor: Actor) => {
        await actAs(db, actor);
        const events = (await db.query('select 1 from public.events where id = $1', [event.id])).rowCount;
        const tickets = (await db.query('select 1 from public.ticket_types where event_id = $1', [event.id])).rowCount;
        const view = (await db.query('select 1 from public.events_with_availability where id = $1', [event.id])).rowCount;
        await db.query('reset role');
        return { events, tickets, view };
      };
      expect(await visible('visitor')).toEqual({ events: 0, tickets: 0, view: 0 });
      expect(await visible('memberB')).toEqual({ events: 0, tickets: 0, view: 0 });
      expect(await visible('memberA')).toEqual({ events: 1, tickets: 1, view: 0 });
    });
  });

  it('hides inactive add-ons from visitors but not from the organization', async () => {
    await rolledBack(pool(), async (db) => {
      const {
        rows: [addon],
      } = await db.query(
        `insert into public.event_addons (event_id, name, price_cents, is_active) values ($1, 'Retired pairing', 3500, false) returning id`,
        [EVENT],
      );
      await actAs(db, 'visitor');
      expect((await db.query('select 1 from public.event_addons where id = $1', [addon.id])).rowCount).toBe(0);
      await actAs(db, 'memberA');
      expect((await db.query('select 1 from public.event_addons where id = $1', [addon.id])).rowCount).toBe(1);
    });
  });

  it('hides inactive RSVP slots from visitors but not from the organization', async () => {
    await rolledBack(pool(), async (db) => {
      const { rows } = await db.query(`select id from public.rsvp_slots where event_id = 'c0000003-0000-4000-8000-000000000001' and not is_active`);
      expect(rows).toHaveLength(1);
      await actAs(db, 'visitor');
      expect((await db.query('select 1 from public.rsvp_slots where id = $1', [rows[0].id])).rowCount).toBe(0);
      await db.query('reset role');
      await actAs(db, { role: 'authenticated', claims: { sub: USER.gardenTableOwner, role: 'authenticated' } });
      expect((await db.query('select 1 from public.rsvp_slots where id = $1', [rows[0].id])).rowCount).toBe(1);
    });
  });

  it('grants no API role a write privilege on events_with_availability', async () => {
    const { rows } = await pool().query(
      `select r.rolname, p.privilege
         from unnest(array['anon', 'authenticated', 'service_role']) as r(rolname)
         cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p(privilege)
        where has_table_privilege(r.rolname, 'public.events_with_availability', p.privilege)`,
    );
    expect(rows).toEqual([]);
  });

  it('exposes only the public columns of events in events_with_availability', async () => {
    const { rows } = await pool().query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'events_with_availability' order by ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual([
      'id',
      'org_id',
      'title',
      'date',
      'event_time',
      'event_timezone',
      'max_guests',
      'location_name',
      'location_address',
      'event_details_disclosures',
      'is_active',
      'rsvp_mode',
      'rsvp_open',
      'deposit_amount',
      'refund_window_hours',
      'late_refund_percent',
      'refund_policy',
      'ticket_types',
      'rsvp_slots',
      'available_seats',
      'total_available',
      'is_fully_booked',
      'kind',
      'seat_price_cents',
      'party_limit',
      'booking_closes_at',
      'unlisted',
    ]);
  });

  it('lets a visitor send a chef inquiry but not choose its id or read it back', async () => {
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      const sent = await attempt(db, `insert into public.chef_signups (name, email, concept) values ('Sam Cook', 'sam@example.com', 'Ramen pop-up')`);
      expect(sent.error).toBeNull();
      const withId = await attempt(
        db,
        `insert into public.chef_signups (id, name, email, concept) values (gen_random_uuid(), 'Sam Cook', 'sam@example.com', 'Ramen pop-up')`,
      );
      expect(withId.error?.code).toBe('42501');
      const readBack = await attempt(db, `select * from public.chef_signups`);
      expect(readBack.error?.code).toBe('42501');
    });
  });

  it('does not let visitors call the internal access predicates', async () => {
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'visitor');
      for (const call of [
        `select public.is_super_admin()`,
        `select public.is_org_member('${A}')`,
        `select public.can_manage_event('${EVENT}')`,
        `select public.expire_reservation_holds()`,
      ]) {
        const { error } = await attempt(db, call);
        expect(error?.code, call).toBe('42501');
      }
    });
  });
});

describe('storage paths in org-assets', () => {
  const pool = useDatabase();

  const upload = (db: pg.PoolClient, name: string) => attempt(db, `insert into storage.objects (bucket_id, name) values ('org-assets', $1)`, [name]);

  it('lets a member upload into the four folders of their organization only', async () => {
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'memberA');
      for (const folder of ['logos', 'gallery', 'menus', 'misc']) {
        const { error } = await upload(db, `${A}/${folder}/photo.jpg`);
        expect(error, folder).toBeNull();
      }
      for (const name of [`${A}/secrets/photo.jpg`, `${A}/photo.jpg`, `not-a-uuid/logos/photo.jpg`, `${ORG.magnolia}/logos/photo.jpg`]) {
        const { error } = await upload(db, name);
        expect(error?.code, name).toBe('42501');
      }
    });
  });

  it('declares the bucket public with the 10 MiB limit and the allowed MIME types', async () => {
    const { rows } = await pool().query(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'org-assets'`);
    expect(rows).toEqual([
      {
        public: true,
        file_size_limit: '10485760',
        allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      },
    ]);
  });
});

describe('what members may change', () => {
  const pool = useDatabase();

  it('lets a member upsert the branding of their organization, and no other', async () => {
    const upsert = `insert into public.org_branding (org_id, brand_name, primary_color)
                    values ($1, 'Renamed', '#111111')
                    on conflict (org_id) do update set brand_name = excluded.brand_name, primary_color = excluded.primary_color`;
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'memberA');
      const own = await attempt(db, upsert, [A]);
      expect(own.error).toBeNull();
      expect(own.result?.rowCount).toBe(1);
      const other = await attempt(db, upsert, [ORG.magnolia]);
      expect(other.error?.code).toBe('42501');
      await db.query('reset role');
      const rows = await db.query(`select org_id, brand_name from public.org_branding where brand_name = 'Renamed'`);
      expect(rows.rows).toEqual([{ org_id: A, brand_name: 'Renamed' }]);
    });
  });

  it('lets a member edit and switch a promo code, but never its usage count or its organization', async () => {
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'memberA');
      const toggle = await attempt(db, `update public.promo_codes set active = false where org_id = $1 and code = 'WELCOME10'`, [A]);
      expect(toggle.result?.rowCount).toBe(1);
      const edit = await attempt(
        db,
        `update public.promo_codes set discount_amount = 20, max_uses = 50, ends_at = now() + interval '7 days' where org_id = $1 and code = 'WELCOME10'`,
        [A],
      );
      expect(edit.error).toBeNull();
      for (const change of [`times_redeemed = 0`, `org_id = '${ORG.magnolia}'`]) {
        const { error } = await attempt(db, `update public.promo_codes set ${change} where org_id = $1 and code = 'USEDUP'`, [A]);
        expect(error?.code, change).toBe('42501');
      }
      // USEDUP was used 5 times: its max uses cannot go below that.
      const below = await attempt(db, `update public.promo_codes set max_uses = 4 where org_id = $1 and code = 'USEDUP'`, [A]);
      expect(below.error?.message).toBe('This code was already used 5 times: max uses cannot be lower than that');
      const forged = await attempt(
        db,
        `insert into public.promo_codes (org_id, code, discount_type, discount_amount, times_redeemed) values ($1, 'FRESH', 'fixed', 500, 99)`,
        [A],
      );
      expect(forged.error?.code).toBe('42501');
    });
  });

  it('does not let a member move an event into another organization', async () => {
    await rolledBack(pool(), async (db) => {
      const {
        rows: [event],
      } = await db.query(
        `insert into public.events (org_id, title, date, event_time) values ($1, 'Movable', current_date + 5, '19:00') returning id`,
        [A],
      );
      await actAs(db, 'memberA');
      const { error } = await attempt(db, `update public.events set org_id = $2 where id = $1`, [event.id, ORG.magnolia]);
      expect(error?.code).toBe('42501');
    });
  });
});
