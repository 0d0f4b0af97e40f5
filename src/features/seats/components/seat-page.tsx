import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { Armchair, CalendarDays, CircleCheck, MapPin } from 'lucide-react';
import { z } from 'zod';
import { CountedField } from '@/components/forms/counted-field';
import { GuestNameEmailFields } from '@/components/forms/guest-contact-fields';
import { SubmitButton } from '@/components/forms/submit-button';
import { LinkInvalidPage, LoadFailedPage, MessagePage } from '@/components/message-page';
import { HostHeader } from '@/components/host-header';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { eventTimeWithZone, formatEventDate, formatInstant } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { ALLERGENS } from '../../../../supabase/functions/_shared/allergens.ts';
import { type SeatInvitation, SeatLinkInvalidError, useClaimSeat, useSeatInvitation } from '../api/seats';
import { GiveUpSeat } from './give-up-seat';

const SeatPayment = lazy(() => import('./seat-payment'));
const SeatExtras = lazy(() => import('./seat-extras'));

const NOTES_MAX = 500;

const seatSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(100, 'The name is too long (100 characters at most).'),
  email: z.string().trim().max(320, 'The email address is too long.').pipe(z.email('Please enter a valid email address.')),
  allergens: z.array(z.string()),
  dietaryNotes: z.string().max(NOTES_MAX, `Dietary notes are too long (${NOTES_MAX} characters at most).`),
});
type SeatValues = z.infer<typeof seatSchema>;

