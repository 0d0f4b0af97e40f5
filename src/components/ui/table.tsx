import type { HTMLAttributes, ThHTMLAttributes } from 'react';
import { classed } from '@/lib/classed';
import { cn } from '@/lib/utils';

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border bg-card">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export const TableHeader = classed('thead', 'bg-muted/50 [&_tr]:border-b', cn);
export const TableBody = classed('tbody', '[&_tr:last-child]:border-0', cn);
export const TableRow = classed('tr', 'border-b transition-colors hover:bg-muted/30', cn);
export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('h-11 px-3 text-left align-middle font-medium text-muted-foreground', className)} {...props} />;
}
export const TableCell = classed('td', 'px-3 py-2.5 align-middle', cn);
