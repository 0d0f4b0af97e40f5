import { formatEventTime } from '@/lib/dates';
import type { WaitlistEntry, WaitlistEventRef, WaitlistRow, WaitlistStatus } from '../types';

const STATUSES: readonly WaitlistStatus[] = ['waiting', 'offered', 'claimed', 'expired', 'removed', 'cancelled'];

export function isWaitlistStatus(value: string): value is WaitlistStatus {
  return (STATUSES as readonly string[]).includes(value);
}

/**
 * The staff list: entries in arrival order (removed parties left out), each waiting party with
 * its place in the line of its ticket type or slot — the order the server offers seats in. Pure,
 * so it is unit tested.
 */
export function waitlistRows(entries: readonly WaitlistEntry[], event: WaitlistEventRef): WaitlistRow[] {
  const places = new Map<string, number>();
  return entries
    .filter((e) => e.status !== 'removed')
    .map((entry) => {
      const key = entry.ticket_type_id ?? entry.rsvp_slot_id ?? '';
      let position: number | null = null;
      if (entry.status === 'waiting') {
        position = (places.get(key) ?? 0) + 1;
        places.set(key, position);
      }
      const ticket = event.ticket_types.find((t) => t.id === entry.ticket_type_id);
      const slot = event.rsvp_slots.find((s) => s.id === entry.rsvp_slot_id);
      const list = ticket?.name ?? (slot ? `${formatEventTime(slot.slot_time)}${slot.slot_label ? ` · ${slot.slot_label}` : ''}` : '');
      return { ...entry, position, list };
    });
}

/** An offer's end in the event's timezone: 'Dec 5, 7:30 PM EST'. */
export function formatOfferExpiry(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(instant);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(instant);
  }
}
