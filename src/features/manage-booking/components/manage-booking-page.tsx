import { useState } from 'react';
import { CalendarDays, CircleCheck, CircleX, Clock, MapPin, ShieldCheck, Ticket, Users } from 'lucide-react';
import { LoadFailedPage, MessagePage } from '@/components/message-page';
import { HostHeader } from '@/components/host-header';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { IconDetailRow } from '@/components/icon-detail-row';
import { Badge } from '@/components/ui/badge';
import { formatEventTime, formatInstant, labelBesideTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { ALL_IN_NOTE } from '@/lib/price-lines';
import { BookingLinkInvalidError, useManagedBooking } from '../api/get-managed-booking';
import { cancelledByText, cancelledMoneyLines, fullRefundDeadlineText, refundNowText, whenText } from '../lib/booking-text';
import type { HandOverOutcome, ManagedBooking } from '../types';
import { BookingLinkInvalid } from './booking-link-invalid';
import { BookingExtras } from './booking-extras';
import { CancelBooking } from './cancel-booking';
import { ChangePlans } from './change-plans';
import { PartySeats } from './party-seats';
import { guestCount } from '@/lib/words';

/** The guest's private page for one booking, opened with the token of its manage link. */
export function ManageBookingPage({ token }: { token: string }) {
  const [handedOver, setHandedOver] = useState<HandOverOutcome | null>(null);
  const query = useManagedBooking(token);
  if (handedOver) return <HandedOver outcome={handedOver} />;
  if (query.isPending) return <PageSpinner label="Loading your booking…" />;
  if (query.isError) {
    if (query.error instanceof BookingLinkInvalidError) return <BookingLinkInvalid />;
    return <LoadFailedPage title="Your booking" heading="We could not load your booking" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <BookingView token={token} booking={query.data} onHandedOver={setHandedOver} />;
}

/** After the booking changed hands: this link opens nothing any more, and says so. */
function HandedOver({ outcome }: { outcome: HandOverOutcome }) {
  const { name, email } = outcome.handedOverTo;
  return (
    <MessagePage
      title="Booking handed over"
      heading={`The booking is now ${name}'s`}
      icon={<CircleCheck className="h-10 w-10 text-green-700" aria-hidden />}
    >
      <p role="status" className="max-w-md text-muted-foreground">
        We have emailed {email} the booking and its own link. This link no longer works, and we have emailed you a note of the change.
      </p>
    </MessagePage>
  );
}

/** What the guest wrote for the host, when they wrote anything. */
function GuestNote({ term, text }: { term: string; text: string | null }) {
  return text ? (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{text}</dd>
    </div>
  ) : null;
}

function MoneyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function BookingView({ token, booking, onHandedOver }: { token: string; booking: ManagedBooking; onHandedOver(outcome: HandOverOutcome): void }) {
  const when = whenText(booking);
  const cancelled = booking.status === 'cancelled';
  const { money } = booking;
  const charges = booking.service_charge_cents + booking.tax_cents > 0;
  const itemized = charges && booking.price_display !== 'all_in';
  const allIn = charges && booking.price_display === 'all_in';
  const deadline = cancelled ? null : fullRefundDeadlineText(booking);
  // The seating's time is the Time row already: its label shows only when it says more.
  const slotLabel = labelBesideTime(booking.time_slot, booking.event.time);
  const slotOrTicket = booking.ticket_type_name
    ? { label: 'Ticket', value: booking.ticket_type_name }
    : slotLabel
      ? { label: 'Time slot', value: formatEventTime(slotLabel) }
      : null;

  return (
    <main className="min-h-screen bg-muted/40 pb-16">
      <PageMeta
        title={`Your booking: ${booking.event.title}`}
        description={`Your booking ${booking.booking_code} with ${booking.organization.name}.`}
      />
      <HostHeader host={booking.organization} testId="manage-booking-header" />

      <div className="mx-auto -mt-12 max-w-xl space-y-4 px-4">
        <section className="rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="booking-title">
          <div className="flex flex-wrap items-center gap-2">
            {cancelled ? (
              <Badge variant="destructive" className="gap-1">
                <CircleX className="h-3.5 w-3.5" aria-hidden /> Cancelled
              </Badge>
            ) : (
              <Badge variant="success" className="gap-1">
                <CircleCheck className="h-3.5 w-3.5" aria-hidden /> Confirmed
              </Badge>
            )}
            <span className="text-sm text-muted-foreground">
              Booking code{' '}
              <span className="font-mono font-semibold tracking-wider text-foreground" data-testid="booking-code">
                {booking.booking_code}
              </span>
            </span>
          </div>
          <h1 id="booking-title" className="mt-3 font-serif text-3xl font-semibold leading-tight">
            {booking.event.title}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">Booked by {booking.name}</p>

          <dl className="mt-4">
            <IconDetailRow icon={CalendarDays} term="Date">
              {when.date}
            </IconDetailRow>
            <IconDetailRow icon={Clock} term="Time">
              {when.time}
            </IconDetailRow>
            {booking.event.location_name || booking.event.location_address ? (
              <IconDetailRow icon={MapPin} term="Where">
                {booking.event.location_name ? <span className="block">{booking.event.location_name}</span> : null}
                {booking.event.location_address ? (
                  <span className="block font-normal text-muted-foreground">{booking.event.location_address}</span>
                ) : null}
              </IconDetailRow>
            ) : null}
            <IconDetailRow icon={Users} term="Guests">
              {guestCount(booking.guests)}
            </IconDetailRow>
            {slotOrTicket ? (
              <IconDetailRow icon={Ticket} term={slotOrTicket.label}>
                {slotOrTicket.value}
              </IconDetailRow>
            ) : null}
          </dl>
          {booking.dietary_restrictions || booking.special_requests ? (
            <dl className="mt-2 space-y-2 rounded-lg bg-muted/50 p-3 text-sm">
              <GuestNote term="Dietary restrictions" text={booking.dietary_restrictions} />
              <GuestNote term="Special requests" text={booking.special_requests} />
            </dl>
          ) : null}
        </section>

        {cancelled ? (
          <section
            className="rounded-xl border border-red-200 bg-red-50 p-5 sm:p-6"
            role="status"
            aria-labelledby="cancelled-title"
            data-testid="booking-cancelled"
          >
            <h2 id="cancelled-title" className="font-serif text-xl font-semibold text-red-900">
              This booking is cancelled
            </h2>
            <p className="mt-1 text-sm text-red-900">
              {cancelledByText(booking.cancelled_by, booking.organization.name)}
              {booking.cancelled_at ? ` Cancelled on ${formatInstant(booking.cancelled_at, booking.event.timezone)}.` : ''}
            </p>
            <ul className="mt-3 space-y-1 text-sm font-medium text-red-950" data-testid="cancelled-refund">
              {cancelledMoneyLines(booking).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="payment-title">
          <h2 id="payment-title" className="font-serif text-xl font-semibold">
            Payment
          </h2>
          <dl className="mt-2 text-sm">
            {booking.discount_cents > 0 || itemized ? <MoneyRow label="Price" value={formatCents(booking.subtotal_cents)} /> : null}
            {booking.discount_cents > 0 ? <MoneyRow label="Discount" value={`-${formatCents(booking.discount_cents)}`} /> : null}
            {itemized && booking.service_charge_cents > 0 ? (
              <MoneyRow label="Service charge" value={formatCents(booking.service_charge_cents)} testId="manage-service-charge" />
            ) : null}
            {itemized && booking.tax_cents > 0 ? <MoneyRow label="Tax" value={formatCents(booking.tax_cents)} testId="manage-tax" /> : null}
            <MoneyRow label="Paid" value={formatCents(money.paid_cents)} testId="paid-amount" />
            {money.refunded_cents > 0 ? <MoneyRow label="Refunded" value={formatCents(money.refunded_cents)} testId="refunded-amount" /> : null}
            {money.pending_refund_cents > 0 ? <MoneyRow label="Refund on its way" value={formatCents(money.pending_refund_cents)} /> : null}
          </dl>
          {allIn ? (
            <p className="text-sm text-muted-foreground" data-testid="manage-all-in">
              {ALL_IN_NOTE}
            </p>
          ) : null}
          <p className="mt-4 flex items-start gap-2 border-t pt-4 text-sm">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>
              <span className="font-medium">Cancellation policy:</span> <span data-testid="manage-refund-policy">{booking.refund_policy}</span>
              {deadline ? <span className="block text-muted-foreground">{deadline}</span> : null}
            </span>
          </p>
        </section>

        {cancelled ? null : <PartySeats manageToken={token} event={booking.event} split={booking.split} />}
        {!cancelled && booking.can_cancel ? <BookingExtras token={token} booking={booking} /> : null}
        {!cancelled && booking.can_cancel ? <ChangePlans token={token} booking={booking} onHandedOver={onHandedOver} /> : null}
        {cancelled ? null : booking.can_cancel ? (
          <section className="space-y-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="cancel-title">
            <h2 id="cancel-title" className="font-serif text-xl font-semibold">
              Can't make it?
            </h2>
            <p className="text-sm" data-testid="refund-now">
              {refundNowText(booking)}.
            </p>
            <CancelBooking token={token} booking={booking} />
          </section>
        ) : (
          <section className="rounded-xl border bg-card p-5 text-sm shadow-sm sm:p-6" role="note">
            This dinner has already started, so the booking can no longer be cancelled online. Please contact {booking.organization.name}.
          </section>
        )}
        <p className="px-1 text-center text-xs text-muted-foreground">
          Keep this page's link private: anyone who has it can change or cancel the booking.
        </p>
      </div>
    </main>
  );
}
