export const eventTimezones = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
] as const;

export type EventTimezone = (typeof eventTimezones)[number]['value'];
export const defaultTimezone: EventTimezone = 'America/New_York';

export interface AdminTicketType {
  id: string;
  name: string;
  /** cents */
  price: number;
  quantity: number;
}

export interface AdminRsvpSlot {
  id: string;
  slot_time: string;
  slot_label: string;
  max_capacity: number;
  current_rsvps: number;
  is_active: boolean;
}

export interface AdminEvent {
  id: string;
  org_id: string;
  title: string;
  date: string;
  event_time: string;
  event_timezone: string;
  max_guests: number | null;
  location_name: string | null;
  location_address: string | null;
  event_details_disclosures: string | null;
  is_active: boolean;
  rsvp_mode: boolean;
  rsvp_open: boolean;
  /** cents per guest */
  deposit_amount: number | null;
  created_at: string;
  ticket_types: AdminTicketType[];
  rsvp_slots: AdminRsvpSlot[];
  /** Confirmed reservations. */
  reservation_count: number;
  guest_count: number;
}

/** A ticket type or slot being composed in the Create Event dialog (before it exists). */
export interface DraftTicketType {
  key: string;
  name: string;
  priceCents: number;
  quantity: number;
}

export interface DraftRsvpSlot {
  key: string;
  slotTime: string;
  slotLabel: string;
  maxCapacity: number;
}
