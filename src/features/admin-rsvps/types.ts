import type { RsvpSlot } from '@/lib/booking';
import type { Tables } from '@/lib/database.types';

/** Who holds spots in a slot (confirmed reservations). */
export type RsvpSlotReservation = Pick<Tables<'reservations'>, 'id' | 'name' | 'email' | 'phone' | 'num_guests' | 'created_at'>;

export interface RsvpOverviewSlot extends RsvpSlot {
  reservations: RsvpSlotReservation[];
}

/** An RSVP event of admin_rsvp_overview (event_time 'HH:MM'). */
export interface RsvpOverviewEvent extends Pick<Tables<'events'>, 'id' | 'title' | 'date' | 'event_time' | 'event_timezone' | 'is_active'> {
  slots: RsvpOverviewSlot[];
}

/** A row of the RSVP list (admin_list_reservations with p_rsvp_only). */
export interface RsvpListRow extends Pick<Tables<'reservations'>, 'id' | 'name' | 'email' | 'phone' | 'num_guests'> {
  event_title: string;
  event_date: string;
  event_time: string;
  slot_label: string | null;
  slot_time: string | null;
}

export const RSVP_PAGE_SIZE = 50;
