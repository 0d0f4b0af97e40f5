import { Copy, UserPlus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { AdminEvent } from '../types';

/** What the events list (table or cards) can do with an event; the optional ones are composed by the admin route. */
export interface EventActionHandlers {
  onEdit(event: AdminEvent): void;
  onDelete(event: AdminEvent): void;
  onToggle(event: AdminEvent, isActive: boolean): void;
  /** Opens the event's waitlist (composed by the admin route). */
  onWaitlist?(event: AdminEvent): void;
  /** Opens 'Add booking' for the event (composed by the admin route). */
  onAddBooking?(event: AdminEvent): void;
  /** Opens 'Duplicate event' (composed by the admin route). */
  onDuplicate?(event: AdminEvent): void;
}

type Props = Pick<EventActionHandlers, 'onWaitlist' | 'onAddBooking' | 'onDuplicate'> & {
  event: AdminEvent;
  variant: ButtonProps['variant'];
};

/** The less common actions (Waitlist, Add booking, Duplicate): each only where the admin route composes it. */
export function EventMoreActions({ event, variant, onWaitlist, onAddBooking, onDuplicate }: Props) {
  return (
    <>
      {onWaitlist ? (
        <Button variant={variant} size="sm" onClick={() => onWaitlist(event)} aria-label={`Waitlist of ${event.title}`}>
          Waitlist
        </Button>
      ) : null}
      {onAddBooking ? (
        <Button variant={variant} size="sm" onClick={() => onAddBooking(event)} aria-label={`Add booking to ${event.title}`}>
          <UserPlus className="h-4 w-4" aria-hidden />
          Add booking
        </Button>
      ) : null}
      {onDuplicate ? (
        <Button variant={variant} size="sm" onClick={() => onDuplicate(event)} aria-label={`Duplicate ${event.title}`}>
          <Copy className="h-4 w-4" aria-hidden />
          Duplicate
        </Button>
      ) : null}
    </>
  );
}
