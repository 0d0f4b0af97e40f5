import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { bookingCutoffColumns, eventBasicsSchema, guestEmailColumns, refundPolicyColumns } from '../schemas';
import { eventsQueryKey } from './get-events';

export const createEventInputSchema = z.object({
  orgId: z.uuid(),
  kind: z.enum(['reservation', 'rsvp']),
  basics: eventBasicsSchema,
  maxGuests: z.number().int().min(0).nullable(),
  depositCents: z.number().int().min(0).nullable(),
  ticketTypes: z.array(z.object({ name: z.string().trim().min(1), priceCents: z.number().int().min(0), quantity: z.number().int().min(0) })),
  rsvpSlots: z.array(
    z.object({ slotTime: z.string().regex(/^\d{2}:\d{2}$/), slotLabel: z.string().trim().min(1), maxCapacity: z.number().int().min(0) }),
  ),
});

export type CreateEventInput = z.infer<typeof createEventInputSchema>;

/**
 * Creates the event and its ticket types or RSVP slots in one transaction
 * (admin_create_event runs as the caller, so row-level security decides).
 */
export async function createEvent(input: CreateEventInput): Promise<string> {
  const v = createEventInputSchema.parse(input);
  const isRsvp = v.kind === 'rsvp';
  const { data, error } = await supabase.rpc('admin_create_event', {
    p_event: {
      org_id: v.orgId,
      title: v.basics.title,
      date: v.basics.date,
      event_time: v.basics.eventTime,
      event_timezone: v.basics.eventTimezone,
      max_guests: v.maxGuests,
      location_name: v.basics.locationName,
      location_address: v.basics.locationAddress || null,
      event_details_disclosures: v.basics.disclosures || null,
      is_active: true,
      rsvp_mode: isRsvp,
      rsvp_open: isRsvp,
      deposit_amount: v.depositCents,
      ...refundPolicyColumns(v.basics),
      ...bookingCutoffColumns(v.basics),
      unlisted: v.basics.unlisted,
      ...guestEmailColumns(v.basics),
    },
    p_ticket_types: isRsvp ? [] : v.ticketTypes.map((t) => ({ name: t.name, price: t.priceCents, quantity: t.quantity })),
    p_rsvp_slots: isRsvp ? v.rsvpSlots.map((s) => ({ slot_time: s.slotTime, slot_label: s.slotLabel, max_capacity: s.maxCapacity })) : [],
  });
  if (error) throw error;
  return data as string;
}

export function useCreateEvent(orgId: string, options: MutationCallbacks<string, CreateEventInput> = {}) {
  return useInvalidatingMutation(createEvent, eventsQueryKey(orgId), options);
}
