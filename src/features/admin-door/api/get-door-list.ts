import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { arrayOf, integer, nullable, object, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import type { DoorList, DoorParty, DoorTotals } from '../types';

/** How often the list is refetched, so other staff's check-ins show within seconds. */
const POLL_MS = 4000;

export const doorListKey = (eventId: string) => ['admin-door', eventId, 'list'] as const;

export function readDoorTotals(value: Json | undefined): DoorTotals {
  const t = object(value);
  return {
    expectedGuests: integer(t.expected_guests),
    arrivedGuests: integer(t.arrived_guests),
    parties: integer(t.parties),
    partiesArrived: integer(t.parties_arrived),
  };
}

function readParty(value: Json | undefined): DoorParty {
  const p = object(value);
  const text = nullable(string);
  return {
    id: string(p.id),
    bookingCode: string(p.booking_code),
    name: string(p.name),
    email: string(p.email),
    phone: text(p.phone),
    numGuests: integer(p.num_guests),
    checkedInGuests: integer(p.checked_in_guests),
    checkedInAt: text(p.checked_in_at),
    ticketTypeName: text(p.ticket_type_name),
    slotLabel: text(p.slot_label),
    seating: text(p.seating),
    dietaryRestrictions: text(p.dietary_restrictions),
    specialRequests: text(p.special_requests),
    staffNotes: text(p.staff_notes),
  };
}

/** staff_door_list: the event, its confirmed parties (by seating, then name) and the totals, in one call. */
async function getDoorList(eventId: string): Promise<DoorList> {
  const { data, error } = await supabase.rpc('staff_door_list', { p_event_id: eventId });
  if (error) throw new Error(error.message);
  const answer = object(data);
  const e = object(answer.event);
  return {
    event: {
      id: string(e.id),
      orgId: string(e.org_id),
      orgName: string(e.org_name),
      title: string(e.title),
      date: string(e.date),
      eventTime: string(e.event_time),
      locationName: nullable(string)(e.location_name),
    },
    parties: arrayOf(readParty)(answer.parties),
    totals: readDoorTotals(answer.totals),
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
