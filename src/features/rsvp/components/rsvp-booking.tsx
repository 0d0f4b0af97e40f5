import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchQuote } from '@/features/checkout/api/get-quote';
import { addonRows, usePublicAddons } from '@/features/checkout/api/event-addons';
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps';
import { EventBookingPanel } from '@/features/checkout/components/event-booking-panel';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { useStartOverForEvent } from '@/features/checkout/hooks/use-event-change';
import { bookingMessages } from '@/features/checkout/lib/messages';
import { rsvpDepositCents } from '@/lib/booking';
import { formatEventDate, formatEventTime, labelBesideTime } from '@/lib/calendar-dates';
import { formatCents } from '@/lib/money';
import { confirmRsvp, rsvpQuoteRequest, type RsvpRequest } from '../api/rsvp-request';
import { emptyRsvpForm, parseGuests, type RsvpFormValues } from '../form-values';
import type { RsvpEvent } from '../types';
import { RsvpForm } from './rsvp-form';
import { guestCount } from '@/lib/words';

export interface RsvpBookingProps {
  event: RsvpEvent;
  /** Called after a confirmed RSVP (the page refetches its availability). */
  onBooked?(): void;
}

/**
 * RSVP flow: form → the server's quote (validateOnly) → the shared payment step ('Complete Your
 * RSVP': the summary, then the card, or for a free RSVP 'Confirm Free RSVP' under the same
 * summary, so nothing is booked before the guest has seen what) → confirmed, with the booking code
 * and the manage link.
 *
 * After success the page's data is refetched (`onBooked`) rather than the page reloaded — a
 * reload would drop the guest's confirmation before it is read — so the slots and counts on the
 * page are fresh, and the form is reset.
 */
/** A slot's start, with its label when the label says more than the time ("8:00 PM (Late seating)"). */
function slotTime(slot: { slot_time: string; slot_label: string | null } | undefined, eventTime: string): string {
  const time = formatEventTime(slot?.slot_time ?? eventTime);
  const label = slot ? labelBesideTime(slot.slot_label, slot.slot_time) : null;
  return label ? `${time} (${label})` : time;
}

export function RsvpBooking({ event, onBooked }: RsvpBookingProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RsvpFormValues>(emptyRsvpForm);
  const slotOf = (request: RsvpRequest) => event.rsvp_slots.find((s) => s.id === request.slotId);
  const offered = usePublicAddons(event.id).data ?? [];
  const requestAddonRows = (request: RsvpRequest) => addonRows(offered, request.addons, request.guestDetails.numGuests);

  const checkout = useCheckout<RsvpRequest>({
    quote: (request) =>
      fetchQuote(
        queryClient,
        rsvpQuoteRequest({
          eventId: request.eventId,
          slotId: request.slotId,
          numGuests: request.guestDetails.numGuests,
          promoCode: request.promoCode,
          addons: request.addons,
        }),
      ),
    refusal: { title: bookingMessages.rsvpFailed.title, fallback: bookingMessages.rsvpFailed.description },
    payment: (request, quote) => {
      const slot = slotOf(request);
      const guests = request.guestDetails.numGuests;
      return {
        title: 'Complete Your RSVP',
        backLabel: 'Back to RSVP Form',
        refundPolicy: quote.totalCents > 0 ? event.refund_policy : null,
        free: { confirmLabel: 'Confirm Free RSVP', note: 'No deposit is due for this RSVP: nothing is charged.' },
        summary: [
          { label: 'Event', value: event.title },
          { label: 'Date', value: formatEventDate(event.date) },
          { label: 'Time', value: slotTime(slot, event.event_time) },
          { label: 'Guests', value: String(guests) },
          { label: `Deposit for ${guestCount(guests)}`, value: formatCents(quote.subtotalCents - (quote.addonsCents ?? 0)) },
          ...requestAddonRows(request),
          ...(quote.discountCents > 0
            ? [{ label: `Discount${request.promoCode ? ` (${request.promoCode})` : ''}`, value: `-${formatCents(quote.discountCents)}` }]
            : []),
        ],
        checkout: {
          kind: 'custom',
          eventId: request.eventId,
          payer: request.guestDetails,
          failureTitle: bookingMessages.rsvpFailed.title,
          failureFallback: bookingMessages.rsvpFailed.description,
          // `amount` is the total the guest was shown: the server refuses if its own differs.
          pay: ({ token, idempotencyKey }) => confirmRsvp({ ...request, paymentToken: token, idempotencyKey, amount: quote.totalCents }),
        },
      };
    },
    paidToast: bookingMessages.rsvpDepositPaid,
    freeToast: bookingMessages.freeRsvpConfirmed,
    confirmation: (request, paid) => {
      const slot = slotOf(request);
      return {
        variant: 'panel',
        title: 'RSVP Confirmed',
        note: `See you there, ${request.guestDetails.name}! A confirmation has been sent to ${request.guestDetails.email}.`,
        rows: [
          { label: 'Event', value: event.title },
          { label: 'Date & Time', value: `${formatEventDate(event.date)} at ${slotTime(slot, event.event_time)}` },
          { label: 'Guests', value: String(request.guestDetails.numGuests) },
          ...requestAddonRows(request),
          {
            label: request.addons.length > 0 ? 'Total paid' : 'Deposit paid',
            value: paid.amountCents > 0 ? formatCents(paid.amountCents) : 'None (free RSVP)',
          },
        ],
        // A free RSVP has no money to refund: its policy would only confuse.
        refundPolicy: paid.amountCents > 0 ? event.refund_policy : null,
        anotherLabel: 'RSVP for another time',
      };
    },
    onConfirmed: () => {
      setDraft(emptyRsvpForm);
      onBooked?.();
    },
  });
  useStartOverForEvent(event.id, checkout.restart, () => setDraft((d) => ({ ...d, slotId: '', numGuests: '1' })));

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
      // Only what the event still offers (the quote then prices exactly these).
      addons: (values.addons ?? []).filter((id) => offered.some((a) => a.id === id)),
    };
  }

  function submit(values: RsvpFormValues) {
    void checkout.submit(() => {
      setDraft(values);
      return toRequest(values);
    });
  }

  if (checkout.step.kind !== 'form') return <CheckoutSteps checkout={checkout} />;

  const deposit = rsvpDepositCents(event);
  return (
    <EventBookingPanel
      title={`RSVP: ${event.title}`}
      details={
        <>
          {formatEventDate(event.date)}
          {event.location_name ? ` · ${event.location_name}` : ''}
          {deposit > 0 ? ` · ${formatCents(deposit)} deposit per guest` : ''}
        </>
      }
      policyLabel="Deposit cancellation policy:"
      refundPolicy={deposit > 0 ? event.refund_policy : null}
      disclosures={event.event_details_disclosures}
    >
      <RsvpForm event={event} defaultValues={draft} submitting={checkout.busy} onSubmit={submit} />
    </EventBookingPanel>
  );
}
