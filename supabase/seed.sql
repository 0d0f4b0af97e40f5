-- =============================================================================
-- Demo data for local development and `supabase db reset`.
--
-- Every date is relative to current_date, so the demo never goes stale.
-- Organizations, users and events have fixed ids. Seats are capacity pools
-- (a size each; what is taken is counted from the reservations below), and promo
-- times_redeemed is moved by the reservation trigger as they are inserted, so
-- every count agrees with them.
--
-- Demo accounts (password: supperhost-demo)
--   owner@eatathome.test      member of Eat At Home          (eatathome)
--   owner@magnolia.test       member of Magnolia Supper Club (magnolia)
--   owner@garden-table.test   member of The Garden Table     (garden-table)
--   admin@supperhost.test     super admin
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Users
-- -----------------------------------------------------------------------------

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000',
  u.id,
  'authenticated',
  'authenticated',
  u.email,
  extensions.crypt('supperhost-demo', extensions.gen_salt('bf')),
  now(),
  '{"provider":"email","providers":["email"]}'::jsonb,
  '{}'::jsonb,
  now(),
  now(),
  '', '', '', ''
from (values
  ('b0000000-0000-4000-8000-000000000001'::uuid, 'owner@eatathome.test'),
  ('b0000000-0000-4000-8000-000000000002'::uuid, 'owner@magnolia.test'),
  ('b0000000-0000-4000-8000-000000000003'::uuid, 'owner@garden-table.test'),
  ('b0000000-0000-4000-8000-000000000009'::uuid, 'admin@supperhost.test')
) as u (id, email);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  u.id,
  u.id::text,
  u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email',
  now(),
  now(),
  now()
from auth.users u
where u.id in (
  'b0000000-0000-4000-8000-000000000001',
  'b0000000-0000-4000-8000-000000000002',
  'b0000000-0000-4000-8000-000000000003',
  'b0000000-0000-4000-8000-000000000009'
);

-- -----------------------------------------------------------------------------
-- Organizations, members, roles
-- -----------------------------------------------------------------------------

-- The seeded venues are the platform's own: their guests pay into its Square account.
insert into public.organizations (id, name, slug, platform_payments) values
  ('a0000000-0000-4000-8000-000000000001', 'Eat At Home', 'eatathome', true),
  ('a0000000-0000-4000-8000-000000000002', 'Magnolia Supper Club', 'magnolia', true),
  ('a0000000-0000-4000-8000-000000000003', 'The Garden Table', 'garden-table', true);

-- The spec's venue pages: alias paths of two organizations' pages, each in its own layout.
insert into public.org_page_aliases (path, org_id, layout) values
  ('magnolia-supper-club', 'a0000000-0000-4000-8000-000000000002', 'supper_club'),
  ('eat-at-home', 'a0000000-0000-4000-8000-000000000001', 'dinner_series');

-- Each host is emailed its new bookings and cancellations, as whoever creates an organization is.
insert into public.user_memberships (user_id, org_id, booking_emails) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', true),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', true),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', true);

-- The demo's super admin: the configured account (the one place that names it).
select public.set_super_admin_email('admin@supperhost.test');

-- -----------------------------------------------------------------------------
-- Branding
--
-- The images ship with the project (supabase/seed-assets/<slug>/<folder>/<file>):
-- the URLs below are their public URLs in the org-assets bucket on the default
-- local API URL. The local stack uploads the files there on start and points
-- these URLs at its own API URL (stack/seed-assets.ts); for another project run
-- `npm run seed:assets -- --url ... --service-key ...` after this seed.
-- -----------------------------------------------------------------------------

