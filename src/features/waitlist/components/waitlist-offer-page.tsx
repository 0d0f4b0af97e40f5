import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, TimerOff } from 'lucide-react';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { BookingConfirmation } from '@/features/checkout/components/booking-confirmation';
import { PaymentStep } from '@/features/checkout/components/payment-step';
import type { SummaryRow } from '@/features/checkout/types';
import { eventTimeWithZone, formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { quoteLines } from '@/lib/price-lines';
import { ClaimRefusal, claimWaitlistOffer } from '../api/claim-waitlist-offer';
import { OfferLinkInvalidError, useWaitlistOffer } from '../api/get-waitlist-offer';
import { formatHeldUntil } from '../lib/offer-time';
import { offerPageMessages, waitlistMessages } from '../messages';
import type { ClaimedOffer, OfferKind, WaitlistOffer } from '../types';
import { OfferCountdown } from './offer-countdown';
import { LinkPageLoadFailed, OfferLinkInvalid } from './offer-link-invalid';
import { SummaryRows } from '@/components/summary-rows';

interface Props {
  token: string;
  /** What the route's link is, for the page shown before the server answers (loading, not valid); then the offer's own kind rules. */
  linkKind?: OfferKind;
  /** The route applies the organization's colors (features never import each other). */
  renderTheme?(colors: { primary_color: string | null }): ReactNode;
}

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

function safeImageUrl(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url.trim()) ? url.trim() : null;
}

/** What the offer holds: the rows of the payment step and of the confirmation. */
function offerRows(offer: WaitlistOffer): SummaryRow[] {
  const { event } = offer;
  return [
    { label: 'Event', value: event.title },
    { label: 'Date', value: formatEventDate(event.date) },
    { label: 'Time', value: eventTimeWithZone(event) },
    ...(event.location_name ? [{ label: 'Location', value: event.location_name }] : []),
    { label: 'Party', value: offer.guests === 1 ? '1 guest' : `${offer.guests} guests` },
    ...(offer.ticket_type_name ? [{ label: 'Ticket', value: offer.ticket_type_name }] : []),
    ...(!offer.ticket_type_name && offer.time_slot ? [{ label: 'Time slot', value: formatEventTime(offer.time_slot) }] : []),
  ];
}

/**
 * /waitlist/{token}: seats freed up and are held for a waiting party. Shows the offer in the
 * organization's colors with its deadline, and the payment step for exactly those seats at the
 * server's price (one 'Claim' button when free); then the confirmation with the booking code and
 * the manage link. A lapsed, claimed or unknown offer gets a page of its own.
 *
 * /pay/{token} is the same page for a booking staff entered with a payment link (`offer.kind`
 * 'payment_link'): the same steps, in its own words (the host held the seats; no waitlist).
 */
export function WaitlistOfferPage({ token, linkKind = 'waitlist_offer', renderTheme }: Props) {
  const offer = useWaitlistOffer(token);
  const [claimed, setClaimed] = useState<ClaimedOffer | null>(null);
  const { refetch } = offer;
  const reload = useCallback(() => void refetch(), [refetch]);

  if (offer.isPending) return <PageSpinner label={offerPageMessages[linkKind].loading} />;
  if (offer.isError) {
    if (offer.error instanceof OfferLinkInvalidError) return <OfferLinkInvalid kind={linkKind} />;
    return (
      <LinkPageLoadFailed
        title={offerPageMessages[linkKind].pageTitle}
        message={offer.error.message || offerPageMessages[linkKind].loadFailed}
        onRetry={reload}
      />
    );
  }

  const data = offer.data;
  const org = data.organization;
  const logo = safeImageUrl(org.logo_url);
  let body: ReactNode;
  if (claimed) body = <Claimed offer={data} claimed={claimed} />;
  else if (data.status === 'open') body = <OpenOffer token={token} offer={data} onClaimed={setClaimed} onStale={reload} />;
  else if (data.status === 'claimed') body = <AlreadyClaimed token={token} offer={data} />;
  else body = <Expired offer={data} />;

  return (
    <div className="min-h-screen bg-muted/40">
      <PageMeta title={`${offerPageMessages[data.kind].pageTitle} · ${org.name}`} />
      {renderTheme?.(org)}
      <header className="bg-primary text-primary-foreground">
        <div className="container flex items-center gap-3 py-4">
          {logo ? <img src={logo} alt="" className="h-10 w-10 rounded-full bg-background object-cover" /> : null}
          <Link to={paths.orgPage.getHref(org.slug)} className="font-serif text-xl font-semibold hover:underline">
            {org.name}
          </Link>
        </div>
      </header>
      <main className="container max-w-xl space-y-5 py-6 sm:py-10">{body}</main>
    </div>
  );
}

