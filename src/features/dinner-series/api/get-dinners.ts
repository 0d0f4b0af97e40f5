import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dinnerSeries } from '@/config/site';
import { supabase } from '@/lib/supabase';
import type { SeriesDinner } from '../types';

const pageSchema = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      date: z.string(),
      event_time: z.string(),
      event_timezone: z.string(),
      max_guests: z.number().int().nullable(),
      available_seats: z.number().int(),
      event_details_disclosures: z.string().nullable(),
      rsvp_mode: z.boolean(),
      refund_policy: z.string().nullish(),
      ticket_types: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int(), quantity: z.number().int() })),
    }),
  ),
});

/**
 * The series' upcoming dinners (one round trip: get_public_org_page returns only events that
 * have not started, with their ticket types and remaining seats). RSVP events are not sold here.
 */
export async function getSeriesDinners(): Promise<SeriesDinner[]> {
  const { data, error } = await supabase.rpc('get_public_org_page', { p_slug: dinnerSeries.orgSlug });
  if (error) throw error;
  if (data === null) throw new Error(`Organization ${dinnerSeries.orgSlug} not found`);
  return pageSchema
    .parse(data)
    .events.filter((e) => !e.rsvp_mode && e.ticket_types.length > 0)
    .map(({ rsvp_mode: _rsvp, ...event }) => event);
}

export const seriesDinnersQueryOptions = () => queryOptions({ queryKey: ['dinner-series', 'dinners'], queryFn: getSeriesDinners });

export function useSeriesDinners() {
  return useQuery(seriesDinnersQueryOptions());
}
