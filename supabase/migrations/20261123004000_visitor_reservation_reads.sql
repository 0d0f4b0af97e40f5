-- =============================================================================
-- Visitors and reservations: row-level security is the guard
-- =============================================================================
-- On Supabase the API roles hold table privileges and row-level security decides
-- which rows they see. Visitors have no policy on reservations, so a visitor's
-- read answers an empty list (what a curious client sees on hosted Supabase with
-- default grants) instead of a permission error. Writes stay revoked.
grant select on public.reservations to anon;
