import { ReservationDetailsPage } from '@/features/reservation-details/components/reservation-details-page';

export default function Route() {
  return <ReservationDetailsPage />;
}