insert into public.org_branding (
  org_id, brand_name, primary_color, secondary_color, logo_url, menu_content, menu_file_url,
  instagram_url, website_url, gallery_images, reservation_mode, bookings_description,
  empty_state_title, empty_state_message, empty_state_cta_text, empty_state_image_url, city, address
) values
(
  'a0000000-0000-4000-8000-000000000001',
  'Eat At Home',
  '#9a3412',
  '#fef3c7',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/logos/logo.webp',
  E'Five courses, served family style.\n\nSnacks · Crudo · Handmade pasta · Braise · Something sweet.\nWine pairing available with every seating.',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/menus/menu.pdf',
  'https://www.instagram.com/eatathome',
  'https://eatathome.example.com',
  array[
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/gallery/long-table.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/gallery/handmade-pasta.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/gallery/crudo.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/gallery/braise.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/gallery/something-sweet.webp'
  ],
  'reservations',
  'A weekly dinner series in a Brooklyn apartment: five courses, one long table, new friends.',
  'New Experiences Coming Soon',
  'The next dinners are being planned. Follow along to hear first.',
  'Follow on Instagram',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000001/misc/coming-soon.webp',
  'Brooklyn, NY',
  null
),
(
  'a0000000-0000-4000-8000-000000000002',
  'Magnolia Supper Club',
  '#14532d',
  '#fdf6e3',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000002/logos/logo.webp',
  E'Four shared savory courses and one shared sweet course.\n$65 per person, plus a 20% gratuity added to every ticket as a service charge at checkout.',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000002/menus/menu.pdf',
  'https://www.instagram.com/magnoliasupperclub',
  'https://magnolia.example.com',
  array[
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000002/gallery/candlelit-supper.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000002/gallery/shared-plates.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000002/gallery/sweet-course.webp'
  ],
  'reservations',
  'Sunday and Monday suppers in Atlanta, two seatings a night.',
  'New Events Coming Soon',
  'Our next season is on its way.',
  'Follow for updates',
  null,
  'Atlanta',
  'Old Fourth Ward, Atlanta, GA'
),
(
  'a0000000-0000-4000-8000-000000000003',
  'The Garden Table',
  '#166534',
  '#dcfce7',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000003/logos/logo.webp',
  E'Seasonal vegetables from the garden, cooked over fire.\nMenu changes with the harvest.',
  null,
  'https://www.instagram.com/thegardentable',
  'https://garden-table.example.com',
  array[
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000003/gallery/under-the-pergola.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000003/gallery/harvest-salad.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000003/gallery/tomato-supper.webp',
    'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000003/gallery/fire-grilled.webp'
  ],
  'rsvp',
  'Garden dinners in the Chicago suburbs. RSVP with a $5 per guest deposit.',
  'The garden is resting',
  'New dates are announced at the start of each season.',
  'Get notified',
  'http://127.0.0.1:54321/storage/v1/object/public/org-assets/a0000000-0000-4000-8000-000000000003/misc/resting-garden.webp',
  null,
  null
);

-- -----------------------------------------------------------------------------
-- Promo codes (the same five per organization)
-- -----------------------------------------------------------------------------

insert into public.promo_codes (org_id, code, discount_type, discount_amount, times_redeemed, max_uses, active)
select o.id, p.code, p.discount_type, p.discount_amount, p.times_redeemed, p.max_uses, p.active
from public.organizations o
cross join (values
  ('WELCOME10', 'percent', 10, 0, null::integer, true),
  ('TAKE5', 'fixed', 500, 0, null, true),
  ('COMP100', 'percent', 100, 0, null, true),
  ('OLDCODE', 'percent', 20, 0, null, false),
  ('USEDUP', 'percent', 15, 5, 5, true)
) as p (code, discount_type, discount_amount, times_redeemed, max_uses, active);

-- -----------------------------------------------------------------------------
-- Email templates
-- -----------------------------------------------------------------------------

insert into public.email_templates (org_id, name, template_type, subject, body, is_active, created_at)
select o.id, t.name, t.template_type, replace(t.subject, '{org}', o.name), t.body, true, now() + t.position * interval '1 second'
from public.organizations o
cross join (values
  (1, 'Booking confirmation', 'booking_confirmation', 'Your table at {org} is booked: {{event_title}}',
   E'Hi {{guest_name}},\n\nYou are booked for {{event_title}} on {{event_date}} at {{event_time}} ({{party_size}}).\nWe look forward to cooking for you.'),
  (2, 'Event reminder', 'reminder', 'See you soon at {org}: {{event_title}}',
   E'Hi {{guest_name}},\n\nA reminder that {{event_title}} is on {{event_date}} at {{event_time}}. Reply to this email with any dietary changes.'),
  (3, 'Cancellation', 'cancellation', 'Your reservation at {org} is cancelled: {{event_title}}',
   E'Hi {{guest_name}},\n\nYour reservation for {{event_title}} on {{event_date}} has been cancelled. We hope to cook for you another time.')
) as t (position, name, template_type, subject, body);

