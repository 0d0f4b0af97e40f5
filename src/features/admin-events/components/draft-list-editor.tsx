import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { RemoveRowButton } from './remove-row-button';

interface Props<T extends { key: string }> {
  /** The fieldset's legend, also the list's name. */
  legend: string;
  value: T[];
  onChange(next: T[]): void;
  /** What a row's remove button names ("Remove …"). */
  nameOf(item: T): string;
  /** A row's cells, before its remove button. */
  row(item: T): ReactNode;
  /** What shows while the list is empty. */
  empty?: ReactNode;
  /** The add row's grid columns. */
  addColumns: string;
  /** The add row's fields. */
  fields: ReactNode;
  addLabel: string;
  canAdd: boolean;
  onAdd(): void;
  children?: ReactNode;
}

/** A new event's list of drafts (ticket types, RSVP slots): each with a remove button, and a row of fields to add one. */
export function DraftListEditor<T extends { key: string }>({
  legend,
  value,
  onChange,
  nameOf,
  row,
  empty = null,
  addColumns,
  fields,
  addLabel,
  canAdd,
  onAdd,
  children,
}: Props<T>) {
  return (
    <fieldset className="space-y-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {value.length > 0 ? (
        <ul className="divide-y rounded-md border" aria-label={legend}>
          {value.map((item) => (
            <li key={item.key} className="flex items-center gap-3 px-3 py-2 text-sm">
              {row(item)}
              <RemoveRowButton name={nameOf(item)} onClick={() => onChange(value.filter((x) => x.key !== item.key))} />
            </li>
          ))}
        </ul>
      ) : (
        empty
      )}
      <div className={`grid gap-3 ${addColumns} sm:items-end`}>
        {fields}
        <Button variant="secondary" onClick={onAdd} disabled={!canAdd}>
          {addLabel}
        </Button>
      </div>
      {children}
    </fieldset>
  );
}
