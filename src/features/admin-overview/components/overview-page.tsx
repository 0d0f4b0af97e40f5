import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DoorOpen } from 'lucide-react';
import { adminEventsHref, EventPageTitle } from '@/components/admin/back-to-events';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { withReason } from '@/lib/error-reason';
import { isUpcoming } from '@/lib/dates';
import { useEventOverview } from '../api/get-event-overview';
import { bookingRulesLine, capacityLines, eventWhen } from '../lib/overview';
import { overviewMessages } from '../messages';
import { AddonSales } from './addon-sales';
import { BookingsSection } from './bookings-section';
import { CapacityList } from './capacity-list';
import { StatCards } from './stat-cards';

/** The admin's events tab, on the event's organization when it is known. */

interface Props {
  eventId: string;
  /** More actions beside the door list, given the event's organization, title and whether it is still to come (composed by the route). */
  actions?: (event: { orgId: string; title: string; upcoming: boolean }) => ReactNode;
  /** Shown above the figures (composed by the route: a cancelled dinner's result). */
  notice?: ReactNode;
  /** The event's settings shown below the figures (composed by the route: split payments). */
  settings?: ReactNode;
}

/** /admin/events/:eventId — one event at a glance: seats, arrivals, money and bookings over time. */
export function OverviewPage({ eventId, actions, notice, settings }: Props) {
  const query = useEventOverview(eventId);
  const capacityTitleId = useId();

  if (query.isPending) return <PageSpinner label={overviewMessages.loading} />;
  if (!query.data) {
    return (
      <main className="container max-w-xl py-16">
        <h1 className="mb-4 font-serif text-2xl font-semibold">Event overview</h1>
        <Alert variant="destructive">{withReason(overviewMessages.loadFailed, query.error)}</Alert>
        <Button asChild variant="link" className="mt-4 px-0">
          <Link to={adminEventsHref()}>Back to the admin panel</Link>
        </Button>
      </main>
    );
  }

  const overview = query.data;
  const { event } = overview;
  const rules = bookingRulesLine(event);

  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-background">
        <div className="container flex max-w-5xl flex-wrap items-start justify-between gap-3 py-3">
          <EventPageTitle orgId={event.orgId}>
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Event overview</p>
            <h1 className="break-words font-serif text-xl font-semibold leading-tight sm:text-2xl">{event.title}</h1>
            <p className="text-sm text-muted-foreground" data-testid="overview-when">
              {eventWhen(event)}
            </p>
            {rules ? (
              <p className="text-sm text-muted-foreground" data-testid="overview-booking-rules">
                {rules}
              </p>
            ) : null}
          </EventPageTitle>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={paths.adminDoor.getHref(event.id)}>
                <DoorOpen className="h-4 w-4" aria-hidden />
                {overviewMessages.doorList}
              </Link>
            </Button>
            {actions?.({
              orgId: event.orgId,
              title: event.title,
              upcoming: isUpcoming({ date: event.date, event_time: event.eventTime, event_timezone: event.timezone }),
            })}
          </div>
        </div>
      </header>

      <main className="container max-w-5xl space-y-6 py-4 sm:py-6">
        {notice}
        <section aria-label="Figures">
          <StatCards overview={overview} />
        </section>

        <section aria-labelledby={capacityTitleId} className="space-y-3">
          <h2 id={capacityTitleId} className="font-serif text-lg font-semibold">
            {overviewMessages.capacityTitle}
          </h2>
          <CapacityList lines={capacityLines(overview)} titleId={capacityTitleId} />
        </section>

        <AddonSales addons={overview.addons} />

        <BookingsSection days={overview.bookingsByDay} />
        {settings}
      </main>
    </div>
  );
}
