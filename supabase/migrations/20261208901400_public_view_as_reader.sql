-- Written by hand (the differ does not see a view's options); `npm run db:diff -- --check` compares them.

-- The public view runs with its reader's rights (row-level security decides what a visitor sees
-- of events, ticket types and slots; the counts come from event_availability), not its owner's:
-- Supabase's advisor security_definer_view.
alter view public.events_with_availability set (security_invoker = true);
