-- =============================================================================
-- The two trigram indexes of reservations were never used (issue 13)
--
-- reservations_name_trgm_idx and reservations_email_trgm_idx were made for the
-- admin search's `ilike '%term%'`. But that search matches name OR email OR
-- booking_code (admin_list_reservations, 20261128000200_admin_deep_page.sql), and
-- booking_code has no trigram index: PostgreSQL can only use indexes for an OR
-- when every arm has one (a BitmapOr), so it filters the organization's rows
-- instead, with or without these two (EXPLAIN, even with enable_seqscan off).
--
-- Yet every booking paid for them: a GIN entry per trigram of the guest's name
-- and email on the hold's insert, and again on the confirmation (its status change
-- is not a HOT update: status is indexed). Measured on the project's machine, one
-- booking's SQL (hold, charge, confirm) alone in one session: 3.18 -> 2.95 ms
-- (docs/BENCHMARKS.md, "What the data model costs").
-- =============================================================================

drop index if exists public.reservations_name_trgm_idx;
drop index if exists public.reservations_email_trgm_idx;
