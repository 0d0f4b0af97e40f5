import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { waitlistMessages } from '../messages';
import type { WaitlistChoice } from '../types';

// The dialog (its form, zod, the Radix dialog and the function call) loads when a guest asks
// to join: a sold-out line is read far more often than it is joined.
const JoinWaitlistDialog = lazy(() => import('./join-waitlist-dialog').then((m) => ({ default: m.JoinWaitlistDialog })));

interface Props {
  choices: readonly WaitlistChoice[];
  /** The server says seats are free after all: refetch the page's availability. */
  onSeatsAvailable?(): void;
  /** The largest party the page books (the dialog offers no more). */
  maxPartySize?: number;
  className?: string;
}

const keyOf = (choice: WaitlistChoice) => `${choice.eventId}:${choice.target.kind === 'ticket' ? choice.target.ticketTypeId : choice.target.slotId}`;

/**
 * Each sold-out ticket type, slot or seating with 'Join the waitlist' (a dialog), so a sold-out
 * date is not a dead end. Nothing when all is open.
 */
export function SoldOutWaitlist({ choices, onSeatsAvailable, maxPartySize, className }: Props) {
  const [joining, setJoining] = useState<WaitlistChoice | null>(null);
  if (choices.length === 0) return null;
  return (
    <section
      aria-label="Waitlist"
      className={cn('space-y-3 rounded-lg border border-dashed bg-card p-4 sm:p-5', className)}
      data-testid="waitlist-prompt"
    >
      <p className="text-sm font-medium">{waitlistMessages.soldOutIntro}</p>
      <ul className="space-y-2">
        {choices.map((choice) => {
          const label = choice.label ?? choice.target.label;
          return (
            <li key={keyOf(choice)} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 text-sm">
                {label} <span className="text-muted-foreground">· Sold out</span>
              </span>
              <Button variant="outline" size="sm" onClick={() => setJoining(choice)} aria-label={`${waitlistMessages.join}: ${label}`}>
                {waitlistMessages.join}
              </Button>
            </li>
          );
        })}
      </ul>
      {joining ? (
        <Suspense fallback={null}>
          <JoinWaitlistDialog
            key={keyOf(joining)}
            eventId={joining.eventId}
            eventTitle={joining.eventTitle}
            target={joining.target}
            maxPartySize={maxPartySize}
            onClose={() => setJoining(null)}
            onSeatsAvailable={onSeatsAvailable}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
