import { formatEventTime } from '@/lib/dates';
import type { DoorParty, DoorTotals } from '../types';
import { guestCount } from '@/lib/words';

/** Whether a party matches the search box: its name, email or booking code (any case, the code with or without its dash). */
export function matchesSearch(party: Pick<DoorParty, 'name' | 'email' | 'bookingCode'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const bare = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    party.name.toLowerCase().includes(q) ||
    party.email.toLowerCase().includes(q) ||
    party.bookingCode.toLowerCase().includes(q) ||
    (bare(q).length > 0 && bare(party.bookingCode).includes(bare(q)))
  );
}

/**
 * The door totals of a list of parties: shown at once while a check-in is on its way (the
 * server's totals replace them as soon as it answers).
 */
export function doorTotals(parties: readonly Pick<DoorParty, 'numGuests' | 'checkedInGuests'>[]): DoorTotals {
  return {
    expectedGuests: parties.reduce((sum, p) => sum + p.numGuests, 0),
    arrivedGuests: parties.reduce((sum, p) => sum + p.checkedInGuests, 0),
    parties: parties.length,
    partiesArrived: parties.filter((p) => p.checkedInGuests > 0).length,
  };
}

/** "Arrived 6 / 14 guests · 3 of 6 parties". */
export function totalsLine(t: DoorTotals): string {
  return `Arrived ${t.arrivedGuests} / ${guestCount(t.expectedGuests)} · ${t.partiesArrived} of ${t.parties} ${t.parties === 1 ? 'party' : 'parties'}`;
}

/** What a party booked: its ticket type and/or its time slot ("Dinner · 8:00 PM" for a seating labelled 8:00pm). */
export function bookedAs(party: Pick<DoorParty, 'ticketTypeName' | 'slotLabel' | 'seating'>): string {
  const seating = party.slotLabel ?? party.seating;
  return [party.ticketTypeName, seating ? formatEventTime(seating) : null].filter(Boolean).join(' · ');
}

/** The run sheet's groups: parties by seating, in the server's order (seating, then name). */
export function groupBySeating<T extends Pick<DoorParty, 'seating'>>(parties: readonly T[]): { seating: string; parties: T[] }[] {
  const groups: { seating: string; parties: T[] }[] = [];
  for (const party of parties) {
    const seating = party.seating ?? 'All guests';
    const last = groups.at(-1);
    if (last && last.seating === seating) last.parties.push(party);
    else groups.push({ seating, parties: [party] });
  }
  return groups;
}

/** The party with its arrival count replaced (the arrival time is cleared at 0, kept otherwise until the server stamps it). */
export function withCheckIn(party: DoorParty, checkedInGuests: number): DoorParty {
  return { ...party, checkedInGuests, checkedInAt: checkedInGuests === 0 ? null : party.checkedInAt };
}
