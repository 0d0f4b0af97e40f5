import { Badge } from '@/components/ui/badge';
import type { AdminReservation } from '../types';

export function ReservationStatusBadge({ reservation }: { reservation: AdminReservation }) {
  return reservation.cancelled_at ? <Badge variant="destructive">Cancelled</Badge> : <Badge variant="success">Confirmed</Badge>;
}
