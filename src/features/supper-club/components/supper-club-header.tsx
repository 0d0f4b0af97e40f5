import { CalendarDays, Clock, MapPin, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { VenueTitle } from '@/components/venue/venue-title';
import { formatCents } from '@/lib/money';
import { describeSchedule, describeSlots, seatPriceOf, slotLabels } from '../lib/schedule';
import type { SupperClubEvent, SupperClubVenue } from '../types';

/** The venue's name, city and address (its organization's), the dates and slots (from the data) and the price. */
export function SupperClubHeader({ venue, events }: { venue: SupperClubVenue | undefined; events: SupperClubEvent[] | undefined }) {
  const schedule = events ? describeSchedule(events) : null;
  const slots = events ? describeSlots(slotLabels(events)) : '';
  const price = seatPriceOf(events);
  return (
    <header className="bg-primary text-primary-foreground">
      <div className="container space-y-6 py-12 sm:py-16">
        <div className="space-y-2">
          <VenueTitle
            title={venue && { kicker: venue.city ? `${venue.city} supper club` : 'Supper club', name: venue.name }}
            placeholderWidths={['w-40', 'w-72']}
          />
        </div>
        <ul className="grid gap-3 text-primary-foreground/90 sm:grid-cols-2">
          {events === undefined ? (
            // While the dates load: their lines' place is kept, so the page does not jump when they arrive.
            <>
              <HeaderLinePlaceholder icon={CalendarDays} width="w-64" />
              <HeaderLinePlaceholder icon={Clock} width="w-48" />
            </>
          ) : null}
          {schedule ? (
            <li className="flex gap-2">
              <CalendarDays className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <span data-testid="supper-dates">{schedule}</span>
            </li>
          ) : null}
          {slots ? (
            <li className="flex gap-2">
              <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <span data-testid="supper-slots">Seatings at {slots}</span>
            </li>
          ) : null}
          {venue?.address ? (
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <address className="not-italic">{venue.address}</address>
            </li>
          ) : null}
          <li className="flex gap-2">
            <UtensilsCrossed className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <span>
              {price !== null ? `${formatCents(price)} per person: ` : ''}four shared savory courses and one shared sweet course (20% gratuity added
              at checkout)
            </span>
          </li>
        </ul>
      </div>
    </header>
  );
}

function HeaderLinePlaceholder({ icon: Icon, width }: { icon: LucideIcon; width: string }) {
  return (
    <li className="flex gap-2" aria-hidden>
      <Icon className="mt-0.5 h-5 w-5 shrink-0 opacity-50" />
      <span className={`mt-0.5 h-5 max-w-full animate-pulse rounded bg-primary-foreground/20 ${width}`} />
    </li>
  );
}
