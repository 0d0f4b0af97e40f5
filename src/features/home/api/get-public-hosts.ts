import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { env } from '@/config/env';
import type { PublicHost } from '../types';

const hostSchema = z.object({
  slug: z.string(),
  name: z.string(),
  picture_url: z.string().nullable(),
  next_event_date: z.string().nullable(),
  next_event_time: z.string().nullable(),
  next_event_timezone: z.string().nullable(),
  from_price_cents: z.number().int().nullable(),
  price_is_deposit: z.boolean(),
}) satisfies z.ZodType<PublicHost>;

/**
 * Exactly the request `supabase.rpc('list_public_hosts')` makes (PostgREST with the publishable
 * key), written with fetch so the home page's first render does not wait for supabase-js
 * (~52 KB gzip).
 */
export async function getPublicHosts(): Promise<PublicHost[]> {
  const response = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/list_public_hosts`, {
    method: 'POST',
    headers: {
      apikey: env.SUPABASE_PUBLISHABLE_KEY,
      Authorization: `Bearer ${env.SUPABASE_PUBLISHABLE_KEY}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  if (!response.ok) throw new Error(`Loading the hosts failed: HTTP ${response.status}`);
  return z.array(hostSchema).parse(await response.json());
}

export function usePublicHosts() {
  return useQuery(queryOptions({ queryKey: ['home', 'hosts'], queryFn: getPublicHosts }));
}
