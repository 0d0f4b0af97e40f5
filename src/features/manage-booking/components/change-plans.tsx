import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { CalendarClock, UserRoundPen, UserRoundPlus, UsersRound } from 'lucide-react';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { useHandOver, useReduceParty } from '../api/change-booking';
import { fewerGuestsOptionText, reduceOutcomeText } from '../lib/booking-text';
import type { HandOverOutcome, ManagedBooking } from '../types';
import { guestCount } from '@/lib/words';
import { MoveDateDialog } from './move-date-dialog';

const MoreGuestsDialog = lazy(() => import('./more-guests-dialog'));

/** "Change your plans": come with fewer or more guests, move to another date of the series, or give the booking to someone else. */
export function ChangePlans({
  token,
  booking,
  onHandedOver,
}: {
  token: string;
  booking: ManagedBooking;
  onHandedOver(outcome: HandOverOutcome): void;
}) {
  const [open, setOpen] = useState<'reduce' | 'add' | 'move' | 'hand-over' | null>(null);
  const busy = booking.payment_in_progress;
  const split = booking.split !== null;
  const canMove = booking.other_dates.some((d) => d.enough_seats);
  return (
    <section className="space-y-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="change-title">
      <h2 id="change-title" className="font-serif text-xl font-semibold">
        Change your plans
      </h2>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant="outline"
          className="justify-start gap-2"
          disabled={busy || booking.fewer_guests.length === 0}
          onClick={() => setOpen('reduce')}
        >
          <UsersRound className="h-4 w-4" aria-hidden /> Fewer guests
        </Button>
        <Button variant="outline" className="justify-start gap-2" disabled={busy || booking.more_guests.length === 0} onClick={() => setOpen('add')}>
          <UserRoundPlus className="h-4 w-4" aria-hidden /> More guests
        </Button>
        <Button variant="outline" className="justify-start gap-2" disabled={busy || !canMove} onClick={() => setOpen('move')}>
          <CalendarClock className="h-4 w-4" aria-hidden /> Another date
        </Button>
        <Button variant="outline" className="justify-start gap-2" disabled={busy} onClick={() => setOpen('hand-over')}>
          <UserRoundPen className="h-4 w-4" aria-hidden /> Give to someone else
        </Button>
      </div>
      {busy ? (
        <p role="status" className="text-sm text-muted-foreground">
          A payment for added guests is still being processed. Reload the page in a minute to change the booking again.
        </p>
      ) : null}
      {!busy && split ? (
        <p className="text-sm text-muted-foreground" data-testid="split-plans">
          Each guest pays their own seat, so the party changes seat by seat: a guest gives up their seat from its link. For anything else, contact the
          host.
        </p>
      ) : null}
      {!busy && !split && booking.fewer_guests.length === 0 ? (
        <p className="text-sm text-muted-foreground">A booking for 1 guest cannot come with fewer guests.</p>
      ) : null}
      {!busy && !split && booking.more_guests.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No more guests can be added online: the dinner has no seats left for this booking, or the host adds them.
        </p>
      ) : null}
      {!busy && !split && !canMove ? (
        <p className="text-sm text-muted-foreground">
          {booking.other_dates.length === 0
            ? 'There is no other date of this dinner at the same price to move to.'
            : 'The other dates of this dinner have too few seats left for your party.'}
        </p>
      ) : null}
      {open === 'reduce' ? <ReduceDialog token={token} booking={booking} onClose={() => setOpen(null)} /> : null}
      {open === 'add' ? (
        <Suspense fallback={null}>
          <MoreGuestsDialog token={token} booking={booking} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
      {open === 'move' ? <MoveDateDialog token={token} booking={booking} onClose={() => setOpen(null)} /> : null}
      {open === 'hand-over' ? <HandOverDialog token={token} booking={booking} onClose={() => setOpen(null)} onHandedOver={onHandedOver} /> : null}
    </section>
  );
}

function ReduceDialog({ token, booking, onClose }: { token: string; booking: ManagedBooking; onClose(): void }) {
  const [guests, setGuests] = useState(booking.fewer_guests[0]?.guests ?? 1);
  const reduce = useReduceParty(token);
  const choice = booking.fewer_guests.find((o) => o.guests === guests);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    reduce.mutate(guests, {
      onSuccess: (outcome) => {
        onClose();
        toast.success(`Your booking is now for ${guestCount(outcome.booking.guests)}`, {
          description: outcome.booking.money.paid_cents > 0 ? reduceOutcomeText(outcome.refundStatus, outcome.refundedCents) : undefined,
        });
      },
      onError: (error) => toast.error('Could not change the booking', { description: error.message }),
    });
  }

  return (
    <Dialog open onOpenChange={(next) => !next && !reduce.isPending && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Come with fewer guests</DialogTitle>
            <DialogDescription>
              The seats you give up go back on sale. What comes back follows your booking's cancellation policy: {booking.refund_policy}.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Guests"
            hint={choice ? fewerGuestsOptionText(choice.refund_cents, booking.money.refundable_cents, choice.extras_dropped) : undefined}
          >
            <OptionSelect
              value={String(guests)}
              onChange={(e) => setGuests(Number(e.target.value))}
              options={booking.fewer_guests.map((o) => ({ value: String(o.guests), label: guestCount(o.guests) }))}
            />
          </FormField>
          <FormDialogFooter onCancel={onClose} submitLabel="Change booking" pendingLabel="Changing…" pending={reduce.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const handOverSchema = z.object({
  name: z.string().trim().min(1, 'Enter their name').max(100, 'The name is too long (100 characters at most)'),
  email: z.string().trim().min(1, 'Enter their email address').max(320, 'The email address is too long').email('Enter a valid email address'),
});
type HandOverValues = z.infer<typeof handOverSchema>;

function HandOverDialog({
  token,
  booking,
  onClose,
  onHandedOver,
}: {
  token: string;
  booking: ManagedBooking;
  onClose(): void;
  onHandedOver(outcome: HandOverOutcome): void;
}) {
  const form = useForm<HandOverValues>({ resolver: zodResolver(handOverSchema), defaultValues: { name: '', email: '' } });
  const { errors } = form.formState;
  const handOver = useHandOver(token);
  const submit = form.handleSubmit((values) =>
    handOver.mutate(values, {
      onSuccess: (outcome) => {
        onClose();
        onHandedOver(outcome);
      },
      onError: (error) => toast.error('Could not give the booking away', { description: error.message }),
    }),
  );

  return (
    <Dialog open onOpenChange={(next) => !next && !handOver.isPending && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Give this booking to someone else</DialogTitle>
            <DialogDescription>
              The booking for {guestCount(booking.guests)} becomes theirs: we email them the details and their own link. This link stops working, and
              no money changes hands through us.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Their name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="Their email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" inputMode="email" {...form.register('email')} />
          </FormField>
          <FormDialogFooter onCancel={onClose} submitLabel="Give the booking" pendingLabel="Handing over…" pending={handOver.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
