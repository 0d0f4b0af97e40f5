import { useQuery } from '@tanstack/react-query';
import { LIVE_FIGURES } from '@/lib/react-query';
import { supabase } from '@/lib/supabase';
import { doorTotals } from '../lib/door-list';
import type { DoorList, DoorParty, DoorSeat } from '../types';

/** How often the list is refetched, so other staff's check-ins show within seconds. */
const POLL_MS = 4000;

export const doorListKey = (eventId: string) => ['admin-door', eventId, 'list'] as const;

/**
 * staff_door_list: the event, its confirmed parties (by seating, then name) with their seats'
 * guests and needs, in one call; every row carries the event, and an event without parties is one
 * row without a party. The totals are the parties' sums.
 */
async function getDoorList(eventId: string): Promise<DoorList> {
  const { data, error } = await supabase.rpc('staff_door_list', { p_event_id: eventId });
  if (error) throw new Error(error.message);
  const [e] = data;
  if (!e) throw new Error('Event not found');
  const parties = data.flatMap((p): DoorParty[] =>
    p.id === null
      ? []
      : [
          {
            id: p.id,
            bookingCode: p.booking_code,
            name: p.name,
            email: p.email,
            phone: p.phone,
            numGuests: p.num_guests,
            checkedInGuests: p.checked_in_guests,
            checkedInAt: p.checked_in_at,
            ticketTypeName: p.ticket_type_name,
            slotLabel: p.slot_label,
            seating: p.seating,
            dietaryRestrictions: p.dietary_restrictions,
            specialRequests: p.special_requests,
            staffNotes: p.staff_notes,
            addons: p.addons,
            seats: (p.seats ?? []).map((seat): DoorSeat => ({
              seatNo: seat.seat_no ?? 0,
              guestName: seat.guest_name ?? '',
              claimed: seat.claimed ?? false,
              allergens: seat.allergens ?? [],
              dietaryNotes: seat.dietary_notes,
            })),
          },
        ],
  );
  return {
    event: {
      id: e.event_id,
      orgId: e.org_id,
      orgName: e.org_name,
      title: e.event_title,
      date: e.event_date,
      eventTime: e.event_time,
      locationName: e.location_name,
    },
    parties,
    totals: doorTotals(parties),
  };
}

export function useDoorList(eventId: string) {
  return useQuery({
    queryKey: doorListKey(eventId),
    queryFn: () => getDoorList(eventId),
    ...LIVE_FIGURES,
    refetchInterval: POLL_MS,
    refetchOnReconnect: true,
  });
}
