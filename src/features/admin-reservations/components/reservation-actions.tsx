import { Ban, HandCoins, Mail, Pencil } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
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
      <IconButton
        icon={Pencil}
        label={`Edit reservation of ${reservation.name}`}
        title="Edit"
        onClick={() => onEdit(reservation)}
        disabled={cancelled}
      />
      <IconButton icon={Mail} label={`Email ${reservation.name}`} title="Email" onClick={() => onEmail(reservation)} />
      {/* Refunding without cancelling: only while the booking still holds money. */}
      {reservation.money.refundable_cents > 0 ? (
        <IconButton icon={HandCoins} label={`Refund ${reservation.name}`} title="Refund…" onClick={() => onRefund(reservation)} />
      ) : null}
      <IconButton
        icon={Ban}
        label={`Cancel reservation of ${reservation.name}`}
        title="Cancel…"
        className="text-destructive"
        onClick={() => onCancel(reservation)}
        disabled={cancelled}
      />
    </div>
  );
}
