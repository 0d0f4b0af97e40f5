import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inviteHref, isMobileDevice, reservationDetailsHref } from '../lib/booking-rules';
import type { SeriesBooking } from '../types';

/** The dinner series' own actions on its confirmation: the reservation details page and the party invite. */
export function ConfirmationLinks({ booking }: { booking: SeriesBooking }) {
  const invite = useMemo(
    () => inviteHref(booking, { origin: window.location.origin, mobile: isMobileDevice(navigator, window.innerWidth) }),
    [booking],
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Button asChild variant="outline">
        <Link to={reservationDetailsHref(booking)} target="_blank" rel="noopener">
          Reservation Details
        </Link>
      </Button>
      <Button asChild variant="secondary" className="tracking-widest">
        <a href={invite}>INVITE YOUR PARTY</a>
      </Button>
    </div>
  );
}
