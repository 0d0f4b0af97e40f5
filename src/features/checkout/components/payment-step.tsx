/**
 * The payment step shared by every booking flavour: the org page's ticketed and RSVP forms,
 * the supper club and the dinner series (rendered by `<CheckoutSteps>` for `useCheckout`).
 *
 * Props
 * - `title?: string` — heading; default 'Complete Your Reservation' (the RSVP form passes
 *   'Complete Your RSVP').
 * - `description?: string` — a line under the heading.
 * - `summary: readonly SummaryRow[]` — order summary rows `{ label, value }` (event, date,
 *   guests, ticket…) shown above the total.
 * - `amountCents: number` — the server's quote for the order before any code here, in cents (the
 *   flavour's form asked for it). The paying call sends it back; the server refuses a mismatch.
 * - `checkout: PaymentCheckout` — how to charge:
 *   - `{ kind: 'ticket', paymentFunction?, reservationData, allowPromo? }` for ticket payments:
 *     `paymentFunction` defaults to 'process-square-payment' (supper club:
 *     'magnolia-process-payment'); `reservationData` is the booking the function prices
 *     (`TicketReservationData`: eventId, name, email, phone, num_guests, ticketTypeId or timeSlot,
 *     dietaryRestrictions, specialRequests, ticket_price); `allowPromo` (default true) shows the
 *     special code field, whose Apply makes the validation call `{ validateOnly: true,
 *     reservationData, promoCode }` and replaces the total by the server's finalAmountCents. Pay
 *     sends `{ token, amount, reservationData, promoCode, idempotencyKey }`.
 *   - `{ kind: 'custom', pay({ token, idempotencyKey }), failureTitle?, failureFallback? }` when
 *     the caller owns the request (RSVP: process-rsvp-payment with paymentToken). `pay` resolves
 *     `{ reservationId }` or throws `CheckoutError(serverMessage, definitive)`; the refusal toast is
 *     `failureTitle` (default 'Payment Failed') with the server message or `failureFallback`.
 * - `configFunction?: string` — card configuration function; default 'square-config' (supper club:
 *   'magnolia-square-config'). Its `testMode` (no Square application id) shows the labelled test
 *   card form; otherwise Square's Web Payments SDK is loaded now, not before.
 * - `refundPolicy?: string | null` — the event's cancellation policy in the server's words, shown
 *   under the total.
 * - `split?: SplitOffer | null` — the quote's offer that each guest pays their own seat (a ticket
 *   checkout of 2 guests or more, the event allowing it): a choice that makes the total one seat's
 *   lines, hides the code field and sends `payOwnSeat: true`.
 * - `free?: { confirmLabel, note }` — a free order's confirm button and the line in place of the
 *   card form (RSVP: 'Confirm Free RSVP').
 * - `backLabel?: string` — default 'Back' ('Back to RSVP Form' for RSVPs). `onBack()` returns to
 *   the form.
 * - `onSuccess(result: PaymentSuccess)` — `{ reservationId, amountCents, promoCode, free }` once the
 *   server confirmed. The step itself toasts only 'Reservation Confirmed!' for a free ticket
 *   booking; paid confirmations are the caller's to announce.
 *
 * A total of 0 (e.g. a 100% code) needs no card: Pay becomes 'Confirm Reservation' (or
 * `free.confirmLabel`) and sends
 * token null. One idempotency key per checkout attempt is kept across retries (hooks/use-idempotency-key).
 */
import { useEffect, useRef, useState } from 'react';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { PriceLineRows } from '@/components/price-line-rows';
import { formatCents } from '@/lib/money';
import { allInNote, type PriceLines, type SplitOffer } from '@/lib/price-lines';
import { DEFAULT_CONFIG_FUNCTION } from '../api/get-card-config';
import { DEFAULT_PAYMENT_FUNCTION } from '../api/ticket-quote';
import { usePayment } from '../hooks/use-payment';
import { usePromoCode } from '../hooks/use-promo-code';
import type { CardFormHandle, PaymentCheckout, PaymentSuccess, SummaryRow, TicketReservationData } from '../types';
import { CardForm } from './card-form';
import { PromoCodeField } from './promo-code-field';
import { SummaryRows } from '@/components/summary-rows';

export interface PaymentStepProps {
  title?: string;
  description?: string;
  summary: readonly SummaryRow[];
  amountCents: number;
  /** The quote's lines (subtotal, discount, service charge, tax) and how they are shown. */
  lines?: PriceLines;
  /** Each guest may pay their own seat (a ticket checkout of 2 guests or more): offered as a choice. */
  split?: SplitOffer | null;
  checkout: PaymentCheckout;
  configFunction?: string;
  backLabel?: string;
  /** The event's cancellation policy in the server's words, shown under the total. */
  refundPolicy?: string | null;
  free?: { confirmLabel: string; note: string };
  onBack(): void;
  onSuccess(result: PaymentSuccess): void;
}

const NO_RESERVATION = { eventId: '', name: '', email: '', num_guests: 0 } satisfies TicketReservationData;

