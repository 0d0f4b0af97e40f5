import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { z } from 'zod';
import { dollarsToCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { bookingCutoffColumns, editEventSchema, guestEmailColumns, refundPolicyColumns, type EditEventValues } from '../schemas';

export const updateEventInputSchema = z.object({ id: z.uuid(), kind: z.enum(['reservation', 'rsvp']), values: editEventSchema });
export type UpdateEventInput = z.infer<typeof updateEventInputSchema>;

const cents = (dollars: string) => dollarsToCents(dollars) ?? 0;

/** The event's own columns (admin_update_event's keys); the deposit only for RSVP events. */
function eventPatch(kind: UpdateEventInput['kind'], values: EditEventValues) {
  return {
    title: values.title,
    date: values.date,
    event_timezone: values.eventTimezone,
    location_name: values.locationName,
    location_address: values.locationAddress,
    max_guests: values.maxGuests === '' ? null : Number(values.maxGuests),
    event_details_disclosures: values.disclosures,
    ...refundPolicyColumns(values),
    ...bookingCutoffColumns(values),
    unlisted: values.unlisted,
    ...guestEmailColumns(values),
    ...(values.eventTime ? { event_time: values.eventTime } : {}),
    ...(kind === 'rsvp' ? { deposit_amount: values.depositDollars === '' ? null : cents(values.depositDollars) } : {}),
  };
}

/**
 * The whole Edit Event dialog in one transaction (admin_save_event runs as the caller: row-level
 * security decides): the event's fields and private details, its ticket types (reservation
 * events) or its RSVP slots and deposit (RSVP events). A refusal keeps nothing of the save.
 */
export async function updateEvent(input: UpdateEventInput) {
  const { id, kind, values } = updateEventInputSchema.parse(input);
  const ticketTypes =
    kind === 'reservation'
      ? values.ticketTypes.map((t) => ({
          ...(t.id ? { id: t.id } : {}),
          name: t.name,
          price: cents(t.price),
          // An existing type's empty capacity: kept as it is.
          ...(t.capacity === '' ? {} : { capacity: Number(t.capacity) }),
        }))
      : [];
  const rsvpSlots =
    kind === 'rsvp'
      ? values.rsvpSlots.map((s) => ({
          ...(s.id ? { id: s.id } : {}),
          slot_label: s.slotLabel,
          slot_time: s.slotTime,
          max_capacity: Number(s.maxCapacity),
          is_active: s.isActive,
        }))
      : [];
  const { error } = await supabase.rpc('admin_save_event', {
    p_event_id: id,
    p_event: eventPatch(kind, values),
    p_ticket_types: ticketTypes,
    p_rsvp_slots: rsvpSlots,
  });
  if (error) throw error;
}

export function useUpdateEvent(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(updateEvent, ['admin', orgId], options);
}
