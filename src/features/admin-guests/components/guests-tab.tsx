import { useEffect, useState } from 'react';
import { Download, Search } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadCsv, useExportGuests } from '../api/export-guests';
import { useGuests } from '../api/get-guests';
import { GUESTS_PAGE_SIZE, type AdminGuest } from '../types';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function GuestsTable({ guests }: { guests: AdminGuest[] }) {
  return (
    <Table aria-label="Guests">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Phone</TableHead>
          <TableHead className="text-right">Reservations</TableHead>
          <TableHead className="text-right">Guests</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {guests.map((g) => (
          <TableRow key={g.email}>
            <TableCell className="font-medium">{g.name}</TableCell>
            <TableCell>{g.email}</TableCell>
            <TableCell>{g.phone || '—'}</TableCell>
            <TableCell className="text-right tabular-nums">{g.reservation_count}</TableCell>
            <TableCell className="text-right tabular-nums">{g.guest_count}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function GuestCards({ guests }: { guests: AdminGuest[] }) {
  return (
    <ul className="space-y-3" aria-label="Guests">
      {guests.map((g) => (
        <li key={g.email}>
          <Card>
            <CardContent className="space-y-1 p-4 text-sm sm:p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{g.name}</h3>
                <span className="text-muted-foreground">
                  {g.reservation_count} {g.reservation_count === 1 ? 'reservation' : 'reservations'}
                </span>
              </div>
              <p className="break-all">{g.email}</p>
              {g.phone ? <p>{g.phone}</p> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function GuestsTab({ orgId, orgSlug, layout }: { orgId: string; orgSlug: string; layout: 'desktop' | 'mobile' }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [page, setPage] = useState(0);
  const guests = useGuests(orgId, search, page);
  const exporter = useExportGuests(orgId, {
    onSuccess: (csv) => downloadCsv(`guests-${orgSlug}-${new Date().toISOString().slice(0, 10)}.csv`, csv),
    onError: () => toast.error('Error', { description: 'Failed to export guests' }),
  });

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new search starts on page 0 (after the render that saw it, as designed)
  useEffect(() => setPage(0), [search]);
  useEffect(() => {
    if (guests.isError) toast.error('Error', { description: 'Failed to fetch guests' });
  }, [guests.isError]);

  const total = guests.data?.total ?? 0;
  const rows = guests.data?.rows ?? [];
  return (
    <section aria-labelledby="guests-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="guests-heading" className="font-serif text-2xl font-semibold">
          Guests
        </h2>
        <Button variant="outline" onClick={() => exporter.mutate()} disabled={exporter.isPending || total === 0}>
          <Download className="h-4 w-4" aria-hidden />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <div className="relative w-full sm:w-80">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search guests by name or email"
          placeholder="Search by name or email"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          className="pl-9"
        />
      </div>
      {guests.isPending ? <Spinner label="Loading guests…" /> : null}
      {guests.isError ? <Alert variant="destructive">Failed to fetch guests</Alert> : null}
      {guests.data && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No guests yet.</p>
      ) : null}
      {rows.length > 0 ? layout === 'desktop' ? <GuestsTable guests={rows} /> : <GuestCards guests={rows} /> : null}
      {total > GUESTS_PAGE_SIZE ? (
        <nav aria-label="Guests pages" className="flex items-center justify-between gap-3 text-sm">
          <p>
            {page * GUESTS_PAGE_SIZE + 1}–{Math.min((page + 1) * GUESTS_PAGE_SIZE, total)} of {total}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={(page + 1) * GUESTS_PAGE_SIZE >= total} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        </nav>
      ) : total > 0 ? (
        <p className="text-sm text-muted-foreground">
          {total} {total === 1 ? 'guest' : 'guests'}
        </p>
      ) : null}
    </section>
  );
}
