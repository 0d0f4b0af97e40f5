import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { OrgBookingWidget } from '@/features/org-page/components/org-booking-widget';
import { BookingPanelFallback } from '@/features/org-page/components/booking-panel-fallback';
import type { BookingPanelContext } from '@/features/org-page/lib/booking-panel-context';
import { EmbedFrame } from '@/features/embed/components/embed-frame';
import { EventPicker } from '@/features/embed/components/event-picker';

const RsvpBooking = lazy(() => import('@/features/rsvp/components/rsvp-booking').then((m) => ({ default: m.RsvpBooking })));
const TicketBooking = lazy(() => import('@/features/ticket-booking/components/ticket-booking').then((m) => ({ default: m.TicketBooking })));

function BookingPanel({ context }: { context: BookingPanelContext }) {
  return (
    <Suspense fallback={<BookingPanelFallback />}>
      {context.rsvp ? (
        <RsvpBooking event={context.event} onBooked={context.onBooked} />
      ) : (
        <TicketBooking event={context.event} refreshEvent={context.refreshEvent} onBooked={context.onBooked} />
      )}
    </Suspense>
  );
}

/**
 * /{orgSlug}/embed: the booking form alone, meant for an iframe on the organization's own site
 * (no site chrome, no frame-busting; its height is posted to the parent — see docs/EMBED.md).
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
