import { lazy, Suspense } from 'react';
import { TICKET_MAX_GUESTS } from '@/config/product';
import { DinnerSeriesPage } from '@/features/dinner-series/components/dinner-series-page';
import type { SoldOutTicket } from '@/features/dinner-series/lib/booking-rules';

// The waitlist's code loads only when a ticket type is sold out.
const SoldOutWaitlist = lazy(() => import('@/features/waitlist/components/sold-out-waitlist').then((m) => ({ default: m.SoldOutWaitlist })));

function renderWaitlist(tickets: SoldOutTicket[], refresh: () => void) {
  if (tickets.length === 0) return null;
  const choices = tickets.map((t) => ({
    eventId: t.eventId,
    eventTitle: t.eventTitle,
    target: { kind: 'ticket' as const, ticketTypeId: t.ticketTypeId, label: t.ticketName },
    label: t.label,
  }));
  return (
    <Suspense fallback={null}>
      <SoldOutWaitlist choices={choices} maxPartySize={TICKET_MAX_GUESTS} onSeatsAvailable={refresh} />
    </Suspense>
  );
}

export default function Route() {
  return <DinnerSeriesPage renderWaitlist={renderWaitlist} />;
}
