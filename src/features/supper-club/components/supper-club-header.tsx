import { CalendarDays, Clock, MapPin, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { supperClub } from '@/config/site';
import { formatCents } from '@/lib/money';
import { describeSchedule, describeSlots, seatPriceOf, slotLabels } from '../lib/schedule';
import { supperClubVenue } from '../lib/venue';
import type { SupperClubEvent } from '../types';

/** Title, dates and slots (from the data), the Atlanta address and the price. */
export function SupperClubHeader({ events }: { events: SupperClubEvent[] | undefined }) {
  const schedule = events ? describeSchedule(events) : null;
  const slots = events ? describeSlots(slotLabels(events)) : '';
  const price = seatPriceOf(events);
  return (
    <header className="bg-primary text-primary-foreground">
      <div className="container space-y-6 py-12 sm:py-16">
        <div className="space-y-2">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary-foreground/80">{supperClub.city} supper club</p>
          <h1 className="font-serif text-4xl font-semibold sm:text-5xl">{supperClub.fullName}</h1>
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
          <li className="flex gap-2">
            <MapPin className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <address className="not-italic">{supperClubVenue.address}</address>
          </li>
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
