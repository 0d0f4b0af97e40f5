import { useEffect, useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PersonCards } from '@/components/admin/person-cards';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { downloadCsv } from '@/lib/csv';
import { useExportGuests } from '../api/export-guests';
import { useGuests } from '../api/get-guests';
import { GUESTS_PAGE_SIZE, type AdminGuest } from '../types';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { SearchInput } from '@/components/ui/search-input';
import { useDebounced } from '@/hooks/use-debounced';
import { PageButtons } from '@/components/admin/page-buttons';
import { withReason } from '@/lib/error-reason';
import { guestCount } from '@/lib/words';

function GuestsTable({ guests }: { guests: AdminGuest[] }) {
  return (
    <DataTable label="Guests" columns={['Name', 'Email', 'Phone', 'Reservations', 'Guests']} rightAligned={['Reservations', 'Guests']}>
      {guests.map((g) => (
        <TableRow key={g.email}>
          <TableCell className="font-medium">{g.name}</TableCell>
          <TableCell>{g.email}</TableCell>
          <TableCell>{g.phone || '—'}</TableCell>
          <TableCell className="text-right tabular-nums">{g.reservation_count}</TableCell>
          <TableCell className="text-right tabular-nums">{g.guest_count}</TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

function GuestCards({ guests }: { guests: AdminGuest[] }) {
  return (
    <PersonCards
      label="Guests"
      rows={guests}
      rowKey={(g) => g.email}
      name={(g) => g.name}
      count={(g) => `${g.reservation_count} ${g.reservation_count === 1 ? 'reservation' : 'reservations'}`}
    >
      {(g) => (
        <>
          <p className="break-all">{g.email}</p>
          {g.phone ? <p>{g.phone}</p> : null}
        </>
      )}
    </PersonCards>
  );
}

export function GuestsTab({ orgId, orgSlug, layout }: { orgId: string; orgSlug: string; layout: 'desktop' | 'mobile' }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [page, setPage] = useState(0);
  const guests = useGuests(orgId, search, page);
  const exporter = useExportGuests(orgId, {
    onSuccess: (csv) => downloadCsv(`guests-${orgSlug}-${new Date().toISOString().slice(0, 10)}.csv`, csv),
    onError: (error) => toast.error('Error', { description: withReason('Failed to export guests', error) }),
  });

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new search starts on page 0 (after the render that saw it, as designed)
  useEffect(() => setPage(0), [search]);

  const total = guests.data?.total ?? 0;
  const rows = guests.data?.rows ?? [];
  return (
    <AdminSection
      id="guests"
      title="Guests"
      actions={
        <Button variant="outline" onClick={() => exporter.mutate()} disabled={exporter.isPending || total === 0}>
          <Download className="h-4 w-4" aria-hidden />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <SearchInput label="Search guests by name or email" placeholder="Search by name or email" value={searchText} onValueChange={setSearchText} />
      <QueryStatus query={guests} rows={guests.data?.rows} loading="Loading guests…" failed="Failed to fetch guests" empty="No guests yet." toast />
      {rows.length > 0 ? layout === 'desktop' ? <GuestsTable guests={rows} /> : <GuestCards guests={rows} /> : null}
      {total > GUESTS_PAGE_SIZE ? (
        <nav aria-label="Guests pages" className="flex items-center justify-between gap-3 text-sm">
          <p>
            {page * GUESTS_PAGE_SIZE + 1}–{Math.min((page + 1) * GUESTS_PAGE_SIZE, total)} of {total}
          </p>
          <div className="flex gap-2">
            <PageButtons page={page} setPage={setPage} last={(page + 1) * GUESTS_PAGE_SIZE >= total} />
          </div>
        </nav>
      ) : total > 0 ? (
        <p className="text-sm text-muted-foreground">{guestCount(total)}</p>
      ) : null}
    </AdminSection>
  );
}
