import { lazy, Suspense } from 'react';
import { SupperClubPage } from '@/features/supper-club/components/supper-club-page';
import type { SoldOutSeating } from '@/features/supper-club/lib/schedule';

// The waitlist's code loads only when a seating is sold out.
const SoldOutWaitlist = lazy(() => import('@/features/waitlist/components/sold-out-waitlist').then((m) => ({ default: m.SoldOutWaitlist })));

/** A sold-out seating is waited for as its slot (the supper's seatings are its RSVP slots). */
function renderWaitlist(seatings: SoldOutSeating[], venueName: string, refresh: () => void) {
  if (seatings.length === 0) return null;
  const choices = seatings.map((s) => ({
    eventId: s.eventId,
    eventTitle: venueName,
    target: { kind: 'slot' as const, slotId: s.slotId, label: s.label },
  }));
  return (
    <Suspense fallback={null}>
      <SoldOutWaitlist choices={choices} maxPartySize={Math.max(...seatings.map((s) => s.partyLimit))} onSeatsAvailable={refresh} />
    </Suspense>
  );
}

export default function Route() {
  return <SupperClubPage renderWaitlist={renderWaitlist} />;
}
