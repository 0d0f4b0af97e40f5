import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supperClub } from '@/config/site';
import { invokeFunction, okBody } from '@/lib/invoke-function';
import type { SupperClubEvent } from '../types';

/** The availability function's answer: each upcoming supper (date YYYY-MM-DD) with its seats and seatings. */
export const availabilitySchema = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      available_seats: z.number().int(),
      /** The event's cancellation policy in words (SQL refund_policy_text). */
      refund_policy: z.string().nullish(),
      slots: z.array(z.object({ label: z.string(), available: z.number().int() })).default([]),
    }),
  ),
});

/** Upcoming suppers with their remaining seats, from the venue's availability function. */
export async function getSupperClubAvailability(): Promise<SupperClubEvent[]> {
  const answer = await invokeFunction<unknown>(supperClub.functions.availability);
  const parsed = availabilitySchema.parse(okBody(answer, supperClub.functions.availability));
  return [...parsed.events].sort((a, b) => a.date.localeCompare(b.date));
}

export const supperClubAvailabilityQueryOptions = () =>
  queryOptions({ queryKey: ['supper-club', 'availability'], queryFn: getSupperClubAvailability });

export function useSupperClubAvailability() {
  return useQuery(supperClubAvailabilityQueryOptions());
}
