import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck, LogOut } from 'lucide-react';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { eventTimeWithZone, formatEventDate, formatEventTime } from '@/lib/dates';
import { OfferLinkInvalidError } from '../api/get-waitlist-offer';
import { useLeaveWaitlist, useWaitlistPlace } from '../api/leave-waitlist';
import { leaveMessages } from '../messages';
import type { WaitlistPlace } from '../types';
import { LinkPageLoadFailed, OfferLinkInvalid } from './offer-link-invalid';
import { SummaryRows } from '@/components/summary-rows';
import { guestCount } from '@/lib/words';

interface Props {
  token: string;
  /** The route applies the organization's colors (features never import each other). */
  renderTheme?(colors: { primary_color: string | null }): ReactNode;
}

function PlaceDetails({ place }: { place: WaitlistPlace }) {
  const { event } = place;
  const rows = [
    { label: 'Event', value: event.title },
    { label: 'Date', value: formatEventDate(event.date) },
    { label: 'Time', value: eventTimeWithZone(event) },
    { label: 'Party', value: guestCount(place.party_size) },
    ...(place.ticket_type_name ? [{ label: 'Ticket', value: place.ticket_type_name }] : []),
    ...(!place.ticket_type_name && place.time_slot ? [{ label: 'Time slot', value: formatEventTime(place.time_slot) }] : []),
  ];
  return (
    <dl className="space-y-2 rounded-lg bg-muted/60 p-4 text-sm">
      <SummaryRows rows={rows} />
    </dl>
  );
}

/**
 * /waitlist/leave/{token}: the "Leave the waitlist" link of every waitlist email. Opening it
 * only shows the place in line (mail scanners and link previews open links, and must not take
 * anyone off a list); the one button leaves. Leaving twice, or after the party is off the list,
 * shows where the party stands.
 */
export function LeaveWaitlistPage({ token, renderTheme }: Props) {
  const place = useWaitlistPlace(token);
  const leave = useLeaveWaitlist(token);
  const { refetch } = place;
  const reload = useCallback(() => void refetch(), [refetch]);

  if (place.isPending) return <PageSpinner label={leaveMessages.loading} />;
  if (place.isError) {
    if (place.error instanceof OfferLinkInvalidError) return <OfferLinkInvalid />;
    return <LinkPageLoadFailed title={leaveMessages.pageTitle} message={place.error.message || leaveMessages.loadFailed} onRetry={reload} />;
  }

  const data = place.data;
  const org = data.organization;
  const onList = data.status === 'waiting' || data.status === 'offered';
  const done = {
    left: { heading: leaveMessages.leftHeading, body: leaveMessages.leftBody },
    claimed: { heading: leaveMessages.claimedHeading, body: leaveMessages.claimedBody },
    expired: { heading: leaveMessages.expiredHeading, body: leaveMessages.expiredBody },
    cancelled: { heading: leaveMessages.cancelledHeading, body: leaveMessages.cancelledBody },
  } as const;

  return (
    <div className="min-h-screen bg-muted/40">
      <PageMeta title={`${leaveMessages.pageTitle} · ${org.name}`} />
      {renderTheme?.(org)}
      <header className="bg-primary text-primary-foreground">
        <div className="container py-4">
          <Link to={paths.orgPage.getHref(org.slug)} className="font-serif text-xl font-semibold hover:underline">
            {org.name}
          </Link>
        </div>
      </header>
      <main className="container max-w-xl py-6 sm:py-10">
        <Card aria-labelledby="leave-title">
          <CardHeader className="space-y-2">
            {onList ? <LogOut className="h-8 w-8 text-muted-foreground" aria-hidden /> : <CircleCheck className="h-8 w-8 text-primary" aria-hidden />}
            <h1 id="leave-title" className="font-serif text-3xl font-semibold">
              {onList ? leaveMessages.heading : done[data.status as keyof typeof done].heading}
            </h1>
          </CardHeader>
          <CardContent className="space-y-5">
            <PlaceDetails place={data} />
            <p data-testid="leave-status" role={onList ? undefined : 'status'}>
              {onList
                ? data.status === 'offered'
                  ? leaveMessages.offeredNote
                  : leaveMessages.waitingNote
                : done[data.status as keyof typeof done].body}
            </p>
            {leave.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {leave.error.message || leaveMessages.leaveFailed}
              </p>
            ) : null}
            {onList ? (
              <Button size="lg" variant="destructive" className="w-full" disabled={leave.isPending} onClick={() => leave.mutate()}>
                {leave.isPending ? 'Leaving…' : leaveMessages.button}
              </Button>
            ) : (
              <Link
                to={paths.orgPage.getHref(org.slug)}
                className="inline-block font-medium text-primary underline underline-offset-4 hover:no-underline"
              >
                More from {org.name}
              </Link>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
