import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { RESERVATION_MAX_GUESTS } from '@/config/product';
import { JoinWaitlistRefusal, useJoinWaitlist } from '../api/join-waitlist';
import { waitlistMessages } from '../messages';
import { emptyJoinWaitlist, joinWaitlistSchema, type JoinWaitlistValues } from '../schemas';
import type { WaitlistTarget } from '../types';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { SubmitButton } from '@/components/forms/submit-button';
import { GuestNameEmailFields } from '@/components/forms/guest-contact-fields';

interface Props {
  eventId: string;
  eventTitle: string;
  target: WaitlistTarget;
  /** The largest party the page books (default RESERVATION_MAX_GUESTS). */
  maxPartySize?: number;
  onClose(): void;
  /** The server says the party can book now: the page refetches its availability. */
  onSeatsAvailable?(): void;
}

/** Name, email and party size for one sold-out ticket type or slot; then the party's place in line. */
export function JoinWaitlistDialog({ eventId, eventTitle, target, maxPartySize = RESERVATION_MAX_GUESTS, onClose, onSeatsAvailable }: Props) {
  const partySizes = Array.from({ length: Math.min(maxPartySize, RESERVATION_MAX_GUESTS) }, (_, i) => i + 1);
  const form = useForm<JoinWaitlistValues>({ resolver: zodResolver(joinWaitlistSchema), defaultValues: emptyJoinWaitlist, mode: 'onTouched' });
  const errors = form.formState.errors;
  const join = useJoinWaitlist();
  const [position, setPosition] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function submit(values: JoinWaitlistValues) {
    setRefusal(null);
    join.mutate(
      { eventId, target, name: values.name, email: values.email, partySize: Number(values.partySize) },
      {
        onSuccess: (place) => setPosition(place),
        onError: (error) => {
          const message = error instanceof JoinWaitlistRefusal ? error.message : waitlistMessages.joinFailed;
          setRefusal(message);
          toast.error(waitlistMessages.joinFailed, { description: message });
          if (error instanceof JoinWaitlistRefusal && error.seatsAvailable) onSeatsAvailable?.();
        },
      },
    );
  }

  return (
    <ClosingDialog
      aria-describedby={undefined}
      data-testid="join-waitlist-dialog"
      title={waitlistMessages.join}
      description={
        <>
          {eventTitle} · {target.label}
        </>
      }
      onClose={onClose}
    >
      {position !== null ? (
        <div className="space-y-4 text-center" role="status">
          <CircleCheck className="mx-auto h-10 w-10 text-emerald-600" aria-hidden />
          <p className="text-base font-medium" data-testid="waitlist-joined">
            {waitlistMessages.joined(position)}
          </p>
          <Button className="w-full" onClick={onClose}>
            Done
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          aria-label={`Join the waitlist for ${target.label}`}
        >
          <GuestNameEmailFields register={form.register} errors={errors} nameLabel="Full name" />
          <FormField label="Party size" error={errors.partySize?.message}>
            <NativeSelect {...form.register('partySize')}>
              {partySizes.map((n) => (
                <option key={n} value={String(n)}>
                  {n === 1 ? '1 guest' : `${n} guests`}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {refusal ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
              data-testid="waitlist-refusal"
            >
              {refusal}
            </p>
          ) : null}
          <DialogFooter>
            <SubmitButton className="w-full sm:w-auto" pending={join.isPending} pendingLabel="Joining…" {...keepFieldFocus}>
              {waitlistMessages.join}
            </SubmitButton>
          </DialogFooter>
        </form>
      )}
    </ClosingDialog>
  );
}
