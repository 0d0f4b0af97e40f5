import { useParams } from 'react-router-dom';
import { SeatPage } from '@/features/seats/components/seat-page';

export default function SeatRoute() {
  const { token = '' } = useParams();
  // A new token is a new seat: nothing of the previous guest's answers may linger.
  return <SeatPage key={token} token={token} />;
}
