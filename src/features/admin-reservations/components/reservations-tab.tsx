import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCancelReservation } from '../api/cancel-reservation';
import { useReservations } from '../api/get-reservations';
import { reservationMessages } from '../messages';
import { RESERVATIONS_PAGE_SIZE, type AdminReservation } from '../types';
import { EditReservationDialog } from './edit-reservation-dialog';
import { EmailGuestDialog } from './email-guest-dialog';
import { ReservationCards } from './reservation-cards';
import { ReservationsTable } from './reservations-table';

interface Props {
  orgId: string;
  orgName: string;
  layout: 'desktop' | 'mobile';
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export function ReservationsTab({ orgId, orgName, layout }: Props) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [page, setPage] = useState(0);
  const includeCancelled = layout === 'desktop';
  const query = useReservations(orgId, { search, page, includeCancelled });
  const [editing, setEditing] = useState<AdminReservation | null>(null);
  const [emailing, setEmailing] = useState<AdminReservation | null>(null);
  const [cancelling, setCancelling] = useState<AdminReservation | null>(null);
  const cancel = useCancelReservation(orgId, {
    onSuccess: () => {
      toast.success(reservationMessages.success, { description: reservationMessages.cancelled });
      setCancelling(null);
    },
    onError: () => {
      toast.error(reservationMessages.error, { description: reservationMessages.cancelFailed });
      setCancelling(null);
    },
  });

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new search or filter starts on page 0 (after the render that saw it, as designed)
  useEffect(() => setPage(0), [search, includeCancelled]);
  useEffect(() => {
    if (query.isError) toast.error(reservationMessages.error, { description: reservationMessages.fetchFailed });
  }, [query.isError]);

  const total = query.data?.total ?? 0;
  const rows = query.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil(total / RESERVATIONS_PAGE_SIZE));
  const handlers = { onEdit: setEditing, onEmail: setEmailing, onCancel: setCancelling };

  return (
    <section aria-labelledby="reservations-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reservations-heading" className="font-serif text-2xl font-semibold">
          Reservations
        </h2>
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search reservations by guest name or email"
            placeholder="Search by name or email"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      {query.isPending ? <Spinner label="Loading reservations…" /> : null}
      {query.isError ? <Alert variant="destructive">Failed to fetch reservations</Alert> : null}
      {query.data && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {search.trim() ? `No reservations match "${search.trim()}".` : 'No reservations yet.'}
        </p>
      ) : null}
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
      {cancelling ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title="Cancel this reservation?"
          description={`${cancelling.name}'s reservation for ${cancelling.event_title} (${cancelling.num_guests} ${cancelling.num_guests === 1 ? 'guest' : 'guests'}) will be cancelled and the seats returned. This cannot be undone.`}
          confirmLabel={cancel.isPending ? 'Cancelling…' : 'Cancel reservation'}
          cancelLabel="Keep reservation"
          destructive
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(cancelling.id)}
        />
      ) : null}
    </section>
  );
}
