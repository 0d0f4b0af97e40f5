import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import type { FormPartProps } from '@/components/forms/form-part';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { EditEventValues } from '../schemas';
import type { TicketSales } from '../types';
import { RemoveRowButton } from './remove-row-button';

interface Props extends FormPartProps<EditEventValues> {
  control: Control<EditEventValues>;
  /** Saved names by id: each row keeps the name it is known by while being renamed. */
  savedNames: Map<string, string>;
  /** What is sold or held of each type (undefined while unknown). */
  sales: Map<string, TicketSales> | undefined;
  maxGuests: string;
}

/** What a row is called in its controls' labels: its saved name, or "new ticket type N". */
function rowNames(rows: { id: string }[], savedNames: Map<string, string>) {
  let added = 0;
  return rows.map((r) => (r.id ? (savedNames.get(r.id) ?? 'ticket type') : `new ticket type ${++added}`));
}

/** Tickets in all, and for a saved type what is taken of it (the lowest capacity the database accepts). */
function capacityHint(isNew: boolean, sales: TicketSales | undefined, known: boolean) {
  if (isNew) return 'Tickets in all.';
  if (!known) return 'Tickets in all; leave empty to keep it as it is.';
  if (!sales) return 'Tickets in all.';
  return `Tickets in all; ${sales.sold} sold, ${sales.held} held: at least ${sales.sold + sales.held}.`;
}

/**
 * The ticket types of a reservation event: rename, reprice (new sales only) and set how many
 * tickets in all, or add a type. Nothing is deleted here; the database refuses a capacity below
 * what is sold or held, with the number taken.
 */
export function EditTicketTypes({ control, register, errors, savedNames, sales, maxGuests }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'ticketTypes', keyName: 'key' });
  const rows = useWatch({ control, name: 'ticketTypes' });
  const names = rowNames(fields, savedNames);
  const total = rows.reduce((sum, t) => sum + (/^\d+$/.test(t.capacity.trim()) ? Number(t.capacity) : 0), 0);
  const cap = /^\d+$/.test(maxGuests.trim()) ? Number(maxGuests) : null;

  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Ticket types</legend>
      <p className="text-xs text-muted-foreground">A new price applies to new sales only: guests who booked keep what they paid.</p>
      <ul className="space-y-3" aria-label="Ticket types">
        {fields.map((field, i) => {
          const name = names[i];
          const rowErrors = errors.ticketTypes?.[i];
          const figures = field.id ? sales?.get(field.id) : undefined;
          return (
            <li key={field.key} className="space-y-3 rounded-md border p-3" data-testid="edit-ticket-type">
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-semibold">{field.id ? name : 'New ticket type'}</p>
                {field.id ? null : <RemoveRowButton name={name} onClick={() => remove(i)} />}
              </div>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
                <FormField label={<RowLabel words="Name" name={name} />} error={rowErrors?.name?.message}>
                  <Input {...register(`ticketTypes.${i}.name`)} />
                </FormField>
                <FormField label={<RowLabel words="Price" name={name} after=" ($)" />} error={rowErrors?.price?.message}>
                  <Input inputMode="decimal" {...register(`ticketTypes.${i}.price`)} />
                </FormField>
                <FormField
                  label={<RowLabel words="Capacity" name={name} />}
                  error={rowErrors?.capacity?.message}
                  hint={capacityHint(!field.id, figures, sales !== undefined)}
                >
                  <Input inputMode="numeric" {...register(`ticketTypes.${i}.capacity`)} />
                </FormField>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" aria-live="polite">
          Tickets in all:{' '}
          <span className="font-semibold" data-testid="edit-ticket-total">
            {total}
          </span>
          {cap !== null && cap < total ? <span className="text-muted-foreground"> (max guests {cap} caps the event below that)</span> : null}
        </p>
        <Button variant="secondary" onClick={() => append({ id: '', name: '', price: '', capacity: '' })}>
          <Plus className="mr-1 h-4 w-4" aria-hidden />
          Add ticket type
        </Button>
      </div>
    </fieldset>
  );
}

/** "Price ($)" on screen, "Price of General ($)" to a screen reader: one name per row. */
export function RowLabel({ words, name, after = '' }: { words: string; name: string; after?: string }) {
  return (
    <>
      {words}
      <span className="sr-only"> of {name}</span>
      {after}
    </>
  );
}
