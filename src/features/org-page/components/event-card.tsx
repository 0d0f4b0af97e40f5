import { CalendarDaysIcon, ClockIcon, MapPinIcon, ShieldCheckIcon } from './page-icons';
import { formatEventDate, formatEventTime } from '@/lib/calendar-dates';
import { isBookingClosed } from '@/lib/booking';
import { bookingClosesNote, eventAction, eventBadge, isRsvpClosed, timeZoneAbbreviation } from '../lib/events';
import type { PublicEvent } from '../types';
import { PageBadge, PageButton, PageCard, PageCardContent, PageCardFooter, PageCardHeader, PageCardTitle } from './page-ui';

interface Props {
  event: PublicEvent;
  selected: boolean;
  onSelect(): void;
}

export function EventCard({ event, selected, onSelect }: Props) {
  const badge = eventBadge(event);
  const action = eventAction(event);
  // A full event (not a closed one) is not a dead end: its booking panel offers the waitlist.
  const waitlist =
    action.disabled && !isRsvpClosed(event) && !isBookingClosed(event) && (event.ticket_types.length > 0 || event.rsvp_slots.length > 0);
  const closesNote = bookingClosesNote(event);
  const tz = timeZoneAbbreviation(event.date, event.event_time, event.event_timezone);
  return (
    <PageCard
      aria-labelledby={`event-${event.id}-title`}
      role="article"
      data-testid="event-card"
      className={selected ? 'flex flex-col ring-2 ring-primary' : 'flex flex-col'}
    >
      <PageCardHeader>
        <div className="flex items-start justify-between gap-3">
          <PageCardTitle id={`event-${event.id}-title`}>{event.title}</PageCardTitle>
          <PageBadge variant={badge.variant} className="shrink-0">
            {badge.text}
          </PageBadge>
        </div>
      </PageCardHeader>
      <PageCardContent className="flex-1 space-y-2 text-sm">
        <p className="flex items-center gap-2">
          <CalendarDaysIcon className="h-4 w-4 shrink-0 text-muted-foreground" />
          {/* A calendar date in the event's own timezone: formatted without any viewer shift. */}
          <span>{formatEventDate(event.date)}</span>
        </p>
        <p className="flex items-center gap-2">
          <ClockIcon className="h-4 w-4 shrink-0 text-muted-foreground" />
          <span>
            {formatEventTime(event.event_time)}
            {tz ? ` ${tz}` : ''}
          </span>
        </p>
        {/* Only its own link shows an unlisted dinner: the guest is told why nobody else sees it. */}
        {event.unlisted ? <p className="pl-6 text-xs text-muted-foreground">Private dinner: only people with its link see it</p> : null}
        {closesNote ? (
          <p className="pl-6 text-muted-foreground" data-testid="event-booking-closes">
            {closesNote}
          </p>
        ) : null}
        {event.location_name || event.location_address ? (
          <p className="flex items-start gap-2">
            <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
            <span>
              {event.location_name ? <span className="block font-medium">{event.location_name}</span> : null}
              {event.location_address ? <span className="block text-muted-foreground">{event.location_address}</span> : null}
            </span>
          </p>
        ) : null}
        {event.refund_policy && !(event.rsvp_mode && event.deposit_amount === 0) ? (
          <p className="flex items-start gap-2" data-testid="event-refund-policy">
            <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
            <span>
              <span className="sr-only">Cancellation policy: </span>
              {event.refund_policy}
            </span>
          </p>
        ) : null}
        {event.event_details_disclosures ? (
          <p className="whitespace-pre-line border-t pt-3 text-muted-foreground">{event.event_details_disclosures}</p>
        ) : null}
      </PageCardContent>
      <PageCardFooter className={waitlist ? 'flex-col' : undefined}>
        <PageButton className="w-full" disabled={action.disabled} onClick={onSelect} aria-describedby={`event-${event.id}-title`}>
          {action.label}
        </PageButton>
        {waitlist ? (
          <PageButton variant="outline" className="w-full" onClick={onSelect} aria-describedby={`event-${event.id}-title`}>
            Join the waitlist
          </PageButton>
        ) : null}
      </PageCardFooter>
    </PageCard>
  );
}