/** /seat/{token}: a guest of a booking claims their seat, or comes back to change their needs. */
export function SeatPage({ token }: { token: string }) {
  const query = useSeatInvitation(token);
  const [givenUp, setGivenUp] = useState<number | null>(null);
  if (givenUp !== null) return <SeatGivenUp refundedCents={givenUp} />;
  if (query.isPending) return <PageSpinner label="Loading your seat…" />;
  if (query.isError) {
    if (query.error instanceof SeatLinkInvalidError) return <SeatLinkInvalid />;
    return <LoadFailedPage title="We could not load your seat" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <SeatView token={token} seat={query.data} onGivenUp={setGivenUp} />;
}

/** After giving the seat up: this link opens nothing any more, and says so. */
function SeatGivenUp({ refundedCents }: { refundedCents: number }) {
  return (
    <MessagePage title="You gave up your seat" icon={<CircleCheck className="h-10 w-10 text-green-700" aria-hidden />}>
      <p role="status" className="max-w-md text-muted-foreground">
        {refundedCents > 0 ? `We are refunding ${formatCents(refundedCents)} to the card you paid with. ` : ''}The seat went back, and we have told
        the person who booked. This link no longer works.
      </p>
    </MessagePage>
  );
}

function SeatLinkInvalid() {
  return (
    <LinkInvalidPage title="This seat link is not valid" heading="This seat link is not valid" testId="seat-link-invalid">
      Check that you opened the whole link. If it still does not work, ask the person who booked for a new one.
    </LinkInvalidPage>
  );
}

/** Why the seat cannot be claimed now, in the guest's words; null while it can. */
function closedText(seat: SeatInvitation): string | null {
  switch (seat.state) {
    case 'cancelled':
      return 'This booking has been cancelled, so its seats can no longer be claimed.';
    case 'started':
      return 'This dinner has already started, so its seats can no longer be changed.';
    case 'full':
      return `Every seat of this party has been claimed. Ask ${seat.host_first_name} for a seat of your own.`;
    default:
      return null;
  }
}

function SeatView({ token, seat, onGivenUp }: { token: string; seat: SeatInvitation; onGivenUp(refundedCents: number): void }) {
  const navigate = useNavigate();
  const claim = useClaimSeat();
  // Saved on the party link's page, which then opened this seat's own.
  const [saved, setSaved] = useState(Boolean((useLocation().state as { saved?: boolean } | null)?.saved));
  const [refusal, setRefusal] = useState<string | null>(null);
  const booker = seat.is_booker === true;
  const form = useForm<SeatValues>({
    resolver: zodResolver(seatSchema),
    mode: 'onTouched',
    defaultValues: {
      name: seat.guest_name ?? '',
      email: seat.guest_email ?? '',
      allergens: seat.allergens ?? [],
      dietaryNotes: seat.dietary_notes ?? '',
    },
  });
  const errors = form.formState.errors;
  const closed = closedText(seat);
  const when = `${formatEventDate(seat.event_date)} · ${eventTimeWithZone({ date: seat.event_date, time: seat.event_time, timezone: seat.event_timezone })}`;

  function submit(values: SeatValues) {
    setRefusal(null);
    claim.mutate(
      { token, name: values.name, email: values.email, allergens: values.allergens, dietaryNotes: values.dietaryNotes },
      {
        onSuccess: (claimed) => {
          setSaved(true);
          // A party link claimed the next free seat: from now on this guest's page is that seat's own.
          if (claimed.seat_token !== token) void navigate(paths.seat.getHref(claimed.seat_token), { replace: true, state: { saved: true } });
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  }

  const heading = booker ? 'Your seat' : seat.claimed ? `${seat.guest_name}'s seat` : `${seat.host_first_name} saved you a seat`;

  return (
    <main className="min-h-screen bg-muted/40 pb-16">
      <PageMeta title={`Your seat: ${seat.event_title}`} description={`A seat at ${seat.event_title} with ${seat.org_name}.`} />
      <HostHeader
        host={{ name: seat.org_name, slug: seat.org_slug, primary_color: seat.org_primary_color, logo_url: seat.org_logo_url }}
        testId="seat-header"
      />
      <div className="mx-auto -mt-12 max-w-xl space-y-4 px-4">
        <section className="rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="seat-title">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Armchair className="h-4 w-4" aria-hidden />
            {seat.kind === 'seat' ? `Seat ${seat.seat_no}` : 'Your party'} · {seat.org_name}
          </p>
          <h1 id="seat-title" className="mt-2 font-serif text-3xl font-semibold leading-tight">
            {heading}
          </h1>
          <p className="mt-1 text-lg">{seat.event_title}</p>
          <ul className="mt-3 space-y-1 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <CalendarDays className="h-4 w-4 shrink-0" aria-hidden />
              <span data-testid="seat-when">{when}</span>
            </li>
            {seat.location_name ? (
              <li className="flex items-center gap-2">
                <MapPin className="h-4 w-4 shrink-0" aria-hidden />
                {seat.location_name}
              </li>
            ) : null}
          </ul>
        </section>

        {closed ? (
          <section role="status" className="rounded-xl border bg-card p-5 text-sm shadow-sm sm:p-6" data-testid="seat-closed">
            {closed}
          </section>
        ) : (
          <form
            noValidate
            aria-label="Your seat"
            className="space-y-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
            onSubmit={(e) => void form.handleSubmit(submit)(e)}
          >
            <p className="text-sm text-muted-foreground">
              {booker
                ? 'Tell the kitchen what you cannot eat. Your name and email are the booking’s.'
                : 'Tell the host who is coming and what you cannot eat. Only the host and their staff see your email and needs.'}
            </p>
            {booker ? (
              <p className="text-sm">
                <span className="font-medium">{seat.guest_name}</span> · {seat.guest_email}
              </p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <GuestNameEmailFields register={form.register} errors={errors} nameLabel="Full name" />
              </div>
            )}
            <fieldset>
              <legend className="text-sm font-medium">Allergies</legend>
              <p className="text-xs text-muted-foreground">Tick every one that applies to you.</p>
              <div className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-2">
                {ALLERGENS.map((a) => (
                  <label key={a.key} className="flex min-h-9 items-center gap-3 rounded-md px-1 text-sm hover:bg-muted/60">
                    <input type="checkbox" value={a.key} className="h-5 w-5 shrink-0 accent-primary" {...form.register('allergens')} />
                    {a.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <CountedField
              label="Other dietary needs"
              error={errors.dietaryNotes?.message}
              rule={`Up to ${NOTES_MAX} characters`}
              value={form.watch('dietaryNotes')}
              max={NOTES_MAX}
              testId="seat-notes-count"
            >
              <Textarea rows={3} placeholder="Vegetarian, no pork, pregnant…" {...form.register('dietaryNotes')} />
            </CountedField>
            {refusal ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
                data-testid="seat-refusal"
              >
                {refusal}
              </p>
            ) : null}
            {saved ? (
              <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800" data-testid="seat-saved">
                <CircleCheck className="h-4 w-4" aria-hidden /> Your seat is saved. Keep this page’s link to change your answers.
              </p>
            ) : null}
            <SubmitButton className="w-full sm:w-auto" pending={claim.isPending} pendingLabel="Saving…">
              {seat.claimed ? 'Save changes' : 'Claim my seat'}
            </SubmitButton>
          </form>
        )}
        {closed ? null : <SeatPaymentState token={token} seat={seat} />}
        {!closed &&
        seat.kind === 'seat' &&
        seat.claimed &&
        seat.payment !== 'due' &&
        Array.isArray(seat.addon_offers) &&
        seat.addon_offers.length > 0 ? (
          <Suspense fallback={null}>
            <SeatExtras token={token} seat={seat} />
          </Suspense>
        ) : null}
        {!closed && seat.payment && seat.kind === 'seat' && seat.claimed && !seat.is_booker ? (
          <GiveUpSeat token={token} seat={seat} onGivenUp={onGivenUp} />
        ) : null}
      </div>
    </main>
  );
}

/**
 * Where each guest pays their own seat: paid, the payment form (a claimed seat), or what is
 * due once claimed (an unclaimed seat, or the party link). Nothing for a booking paid as a whole.
 */
function SeatPaymentState({ token, seat }: { token: string; seat: SeatInvitation }) {
  if (!seat.payment || seat.is_booker) return null;
  if (seat.payment === 'paid') {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border bg-card p-5 text-sm font-medium text-green-800 shadow-sm"
        data-testid="seat-paid"
      >
        <CircleCheck className="h-4 w-4" aria-hidden /> Your seat is paid.
      </p>
    );
  }
  if (seat.kind === 'seat' && seat.claimed) {
    return (
      <Suspense fallback={null}>
        <SeatPayment token={token} seat={seat} />
      </Suspense>
    );
  }
  const until = seat.pay_by ? formatInstant(seat.pay_by, seat.event_timezone) : 'the dinner';
  return (
    <p className="rounded-xl border bg-card p-5 text-sm text-muted-foreground shadow-sm" data-testid="seat-pay-note">
      Everyone at this table pays their own seat: {formatCents(seat.seat_cents ?? 0)}. Claim your seat, then pay for it here by {until}.
    </p>
  );
}
