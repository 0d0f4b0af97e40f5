import { Ban, Mail, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { AdminReservation } from '../types';

export interface ReservationHandlers {
  onEdit(r: AdminReservation): void;
  onEmail(r: AdminReservation): void;
  onCancel(r: AdminReservation): void;
}

export function ReservationActions({ reservation, onEdit, onEmail, onCancel }: ReservationHandlers & { reservation: AdminReservation }) {
  const cancelled = reservation.cancelled_at !== null;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onEdit(reservation)}
        disabled={cancelled}
        aria-label={`Edit reservation of ${reservation.name}`}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onEmail(reservation)} aria-label={`Email ${reservation.name}`}>
        <Mail className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        onClick={() => onCancel(reservation)}
        disabled={cancelled}
        aria-label={`Cancel reservation of ${reservation.name}`}
      >
        <Ban className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
