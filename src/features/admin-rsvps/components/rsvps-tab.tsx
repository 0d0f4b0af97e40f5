import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useRsvpOverview } from '../api/get-rsvp-overview';
import { useRsvpReservations } from '../api/get-rsvp-reservations';
import { RSVP_PAGE_SIZE } from '../types';
import { RsvpList } from './rsvp-list';
import { RsvpOverview } from './rsvp-overview';
import { AdminSection } from '@/components/admin/admin-section';
import { EmptyState } from '@/components/admin/query-status';
import { PageButtons } from '@/components/admin/page-buttons';
import { useErrorToast } from '@/hooks/use-error-toast';

export function RsvpsTab({ orgId, layout }: { orgId: string; layout: 'desktop' | 'mobile' }) {
  const [page, setPage] = useState(0);
  const desktop = layout === 'desktop';
  const overview = useRsvpOverview(orgId, desktop);
  const list = useRsvpReservations(orgId, page, !desktop);
  const failed = desktop ? overview.isError : list.isError;

  useErrorToast(failed, 'Failed to fetch reservations');

  const total = list.data?.total ?? 0;
  return (
    <AdminSection id="rsvps" title="RSVPs">
      {failed ? <Alert variant="destructive">Failed to fetch RSVPs</Alert> : null}
      {desktop ? (
        overview.isPending ? (
          <Spinner label="Loading RSVPs…" />
        ) : overview.data && overview.data.length === 0 ? (
          <EmptyState>No RSVP events yet.</EmptyState>
        ) : overview.data ? (
          <RsvpOverview events={overview.data} />
        ) : null
      ) : list.isPending ? (
        <Spinner label="Loading RSVPs…" />
      ) : list.data && list.data.rows.length === 0 ? (
        <EmptyState>No RSVPs yet.</EmptyState>
      ) : list.data ? (
        <>
          <RsvpList rows={list.data.rows} />
          {total > RSVP_PAGE_SIZE ? (
            <div className="flex justify-between gap-2">
              <PageButtons page={page} setPage={setPage} last={(page + 1) * RSVP_PAGE_SIZE >= total} />
            </div>
          ) : null}
        </>
      ) : null}
    </AdminSection>
  );
}
