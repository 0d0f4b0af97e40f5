import { Link } from 'react-router-dom';
import { ArrowRight, CalendarDays, UtensilsCrossed } from 'lucide-react';
import { paths } from '@/config/paths';
import { formatEventDate, formatEventTime, zoneAbbreviation } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { usePublicHosts } from '../api/get-public-hosts';
import type { PublicHost } from '../types';

/** "Sat, Dec 5 · 7:00 PM EST", or null without an upcoming date. */
function nextDate(host: PublicHost): string | null {
  if (!host.next_event_date) return null;
  const zone = host.next_event_timezone ? zoneAbbreviation(host.next_event_date, host.next_event_timezone) : '';
  const time = host.next_event_time ? ` · ${formatEventTime(host.next_event_time)}${zone ? ` ${zone}` : ''}` : '';
  return `${formatEventDate(host.next_event_date, 'EEE, MMM d')}${time}`;
}

/** "From $95 per guest" / "$5 deposit per guest", or null when nothing is priced. */
function price(host: PublicHost): string | null {
  if (host.from_price_cents === null) return null;
  return host.price_is_deposit ? `${formatCents(host.from_price_cents)} deposit per guest` : `From ${formatCents(host.from_price_cents)} per guest`;
}

function HostCard({ host }: { host: PublicHost }) {
  const when = nextDate(host);
  const cost = price(host);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md" data-testid="host-card">
      {host.picture_url ? (
        <img src={host.picture_url} alt="" loading="lazy" className="aspect-[16/9] w-full bg-muted object-cover" />
      ) : (
        <div className="flex aspect-[16/9] w-full items-center justify-center bg-muted" aria-hidden>
          <UtensilsCrossed className="h-10 w-10 text-muted-foreground" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="font-serif text-2xl font-semibold">{host.name}</h3>
        <dl className="space-y-1 text-sm">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays className="h-4 w-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Next date</span>
            </dt>
            <dd data-testid="host-next-date">{when ?? 'New dates coming soon'}</dd>
          </div>
          {cost ? (
            <div>
              <dt className="sr-only">Price</dt>
              <dd className="font-medium" data-testid="host-price">
                {cost}
              </dd>
            </div>
          ) : null}
        </dl>
        <Link
          to={paths.orgPage.getHref(host.slug)}
          className="mt-auto inline-flex items-center gap-2 self-start rounded-md bg-primary px-5 py-3 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          {when ? 'See dates and book' : 'Visit the page'}
          <span className="sr-only"> at {host.name}</span>
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
    </li>
  );
}

/** "Tables you can book": every organization, with a picture, its next date and its price. */
export function BookableTables() {
  const hosts = usePublicHosts();
  return (
    <section id="experiences" aria-labelledby="experiences-title" className="container scroll-mt-6 py-14 sm:py-20">
      <h2 id="experiences-title" className="font-serif text-3xl font-semibold sm:text-4xl">
        Tables you can book
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Supper clubs, dinner series and home cooks. Pick a dinner, choose your date and book in a couple of minutes.
      </p>
      {hosts.isPending ? (
        <ul aria-busy="true" aria-label="Loading tables" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-80 animate-pulse rounded-xl bg-muted" />
          ))}
        </ul>
      ) : hosts.isError ? (
        <p className="mt-8 text-muted-foreground">We couldn’t load the tables just now. Please refresh the page.</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {hosts.data.map((host) => (
            <HostCard key={host.slug} host={host} />
          ))}
        </ul>
      )}
    </section>
  );
}
