import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { arrayOf, boolean, integer, nullable, object, string } from '@/lib/read-json';
import { supabase } from '@/lib/supabase';
import type { BookingsDay, EventOverview, OverviewSlot, OverviewTicketType } from '../types';

const eventOverviewKey = (eventId: string) => ['admin-overview', eventId] as const;

function readTicketType(value: Json | undefined): OverviewTicketType {
  const t = object(value);
  return {
    id: string(t.id),
    name: string(t.name),
    priceCents: integer(t.price),
    sold: integer(t.sold),
    held: integer(t.held),
    remaining: integer(t.remaining),
    capacity: integer(t.capacity),
  };
}

function readSlot(value: Json | undefined): OverviewSlot {
  const s = object(value);
  return {
    id: string(s.id),
    label: string(s.label),
    time: string(s.time),
    isActive: boolean(s.is_active),
    capacity: integer(s.capacity),
    sold: integer(s.sold),
    held: integer(s.held),
  };
}

function readDay(value: Json | undefined): BookingsDay {
  const d = object(value);
  return { day: string(d.day), bookings: integer(d.bookings), guests: integer(d.guests) };
}

/** staff_event_overview's answer, checked and typed (MalformedJsonError when it does not match). */
function readEventOverview(value: Json): EventOverview {
  const answer = object(value);
  const e = object(answer.event);
  const totals = object(answer.totals);
  const money = object(answer.money);
  const waitlist = object(answer.waitlist);
  return {
    event: {
      id: string(e.id),
      orgId: string(e.org_id),
      title: string(e.title),
      date: string(e.date),
      eventTime: string(e.event_time),
      timezone: string(e.event_timezone),
      maxGuests: nullable(integer)(e.max_guests),
      rsvpMode: boolean(e.rsvp_mode),
    },
    ticketTypes: arrayOf(readTicketType)(answer.ticket_types),
    slots: arrayOf(readSlot)(answer.slots),
    totals: {
      parties: integer(totals.parties),
      guests: integer(totals.guests),
      heldGuests: integer(totals.held_guests),
      cancelled: integer(totals.cancelled),
      discountsCents: integer(totals.discounts_cents),
      checkedInGuests: integer(totals.checked_in_guests),
      checkedInParties: integer(totals.checked_in_parties),
    },
    money: {
      grossCents: integer(money.gross_cents),
      refundedCents: integer(money.refunded_cents),
      pendingRefundCents: integer(money.pending_refund_cents),
      compCents: integer(money.comp_cents),
      netCents: integer(money.net_cents),
    },
    waitlist: { waiting: integer(waitlist.waiting), offered: integer(waitlist.offered) },
    bookingsByDay: arrayOf(readDay)(answer.bookings_by_day),
  };
}

/** One round trip: staff_event_overview (the server refuses events of other organizations). */
async function getEventOverview(eventId: string): Promise<EventOverview> {
  const { data, error } = await supabase.rpc('staff_event_overview', { p_event_id: eventId });
  if (error) throw new Error(error.message);
  return readEventOverview(data);
}

const eventOverviewQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventOverviewKey(eventId),
    queryFn: () => getEventOverview(eventId),
    // Figures move while the event sells and at the door: fresh whenever the page is opened or refocused.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useEventOverview(eventId: string) {
  return useQuery(eventOverviewQueryOptions(eventId));
}
