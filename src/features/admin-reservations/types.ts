export interface AdminReservation {
  id: string;
  org_id: string;
  event_id: string;
  name: string;
  email: string;
  phone: string | null;
  num_guests: number;
  time_slot: string | null;
  dietary_restrictions: string | null;
  special_requests: string | null;
  rsvp_slot_id: string | null;
  ticket_type_id: string | null;
  status: 'confirmed' | 'cancelled';
  amount_cents: number;
  created_at: string;
  cancelled_at: string | null;
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
