import { useParams } from 'react-router-dom';
import { ManageBookingPage } from '@/features/manage-booking/components/manage-booking-page';

export default function ManageBookingRoute() {
  const { token = '' } = useParams();
  // A new token is a new page: nothing of the previous booking may linger.
  return <ManageBookingPage key={token} token={token} />;
}
