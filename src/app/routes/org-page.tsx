import { useParams } from 'react-router-dom';
import { OrgPage } from '@/features/org-page/components/org-page';
import type { BookingPanelContext } from '@/features/org-page/lib/booking-panel-context';
import { RsvpBooking } from '@/features/rsvp/components/rsvp-booking';
import { TicketBooking } from '@/features/booking/components/ticket-booking';

/** The booking panel for the selected event: the RSVP form or the ticketed form. */
function BookingPanel({ context }: { context: BookingPanelContext }) {
  return context.rsvp ? (
    <RsvpBooking event={context.event} onBooked={context.onBooked} />
  ) : (
    <TicketBooking event={context.event} refreshEvent={context.refreshEvent} onBooked={context.onBooked} />
  );
}

export default function OrgPageRoute() {
  const { orgSlug = '' } = useParams();
  return <OrgPage slug={orgSlug} renderBookingPanel={(context) => <BookingPanel context={context} />} />;
}
