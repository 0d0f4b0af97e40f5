import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { waitlistTargets } from '../lib/targets';
import { waitlistMessages } from '../messages';
import type { WaitlistEvent, WaitlistTarget } from '../types';

// The dialog (its form, zod, the Radix dialog and the function call) loads when a guest asks
// to join: a sold-out card is read far more often than it is joined.
const JoinWaitlistDialog = lazy(() => import('./join-waitlist-dialog').then((m) => ({ default: m.JoinWaitlistDialog })));

interface Props {
  event: WaitlistEvent;
  /** Whether the RSVP form (slots) or the ticketed form (ticket types) applies. */
  rsvp: boolean;
  /** The server says seats are free after all: refetch the page's availability. */
  onSeatsAvailable?(): void;
  className?: string;
}

/**
 * Under an organization page's booking form: each sold-out ticket type or full slot with
 * 'Join the waitlist' (a dialog), so a sold-out event is not a dead end. Nothing when all is open.
 */
export function WaitlistPrompt({ event, rsvp, onSeatsAvailable, className }: Props) {
  const [joining, setJoining] = useState<WaitlistTarget | null>(null);
  const targets = waitlistTargets(event, rsvp);
  if (targets.length === 0) return null;
  return (
    <section
      aria-label="Waitlist"
      className={cn('space-y-3 rounded-lg border border-dashed bg-card p-4 sm:p-5', className)}
      data-testid="waitlist-prompt"
    >
      <p className="text-sm font-medium">{waitlistMessages.soldOutIntro}</p>
      <ul className="space-y-2">
        {targets.map((target) => (
          <li key={target.kind === 'ticket' ? target.ticketTypeId : target.slotId} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm">
              {target.label} <span className="text-muted-foreground">· Sold out</span>
            </span>
            <Button variant="outline" size="sm" onClick={() => setJoining(target)} aria-label={`${waitlistMessages.join}: ${target.label}`}>
              {waitlistMessages.join}
            </Button>
          </li>
        ))}
      </ul>
      {joining ? (
        <Suspense fallback={null}>
          <JoinWaitlistDialog
            key={joining.label}
            eventId={event.id}
            eventTitle={event.title}
            target={joining}
            onClose={() => setJoining(null)}
            onSeatsAvailable={onSeatsAvailable}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
