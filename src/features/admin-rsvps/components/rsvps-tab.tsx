import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRsvpOverview } from '../api/get-rsvp-overview';
import { useRsvpReservations } from '../api/get-rsvp-reservations';
import { RSVP_PAGE_SIZE } from '../types';
import { RsvpList } from './rsvp-list';
import { RsvpOverview } from './rsvp-overview';

export function RsvpsTab({ orgId, layout }: { orgId: string; layout: 'desktop' | 'mobile' }) {
  const [page, setPage] = useState(0);
  const desktop = layout === 'desktop';
  const overview = useRsvpOverview(orgId, desktop);
  const list = useRsvpReservations(orgId, page, !desktop);
  const failed = desktop ? overview.isError : list.isError;

  useEffect(() => {
    if (failed) toast.error('Error', { description: 'Failed to fetch reservations' });
  }, [failed]);

  const total = list.data?.total ?? 0;
  return (
    <section aria-labelledby="rsvps-heading" className="space-y-4">
      <h2 id="rsvps-heading" className="font-serif text-2xl font-semibold">
        RSVPs
      </h2>
      {failed ? <Alert variant="destructive">Failed to fetch RSVPs</Alert> : null}
      {desktop ? (
        overview.isPending ? (
          <Spinner label="Loading RSVPs…" />
        ) : overview.data && overview.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No RSVP events yet.</p>
        ) : overview.data ? (
          <RsvpOverview events={overview.data} />
        ) : null
      ) : list.isPending ? (
        <Spinner label="Loading RSVPs…" />
      ) : list.data && list.data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No RSVPs yet.</p>
      ) : list.data ? (
        <>
          <RsvpList rows={list.data.rows} />
          {total > RSVP_PAGE_SIZE ? (
            <div className="flex justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={(page + 1) * RSVP_PAGE_SIZE >= total} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
