export interface RsvpSlotReservation {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  num_guests: number;
  created_at: string;
}

export interface RsvpOverviewSlot {
  id: string;
  slot_time: string;
  slot_label: string;
  max_capacity: number;
  current_rsvps: number;
  is_active: boolean;
  reservations: RsvpSlotReservation[];
}

export interface RsvpOverviewEvent {
  id: string;
  title: string;
  date: string;
  event_time: string;
  event_timezone: string;
  is_active: boolean;
  slots: RsvpOverviewSlot[];
}

export interface RsvpListRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  num_guests: number;
  event_title: string;
  event_date: string;
  event_time: string;
  slot_label: string | null;
  slot_time: string | null;
}

export const RSVP_PAGE_SIZE = 50;
