import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { Download, Printer, WifiOff } from 'lucide-react';
import { toast } from 'sonner';
import { EventPageTitle } from '@/components/admin/back-to-events';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { downloadCsv } from '@/lib/csv';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { useDoorList } from '../api/get-door-list';
import { useDoorView } from '../hooks/use-door-view';
import { doorCsvFilename, doorListToCsv } from '../lib/csv';
import { matchesSearch, totalsLine } from '../lib/door-list';
import { doorMessages } from '../messages';
import { PartyCard } from './party-card';
import { RunSheet } from './run-sheet';

/** /admin/door/:eventId — the phone-first door list of one event. */
export function DoorPage({ eventId }: { eventId: string }) {
  const query = useDoorList(eventId);
  const view = useDoorView(eventId, query.data);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);

  if (query.isPending) return <PageSpinner label="Loading the door list…" />;
  if (!query.data) {
    return (
      <main className="container max-w-xl py-16">
        <h1 className="mb-4 font-serif text-2xl font-semibold">{doorMessages.loadFailed}</h1>
        <Alert variant="destructive">{query.error?.message}</Alert>
        <Button asChild variant="link" className="mt-4 px-0">
          <Link to={paths.admin.getHref()}>Back to the admin panel</Link>
        </Button>
      </main>
    );
  }

  const { event } = query.data;
  const totals = view.totals ?? query.data.totals;
  const shown = view.parties.filter((p) => matchesSearch(p, deferredSearch));
  const reconnecting = view.reconnecting || (query.isRefetchError && query.failureCount > 0);

  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur print:hidden">
        <div className="container max-w-3xl space-y-2 py-3">
          <EventPageTitle orgId={event.orgId}>
            <h1 className="truncate font-serif text-xl font-semibold leading-tight">{event.title}</h1>
            <p className="truncate text-sm text-muted-foreground">
              {formatEventDate(event.date, 'EEE, MMM d')} · {formatEventTime(event.eventTime)}
              {event.locationName ? ` · ${event.locationName}` : ''}
            </p>
          </EventPageTitle>
          <p className="font-semibold tabular-nums" data-testid="door-totals" aria-live="polite">
            {totalsLine(totals)}
          </p>
          <SearchInput label="Search parties" placeholder="Name, email or booking code" value={search} onValueChange={setSearch} />
        </div>
        {reconnecting ? (
          <p role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-1.5 text-sm font-medium text-amber-950">
            <WifiOff className="h-4 w-4" aria-hidden />
            {doorMessages.reconnecting}
          </p>
        ) : null}
      </header>

      <main className="container max-w-3xl space-y-3 py-4 print:hidden">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden />
            Print run sheet
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              downloadCsv(doorCsvFilename(event), doorListToCsv({ parties: view.parties }));
              toast.success(doorMessages.csvReady);
            }}
          >
            <Download className="h-4 w-4" aria-hidden />
            Download CSV
          </Button>
        </div>
        {view.parties.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{doorMessages.empty}</p>
        ) : shown.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{doorMessages.noMatch}</p>
        ) : (
          <ul className="space-y-3" aria-label="Parties">
            {shown.map((party) => (
              <li key={party.id}>
                <PartyCard eventId={eventId} party={party} />
              </li>
            ))}
          </ul>
        )}
      </main>

      <RunSheet event={event} parties={view.parties} totals={totals} />
    </div>
  );
}
