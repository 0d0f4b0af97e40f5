import type { PublicRsvpSlot } from '@/lib/booking';
import { formatEventTime } from '@/lib/dates';
import type { WaitlistEvent, WaitlistTarget } from '../types';

/** Spots still open in a slot (holds counted), as the RSVP picker counts them. */
function slotSpots(slot: Pick<PublicRsvpSlot, 'available_spots' | 'max_capacity' | 'current_rsvps'>): number {
  return Math.max(0, Math.min(slot.available_spots, slot.max_capacity - slot.current_rsvps));
}

/**
 * What a guest can wait for on an event: its sold-out ticket types, or its full active slots
 * (RSVP slots, seatings). Pure, so it is unit tested.
 */
export function waitlistTargets(event: WaitlistEvent, slots: boolean): WaitlistTarget[] {
  if (slots) {
    return event.rsvp_slots
      .filter((s) => s.is_active && slotSpots(s) <= 0)
      .map((s) => ({ kind: 'slot', slotId: s.id, label: `${formatEventTime(s.slot_time)}${s.slot_label ? ` · ${s.slot_label}` : ''}` }));
  }
  return event.ticket_types.filter((t) => t.quantity <= 0).map((t) => ({ kind: 'ticket', ticketTypeId: t.id, label: t.name }));
}
