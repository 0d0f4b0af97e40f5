import type { ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from './table';

interface Props {
  /** The table's accessible name. */
  label: string;
  /** The column headers, in order. */
  columns: readonly string[];
  /** The headers of the columns aligned right (numbers, actions). */
  rightAligned?: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

/** A labelled table: one header row from `columns`, then the given rows. */
export function DataTable({ label, columns, rightAligned = [], children }: Props) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((header) => (
            <TableHead key={header} className={rightAligned.includes(header) ? 'text-right' : undefined}>
              {header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
