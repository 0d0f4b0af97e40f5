import { Ban, HandCoins, Mail, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { AdminReservation } from '../types';

export interface ReservationHandlers {
  onEdit(r: AdminReservation): void;
  onEmail(r: AdminReservation): void;
  onRefund(r: AdminReservation): void;
  onCancel(r: AdminReservation): void;
}

export function ReservationActions({
  reservation,
  onEdit,
  onEmail,
  onRefund,
  onCancel,
  className,
}: ReservationHandlers & { reservation: AdminReservation; className?: string }) {
  const cancelled = reservation.cancelled_at !== null;
  return (
    <div className={cn('flex flex-wrap justify-end gap-1', className)}>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onEdit(reservation)}
        disabled={cancelled}
        aria-label={`Edit reservation of ${reservation.name}`}
        title="Edit"
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onEmail(reservation)} aria-label={`Email ${reservation.name}`} title="Email">
        <Mail className="h-4 w-4" aria-hidden />
      </Button>
      {/* Refunding without cancelling: only while the booking still holds money. */}
      {reservation.money.refundable_cents > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => onRefund(reservation)} aria-label={`Refund ${reservation.name}`} title="Refund…">
          <HandCoins className="h-4 w-4" aria-hidden />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        onClick={() => onCancel(reservation)}
        disabled={cancelled}
        aria-label={`Cancel reservation of ${reservation.name}`}
        title="Cancel…"
      >
        <Ban className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
