import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { doorTotals } from '../lib/door-list';
import type { DoorList, DoorParty, DoorSeat } from '../types';

/** How often the list is refetched, so other staff's check-ins show within seconds. */
const POLL_MS = 4000;

export const doorListKey = (eventId: string) => ['admin-door', eventId, 'list'] as const;

/**
 * staff_door_list: the event, its confirmed parties (by seating, then name) in one call; every row
 * carries the event, and an event without parties is one row without a party. Beside it,
 * staff_event_seats: each party's seats with their guests' needs. The totals are the parties' sums.
 */
async function getDoorList(eventId: string): Promise<DoorList> {
  const [list, seatRows] = await Promise.all([
    supabase.rpc('staff_door_list', { p_event_id: eventId }),
    supabase.rpc('staff_event_seats', { p_event_id: eventId }),
  ]);
  if (list.error) throw new Error(list.error.message);
  if (seatRows.error) throw new Error(seatRows.error.message);
  const { data } = list;
  const seats = new Map<string, DoorSeat[]>();
  for (const s of seatRows.data) {
    const seat = { seatNo: s.seat_no, guestName: s.guest_name, claimed: s.claimed, allergens: s.allergens, dietaryNotes: s.dietary_notes };
    seats.set(s.reservation_id, [...(seats.get(s.reservation_id) ?? []), seat]);
  }
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
            seats: seats.get(p.id) ?? [],
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

const doorListQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: doorListKey(eventId),
    queryFn: () => getDoorList(eventId),
    staleTime: 0,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useDoorList(eventId: string) {
  return useQuery(doorListQueryOptions(eventId));
}
