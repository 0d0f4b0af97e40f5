import type { Tables } from '@/lib/database.types';

/** A row of admin_list_reservations: the reservation's columns and what it joins (event, slot, ticket type). */
export interface AdminReservation extends Pick<
  Tables<'reservations'>,
  | 'id'
  | 'org_id'
  | 'event_id'
  | 'name'
  | 'email'
  | 'phone'
  | 'num_guests'
  | 'time_slot'
  | 'dietary_restrictions'
  | 'special_requests'
  | 'rsvp_slot_id'
  | 'ticket_type_id'
  | 'amount_cents'
  | 'created_at'
  | 'cancelled_at'
> {
  /** The list holds confirmed and cancelled reservations only. */
  status: 'confirmed' | 'cancelled';
  event_title: string;
  event_date: string;
  event_time: string;
  event_timezone: string;
  event_rsvp_mode: boolean;
  slot_label: string | null;
  slot_time: string | null;
  ticket_type_name: string | null;
}

export interface ReservationsPage {
  total: number;
  rows: AdminReservation[];
}

export const RESERVATIONS_PAGE_SIZE = 25;
