import { waitlistTargets } from '../lib/targets';
import type { WaitlistEvent } from '../types';
import { SoldOutWaitlist } from './sold-out-waitlist';

interface Props {
  event: WaitlistEvent;
  /** Whether the event sells slots (RSVP slots, seatings) rather than ticket types. */
  slots: boolean;
  /** The server says seats are free after all: refetch the page's availability. */
  onSeatsAvailable?(): void;
  className?: string;
}

/**
 * Under an organization page's booking form: each sold-out ticket type or full slot of the event
 * with 'Join the waitlist'. Nothing when all is open.
 */
export function WaitlistPrompt({ event, slots, onSeatsAvailable, className }: Props) {
  const choices = waitlistTargets(event, slots).map((target) => ({ eventId: event.id, eventTitle: event.title, target }));
  return <SoldOutWaitlist choices={choices} onSeatsAvailable={onSeatsAvailable} className={className} />;
}
