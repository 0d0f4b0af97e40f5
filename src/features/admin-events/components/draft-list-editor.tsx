import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RemoveRowButton } from './remove-row-button';

interface DraftField {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  type?: 'time';
  inputMode?: 'numeric' | 'decimal';
}

/** An editor's list of drafts, as its form holds it. */
export interface DraftListProps<T> {
  value: T[];
  onChange(next: T[]): void;
}

/** The add row's text, a string per field, and `clear` for once a row is added. */
export function useDraftText<K extends string>(...names: K[]) {
  const blank = Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>;
  const [text, setText] = useState(blank);
  return {
    text,
    set: (name: K) => (value: string) => setText((current) => ({ ...current, [name]: value })),
    clear: () => setText(blank),
  };
}

interface Props<T extends { key: string }> extends DraftListProps<T> {
  /** The fieldset's legend, also the list's name. */
  legend: string;
  /** What a row's remove button names ("Remove …"). */
  nameOf(item: T): string;
  /** A row's cells, before its remove button. */
  row(item: T): ReactNode;
  /** What shows while the list is empty. */
  empty?: ReactNode;
  /** The add row's grid columns. */
  addColumns: string;
  /** The add row's fields. */
  fields: DraftField[];
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
        {fields.map(({ label, error, onChange: change, ...input }) => (
          <FormField key={label} label={label} error={error}>
            <Input {...input} onChange={(e) => change(e.target.value)} />
          </FormField>
        ))}
        <Button variant="secondary" onClick={onAdd} disabled={!canAdd}>
          {addLabel}
        </Button>
      </div>
      {children}
    </fieldset>
  );
}
