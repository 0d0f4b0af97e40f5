import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supperClub } from '@/config/site';
import { supabase } from '@/lib/supabase';
import type { SupperClubEvent } from '../types';

const availabilitySchema = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      available_seats: z.number().int(),
      slots: z.array(z.object({ label: z.string(), available: z.number().int() })).default([]),
    }),
  ),
});

/** Upcoming suppers with their remaining seats, from the venue's availability function. */
export async function getSupperClubAvailability(): Promise<SupperClubEvent[]> {
  const { data, error } = await supabase.functions.invoke(supperClub.functions.availability, { method: 'POST' });
  if (error) throw error;
  const parsed = availabilitySchema.parse(data);
  return [...parsed.events].sort((a, b) => a.date.localeCompare(b.date));
}

export const supperClubAvailabilityQueryOptions = () =>
  queryOptions({ queryKey: ['supper-club', 'availability'], queryFn: getSupperClubAvailability });

export function useSupperClubAvailability() {
  return useQuery(supperClubAvailabilityQueryOptions());
}
