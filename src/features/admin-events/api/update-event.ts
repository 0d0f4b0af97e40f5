import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { z } from 'zod';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import { editEventSchema, refundPolicyColumns } from '../schemas';
import type { TablesUpdate } from '@/lib/database.types';

export const updateEventInputSchema = z.object({ id: z.uuid(), values: editEventSchema });
export type UpdateEventInput = z.infer<typeof updateEventInputSchema>;

export async function updateEvent(input: UpdateEventInput) {
  const { id, values } = updateEventInputSchema.parse(input);
  const patch: TablesUpdate<'events'> = {
    title: values.title,
    date: values.date,
    event_timezone: values.eventTimezone,
    location_name: values.locationName || null,
    location_address: values.locationAddress || null,
    max_guests: values.maxGuests === '' ? null : Number(values.maxGuests),
    event_details_disclosures: values.disclosures || null,
    ...refundPolicyColumns(values),
  };
  if (values.eventTime) patch.event_time = values.eventTime;
  const { data, error } = await supabase.from('events').update(patch).eq('id', id).select('id');
  if (error) throw error;
  // RLS hides rows the caller may not change: zero rows updated is a refusal, not a success.
  expectRows(data, 'Event not found');
}

export function useUpdateEvent(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(updateEvent, ['admin', orgId], options);
}
