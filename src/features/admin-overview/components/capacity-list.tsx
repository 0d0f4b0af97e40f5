import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { share } from '../lib/overview';
import { overviewMessages } from '../messages';
import type { CapacityLine } from '../types';

/** Sold (dark) and held (amber) against the capacity, as a bar. The numbers beside it say the same. */
function CapacityBar({ line }: { line: CapacityLine }) {
  return (
    <div className="flex h-2 w-full min-w-16 overflow-hidden rounded-full bg-muted" aria-hidden>
      <div className="h-full bg-primary" style={{ width: share(line.sold, line.capacity) }} />
      <div className="h-full bg-amber-500" style={{ width: share(line.held, line.capacity) }} />
    </div>
  );
}

function Name({ line }: { line: CapacityLine }) {
  return (
    <>
      <span className="font-medium">{line.name}</span>
      {line.inactive ? (
        <Badge variant="secondary" className="ml-2">
          Inactive
        </Badge>
      ) : null}
    </>
  );
}

/** A line's four figures, in the table's columns and the cards' order (`short`: the cards' narrower word). */
const figures = [
  { key: 'sold', label: 'Sold', short: 'Sold' },
  { key: 'held', label: 'Held', short: 'Held' },
  { key: 'remaining', label: 'Remaining', short: 'Left' },
  { key: 'capacity', label: 'Capacity', short: 'Capacity' },
] as const;

/** Sold, held and remaining per ticket type and RSVP slot against its capacity: a table from 768 px, cards below. */
export function CapacityList({ lines, titleId }: { lines: readonly CapacityLine[]; titleId: string }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{overviewMessages.nothingForSale}</p>;
  return (
    <>
      <div className="hidden md:block">
        <Table aria-labelledby={titleId}>
          <TableHeader>
            <TableRow>
              <TableHead>Ticket type or slot</TableHead>
              {figures.map((f) => (
                <TableHead key={f.key} className="text-right">
                  {f.label}
                </TableHead>
              ))}
              <TableHead className="w-1/4">
                <span className="sr-only">Taken</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.id} data-testid="capacity-line" data-line-id={line.id}>
                <TableCell>
                  <Name line={line} />
                  <span className="block text-xs text-muted-foreground">{line.detail}</span>
                </TableCell>
                {figures.map((f) => (
                  <TableCell key={f.key} className="text-right tabular-nums" data-testid={`capacity-${f.key}`}>
                    {line[f.key]}
                  </TableCell>
                ))}
                <TableCell>
                  <CapacityBar line={line} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="space-y-3 md:hidden" aria-labelledby={titleId}>
        {lines.map((line) => (
          <li key={line.id} data-testid="capacity-line" data-line-id={line.id} className="space-y-2 rounded-lg border bg-card p-3 shadow-sm">
            <div className="flex items-baseline justify-between gap-2">
              <p className="min-w-0 break-words">
                <Name line={line} />
              </p>
              <p className="shrink-0 text-sm text-muted-foreground">{line.detail}</p>
            </div>
            <CapacityBar line={line} />
            <dl className="grid grid-cols-4 gap-1 text-center text-sm">
              {figures.map((f) => (
                <div key={f.key} className="min-w-0">
                  <dt className="text-xs text-muted-foreground">{f.short}</dt>
                  <dd className="font-semibold tabular-nums" data-testid={`capacity-${f.key}`}>
                    {line[f.key]}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