function OpenOffer({
  token,
  offer,
  onClaimed,
  onStale,
}: {
  token: string;
  offer: WaitlistOffer;
  onClaimed(claimed: ClaimedOffer): void;
  /** The server refused because the offer changed (lapsed): reload it. */
  onStale(): void;
}) {
  const navigate = useNavigate();
  const free = offer.total_cents === 0;
  const words = offerPageMessages[offer.kind];
  const backToOrg = () => void navigate(paths.orgPage.getHref(offer.organization.slug));

  const pay = useCallback(
    async (paymentToken: string | null) => {
      try {
        return await claimWaitlistOffer({ token, paymentToken, amount: offer.total_cents });
      } catch (error) {
        if (error instanceof ClaimRefusal && error.status === 409) onStale();
        throw error;
      }
    },
    [token, offer.total_cents, onStale],
  );
  const claimFree = useMutation({
    mutationFn: () => pay(null),
    onSuccess: (claimed) => {
      toast.success(waitlistMessages.claimed.title, { description: waitlistMessages.claimed.description });
      onClaimed(claimed);
    },
    onError: (error) => toast.error(words.payFailed, { description: error.message || waitlistMessages.unreachable }),
  });

  return (
    <>
      <div className="space-y-2">
        <h1 className="font-serif text-3xl font-semibold">{words.heading}</h1>
        <p className="text-muted-foreground" data-testid="offer-intro">
          {offer.kind === 'payment_link' ? (
            <>
              Your host has held {offer.guests === 1 ? '1 seat' : `${offer.guests} seats`} for you
              {offer.expires_at ? ` until ${formatHeldUntil(offer.expires_at, offer.event.timezone)}` : ''} at {offer.event.title}, {offer.name}. Pay
              below to confirm your booking; if it is not paid in time, the seats are released.
            </>
          ) : (
            <>
              Good news, {offer.name}: seats freed up for {offer.event.title}. Claim them before the offer ends — after that they go to the next party
              on the waitlist.
            </>
          )}
        </p>
      </div>
      {offer.expires_at ? <OfferCountdown expiresAt={offer.expires_at} timeZone={offer.event.timezone} onExpired={onStale} /> : null}
      {free ? (
        <Card aria-labelledby="claim-title">
          <CardHeader>
            <h2 id="claim-title" className="font-serif text-2xl font-semibold">
              {offer.kind === 'payment_link' ? 'Confirm your booking' : 'Claim your seats'}
            </h2>
          </CardHeader>
          <CardContent className="space-y-5">
            <dl className="space-y-2 rounded-lg bg-muted/60 p-4 text-sm">
              <SummaryRows rows={offerRows(offer)} />
              <div className="flex justify-between gap-4 border-t pt-2 text-base">
                <dt className="font-semibold">Total</dt>
                <dd className="font-semibold" data-testid="payment-total">
                  {formatCents(0)}
                </dd>
              </div>
            </dl>
            {offer.refund_policy ? (
              <p className="text-sm" data-testid="payment-refund-policy">
                <span className="text-muted-foreground">Cancellation policy: </span>
                {offer.refund_policy}
              </p>
            ) : null}
            <Button size="lg" className="w-full" disabled={claimFree.isPending} onClick={() => claimFree.mutate()}>
              {claimFree.isPending
                ? offer.kind === 'payment_link'
                  ? 'Confirming…'
                  : 'Claiming…'
                : offer.kind === 'payment_link'
                  ? 'Confirm'
                  : 'Claim'}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <PaymentStep
          title={words.payTitle}
          description={words.payDescription}
          summary={offerRows(offer)}
          amountCents={offer.total_cents}
          lines={quoteLines({
            subtotalCents: offer.subtotal_cents ?? offer.total_cents,
            discountCents: offer.discount_cents ?? 0,
            totalCents: offer.total_cents,
            serviceChargeCents: offer.service_charge_cents ?? 0,
            taxCents: offer.tax_cents ?? 0,
            priceDisplay: offer.price_display ?? 'itemized',
          })}
          refundPolicy={offer.refund_policy}
          backLabel={`Back to ${offer.organization.name}`}
          onBack={backToOrg}
          checkout={{
            kind: 'custom',
            eventId: offer.event_id,
            payer: { name: offer.name, email: offer.email },
            failureTitle: words.payFailed,
            pay: ({ token: cardToken }) => pay(cardToken),
          }}
          onSuccess={(result) => {
            toast.success(waitlistMessages.claimed.title, { description: waitlistMessages.claimed.description });
            onClaimed({
              reservationId: result.reservationId,
              amountCents: result.amountCents,
              bookingCode: result.bookingCode ?? null,
              manageToken: result.manageToken ?? null,
            });
          }}
        />
      )}
    </>
  );
}

