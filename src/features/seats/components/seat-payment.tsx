import { toast } from 'sonner';
import { CreditCard } from 'lucide-react';
import { SubmitButton } from '@/components/forms/submit-button';
import { formatInstant } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { CardForm } from '@/features/checkout/components/card-form';
import { DEFAULT_CONFIG_FUNCTION } from '@/features/checkout/api/get-card-config';
import { useCardCharge } from '@/features/checkout/hooks/use-card-charge';
import { type SeatInvitation, usePaySeat } from '../api/seats';

/**
 * A claimed, unpaid seat of a booking whose guests each pay their own: its price, until when it
 * is held, the card and one Pay button (the attempt's key is kept across a retry whose outcome
 * is unknown). Loaded only for such a seat: the card field stays out of the seat page's first load.
 */
export default function SeatPayment({ token, seat }: { token: string; seat: SeatInvitation }) {
  const { card, key, tokenizing, tokenize, refused } = useCardCharge();
  const pay = usePaySeat(token);
  const cents = seat.seat_cents ?? 0;
  const pending = tokenizing || pay.isPending;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    const sourceId = await tokenize(cents, { name: seat.guest_name, email: seat.guest_email });
    if (!sourceId) return;
    pay.mutate(
      { sourceId, expectedCents: cents, idempotencyKey: key.current() },
      {
        onSuccess: (paid) =>
          toast.success('Your seat is paid', { description: `We charged ${formatCents(paid.chargedCents)} to your card. A receipt is on its way.` }),
        onError: (error) => {
          refused(error);
          toast.error('Payment Failed', { description: error.message });
        },
      },
    );
  }

  return (
    <form aria-labelledby="seat-pay-title" className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6" onSubmit={(e) => void submit(e)}>
      <h2 id="seat-pay-title" className="flex items-center gap-2 font-serif text-xl font-semibold">
        <CreditCard className="h-5 w-5" aria-hidden /> Pay for your seat
      </h2>
      <p className="text-sm text-muted-foreground" data-testid="seat-pay-by">
        Everyone at this table pays their own seat: {formatCents(cents)}, tax and service included. It is held for you until{' '}
        {seat.pay_by ? formatInstant(seat.pay_by, seat.event_timezone) : 'the dinner'}; after that an unpaid seat is released.
      </p>
      <CardForm ref={card} configFunction={DEFAULT_CONFIG_FUNCTION} payee={{ orgSlug: seat.org_slug }} disabled={pending} />
      <SubmitButton className="w-full sm:w-auto" pending={pending} pendingLabel="Paying…">
        Pay {formatCents(cents)}
      </SubmitButton>
    </form>
  );
}
