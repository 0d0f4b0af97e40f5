import { formatEventDate, formatEventTime } from '@/lib/dates';
import { bookedAs, groupBySeating, totalsLine } from '../lib/door-list';
import type { DoorEvent, DoorParty, DoorTotals } from '../types';
import { SeatGuests } from './seat-guests';
import { guestCount } from '@/lib/words';

function seatingGuests(parties: readonly DoorParty[]): string {
  const n = parties.reduce((sum, p) => sum + p.numGuests, 0);
  return guestCount(n);
}

/** The printed run sheet: parties grouped by seating with their dietary notes (shown only when printing). */
export function RunSheet({ event, parties, totals }: { event: DoorEvent; parties: DoorParty[]; totals: DoorTotals }) {
  return (
    <section aria-label="Run sheet" data-testid="run-sheet" className="hidden text-black print:block">
      <h1 className="font-serif text-2xl font-semibold">Run sheet · {event.title}</h1>
      <p className="text-sm">
        {formatEventDate(event.date, 'EEEE, MMMM d, yyyy')} · {formatEventTime(event.eventTime)}
        {event.locationName ? ` · ${event.locationName}` : ''} · {guestCount(totals.expectedGuests)} in {totals.parties}{' '}
        {totals.parties === 1 ? 'party' : 'parties'}
      </p>
      <p className="text-xs">{totalsLine(totals)}</p>
      {groupBySeating(parties).map((group) => (
        <section key={group.seating} className="mt-4 break-inside-avoid-page" data-testid="run-sheet-seating">
          <h2 className="border-b border-black text-lg font-semibold">
            {formatEventTime(group.seating)} · {seatingGuests(group.parties)}
          </h2>
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr>
                <th className="w-8 py-1">✓</th>
                <th className="py-1">Party</th>
                <th className="py-1 text-right">Guests</th>
                <th className="py-1 pl-2">Ticket</th>
                <th className="py-1 pl-2">Dietary / requests / notes</th>
              </tr>
            </thead>
            <tbody>
              {group.parties.map((p) => (
                <tr key={p.id} className="break-inside-avoid border-b border-gray-300 align-top">
                  <td className="py-1">{p.checkedInGuests > 0 ? `${p.checkedInGuests}` : '☐'}</td>
                  <td className="py-1">
                    {p.name}
                    <span className="block font-mono text-xs">{p.bookingCode}</span>
                  </td>
                  <td className="py-1 text-right tabular-nums">{p.numGuests}</td>
                  <td className="py-1 pl-2">{bookedAs({ ...p, seating: null, slotLabel: null }) || '—'}</td>
                  <td className="py-1 pl-2">
                    <SeatGuests seats={p.seats} />
                    {p.dietaryRestrictions ? <span className="block font-semibold">Dietary: {p.dietaryRestrictions}</span> : null}
                    {p.specialRequests ? <span className="block">Requests: {p.specialRequests}</span> : null}
                    {p.addons ? <span className="block">Add-ons: {p.addons}</span> : null}
                    {p.staffNotes ? <span className="block italic">Notes: {p.staffNotes}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