export function PaymentStep({
  title = 'Complete Your Reservation',
  description,
  summary,
  amountCents,
  lines: quotedLines,
  split,
  checkout,
  configFunction = DEFAULT_CONFIG_FUNCTION,
  backLabel = 'Back',
  refundPolicy,
  free: freeText = { confirmLabel: 'Confirm Reservation', note: 'No payment is needed for this reservation.' },
  onBack,
  onSuccess,
}: PaymentStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<CardFormHandle | null>(null);
  const ticket = checkout.kind === 'ticket' ? checkout : null;
  const payeeEventId = ticket ? ticket.reservationData.eventId : checkout.kind === 'custom' ? checkout.eventId : undefined;
  const promo = usePromoCode(ticket?.paymentFunction ?? DEFAULT_PAYMENT_FUNCTION, ticket?.reservationData ?? NO_RESERVATION);
  const { pay, processing } = usePayment({ checkout, card: cardRef, onSuccess });
  // Each guest paying their own seat: the booker pays one seat's lines now (no code with it).
  const splitOffer = ticket && split && ticket.reservationData.num_guests >= 2 && !promo.applied ? split : null;
  const [ownSeat, setOwnSeat] = useState(false);
  const seat = ownSeat && splitOffer ? splitOffer.seat : null;

  const totalCents = seat ? seat.amountCents : promo.applied ? promo.applied.finalAmountCents : amountCents;
  // The server's lines for what is due; a flavour that gives none shows the discount alone.
  const lines: PriceLines = seat ??
    (promo.applied ? promo.applied.lines : quotedLines) ?? {
      subtotalCents: amountCents,
      discountCents: Math.max(amountCents - totalCents, 0),
      serviceChargeCents: 0,
      taxCents: 0,
      amountCents: totalCents,
      priceDisplay: 'itemized',
    };
  const allIn = allInNote(lines);
  const free = totalCents === 0;

  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <Card aria-labelledby="payment-step-title">
      <CardHeader>
        <h2 id="payment-step-title" ref={headingRef} tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-label="Order summary" className="rounded-lg bg-muted/60 p-4">
          <dl className="space-y-2 text-sm">
            <SummaryRows rows={summary} />
            {/* A discount in the quote is the flavour's to show among its rows (the RSVP form's code). */}
            <PriceLineRows lines={lines} promoCode={promo.applied?.code} withDiscount={Boolean(promo.applied) || !quotedLines} />
            {seat && ticket ? (
              // The rows above are the whole party's; what is due now is one seat.
              <div className="flex justify-between gap-4" data-testid="payment-split-rest">
                <dt className="text-muted-foreground">Your guests pay from their seat links</dt>
                <dd>
                  {ticket.reservationData.num_guests - 1} × {formatCents(seat.amountCents)}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t pt-2 text-base">
              <dt className="font-semibold">{seat ? 'Due now for your seat' : 'Total'}</dt>
              <dd className="font-semibold" data-testid="payment-total">
                {formatCents(totalCents)}
              </dd>
            </div>
          </dl>
          {allIn ? (
            <p className="mt-1 text-right text-sm text-muted-foreground" data-testid="payment-all-in">
              {allIn}
            </p>
          ) : null}
          {refundPolicy ? (
            <p className="mt-3 border-t pt-3 text-sm" data-testid="payment-refund-policy">
              <span className="text-muted-foreground">Cancellation policy: </span>
              {refundPolicy}
            </p>
          ) : null}
        </section>

        {splitOffer ? (
          <CheckboxField
            className="rounded-lg border p-4"
            label="Everyone pays their own seat"
            hint={`You pay ${formatCents(splitOffer.seat.amountCents)} for your seat now. Each guest pays theirs from their seat link within ${splitOffer.cutoffHours} hours; seats not paid by then are released.`}
            checked={ownSeat}
            disabled={processing}
            onChange={(e) => setOwnSeat(e.target.checked)}
          />
        ) : null}

        {ticket && ticket.allowPromo !== false && !seat ? (
          <PromoCodeField code={promo.code} state={promo.state} disabled={processing} onCodeChange={promo.change} onApply={promo.apply} />
        ) : null}

        {free ? (
          <p className="rounded-lg border p-4 text-sm">{freeText.note}</p>
        ) : (
          <CardForm ref={cardRef} configFunction={configFunction} payee={payeeEventId ? { eventId: payeeEventId } : null} disabled={processing} />
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onBack} disabled={processing}>
            {backLabel}
          </Button>
          <Button
            onClick={() => void pay(totalCents, seat ? null : (promo.applied?.code ?? null), Boolean(seat))}
            disabled={processing || promo.state.status === 'applying'}
            aria-busy={processing}
          >
            {processing ? (
              'Processing...'
            ) : free ? (
              freeText.confirmLabel
            ) : (
              <>
                <Lock className="h-4 w-4" aria-hidden /> Pay {formatCents(totalCents)}
              </>
            )}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
