import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { rsvpDepositCents } from '@/features/org-page/lib/events';
import { PaymentStep } from '@/features/payment/components/payment-step';
import { newIdempotencyKey } from '@/features/payment/lib/idempotency';
import { CheckoutError } from '@/features/payment/types';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { confirmRsvp, priceRsvp, type RsvpRequest } from '../api/process-rsvp';
import { emptyRsvpForm, parseGuests, type RsvpFormValues } from '../schemas';
import type { RsvpEvent, RsvpPricing } from '../types';
import { RsvpConfirmation, type ConfirmedRsvp } from './rsvp-confirmation';
import { RsvpForm } from './rsvp-form';

export interface RsvpBookingProps {
  event: RsvpEvent;
  /** Called after a confirmed RSVP (the page refetches its availability). */
  onBooked?(): void;
}

type Step =
  | { kind: 'form' }
  | { kind: 'payment'; request: RsvpRequest; pricing: RsvpPricing; values: RsvpFormValues }
  | { kind: 'confirmed'; rsvp: ConfirmedRsvp };

const RSVP_FAILED_FALLBACK = 'Failed to process your RSVP. Please try again.';

/**
 * RSVP flow (SPEC 4): form → pricing call (validateOnly) → free: confirmed at once; otherwise the
 * shared payment step ('Complete Your RSVP') → confirmed.
 *
 * "After success the page reloads": instead of a full reload — which would drop the guest's
 * confirmation before it is read — the confirmation is shown and the page's data is refetched
 * (`onBooked`), so the slots and counts on the page are fresh, and the form is reset.
 */
export function RsvpBooking({ event, onBooked }: RsvpBookingProps) {
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [draft, setDraft] = useState<RsvpFormValues>(emptyRsvpForm);
  const [submitting, setSubmitting] = useState(false);
  const freeKey = useRef<string | null>(null);

  useEffect(() => {
    setStep({ kind: 'form' });
    setDraft((d) => ({ ...d, slotId: '', numGuests: '1' }));
  }, [event.id]);

  function toRequest(values: RsvpFormValues): RsvpRequest {
    return {
      eventId: event.id,
      slotId: values.slotId,
      guestDetails: {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        numGuests: parseGuests(values.numGuests) ?? 1,
        dietaryRestrictions: values.dietaryRestrictions.trim() || null,
        specialRequests: values.specialRequests.trim() || null,
      },
      promoCode: values.promoCode.trim().toUpperCase() || null,
    };
  }

  function confirmed(request: RsvpRequest, reservationId: string | null, paidCents: number) {
    const slot = event.rsvp_slots.find((s) => s.id === request.slotId);
    setStep({
      kind: 'confirmed',
      rsvp: {
        reservationId,
        name: request.guestDetails.name,
        email: request.guestDetails.email,
        eventTitle: event.title,
        date: event.date,
        slotTime: slot?.slot_time ?? event.event_time,
        slotLabel: slot?.slot_label ?? '',
        guests: request.guestDetails.numGuests,
        paidCents,
      },
    });
    setDraft(emptyRsvpForm);
    onBooked?.();
  }

  async function submit(values: RsvpFormValues) {
    if (submitting) return;
    setSubmitting(true);
    setDraft(values);
    const request = toRequest(values);
    try {
      const pricing = await priceRsvp(request);
      if (pricing.totalDeposit > 0) {
        setStep({ kind: 'payment', request, pricing, values });
        return;
      }
      // Free: confirm at once, no card. One key for this attempt, kept if the answer is lost.
      freeKey.current ??= newIdempotencyKey();
      const { reservationId } = await confirmRsvp({ ...request, paymentToken: null, idempotencyKey: freeKey.current, amount: 0 });
      freeKey.current = null;
      toast.success('RSVP Confirmed!', { description: 'Your spot has been reserved. Check your email for confirmation.' });
      confirmed(request, reservationId, 0);
    } catch (error) {
      if (error instanceof CheckoutError && error.definitive) freeKey.current = null;
      const message = error instanceof CheckoutError ? error.message : '';
      toast.error('RSVP Failed', { description: message || RSVP_FAILED_FALLBACK });
    } finally {
      setSubmitting(false);
    }
  }

  if (step.kind === 'confirmed') {
    return <RsvpConfirmation rsvp={step.rsvp} onAnother={() => setStep({ kind: 'form' })} />;
  }

  if (step.kind === 'payment') {
    const { request, pricing } = step;
    const slot = event.rsvp_slots.find((s) => s.id === request.slotId);
    const guests = request.guestDetails.numGuests;
    return (
      <PaymentStep
        title="Complete Your RSVP"
        backLabel="Back to RSVP Form"
        summary={[
          { label: 'Event', value: event.title },
          { label: 'Date', value: formatEventDate(event.date) },
          { label: 'Time', value: `${formatEventTime(slot?.slot_time ?? event.event_time)}${slot?.slot_label ? ` (${slot.slot_label})` : ''}` },
          { label: 'Guests', value: String(guests) },
          { label: `Deposit for ${guests} ${guests === 1 ? 'guest' : 'guests'}`, value: formatCents(pricing.totalDeposit + pricing.discountApplied) },
          ...(pricing.discountApplied > 0
            ? [{ label: `Discount${request.promoCode ? ` (${request.promoCode})` : ''}`, value: `-${formatCents(pricing.discountApplied)}` }]
            : []),
        ]}
        amountCents={pricing.totalDeposit}
        checkout={{
          kind: 'custom',
          failureTitle: 'RSVP Failed',
          failureFallback: RSVP_FAILED_FALLBACK,
          // `amount` is the total the guest was shown: the server refuses if its own differs.
          pay: ({ token, idempotencyKey }) => confirmRsvp({ ...request, paymentToken: token, idempotencyKey, amount: pricing.totalDeposit }),
        }}
        onBack={() => setStep({ kind: 'form' })}
        onSuccess={(result) => {
          toast.success('RSVP Confirmed!', { description: 'Your deposit has been processed and your spot is reserved.' });
          confirmed(request, result.reservationId, result.amountCents);
        }}
      />
    );
  }

  return (
    <div className="space-y-4 rounded-lg border bg-card p-5 shadow-sm sm:p-6">
      <div>
        <h2 className="font-serif text-2xl font-semibold">RSVP: {event.title}</h2>
        <p className="text-sm text-muted-foreground">
          {formatEventDate(event.date)}
          {event.location_name ? ` · ${event.location_name}` : ''}
          {rsvpDepositCents(event) > 0 ? ` · ${formatCents(rsvpDepositCents(event))} deposit per guest` : ''}
        </p>
      </div>
      <RsvpForm event={event} defaultValues={draft} submitting={submitting} onSubmit={submit} />
      {event.event_details_disclosures ? (
        <p className="whitespace-pre-line text-xs text-muted-foreground">{event.event_details_disclosures}</p>
      ) : null}
    </div>
  );
}
