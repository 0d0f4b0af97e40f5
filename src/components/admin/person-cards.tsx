import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

interface Props<T> {
  /** The list's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey(row: T): string;
  /** The person the card is about (its heading). */
  name(row: T): string;
  /** Beside the name: how many ("2 guests"). */
  count(row: T): ReactNode;
  /** The card's lines under the heading. */
  children(row: T): ReactNode;
}

/** A list of people at a phone's width: one card each, headed by the name and a count. */
export function PersonCards<T>({ label, rows, rowKey, name, count, children }: Props<T>) {
  return (
    <ul className="space-y-3" aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)}>
          <Card>
            <CardContent className="space-y-1 p-4 text-sm sm:p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{name(row)}</h3>
                <span className="text-muted-foreground">{count(row)}</span>
              </div>
              {children(row)}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
