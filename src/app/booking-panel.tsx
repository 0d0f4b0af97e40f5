import { lazy, Suspense } from 'react';
import { BookingPanelFallback } from '@/features/org-page/components/booking-panel-fallback';
import type { BookingPanelContext } from '@/features/org-page/lib/booking-panel-context';

// The forms (react-hook-form, the payment step, supabase-js) are not needed for the page's
// first render: they load while the guest reads the page.
const RsvpBooking = lazy(() => import('@/features/rsvp/components/rsvp-booking').then((m) => ({ default: m.RsvpBooking })));
const TicketBooking = lazy(() => import('@/features/ticket-booking/components/ticket-booking').then((m) => ({ default: m.TicketBooking })));

/** The booking panel for the selected event: the RSVP form or the ticketed form (the org page and its embed). */
export function BookingPanel({ context }: { context: BookingPanelContext }) {
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
