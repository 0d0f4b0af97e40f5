import type { ReactNode } from 'react';

/** A summary's label → value lines ("Date" → "Sat, Mar 7"), as rows of the surrounding `<dl>`. */
export function SummaryRows({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  return (
    <>
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="text-right font-medium">{row.value}</dd>
        </div>
      ))}
    </>
  );
}
