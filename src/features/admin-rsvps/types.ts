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
export interface RsvpListRow extends Pick<Tables<'reservations'>, 'id' | 'name' | 'email' | 'phone' | 'num_guests' | 'booking_code'> {
  event_title: string;
  event_date: string;
  event_time: string;
  slot_label: string | null;
  slot_time: string | null;
  /** The deposit's state (public.money_of's badge: 'Paid', 'Refunded', 'Free' …) and what it still holds. */
  money_badge: string;
  paid_cents: number;
  net_cents: number;
}

export const RSVP_PAGE_SIZE = 50;
