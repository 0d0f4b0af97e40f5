/** An organization as the home page's "Tables you can book" shows it (SQL public.list_public_hosts). */
export interface PublicHost {
  slug: string;
  name: string;
  /** Its first gallery image, else its logo (http(s) only). */
  picture_url: string | null;
  /** The next event that has not started ('YYYY-MM-DD', 'HH:MM', its timezone); null when none. */
  next_event_date: string | null;
  next_event_time: string | null;
  next_event_timezone: string | null;
  /** The lowest ticket price of its upcoming events, else its lowest per-guest deposit; null when nothing is priced. */
  from_price_cents: number | null;
  price_is_deposit: boolean;
}
