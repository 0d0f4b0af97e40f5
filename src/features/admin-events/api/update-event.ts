import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { editEventSchema, guestEmailColumns, refundPolicyColumns } from '../schemas';

export const updateEventInputSchema = z.object({ id: z.uuid(), values: editEventSchema });
export type UpdateEventInput = z.infer<typeof updateEventInputSchema>;

/**
 * The event's fields and its private details in one transaction (admin_update_event runs as
 * the caller: row-level security decides; an event the caller may not change is 'not found').
 */
export async function updateEvent(input: UpdateEventInput) {
  const { id, values } = updateEventInputSchema.parse(input);
  const patch = {
    title: values.title,
    date: values.date,
    event_timezone: values.eventTimezone,
    location_name: values.locationName,
    location_address: values.locationAddress,
    max_guests: values.maxGuests === '' ? null : Number(values.maxGuests),
    event_details_disclosures: values.disclosures,
    ...refundPolicyColumns(values),
    ...guestEmailColumns(values),
    ...(values.eventTime ? { event_time: values.eventTime } : {}),
  };
  const { error } = await supabase.rpc('admin_update_event', { p_event_id: id, p_event: patch });
  if (error) throw error;
}

export function useUpdateEvent(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(updateEvent, ['admin', orgId], options);
}
