import { lazy, Suspense } from 'react';
import { BookingPanelFallback } from '@/features/org-page/components/booking-panel-fallback';
import type { BookingPanelContext } from '@/features/org-page/lib/booking-panel-context';
import { isBookingClosed } from '@/lib/booking';

// The forms are not needed for the page's first render: they load while the guest reads the
// page. Their validation (zod), their function calls (supabase-js) and the payment step load
// later still, when the guest uses them: the org page's budgets (docs/BENCHMARKS.md, `page`).
const RsvpBooking = lazy(() => import('@/features/rsvp/components/rsvp-booking').then((m) => ({ default: m.RsvpBooking })));
const TicketBooking = lazy(() => import('@/features/ticket-booking/components/ticket-booking').then((m) => ({ default: m.TicketBooking })));
const WaitlistPrompt = lazy(() => import('@/features/waitlist/components/waitlist-prompt').then((m) => ({ default: m.WaitlistPrompt })));

/**
 * The booking panel for the selected event (the org page and its embed): the RSVP form, or the
 * ticketed form for ticket types and for seatings at one price per seat.
 */
export function BookingPanel({ context }: { context: BookingPanelContext }) {
  // Past its cutoff (a dinner's link still opens it): the server's words, no form, no waitlist.
  if (isBookingClosed(context.event)) {
    return (
      <p role="status" className="rounded-lg border bg-card p-6 text-center text-sm">
        Online booking for this dinner has closed. Please contact the host.
      </p>
    );
  }
  return (
    // Sold-out ticket types and full slots offer 'Join the waitlist': first when the whole event is full.
    // The prompt has its own boundary: the form does not wait for the waitlist's code.
    <div className="flex flex-col gap-4">
      <Suspense fallback={<BookingPanelFallback />}>
        {context.rsvp ? (
          <RsvpBooking event={context.event} onBooked={context.onBooked} />
        ) : (
          <TicketBooking event={context.event} refreshEvent={context.refreshEvent} onBooked={context.onBooked} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        <WaitlistPrompt
          event={context.event}
          slots={context.event.kind !== 'tickets'}
          onSeatsAvailable={context.onBooked}
          className={context.event.is_fully_booked || context.event.total_available <= 0 ? '-order-1' : undefined}
        />
      </Suspense>
    </div>
  );
}
