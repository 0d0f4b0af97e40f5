import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { publicTicketTypes } from '@/lib/booking';
import type { Database } from '@/lib/database.types';
import { linkedEventId } from '@/lib/linked-event';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { SeriesDinner, SeriesPage } from '../types';

type PageRow = Database['public']['Functions']['get_public_org_page']['Returns'][number];
type EventRow = Database['public']['Views']['events_with_availability']['Row'];

/**
 * A dinner from its row of events_with_availability (typed by the generated types; a view's
 * columns are nullable to PostgreSQL, so "none" is filled in here). A row without its identity
 * cannot be sold: it fails the list, as a broken answer should.
 */
function toDinner(e: EventRow): SeriesDinner & { rsvp_mode: boolean } {
  if (!e.id || !e.title || !e.date || !e.event_time || !e.event_timezone) throw new Error('Unexpected page answer: an event without its identity');
  return {
    id: e.id,
    title: e.title,
    date: e.date,
    event_time: e.event_time,
    event_timezone: e.event_timezone,
    max_guests: e.max_guests,
    available_seats: e.available_seats ?? 0,
    event_details_disclosures: e.event_details_disclosures,
    rsvp_mode: e.rsvp_mode ?? false,
    refund_policy: e.refund_policy,
    booking_closes_at: e.booking_closes_at,
    ticket_types: publicTicketTypes(e.ticket_types),
  };
}

/**
 * The series' organization (its branded name and city) and its upcoming dinners (one round trip:
 * get_public_org_page returns only events that have not started, with their ticket types and
 * remaining seats). RSVP events are not sold here. `event` (a dinner's own link) adds that dinner
 * when it is unlisted.
 */
export async function getSeriesPage(event: string | null = null): Promise<SeriesPage> {
  // The page's own path is an alias of the series' organization page (org_page_aliases).
  const alias = paths.dinnerSeries.path.slice(1);
  const args = event ? { p_slug: alias, p_event: event } : { p_slug: alias };
  const [page] = readPublicRpc<PageRow[]>(await postPublicRpc('get_public_org_page', args)) ?? [];
  const name = page?.branding?.brand_name || page?.organization?.name;
  if (!page || !name) throw new Error(`No organization page at /${alias}`);
  const dinners = (page.events ?? [])
    .map(toDinner)
    .filter((e) => !e.rsvp_mode && e.ticket_types.length > 0)
    .map(({ rsvp_mode: _rsvp, ...event }) => event);
  return { venue: { name, city: page.branding?.city ?? null }, dinners };
}

/** The series' dinners, with the one its link names (`?event=`, read from the address when not given). */
export const seriesDinnersQueryOptions = (event: string | null = linkedEventId()) =>
  queryOptions({ queryKey: ['dinner-series', 'dinners', event], queryFn: () => getSeriesPage(event) });

const selectDinners = (page: SeriesPage) => page.dinners;
const selectVenue = (page: SeriesPage) => page.venue;

export function useSeriesDinners() {
  return useQuery({ ...seriesDinnersQueryOptions(), select: selectDinners });
}

/** The series' name and city, from the same answer as its dinners (undefined while it loads). */
export function useSeriesVenue() {
  return useQuery({ ...seriesDinnersQueryOptions(), select: selectVenue }).data;
}
