import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';
import { formatCents } from '@/lib/money';
import { CardForm } from '@/features/checkout/components/card-form';
import { DEFAULT_CONFIG_FUNCTION } from '@/features/checkout/api/get-card-config';
import { useIdempotencyKey } from '@/features/checkout/hooks/use-idempotency-key';
import { chargeVerificationDetails } from '@/features/checkout/lib/verification';
import type { CardFormHandle } from '@/features/checkout/types';
import { guestCount } from '@/config/email-templates';
import { AddGuestsError, useAddGuests } from '../api/change-booking';
import type { ManagedBooking } from '../types';

/**
 * "Bring more guests": the larger party sizes the seats left allow, each at what every guest of
 * the booking paid, the card to pay with, and one call. The attempt's key is kept across a retry
 * whose outcome is unknown (never charged twice) and renewed once the server has refused it.
 * Loaded only when opened: the card field stays out of the manage page's first load.
 */
export default function MoreGuestsDialog({ token, booking, onClose }: { token: string; booking: ManagedBooking; onClose(): void }) {
  const [guests, setGuests] = useState(booking.more_guests[0]?.guests ?? booking.guests + 1);
  const card = useRef<CardFormHandle>(null);
  const key = useIdempotencyKey();
  const add = useAddGuests(token);
  const [tokenizing, setTokenizing] = useState(false);
  const choice = booking.more_guests.find((o) => o.guests === guests);
  const cents = choice?.charge_cents ?? 0;
  const pending = tokenizing || add.isPending;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || !choice) return;
    let sourceId: string | null = null;
    if (cents > 0) {
      const field = card.current;
      if (!field?.isReady()) {
        toast.error('Payment Error', { description: 'The card form is still loading. Please wait a moment and try again.' });
        return;
      }
      setTokenizing(true);
      const tokenized = await field
        .tokenize(chargeVerificationDetails(cents, { name: booking.name }))
        .catch(() => ({ status: 'ERROR' as const, message: '' }))
        .finally(() => setTokenizing(false));
      if (tokenized.status !== 'OK') {
        toast.error('Payment Failed', { description: 'Please check your card details and try again.' });
        return;
      }
      sourceId = tokenized.token;
    }
    add.mutate(
      { guests, sourceId, expectedCents: cents, idempotencyKey: key.current() },
      {
        onSuccess: (outcome) => {
          onClose();
          toast.success(`Your booking is now for ${guestCount(outcome.booking.guests)}`, {
            description:
              outcome.chargedCents > 0 ? `We charged ${formatCents(outcome.chargedCents)} to your card. A receipt is on its way.` : undefined,
          });
        },
        onError: (error) => {
          if (error instanceof AddGuestsError && error.definitive) key.renew();
          toast.error('Could not add the guests', { description: error.message });
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={(e) => void submit(e)} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Bring more guests</DialogTitle>
            <DialogDescription>
              Each added guest pays what each guest of this booking paid, and the same cancellation policy applies: {booking.refund_policy}.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Guests" hint={cents > 0 ? `You pay ${formatCents(cents)} now.` : 'No payment is needed.'}>
            <OptionSelect
              value={String(guests)}
              onChange={(e) => setGuests(Number(e.target.value))}
              options={booking.more_guests.map((o) => ({ value: String(o.guests), label: guestCount(o.guests) }))}
            />
          </FormField>
          {cents > 0 ? (
            <CardForm ref={card} configFunction={DEFAULT_CONFIG_FUNCTION} payee={{ orgSlug: booking.organization.slug }} disabled={pending} />
          ) : null}
          <FormDialogFooter
            onCancel={onClose}
            submitLabel={cents > 0 ? `Pay ${formatCents(cents)}` : 'Add guests'}
            pendingLabel="Adding…"
            pending={pending}
            disabled={!choice}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