-- -----------------------------------------------------------------------------
-- Eat At Home: weekly dinner series on Saturdays (4 upcoming + 1 past)
-- -----------------------------------------------------------------------------

-- One series (series_id: the first upcoming dinner's id, as repeating an event sets it): a
-- guest can move a booking to another of its dates from the booking's page.
insert into public.events (
  id, org_id, title, date, event_time, event_timezone, location_name, location_address,
  event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount, series_id
)
select
  ('c0000001-0000-4000-8000-0000000000' || lpad(w.n::text, 2, '0'))::uuid,
  'a0000000-0000-4000-8000-000000000001',
  'Eat At Home Dinner #' || (40 + w.n),
  -- the next Saturdays (n = 1..4); n = 0 is two weeks before the first
  current_date + ((12 - extract(isodow from current_date)::integer) % 7) + 1
    + case when w.n = 0 then -14 else 7 * (w.n - 1) end,
  '19:00',
  'America/New_York',
  'Eat At Home',
  'Brooklyn, NY (address sent after booking)',
  E'Dinner starts promptly at 7:00 PM and runs about two hours. The menu is set; we accommodate most dietary restrictions with notice. Tickets are non-refundable but transferable. Parties larger than 6: please email us.',
  true,
  false,
  false,
  500,
  'c0000001-0000-4000-8000-000000000001'
from generate_series(0, 4) as w (n);
-- n = 0 is a past dinner: past events stay in the admin panel, never on public pages.

-- Seats: 20 a dinner in all, 12 Food Only, 8 Food + Wine Pairing and no Chef's Counter: each
-- ticket type its own pool (its id made from the event's and the type's), and the event's cap.
insert into public.capacity_pools (id, event_id, size, event_wide)
select e.id, e.id, 20, true
from public.events e where e.org_id = 'a0000000-0000-4000-8000-000000000001'
union all
select md5(e.id::text || t.name)::uuid, e.id, t.seats, false
from public.events e
cross join (values ('Food Only', 12), ('Food + Wine Pairing', 8), ('Chef''s Counter', 0)) as t (name, seats)
where e.org_id = 'a0000000-0000-4000-8000-000000000001';

insert into public.ticket_types (event_id, name, price, pool_id, created_at)
select e.id, t.name, t.price, md5(e.id::text || t.name)::uuid, now() + t.position * interval '1 second'
from public.events e
cross join (values
  (1, 'Food Only', 12500),
  (2, 'Food + Wine Pairing', 17500),
  (3, 'Chef''s Counter', 22500)
) as t (position, name, price)
where e.org_id = 'a0000000-0000-4000-8000-000000000001';

-- Magnolia adds a 20% gratuity to every ticket as a service charge (not taxed), shown as a line
-- at checkout: its menu and its events say so in the same words.
insert into public.org_charge_settings (org_id, tax_rate_bps, service_charge_type, service_charge_bps, service_charge_taxable, price_display)
values ('a0000000-0000-4000-8000-000000000002', 0, 'percent', 2000, false, 'itemized');

-- -----------------------------------------------------------------------------
-- Magnolia Supper Club: every Sunday and Monday of the next four weeks, sold by
-- seating: two seatings of 20 (5:30pm and 8:00pm) at $65 per seat, 1 to 6 per order. The
-- dates are one series: a booking can move to another of them.
-- -----------------------------------------------------------------------------

insert into public.events (
  id, org_id, title, date, event_time, event_timezone, location_name, location_address,
  event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount, seat_price_cents, max_party_size, series_id
)
select
  ('c0000002-0000-4000-8000-0000000000' || lpad(d.n::text, 2, '0'))::uuid,
  'a0000000-0000-4000-8000-000000000002',
  'Magnolia Supper Club',
  d.day,
  '17:30',
  'America/New_York',
  'Magnolia Supper Club',
  'Old Fourth Ward, Atlanta, GA',
  'Four shared savory courses and one shared sweet course. A 20% gratuity is added to every ticket as a service charge, shown at checkout.',
  true,
  false,
  false,
  null,
  6500,
  6,
  'c0000002-0000-4000-8000-000000000001'
from (
  select day::date as day, row_number() over (order by day) as n
  from generate_series(current_date + 1, current_date + 28, interval '1 day') as day
  where extract(isodow from day) in (7, 1)
) as d;

-- 40 a night: a pool of 20 for each seating, and the event's cap.
insert into public.capacity_pools (id, event_id, size, event_wide)
select e.id, e.id, 40, true
from public.events e where e.org_id = 'a0000000-0000-4000-8000-000000000002'
union all
select md5(e.id::text || s.slot_label)::uuid, e.id, 20, false
from public.events e
cross join (values ('5:30pm'), ('8:00pm')) as s (slot_label)
where e.org_id = 'a0000000-0000-4000-8000-000000000002';

insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
select e.id, s.slot_time, s.slot_label, true, md5(e.id::text || s.slot_label)::uuid
from public.events e
cross join (values ('17:30'::time, '5:30pm'), ('20:00'::time, '8:00pm')) as s (slot_time, slot_label)
where e.org_id = 'a0000000-0000-4000-8000-000000000002';

-- -----------------------------------------------------------------------------
-- The Garden Table: RSVP dinners with a $5 per guest deposit
-- -----------------------------------------------------------------------------

insert into public.events (
  id, org_id, title, date, event_time, event_timezone, location_name, location_address,
  event_details_disclosures, is_active, rsvp_mode, rsvp_open, deposit_amount
) values
(
  'c0000003-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000003',
  'Harvest Fire Dinner',
  current_date + 5,
  '18:00',
  'America/Chicago',
  'The Garden Table',
  'Oak Park, IL',
  'Outdoors under the pergola; bring a layer. The deposit is applied to your bill.',
  true, true, true, 500
),
(
  'c0000003-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000003',
  'Tomato Supper',
  current_date + 12,
  '18:30',
  'America/Chicago',
  'The Garden Table',
  'Oak Park, IL',
  'Outdoors under the pergola; bring a layer. The deposit is applied to your bill.',
  true, true, true, 500
);

-- Caps of 30 and 24 guests, and a pool for each slot.
insert into public.capacity_pools (id, event_id, size, event_wide)
select e.id, e.id, e.cap, true
from (values ('c0000003-0000-4000-8000-000000000001'::uuid, 30), ('c0000003-0000-4000-8000-000000000002'::uuid, 24)) as e (id, cap)
union all
select md5(s.event_id::text || s.slot_label)::uuid, s.event_id, s.size, false
from (values
  ('c0000003-0000-4000-8000-000000000001'::uuid, '6:00pm', 10),
  ('c0000003-0000-4000-8000-000000000001'::uuid, '7:00pm', 10),
  ('c0000003-0000-4000-8000-000000000001'::uuid, '8:00pm', 10),
  ('c0000003-0000-4000-8000-000000000001'::uuid, '9:00pm', 10),
  ('c0000003-0000-4000-8000-000000000002'::uuid, '6:30pm', 12),
  ('c0000003-0000-4000-8000-000000000002'::uuid, '8:00pm', 12)
) as s (event_id, slot_label, size);

insert into public.rsvp_slots (event_id, slot_time, slot_label, is_active, pool_id)
select s.event_id, s.slot_time, s.slot_label, s.is_active, md5(s.event_id::text || s.slot_label)::uuid
from (values
  ('c0000003-0000-4000-8000-000000000001'::uuid, '18:00'::time, '6:00pm', true),   -- filled by reservations below
  ('c0000003-0000-4000-8000-000000000001'::uuid, '19:00'::time, '7:00pm', true),   -- 2 left after reservations
  ('c0000003-0000-4000-8000-000000000001'::uuid, '20:00'::time, '8:00pm', true),   -- open
  ('c0000003-0000-4000-8000-000000000001'::uuid, '21:00'::time, '9:00pm', false),  -- inactive
  ('c0000003-0000-4000-8000-000000000002'::uuid, '18:30'::time, '6:30pm', true),
  ('c0000003-0000-4000-8000-000000000002'::uuid, '20:00'::time, '8:00pm', true)
) as s (event_id, slot_time, slot_label, is_active);

-- -----------------------------------------------------------------------------
-- Reservations (inserted as the service would: the triggers take the seats)
-- -----------------------------------------------------------------------------

-- Eat At Home: price x guests, less any promo discount.
insert into public.reservations (
  org_id, event_id, ticket_type_id, promo_code_id, name, email, phone, num_guests,
  dietary_restrictions, special_requests, status, amount_cents, discount_cents,
  payment_provider, payment_id, cancelled_at
)
select
  'a0000000-0000-4000-8000-000000000001',
  ('c0000001-0000-4000-8000-0000000000' || r.event_no)::uuid,
  t.id,
  p.id,
  r.name, r.email, r.phone, r.guests, r.dietary, r.requests,
  case when r.cancelled then 'cancelled' else 'confirmed' end,
  t.price * r.guests - coalesce(t.price * r.guests * p.discount_amount / 100, 0),
  coalesce(t.price * r.guests * p.discount_amount / 100, 0),
  'test',
  'tpay_seed_eatathome_' || r.ordinal,
  case when r.cancelled then now() - interval '1 day' end
from (values
  (1, '01', 'Food Only', null, 'Ava Johnson', 'ava.johnson@example.com', '+1 718 555 0101', 2, 'No shellfish', null, false),
  (2, '01', 'Food + Wine Pairing', null, 'Ben Carter', 'ben.carter@example.com', '+1 718 555 0102', 4, null, 'Celebrating a birthday', false),
  (3, '02', 'Food Only', 'WELCOME10', 'Chloe Nguyen', 'chloe.nguyen@example.com', null, 2, 'Vegetarian', null, false),
  (4, '02', 'Food Only', null, 'Diego Ramirez', 'diego.ramirez@example.com', '+1 718 555 0104', 3, null, null, true),
  (5, '00', 'Food + Wine Pairing', null, 'Ella Brooks', 'ella.brooks@example.com', '+1 718 555 0105', 2, null, null, false)
) as r (ordinal, event_no, ticket, promo, name, email, phone, guests, dietary, requests, cancelled)
join public.ticket_types t
  on t.event_id = ('c0000001-0000-4000-8000-0000000000' || r.event_no)::uuid and t.name = r.ticket
left join public.promo_codes p
  on p.org_id = 'a0000000-0000-4000-8000-000000000001' and p.code = r.promo
order by r.ordinal;

-- Magnolia: 6500 cents per ticket and its 20% service charge (1300). The second supper is sold out (both seatings).
insert into public.reservations (
  org_id, event_id, rsvp_slot_id, name, email, phone, num_guests, time_slot,
  status, amount_cents, service_charge_cents, payment_provider, payment_id, cancelled_at
)
select
  'a0000000-0000-4000-8000-000000000002',
  s.event_id,
  s.id,
  r.name, r.email, null, r.guests, s.slot_label,
  case when r.cancelled then 'cancelled' else 'confirmed' end,
  7800 * r.guests,
  1300 * r.guests,
  'test',
  'tpay_seed_magnolia_' || r.ordinal,
  case when r.cancelled then now() - interval '2 days' end
from (
  values
    (1, '01', '5:30pm', 'Grace Lee', 'grace.lee@example.com', 2, false),
    (2, '01', '8:00pm', 'Henry Adams', 'henry.adams@example.com', 3, false),
    (3, '03', '5:30pm', 'Isla Moore', 'isla.moore@example.com', 2, true)
  union all
  select 100 + g, '02', case when g <= 5 then '5:30pm' else '8:00pm' end,
         'Sold-out Guest ' || g, 'guest' || g || '@example.com', 4, false
  from generate_series(1, 10) as g
) as r (ordinal, event_no, slot, name, email, guests, cancelled)
join public.rsvp_slots s
  on s.event_id = ('c0000002-0000-4000-8000-0000000000' || r.event_no)::uuid and s.slot_label = r.slot
order by r.ordinal;

-- The Garden Table: 500 cents deposit per guest; COMP100 makes one RSVP free.
insert into public.reservations (
  org_id, event_id, rsvp_slot_id, promo_code_id, name, email, phone, num_guests, time_slot,
  dietary_restrictions, status, amount_cents, discount_cents, payment_provider, payment_id, cancelled_at
)
select
  'a0000000-0000-4000-8000-000000000003',
  s.event_id,
  s.id,
  p.id,
  r.name, r.email, null, r.guests, s.slot_label, r.dietary,
  case when r.cancelled then 'cancelled' else 'confirmed' end,
  500 * r.guests - coalesce(500 * r.guests * p.discount_amount / 100, 0),
  coalesce(500 * r.guests * p.discount_amount / 100, 0),
  case when p.id is null then 'test' end,
  case when p.id is null then 'tpay_seed_garden_' || r.ordinal end,
  case when r.cancelled then now() - interval '3 hours' end
from (values
  (1, '01', '6:00pm', null, 'Jack Wilson', 'jack.wilson@example.com', 4, null, false),
  (2, '01', '6:00pm', null, 'Kara Singh', 'kara.singh@example.com', 4, 'Gluten free', false),
  (3, '01', '6:00pm', null, 'Liam Turner', 'liam.turner@example.com', 2, null, false),
  (4, '01', '7:00pm', null, 'Maya Patel', 'maya.patel@example.com', 5, null, false),
  (5, '01', '7:00pm', null, 'Noah Kim', 'noah.kim@example.com', 3, 'Vegan', false),
  (6, '01', '7:00pm', null, 'Olivia Chen', 'olivia.chen@example.com', 2, null, true),
  (7, '02', '6:30pm', 'COMP100', 'Priya Shah', 'priya.shah@example.com', 2, null, false)
) as r (ordinal, event_no, slot, promo, name, email, guests, dietary, cancelled)
join public.rsvp_slots s
  on s.event_id = ('c0000003-0000-4000-8000-0000000000' || r.event_no)::uuid and s.slot_label = r.slot
left join public.promo_codes p
  on p.org_id = 'a0000000-0000-4000-8000-000000000003' and p.code = r.promo
order by r.ordinal;

-- The money of the paid bookings, as the booking path records it: a charge taken by the local
-- test processor (schema test_processor: the local stack's only, stack/sql/test-processor.sql) (its payment id on the reservation) and a completed charge row in the ledger,
-- from which the admin's "Paid $X" is computed; a cancelled paid booking was refunded in full.
insert into test_processor.payments (id, idempotency_key, source_id, amount_cents, status, reference_id, buyer_email, note, refunded_cents, created_at)
select r.payment_id, 'seed-' || r.id, 'cnon:card-nonce-ok', r.amount_cents, 'COMPLETED', r.id::text, r.email, 'Demo booking',
       case when r.status = 'cancelled' then r.amount_cents else 0 end, r.created_at
from public.reservations r
where r.payment_provider = 'test' and r.payment_id like 'tpay_seed_%' and r.amount_cents > 0;

insert into test_processor.refunds (id, idempotency_key, payment_id, amount_cents, reason, status, created_at)
select 'tref_seed_' || substr(r.payment_id, 11), 'seed-r-' || r.id, r.payment_id, r.amount_cents, 'Cancelled', 'COMPLETED', r.cancelled_at
from public.reservations r
where r.payment_provider = 'test' and r.payment_id like 'tpay_seed_%' and r.amount_cents > 0 and r.status = 'cancelled';

insert into public.payment_ledger (
  reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents, guests, provider, provider_payment_id,
  idempotency_key, actor, created_at
)
select r.id, r.org_id, 'charge', 'completed', r.amount_cents, r.service_charge_cents, r.tax_cents, r.num_guests, 'test', r.payment_id,
       'seed-' || r.id, 'guest', r.created_at
from public.reservations r
where r.payment_provider = 'test' and r.payment_id like 'tpay_seed_%' and r.amount_cents > 0
order by r.created_at, r.id;

insert into public.payment_ledger (
  reservation_id, org_id, kind, status, amount_cents, service_charge_cents, tax_cents, provider, provider_payment_id, provider_refund_id,
  idempotency_key, reason, actor, submitted_at, created_at
)
select r.id, r.org_id, 'refund', 'completed', r.amount_cents, r.service_charge_cents, r.tax_cents, 'test', r.payment_id, 'tref_seed_' || substr(r.payment_id, 11),
       'seed-r-' || r.id, 'Cancelled', 'system', r.cancelled_at, r.cancelled_at
from public.reservations r
where r.payment_provider = 'test' and r.payment_id like 'tpay_seed_%' and r.amount_cents > 0 and r.status = 'cancelled'
order by r.created_at, r.id;

-- -----------------------------------------------------------------------------
-- A pop-up chef inquiry
-- -----------------------------------------------------------------------------

insert into public.chef_signups (name, email, concept, next_event_dates, source_domain) values
  ('Rosa Alvarez', 'rosa.alvarez@example.com', 'Oaxacan moles and heirloom corn tortillas, eight courses.', 'Any Friday next month', 'localhost');
