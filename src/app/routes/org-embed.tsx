import { useParams } from 'react-router-dom';
import { OrgBookingWidget } from '@/features/org-page/components/org-booking-widget';
import { EmbedFrame } from '@/features/embed/components/embed-frame';
import { EventPicker } from '@/features/embed/components/event-picker';
import type { BookingPanelContext } from '@/features/org-page/lib/booking-panel-context';
import { RsvpBooking } from '@/features/rsvp/components/rsvp-booking';
import { TicketBooking } from '@/features/booking/components/ticket-booking';

function BookingPanel({ context }: { context: BookingPanelContext }) {
  return context.rsvp ? (
    <RsvpBooking event={context.event} onBooked={context.onBooked} />
  ) : (
    <TicketBooking event={context.event} refreshEvent={context.refreshEvent} onBooked={context.onBooked} />
  );
}

/**
 * /{orgSlug}/embed: the booking form alone, meant for an iframe on the organization's own site
 * (no site chrome, no frame-busting; the height is posted to the parent — docs/EMBED.md).
 */
export default function OrgEmbedRoute() {
  const { orgSlug = '' } = useParams();
  return (
    <EmbedFrame>
      <OrgBookingWidget
        slug={orgSlug}
        renderEventPicker={({ events, selectedId, select }) => <EventPicker events={events} value={selectedId} onChange={select} />}
        renderBookingPanel={(context) => <BookingPanel context={context} />}
      />
    </EmbedFrame>
  );
}
