import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { SeriesDinner } from '../types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/**
 * The page's events, checked field by field (a hand-written reader rather than zod, which would
 * add ~25 KB gzip to the page's first render); unknown fields are dropped. Throws on anything else.
 */
function parseEvents(page: unknown): (SeriesDinner & { rsvp_mode: boolean })[] {
  const fail = (what: string): never => {
    throw new Error(`Unexpected page answer: ${what}`);
  };
  if (!isObject(page) || !Array.isArray(page.events)) return fail('events');
  return page.events.map((e: unknown, i) => {
    if (!isObject(e)) return fail(`events.${i}`);
    for (const key of ['id', 'title', 'date', 'event_time', 'event_timezone'] as const) if (typeof e[key] !== 'string') fail(`events.${i}.${key}`);
    if (e.max_guests !== null && !isInt(e.max_guests)) fail(`events.${i}.max_guests`);
    if (!isInt(e.available_seats)) fail(`events.${i}.available_seats`);
    if (e.event_details_disclosures !== null && typeof e.event_details_disclosures !== 'string') fail(`events.${i}.event_details_disclosures`);
    if (typeof e.rsvp_mode !== 'boolean') fail(`events.${i}.rsvp_mode`);
    if (e.refund_policy !== undefined && e.refund_policy !== null && typeof e.refund_policy !== 'string') fail(`events.${i}.refund_policy`);
    if (!Array.isArray(e.ticket_types)) return fail(`events.${i}.ticket_types`);
    const ticket_types = e.ticket_types.map((t: unknown, j) =>
      isObject(t) && typeof t.id === 'string' && typeof t.name === 'string' && isInt(t.price) && isInt(t.quantity)
        ? { id: t.id, name: t.name, price: t.price, quantity: t.quantity }
        : fail(`events.${i}.ticket_types.${j}`),
    );
    return {
      id: e.id as string,
      title: e.title as string,
      date: e.date as string,
      event_time: e.event_time as string,
      event_timezone: e.event_timezone as string,
      max_guests: e.max_guests as number | null,
      available_seats: e.available_seats as number,
      event_details_disclosures: e.event_details_disclosures as string | null,
      rsvp_mode: e.rsvp_mode as boolean,
      ...(e.refund_policy !== undefined ? { refund_policy: e.refund_policy as string | null } : {}),
      ticket_types,
    };
  });
}

/**
 * The series' upcoming dinners (one round trip: get_public_org_page returns only events that
 * have not started, with their ticket types and remaining seats). RSVP events are not sold here.
 */
export async function getSeriesDinners(): Promise<SeriesDinner[]> {
  // The page's own path is an alias of the series' organization page (org_page_aliases).
  const alias = paths.dinnerSeries.path.slice(1);
  const data = readPublicRpc(await postPublicRpc('get_public_org_page', { p_slug: alias }));
  if (data === null) throw new Error(`No organization page at /${alias}`);
  return parseEvents(data)
    .filter((e) => !e.rsvp_mode && e.ticket_types.length > 0)
    .map(({ rsvp_mode: _rsvp, ...event }) => event);
}

export const seriesDinnersQueryOptions = () => queryOptions({ queryKey: ['dinner-series', 'dinners'], queryFn: getSeriesDinners });

export function useSeriesDinners() {
  return useQuery(seriesDinnersQueryOptions());
}
