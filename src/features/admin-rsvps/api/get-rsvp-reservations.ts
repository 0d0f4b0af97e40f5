import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { integer, nullable, object, readPage, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import { RSVP_PAGE_SIZE, type RsvpListRow } from '../types';

const text = nullable(string);

/** The columns of an admin_list_reservations row the RSVP list shows (`returns jsonb`: read, not cast). */
function readRsvpRow(value: Json | undefined): RsvpListRow {
  const r = object(value);
  const money = object(r.money);
  return {
    id: string(r.id),
    name: string(r.name),
    email: string(r.email),
    phone: text(r.phone),
    num_guests: integer(r.num_guests),
    event_title: string(r.event_title),
    event_date: string(r.event_date),
    event_time: string(r.event_time),
    slot_label: text(r.slot_label),
    slot_time: text(r.slot_time),
    booking_code: string(r.booking_code),
    money_badge: string(money.badge),
    paid_cents: integer(money.paid_cents),
    net_cents: integer(money.net_cents),
  };
}

/** Confirmed reservations that hold an RSVP slot, newest first, one page at a time. */
export async function getRsvpReservations(orgId: string, page: number): Promise<{ total: number; rows: RsvpListRow[] }> {
  const { data, error } = await supabase.rpc('admin_list_reservations', {
    p_org_id: orgId,
    p_include_cancelled: false,
    p_rsvp_only: true,
    p_limit: RSVP_PAGE_SIZE,
    p_offset: page * RSVP_PAGE_SIZE,
  });
  if (error) throw error;
  return readPage(data, readRsvpRow);
}

export const rsvpReservationsQueryOptions = (orgId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', orgId, 'rsvps', 'list', page] as const,
    queryFn: () => getRsvpReservations(orgId, page),
    placeholderData: keepPreviousData,
  });

export function useRsvpReservations(orgId: string, page: number, enabled = true) {
  return useQuery({ ...rsvpReservationsQueryOptions(orgId, page), enabled });
}