function Claimed({ offer, claimed }: { offer: WaitlistOffer; claimed: ClaimedOffer }) {
  const navigate = useNavigate();
  return (
    <BookingConfirmation
      variant="page"
      title="Reservation Confirmed"
      note={`Thank you, ${offer.name}. A confirmation has been sent to ${offer.email}.`}
      rows={[...offerRows(offer), { label: 'Total paid', value: formatCents(claimed.amountCents) }]}
      rowsTestId="waitlist-confirmation"
      refundPolicy={offer.refund_policy}
      booking={{ bookingCode: claimed.bookingCode, manageToken: claimed.manageToken }}
      anotherLabel={`Back to ${offer.organization.name}`}
      onAnother={() => void navigate(paths.orgPage.getHref(offer.organization.slug))}
    />
  );
}

function AlreadyClaimed({ token, offer }: { token: string; offer: WaitlistOffer }) {
  return (
    <Card role="region" aria-labelledby="claimed-title" data-testid="waitlist-offer-claimed">
      <CardHeader className="items-center text-center">
        <CircleCheck className="h-12 w-12 text-emerald-700" aria-hidden />
        <h1 id="claimed-title" className="font-serif text-3xl font-semibold">
          {offerPageMessages[offer.kind].alreadyDone}
        </h1>
        <p className="text-muted-foreground">
          These seats for {offer.event.title} on {formatEventDate(offer.event.date)} are booked.
        </p>
      </CardHeader>
      <CardContent className="space-y-2 text-center">
        {offer.booking_code ? (
          <p>
            Booking code <span className="font-mono font-semibold tracking-wider">{offer.booking_code}</span>
          </p>
        ) : null}
        {/* The offer's link is the booking's own private key: the same token opens its manage page. */}
        <p>
          <Link to={paths.manageBooking.getHref(token)} className={linkClass}>
            Manage or cancel your booking
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function Expired({ offer }: { offer: WaitlistOffer }) {
  const words = offerPageMessages[offer.kind];
  return (
    <Card role="region" aria-labelledby="expired-title" data-testid="waitlist-offer-expired">
      <CardHeader className="items-center text-center">
        <TimerOff className="h-12 w-12 text-muted-foreground" aria-hidden />
        <h1 id="expired-title" className="font-serif text-3xl font-semibold">
          {words.expiredHeading}
        </h1>
        <p className="text-muted-foreground">{words.expired}</p>
      </CardHeader>
      <CardContent className="text-center">
        <Link to={paths.orgPage.getHref(offer.organization.slug)} className={linkClass}>
          See {offer.organization.name}&apos;s upcoming dinners
        </Link>
      </CardContent>
    </Card>
  );
}
