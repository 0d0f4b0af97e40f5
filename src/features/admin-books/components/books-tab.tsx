import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { withReason } from '@/lib/error-reason';
import { formatCents } from '@/lib/money';
import { useExportLedger, useLedgerMonths } from '../api/get-ledger';
import { downloadCsv } from '@/lib/csv';
import { ledgerCsvFilename, ledgerToCsv, totalOf } from '../lib/csv';
import { booksMessages } from '../messages';
import type { LedgerMonth, LedgerRange } from '../types';

const COLUMNS = ['Charged', 'Refunds', 'Collected', 'Gross', 'Discounts', 'Service charge', 'Tax', 'Platform fees', 'Net'] as const;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-03-01' → 'March 2026' (a calendar month, whatever the browser's time zone). */
const monthLabel = (month: string) => monthName.format(new Date(`${month}T00:00:00Z`));

function thisYear(): LedgerRange {
  const year = new Date().getFullYear();
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/**
 * A month's (or the total's) figures in the columns' order: charged + refunds = collected =
 * gross - discounts + service charge + tax (after refunds); net = collected - platform fees.
 */
function figures(m: ReturnType<typeof totalOf>): number[] {
  return [m.amount - m.refunds, m.refunds, m.amount, m.gross, m.discount, m.service, m.tax, m.fee, m.net];
}

const monthFigures = (m: LedgerMonth) => figures(totalOf([m]));

function MonthsTable({ months }: { months: readonly LedgerMonth[] }) {
  return (
    <Table aria-label="Monthly totals">
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          {COLUMNS.map((c) => (
            <TableHead key={c} className="text-right">
              {c}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {months.map((m) => (
          <TableRow key={m.month}>
            <th scope="row" className="px-3 py-2.5 text-left font-medium">
              {monthLabel(m.month)}
            </th>
            {monthFigures(m).map((cents, i) => (
              <TableCell key={COLUMNS[i]} className="whitespace-nowrap text-right tabular-nums">
                {formatCents(cents)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        <TableRow className="bg-muted/50 font-semibold">
          <th scope="row" className="px-3 py-2.5 text-left">
            Total
          </th>
          {figures(totalOf(months)).map((cents, i) => (
            <TableCell key={COLUMNS[i]} className="whitespace-nowrap text-right tabular-nums">
              {formatCents(cents)}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}

function MonthCard({ title, values }: { title: string; values: number[] }) {
  return (
    <Card>
      <CardContent className="p-4 sm:p-4">
        <h3 className="mb-2 font-semibold">{title}</h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {COLUMNS.map((c, i) => (
            <div key={c} className="contents">
              <dt className="text-muted-foreground">{c}</dt>
              <dd className="text-right tabular-nums">{formatCents(values[i])}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function MonthCards({ months }: { months: readonly LedgerMonth[] }) {
  return (
    <ul className="space-y-3" aria-label="Monthly totals">
      {months.map((m) => (
        <li key={m.month}>
          <MonthCard title={monthLabel(m.month)} values={monthFigures(m)} />
        </li>
      ))}
      <li>
        <MonthCard title="Total" values={figures(totalOf(months))} />
      </li>
    </ul>
  );
}

/**
 * Settings → Books: the organization's charges, refunds and comps between two dates (in its
 * time zone), as monthly totals and as a CSV of every line. Both come from the same SQL rows
 * (staff_ledger_export), so they always agree.
 */
export function BooksTab({ orgId, orgSlug, layout }: { orgId: string; orgSlug: string; layout: 'desktop' | 'mobile' }) {
  const [range, setRange] = useState<LedgerRange>(thisYear);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
  const months = useLedgerMonths(orgId, range, valid);
  const exporter = useExportLedger(orgId, {
    onSuccess: (lines, exported) => downloadCsv(ledgerCsvFilename(orgSlug, exported.from, exported.to), ledgerToCsv(lines)),
    onError: (error) => toast.error('Error', { description: withReason(booksMessages.exportFailed, error) }),
  });
  const rows = valid ? months.data : undefined;

  return (
    <AdminSection
      id="books"
      title="Books"
      actions={
        <Button variant="outline" onClick={() => exporter.mutate(range)} disabled={!valid || exporter.isPending || !rows?.length}>
          <Download className="h-4 w-4" aria-hidden />
          {exporter.isPending ? 'Preparing…' : 'Download CSV'}
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">
        Every card payment, refund and comp, by the date it was recorded in your organization’s time zone.
      </p>
      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="sr-only">Dates</legend>
        <div className="space-y-1.5">
          <Label htmlFor="books-from">From</Label>
          <Input
            id="books-from"
            type="date"
            className="w-44"
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="books-to">To</Label>
          <Input id="books-to" type="date" className="w-44" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </div>
      </fieldset>
      {!valid ? <Alert variant="destructive">{booksMessages.badRange}</Alert> : null}
      {valid ? (
        <QueryStatus
          query={months}
          loading="Loading the books…"
          failed={booksMessages.loadFailed}
          empty="No payments, refunds or comps in these dates."
        >
          {(rows) => (
            <>
              {layout === 'desktop' ? <MonthsTable months={rows} /> : <MonthCards months={rows} />}
              <p className="text-sm text-muted-foreground">{booksMessages.afterRefunds}</p>
            </>
          )}
        </QueryStatus>
      ) : null}
    </AdminSection>
  );
}
