-- Private by default (supabase/schemas/000_shared.sql): what the migration role creates from here
-- on is closed to anon, authenticated and public until a grant beside it opens it. Tables keep
-- the service role's grant from Supabase's default privileges. What exists keeps its grants, except
-- the helpers that had none: they now say who may call them, as the schema files do.

alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;

-- Pure helpers that views, constraints and invoker functions call as the visitor.
revoke execute on function
  public.admin_like_pattern(text),
  public.all_http_urls(text[]),
  public.allergen_keys(),
  public.allergen_label(text),
  public.capacity_edit_message(integer, integer, text),
  public.email_placeholders(),
  public.event_party_limit(text, integer),
  public.holds_seats(text, timestamptz),
  public.is_abandoned_hold(text, timestamptz),
  public.is_http_url(text),
  public.is_live_hold(text, timestamptz),
  public.is_reserved_org_slug(text),
  public.is_upcoming_event(date, time, text, timestamptz),
  public.normalize_phone(text),
  public.promo_applies(public.promo_codes, uuid),
  public.refund_policy_text(integer, integer),
  public.unknown_email_placeholder(text)
  from public;

-- Trigger functions and helpers only security definer functions call.
revoke execute on function
  public.payment_ledger_charge_app_fee(),
  public.promo_throttle_limits(),
  public.request_client_key(),
  public.set_updated_at()
  from public, anon, authenticated;
