import { useMemo, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { CalendarDays, CalendarPlus, Download, Hash, Info, MapPin, Ticket, Users, type LucideIcon } from 'lucide-react';
import { IconDetailRow } from '@/components/icon-detail-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { eventTimeWithZone, formatEventDate } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { googleCalendarUrl, icsContent, icsDataUrl, icsFileName, outlookCalendarUrl, type CalendarEvent } from '../lib/calendar';
import {
  calendarEventFor,
  calendarEventForBooking,
  dateAndTime,
  linkProblemSentence,
  linkSeries,
  locationLine,
  partySize,
  ticketLine,
  type ReservationDetails,
} from '../lib/reservation-params';
import type { ServerBooking } from '../types';
import { SupportEmailLink } from '@/components/support-email-link';

interface BookingRowsProps {
  testId?: string;
  code?: string;
  event: string;
  when: string;
  guests: number;
  ticket: string | null;
  total: string | null;
  location: string | null;
}

/** The booking's lines, each shown when there is something to say. */
function BookingRows({ testId, code, event, when, guests, ticket, total, location }: BookingRowsProps) {
  return (
    <dl data-testid={testId}>
      {code ? (
        <IconDetailRow icon={Hash} term="Booking Code">
          <span className="font-mono tracking-wider">{code}</span>
        </IconDetailRow>
      ) : null}
      <IconDetailRow icon={Ticket} term="Event">
        {event}
      </IconDetailRow>
      <IconDetailRow icon={CalendarDays} term="Date & Time">
        {when}
      </IconDetailRow>
      <IconDetailRow icon={Users} term="Party Size">
        {partySize(guests)}
      </IconDetailRow>
      {ticket ? (
        <IconDetailRow icon={Ticket} term="Ticket Type">
          {ticket}
        </IconDetailRow>
      ) : null}
      {total !== null ? (
        <IconDetailRow icon={Ticket} term="Total">
          {total}
        </IconDetailRow>
      ) : null}
      {location ? (
        <IconDetailRow icon={MapPin} term="Location">
          {location}
        </IconDetailRow>
      ) : null}
    </dl>
  );
}

/** Where the page leads back to: the venue's page, by its name. */
interface Back {
  name: string;
  href: string;
}

/** The calendar buttons, the contact line and the way back: the same under both kinds of details. */
function CalendarAndContact({ event, uid, back }: { event: CalendarEvent; uid: string; back: Back }) {
  const ics = useMemo(() => icsContent(event, { uid }), [event, uid]);
  return (
    <>
      <section aria-labelledby="add-to-calendar" className="space-y-3">
        <h2 id="add-to-calendar" className="font-serif text-xl font-semibold">
          Add to your calendar
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <CalendarLink icon={CalendarPlus} href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
            Google Calendar
          </CalendarLink>
          <CalendarLink icon={CalendarPlus} href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
            Outlook Calendar
          </CalendarLink>
          <CalendarLink icon={Download} href={icsDataUrl(ics)} download={icsFileName(event)}>
            Apple / other (.ics)
          </CalendarLink>
        </div>
      </section>

      <p className="text-center text-sm text-muted-foreground">
        Questions about your reservation? Email us at <SupportEmailLink />.
      </p>
      <p className="text-center">
        <Link className="text-sm font-medium underline underline-offset-4" to={back.href}>
          Back to {back.name}
        </Link>
      </p>
    </>
  );
}

/**
 * What a link's query parameters say (anyone can write such a link): labelled as details from the
 * link, never as a confirmation from the venue.
 */
export function ReservationDetailsView({ details }: { details: ReservationDetails }) {
  const event = useMemo(() => calendarEventFor(details), [details]);
  return (
    <div className="space-y-6">
      <header className="space-y-2 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-muted-foreground">{linkSeries.name}</p>
        <h1 className="font-serif text-3xl font-semibold sm:text-4xl">Reservation details</h1>
        <p className="text-muted-foreground">
          {details.invited ? 'You are invited to this dinner. Here is what the link says about it.' : 'Here is what the link says about the dinner.'}
        </p>
      </header>

      <p className="flex items-start gap-2 rounded-lg border bg-card p-4 text-sm" data-testid="details-from-link">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">Details from the link.</span> They are not a confirmation from {linkSeries.name}: the confirmation email and
          the private booking link show the booking itself.
        </span>
      </p>

      <Card>
        <CardHeader>
          <CardTitle>Details from the link</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingRows
            event={details.eventTitle}
            when={dateAndTime(details)}
            guests={details.guests}
            ticket={details.ticket ? ticketLine(details.ticket) : null}
            total={details.totalCents !== null ? formatCents(details.totalCents) : null}
            location={locationLine(details)}
          />
        </CardContent>
      </Card>

      <CalendarAndContact
        event={event}
        uid={`${details.eventDate}-${details.guests}@supperhost`}
        back={{ name: linkSeries.name, href: paths.dinnerSeries.getHref() }}
      />
    </div>
  );
}

/** A booking the server holds (the page was opened with its private token): the venue's confirmation. */
export function BookingDetailsView({ booking }: { booking: ServerBooking }) {
  const event = useMemo(() => calendarEventForBooking(booking), [booking]);
  const cancelled = booking.status === 'cancelled';
  return (
    <div className="space-y-6">
      <header className="space-y-2 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-muted-foreground">{booking.organizationName}</p>
        <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{cancelled ? 'Reservation Cancelled' : 'Reservation Confirmation'}</h1>
        <p className="text-muted-foreground">{cancelled ? 'This booking has been cancelled.' : 'Your booking, as we hold it.'}</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Your reservation</CardTitle>
        </CardHeader>
        <CardContent>
          <BookingRows
            testId="server-booking"
            code={booking.bookingCode}
            event={booking.eventTitle}
            when={`${formatEventDate(booking.date)} at ${eventTimeWithZone({ date: booking.date, time: booking.time, timezone: booking.timeZone })}`}
            guests={booking.guests}
            ticket={booking.ticketName}
            total={formatCents(booking.totalCents)}
            location={booking.location}
          />
        </CardContent>
      </Card>

      {cancelled ? null : (
        <CalendarAndContact
          event={event}
          uid={`${booking.bookingCode}@supperhost`}
          back={{ name: booking.organizationName, href: paths.orgPage.getHref(booking.organizationSlug) }}
        />
      )}
    </div>
  );
}

export function ReservationLinkProblem({ problems }: { problems: string[] }) {
  return (
    <div className="space-y-5 text-center">
      <h1 className="font-serif text-3xl font-semibold sm:text-4xl">We couldn’t read this reservation link</h1>
      <p className="text-muted-foreground" data-testid="link-problem">
        {linkProblemSentence(problems)} Please open the link from your confirmation again, or email us at <SupportEmailLink /> and we’ll look up your
        reservation.
      </p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to={paths.dinnerSeries.getHref()}>Book at {linkSeries.name}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}

/** One way to add the dinner to a calendar: an outlined button that is a link. */
function CalendarLink({ icon: Icon, children, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { icon: LucideIcon }) {
  return (
    <Button asChild variant="outline">
      <a {...anchor}>
        <Icon className="h-4 w-4" aria-hidden />
        {children}
      </a>
    </Button>
  );
}
