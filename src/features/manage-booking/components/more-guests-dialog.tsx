import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';
import { formatCents } from '@/lib/money';
import { CardForm } from '@/features/checkout/components/card-form';
import { DEFAULT_CONFIG_FUNCTION } from '@/features/checkout/api/get-card-config';
import { useCardCharge } from '@/features/checkout/hooks/use-card-charge';
import { guestCount } from '@/lib/words';
import { useAddGuests } from '../api/change-booking';
import type { ManagedBooking } from '../types';

/**
 * "Bring more guests": the larger party sizes the seats left allow, each at the price a place of
 * the booking paid (booking_charge_share, extras apart), the card to pay with, and one call
 * (useCardCharge keeps the attempt's key across a retry whose outcome is unknown). Loaded only when opened: the card field stays out
 * of the manage page's first load.
 */
export default function MoreGuestsDialog({ token, booking, onClose }: { token: string; booking: ManagedBooking; onClose(): void }) {
  const [guests, setGuests] = useState(booking.more_guests[0]?.guests ?? booking.guests + 1);
  const { card, key, tokenizing, tokenize, refused } = useCardCharge();
  const add = useAddGuests(token);
  const choice = booking.more_guests.find((o) => o.guests === guests);
  const cents = choice?.charge_cents ?? 0;
  const pending = tokenizing || add.isPending;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || !choice) return;
    const sourceId = cents > 0 ? await tokenize(cents, { name: booking.name }) : null;
    if (cents > 0 && !sourceId) return;
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
          refused(error);
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
              Each added guest pays for a place at the price this booking paid (extras not included), and the same cancellation policy applies:{' '}
              {booking.refund_policy}.
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
