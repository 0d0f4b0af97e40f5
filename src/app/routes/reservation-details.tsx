import { useSearchParams } from 'react-router-dom';
import { useManagedBooking } from '@/features/manage-booking/api/get-managed-booking';
import type { ManagedBooking } from '@/features/manage-booking/types';
import { ReservationDetailsPage } from '@/features/reservation-details/components/reservation-details-page';
import { bookingTokenParam } from '@/features/reservation-details/lib/reservation-params';
import type { ServerBooking, ServerBookingState } from '@/features/reservation-details/types';

/** The manage-booking answer as the details page shows it. */
function serverBooking(b: ManagedBooking): ServerBooking {
  const location = [b.event.location_name, b.event.location_address].filter(Boolean).join(', ');
  return {
    bookingCode: b.booking_code,
    status: b.status,
    organizationName: b.organization.name,
    organizationSlug: b.organization.slug,
    eventTitle: b.event.title,
    date: b.event.date,
    time: b.event.time,
    timeZone: b.event.timezone,
    guests: b.guests,
    ticketName: b.ticket_type_name ?? b.time_slot,
    totalCents: b.total_cents,
    location: location || null,
  };
}

function WithBooking({ token }: { token: string }) {
  const query = useManagedBooking(token);
  const server: ServerBookingState = query.data
    ? { status: 'ready', booking: serverBooking(query.data) }
    : query.isError
      ? { status: 'invalid', message: query.error.message }
      : { status: 'loading' };
  return <ReservationDetailsPage server={server} />;
}

/** /reservation-details: with ?booking={token} the booking from the server; otherwise what the link's parameters say. */
export default function Route() {
  const [params] = useSearchParams();
  const token = bookingTokenParam(params);
  return token ? <WithBooking key={token} token={token} /> : <ReservationDetailsPage />;
}
