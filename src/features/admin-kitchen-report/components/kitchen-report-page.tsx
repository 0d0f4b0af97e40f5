import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChefHat, Printer } from 'lucide-react';
import { toast } from 'sonner';
import { EventPageTitle } from '@/components/admin/back-to-events';
import { LoadFailedPage } from '@/components/message-page';
import { PageSpinner } from '@/components/layout/page-spinner';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { eventTimeWithZone, formatEventDate, formatEventTime, formatInstant } from '@/lib/dates';
import { allergenLabel, needsText } from '../../../../supabase/functions/_shared/allergens.ts';
import { type KitchenEvent, type KitchenLine, useKitchenReport, useSetKitchenReportTime } from '../api/kitchen-report';
import { SubmitForm } from '@/components/forms/submit-form';

/** The guests of one party, in seat order. */
interface Party {
  id: string;
  name: string;
  seating: string | null;
  note: string | null;
  seats: KitchenLine[];
}

function parties(lines: KitchenLine[]): Party[] {
  const byId = new Map<string, Party>();
  for (const line of lines) {
    if (line.section !== 'guest') continue;
    const party = byId.get(line.party_id) ?? { id: line.party_id, name: line.party, seating: line.seating, note: line.party_notes, seats: [] };
    party.seats.push(line);
    byId.set(line.party_id, party);
  }
  return [...byId.values()];
}

/** /admin/events/:eventId/kitchen: what the kitchen must know, on screen and on paper. */
export function KitchenReportPage({ eventId }: { eventId: string }) {
  const query = useKitchenReport(eventId);
  if (query.isPending) return <PageSpinner label="Loading the kitchen report…" />;
  if (query.isError) return <LoadFailedPage title="We could not load the kitchen report" error={query.error} onRetry={() => void query.refetch()} />;
  const { event, lines } = query.data;
  const section = (name: string) => lines.filter((l) => l.section === name);
  const tickets = section('ticket');
  const addons = section('addon');
  const total = tickets.reduce((sum, l) => sum + l.guests, 0);
  const when = `${formatEventDate(event.event_date, 'EEEE, MMMM d, yyyy')} · ${eventTimeWithZone({ date: event.event_date, time: event.event_time, timezone: event.event_timezone })}`;

  return (
    <div className="min-h-screen bg-background print:bg-white">
      <header className="border-b print:border-black">
        <div className="container flex max-w-4xl flex-wrap items-start justify-between gap-3 py-3">
          <EventPageTitle orgId={event.org_id}>
            <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground print:text-black">
              <ChefHat className="h-4 w-4" aria-hidden /> Kitchen report
            </p>
            <h1 className="break-words font-serif text-xl font-semibold leading-tight sm:text-2xl">{event.title}</h1>
            <p className="text-sm text-muted-foreground print:text-black" data-testid="kitchen-when">
              {when} · {total === 1 ? '1 guest' : `${total} guests`}
            </p>
          </EventPageTitle>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button asChild variant="outline" size="sm">
              <Link to={paths.adminEventOverview.getHref(eventId)}>Event overview</Link>
            </Button>
            <Button size="sm" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden /> Print
            </Button>
          </div>
        </div>
      </header>

      <main className="container max-w-4xl space-y-6 py-4 sm:py-6">
        <Schedule eventId={eventId} event={event} />
        {total === 0 ? (
          <p className="rounded-lg border p-6 text-center text-muted-foreground">No confirmed guests yet: the report fills in as guests book.</p>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-3 print:grid-cols-3">
              <Counts title="Guests" testId="kitchen-tickets" rows={tickets.map((l) => [l.label, l.guests])} empty="No guests" />
              {addons.length > 0 ? <Counts title="Add-ons" testId="kitchen-addons" rows={addons.map((l) => [l.label, l.guests])} empty="" /> : null}
              <Counts
                title="Allergens"
                testId="kitchen-allergens"
                rows={section('allergen').map((l) => [allergenLabel(l.label), l.guests])}
                empty="None declared"
              />
              <Counts title="Dietary needs" testId="kitchen-needs" rows={section('need').map((l) => [l.label, l.guests])} empty="None written" />
            </div>
            <section aria-labelledby="by-party" className="space-y-3">
              <h2 id="by-party" className="font-serif text-lg font-semibold">
                By party
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
                {parties(lines).map((party) => (
                  <PartyCard key={party.id} party={party} />
                ))}
              </ul>
            </section>
          </>
        )}
      </main>
    </div>
  );
}

function Counts({ title, rows, empty, testId }: { title: string; rows: [string, number][]; empty: string; testId: string }) {
  return (
    <section className="rounded-lg border p-4 print:break-inside-avoid print:border-black" aria-label={title} data-testid={testId}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground print:text-black">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground print:text-black">{empty}</p>
      ) : (
        <dl className="mt-2 space-y-1 text-sm">
          {rows.map(([label, count]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt>{label}</dt>
              <dd className="font-semibold tabular-nums">{count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function PartyCard({ party }: { party: Party }) {
  return (
    <li className="rounded-lg border p-3 print:break-inside-avoid print:border-black" data-testid="kitchen-party">
      <h3 className="font-semibold">
        {party.name}
        {party.seating ? <span className="font-normal text-muted-foreground print:text-black"> · {formatEventTime(party.seating)}</span> : null}
      </h3>
      {party.note ? <p className="mt-1 text-sm italic">Party note: {party.note}</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {party.seats.map((seat) => {
          const needs = needsText(seat.allergens, seat.dietary_notes);
          return (
            <li key={seat.seat_no} data-testid="kitchen-seat">
              {seat.label}
              {needs ? <span className="font-semibold text-amber-900 print:text-black">: {needs}</span> : null}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** When the report is emailed to the team (not printed). */
function Schedule({ eventId, event }: { eventId: string; event: KitchenEvent }) {
  const [sendAt, setSendAt] = useState(event.send_at);
  const save = useSetKitchenReportTime(eventId);
  const sent = event.sent_count > 0 && event.sent_at ? formatInstant(event.sent_at, event.event_timezone) : null;
  return (
    <SubmitForm
      className="flex flex-wrap items-end gap-3 rounded-lg border bg-muted/40 p-4 text-sm print:hidden"
      aria-label="When the report is emailed"
      onSubmit={() => {
        save.mutate(sendAt, {
          onSuccess: () => toast.success('Saved', { description: `The report is emailed at ${formatEventTime(sendAt)} on the day of the dinner.` }),
          onError: (error) => toast.error('Not saved', { description: error.message }),
        });
      }}
    >
      <label className="space-y-1">
        <span className="block font-medium">Emailed to your team on the day, at</span>
        <Input type="time" required value={sendAt} onChange={(e) => setSendAt(e.target.value)} className="w-36" />
      </label>
      <SubmitButton variant="outline" pending={save.isPending} pendingLabel="Saving…" disabled={sendAt === event.send_at}>
        Save
      </SubmitButton>
      <p className="basis-full text-muted-foreground" data-testid="kitchen-sent">
        {sent
          ? `Last sent ${sent}${event.sent_count > 1 ? ` (${event.sent_count} times: it goes again when anything changes)` : ''}.`
          : 'Not sent yet. It goes again whenever anything changes after that.'}
      </p>
    </SubmitForm>
  );
}
