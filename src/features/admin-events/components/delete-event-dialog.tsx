import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { EventHasReservationsError, useDeleteEvent } from '../api/delete-event';
import { useSetEventActive } from '../api/toggle-event';
import { eventMessages } from '../messages';
import type { AdminEvent } from '../types';
import { withReason } from '@/lib/error-reason';

interface Props {
  orgId: string;
  event: AdminEvent;
  onClose(): void;
}

/**
 * Delete after a confirm. An event with reservations cannot be deleted (the database refuses it
 * too): the dialog says so at once and offers to deactivate it instead.
 */
export function DeleteEventDialog({ orgId, event, onClose }: Props) {
  // An event with confirmed reservations is refused before any confirm (the database has the
  // last word for cancelled or lapsed ones, and its reason is shown the same way).
  const booked = event.reservation_count;
  const [refusal, setRefusal] = useState<string | null>(
    booked > 0
      ? `This event has ${booked} reservation${booked === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead to hide it from the public page, or open its overview and cancel the dinner to cancel every booking and refund the guests.`
      : null,
  );
  const remove = useDeleteEvent(orgId, {
    onSuccess: () => {
      toast.success(eventMessages.success, { description: eventMessages.deleted });
      onClose();
    },
    onError: (error) => {
      toast.error(eventMessages.error, {
        description: error.message ? `${eventMessages.deleteFailed}: ${error.message}` : eventMessages.deleteFailed,
      });
      if (error instanceof EventHasReservationsError) setRefusal(error.message);
      else onClose();
    },
  });
  const deactivate = useSetEventActive(orgId, {
    onSuccess: () => {
      toast.success(eventMessages.success, { description: eventMessages.deactivated });
      onClose();
    },
    onError: (error) => toast.error(eventMessages.error, { description: withReason(eventMessages.statusFailed, error) }),
  });

  if (refusal) {
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="This event can't be deleted"
        description={refusal}
        confirmLabel={event.is_active ? 'Deactivate event' : 'Already inactive'}
        cancelLabel="Keep event"
        pending={deactivate.isPending || !event.is_active}
        onConfirm={() => deactivate.mutate({ id: event.id, isActive: false })}
      >
        <p className="text-sm">
          Guests have booked it, so deleting would lose their reservations. Deactivating hides it from your public page and keeps every reservation.
        </p>
      </ConfirmDialog>
    );
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete this event?"
      description={`"${event.title}" and its ticket types and time slots will be deleted. This cannot be undone.`}
      confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
      destructive
      pending={remove.isPending}
      onConfirm={() => remove.mutate(event.id)}
    />
  );
}
