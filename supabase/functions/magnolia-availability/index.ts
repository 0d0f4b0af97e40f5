// The supper club's upcoming dates with the seats left per seating.
// → { success: true, events: [{ id, title, date, event_time, event_timezone, available_seats,
//     slots: [{ id, label, time, capacity, available }] }] }
// available_seats: tickets left for the date (both seatings, within the event's max_guests).
// A seating takes at most SUPPER_CLUB.ticketsPerSlot (20) tickets, as magnolia-process-payment
// enforces, even when its stored max_capacity is higher: capacity = least(max_capacity, 20).
// Seats of abandoned holds count as free (the public view counts them so).
import { handler, json } from '../_shared/http.ts';
import { bookingDb, callRpc, releaseExpiredHolds, refusal } from '../_shared/booking.ts';
import { SUPPER_CLUB, supperClubOrgSlug } from '../_shared/pricing.ts';

interface Slot {
  id: string;
  slot_label: string;
  slot_time: string;
  max_capacity: number;
  current_rsvps: number;
  available_spots: number;
  is_active: boolean;
}
interface EventRow {
  id: string;
  title: string;
  date: string;
  event_time: string;
  event_timezone: string;
  max_guests: number | null;
  available_seats: number;
  total_available: number;
  rsvp_slots: Slot[];
}

Deno.serve(handler(async (req) => {
  if (req.method !== 'POST' && req.method !== 'GET') throw refusal(405, 'Use GET or POST', 'method_not_allowed');
  await req.body?.cancel();
  const db = bookingDb();
  await releaseExpiredHolds(db);
  const page = await callRpc<{ events: EventRow[] } | null>(db, 'get_public_org_page', { p_slug: supperClubOrgSlug() });
  const events = (page?.events ?? []).map((event) => {
    const slots = event.rsvp_slots.filter((slot) => slot.is_active).map((slot) => {
      const capacity = Math.min(slot.max_capacity, SUPPER_CLUB.ticketsPerSlot);
      return {
        id: slot.id,
        label: slot.slot_label,
        time: slot.slot_time,
        capacity,
        available: Math.max(Math.min(slot.available_spots, capacity - slot.current_rsvps), 0),
      };
    });
    const inSlots = slots.reduce((sum, slot) => sum + slot.available, 0);
    const available = event.max_guests === null ? inSlots : Math.min(inSlots, event.available_seats);
    return {
      id: event.id,
      title: event.title,
      date: event.date,
      event_time: event.event_time,
      event_timezone: event.event_timezone,
      available_seats: Math.max(available, 0),
      slots,
    };
  });
  return json({ success: true, events });
}));
