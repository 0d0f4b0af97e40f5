import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useReservations } from '../api/get-reservations';
import { reservationMessages } from '../messages';
import { RESERVATIONS_PAGE_SIZE, type AdminReservation } from '../types';
import { CancelReservationDialog } from './cancel-reservation-dialog';
import { EditReservationDialog } from './edit-reservation-dialog';
import { EmailGuestDialog } from './email-guest-dialog';
import { ReservationCards } from './reservation-cards';
import { RefundReservationDialog } from './refund-reservation-dialog';
import { ReservationsTable } from './reservations-table';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { SearchInput } from '@/components/ui/search-input';
import { useDebounced } from '@/hooks/use-debounced';
import { useErrorToast } from '@/hooks/use-error-toast';

interface Props {
  orgId: string;
  orgName: string;
  layout: 'desktop' | 'mobile';
}

export function ReservationsTab({ orgId, orgName, layout }: Props) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [page, setPage] = useState(0);
  const includeCancelled = layout === 'desktop';
  const query = useReservations(orgId, { search, page, includeCancelled });
  const [editing, setEditing] = useState<AdminReservation | null>(null);
  const [emailing, setEmailing] = useState<AdminReservation | null>(null);
  const [refunding, setRefunding] = useState<AdminReservation | null>(null);
  const [cancelling, setCancelling] = useState<AdminReservation | null>(null);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new search or filter starts on page 0 (after the render that saw it, as designed)
  useEffect(() => setPage(0), [search, includeCancelled]);
  useErrorToast(query.isError, reservationMessages.fetchFailed, reservationMessages.error);

  const total = query.data?.total ?? 0;
  const rows = query.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil(total / RESERVATIONS_PAGE_SIZE));
  const handlers = { onEdit: setEditing, onEmail: setEmailing, onRefund: setRefunding, onCancel: setCancelling };

  return (
    <AdminSection
      id="reservations"
      title="Reservations"
      actions={
        <SearchInput
          label="Search reservations by guest name, email or booking code"
          placeholder="Search by name, email or code"
          value={searchText}
          onValueChange={setSearchText}
        />
      }
    >
      <QueryStatus
        query={query}
        rows={query.data?.rows}
        loading="Loading reservations…"
        failed="Failed to fetch reservations"
        empty={search.trim() ? `No reservations match "${search.trim()}".` : 'No reservations yet.'}
      />
      {rows.length > 0 ? (
        layout === 'desktop' ? (
          <ReservationsTable rows={rows} {...handlers} />
        ) : (
          <ReservationCards rows={rows} {...handlers} />
        )
      ) : null}

      {total > 0 ? (
        <nav aria-label="Reservations pages" className="flex items-center justify-between gap-3 text-sm">
          <p aria-live="polite">
            {page * RESERVATIONS_PAGE_SIZE + 1}–{Math.min((page + 1) * RESERVATIONS_PAGE_SIZE, total)} of {total}
            {query.isFetching ? <span className="sr-only"> (updating)</span> : null}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
              Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1}>
              Next
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        </nav>
      ) : null}

      {editing ? <EditReservationDialog orgId={orgId} reservation={editing} onClose={() => setEditing(null)} /> : null}
      {emailing ? <EmailGuestDialog orgName={orgName} reservation={emailing} onClose={() => setEmailing(null)} /> : null}
      {refunding ? <RefundReservationDialog orgId={orgId} reservation={refunding} onClose={() => setRefunding(null)} /> : null}
      {cancelling ? <CancelReservationDialog orgId={orgId} reservation={cancelling} onClose={() => setCancelling(null)} /> : null}
    </AdminSection>
  );
}
