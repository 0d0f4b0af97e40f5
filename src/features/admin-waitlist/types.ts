import type { RsvpSlot, TicketType } from '@/lib/booking';
import type { Tables } from '@/lib/database.types';

/** 'cancelled': the host cancelled the dinner while the party waited or held an offer. */
export type WaitlistStatus = 'waiting' | 'offered' | 'claimed' | 'expired' | 'removed' | 'cancelled';

/** One party on an event's waitlist, as staff see it. */
export interface WaitlistEntry extends Pick<
  Tables<'waitlist_entries'>,
  'id' | 'event_id' | 'ticket_type_id' | 'rsvp_slot_id' | 'name' | 'email' | 'party_size' | 'offer_expires_at' | 'created_at'
> {
  status: WaitlistStatus;
}

/** The event whose waitlist is shown (an admin event: its title, ticket types and slots name the lists). */
export interface WaitlistEventRef {
  id: string;
  title: string;
  event_timezone: string;
  ticket_types: readonly Pick<TicketType, 'id' | 'name'>[];
  rsvp_slots: readonly Pick<RsvpSlot, 'id' | 'slot_time' | 'slot_label'>[];
}

/** An entry with its place in its line (waiting parties only) and the name of what it waits for. */
export interface WaitlistRow extends WaitlistEntry {
  position: number | null;
  list: string;
}
