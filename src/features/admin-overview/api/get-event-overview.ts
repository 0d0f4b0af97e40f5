import { useQuery } from '@tanstack/react-query';
import { LIVE_FIGURES } from '@/lib/react-query';
import { supabase } from '@/lib/supabase';
import type { EventOverview } from '../types';

const eventOverviewKey = (eventId: string) => ['admin-overview', eventId] as const;

/**
 * The overview's four typed answers, asked together (the server refuses events of other
 * organizations): the event's figures (staff_event_overview), its ticket types and slots with
 * what is sold, held and still sellable (staff_option_sales: every "left" is
 * event_availability's, within the event's cap), its bookings per day and its add-ons' sales
 * (staff_addon_sales).
 */
async function getEventOverview(eventId: string): Promise<EventOverview> {
  const args = { p_event_id: eventId };
  const [overview, options, days, addons] = await Promise.all([
    supabase.rpc('staff_event_overview', args).single(),
    supabase.rpc('staff_option_sales', args),
    supabase.rpc('staff_bookings_by_day', args),
    supabase.rpc('staff_addon_sales', args),
  ]);
  for (const answer of [overview, options, days, addons]) if (answer.error) throw new Error(answer.error.message);
  const o = overview.data!;
  const ofKind = (kind: 'ticket_type' | 'rsvp_slot') => (options.data ?? []).filter((option) => option.kind === kind);
  return {
    event: {
      id: o.id,
      orgId: o.org_id,
      title: o.title,
      date: o.date,
      eventTime: o.event_time,
      timezone: o.event_timezone,
      maxGuests: o.max_guests,
      kind: o.kind as EventOverview['event']['kind'],
      seatsLeft: o.seats_left,
      bookingCutoffHours: o.booking_cutoff_hours,
      bookingClosesAt: o.booking_closes_at,
      unlisted: o.unlisted,
    },
    ticketTypes: ofKind('ticket_type').map((t) => ({
      id: t.id,
      name: t.label,
      priceCents: t.price,
      sold: t.sold,
      held: t.held,
      remaining: t.available,
      capacity: t.capacity,
    })),
    slots: ofKind('rsvp_slot').map((s) => ({
      id: s.id,
      label: s.label,
      time: s.slot_time,
      isActive: s.is_active,
      capacity: s.capacity,
      sold: s.sold,
      held: s.held,
      remaining: s.available,
    })),
    totals: {
      parties: o.parties,
      guests: o.guests,
      heldGuests: o.held_guests,
      cancelled: o.cancelled,
      discountsCents: o.discounts_cents,
      checkedInGuests: o.checked_in_guests,
      checkedInParties: o.checked_in_parties,
    },
    money: {
      grossCents: o.gross_cents,
      refundedCents: o.refunded_cents,
      pendingRefundCents: o.pending_refund_cents,
      compCents: o.comp_cents,
      netCents: o.net_cents,
    },
    waitlist: { waiting: o.waitlist_waiting, offered: o.waitlist_offered },
    bookingsByDay: (days.data ?? []).map((d) => ({ day: d.day, bookings: d.bookings, guests: d.guests })),
    addons: (addons.data ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      priceCents: a.price_cents,
      per: a.per as 'guest' | 'booking',
      limit: a.quantity_limit,
      isActive: a.is_active,
      sold: a.sold,
      held: a.held,
      salesCents: a.sales_cents,
    })),
  };
}

export function useEventOverview(eventId: string) {
  return useQuery({ queryKey: eventOverviewKey(eventId), queryFn: () => getEventOverview(eventId), ...LIVE_FIGURES });
}
