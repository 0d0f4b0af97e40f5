import { useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { InlineCheckbox } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { withReason } from '@/lib/error-reason';
import { dollarsToCents, formatCents } from '@/lib/money';
import { useEventAddons, useSaveEventAddons, type AddonInput, type AddonSales } from '../api/event-addons';
import { RowLabel } from './edit-ticket-types';

const PER_OPTIONS = [
  { value: 'guest', label: 'Per guest' },
  { value: 'booking', label: 'Per booking' },
] as const;

interface Row {
  key: string;
  id: string;
  name: string;
  price: string;
  per: 'guest' | 'booking';
  limit: string;
  isActive: boolean;
}

const toRow = (a: AddonSales): Row => ({
  key: a.id,
  id: a.id,
  name: a.name,
  price: (a.price_cents / 100).toFixed(2),
  per: a.per,
  limit: a.quantity_limit === null ? '' : String(a.quantity_limit),
  isActive: a.is_active,
});

/** The row's input for SQL, or the first thing to fix in words. */
function toInput(row: Row, label: string): AddonInput | string {
  const priceCents = dollarsToCents(row.price);
  if (!row.name.trim()) return 'Each add-on needs a name';
  if (priceCents === null) return `Enter the price of ${label} in dollars, e.g. 35 or 12.50`;
  if (row.limit.trim() !== '' && !/^\d+$/.test(row.limit.trim())) return `The limit of ${label} must be a whole number, or empty for unlimited`;
  return {
    ...(row.id ? { id: row.id } : {}),
    name: row.name.trim(),
    price_cents: priceCents,
    per: row.per,
    quantity_limit: row.limit.trim() === '' ? null : Number(row.limit),
    is_active: row.isActive,
  };
}

/**
 * An event's add-ons (a wine pairing per guest, corkage per booking): a fieldset of the event
 * editor, saved on its own (its button). Add-ons are switched off, never deleted, so what was
 * sold stays on the bookings; a new price applies to new bookings only.
 */
export function EventAddonsFieldset({ eventId }: { eventId: string }) {
  const addons = useEventAddons(eventId);
  return (
    <fieldset className="space-y-3 rounded-md border p-4" data-testid="event-addons">
      <legend className="px-1 text-sm font-medium">Add-ons</legend>
      {addons.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
      ) : addons.error ? (
        <p role="alert" className="text-sm text-destructive">
          {withReason('Could not load the add-ons', addons.error)}
        </p>
      ) : (
        <AddonsForm eventId={eventId} saved={addons.data} />
      )}
    </fieldset>
  );
}

function AddonsForm({ eventId, saved }: { eventId: string; saved: AddonSales[] }) {
  const [rows, setRows] = useState<Row[]>(() => saved.map(toRow));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveEventAddons(eventId);
  const sales = new Map(saved.map((a) => [a.id, a]));
  let added = 0;
  const names = rows.map((r) => (r.id ? (sales.get(r.id)?.name ?? 'add-on') : `new add-on ${++added}`));
  const change = (key: string, patch: Partial<Row>) => setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function submit() {
    const inputs = rows.map((row, i) => toInput(row, names[i]));
    const problem = inputs.find((x): x is string => typeof x === 'string');
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    save.mutate(inputs as AddonInput[], {
      onSuccess: () => toast.success('Add-ons saved'),
      onError: (err) => toast.error('Could not save', { description: withReason('The add-ons were not saved', err) }),
    });
  }

  return (
    <div className="space-y-3">
      <p className="text-xs text-muted-foreground">
        Extras guests choose at checkout: per guest (a wine pairing) or per booking (corkage). Leave the limit empty for unlimited.
      </p>
      {rows.length > 0 ? (
        <ul className="space-y-3" aria-label="Add-ons">
          {rows.map((row, i) => {
            const figures = row.id ? sales.get(row.id) : undefined;
            return (
              <li key={row.key} className="space-y-3 rounded-md border p-3" data-testid="edit-addon">
                <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
                  <FormField label={<RowLabel words="Name" name={names[i]} />}>
                    <Input value={row.name} maxLength={120} onChange={(e) => change(row.key, { name: e.target.value })} />
                  </FormField>
                  <FormField label={<RowLabel words="Price" name={names[i]} after=" ($)" />}>
                    <Input inputMode="decimal" value={row.price} onChange={(e) => change(row.key, { price: e.target.value })} />
                  </FormField>
                  <FormField label={<RowLabel words="Charged" name={names[i]} />}>
                    <OptionSelect options={PER_OPTIONS} value={row.per} onChange={(e) => change(row.key, { per: e.target.value as Row['per'] })} />
                  </FormField>
                  <FormField label={<RowLabel words="Limit" name={names[i]} />}>
                    <Input
                      inputMode="numeric"
                      placeholder="Unlimited"
                      value={row.limit}
                      onChange={(e) => change(row.key, { limit: e.target.value })}
                    />
                  </FormField>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <InlineCheckbox checked={row.isActive} onChange={(e) => change(row.key, { isActive: e.target.checked })}>
                    Offered to guests<span className="sr-only"> ({names[i]})</span>
                  </InlineCheckbox>
                  {figures ? (
                    <span className="text-muted-foreground">
                      {figures.sold} sold, {figures.held} held · {formatCents(figures.sales_cents)}
                    </span>
                  ) : (
                    <Button variant="ghost" size="sm" onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}>
                      Remove<span className="sr-only"> {names[i]}</span>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No add-ons.</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            setRows((current) => [...current, { key: crypto.randomUUID(), id: '', name: '', price: '', per: 'guest', limit: '', isActive: true }])
          }
        >
          <Plus className="mr-1 h-4 w-4" aria-hidden />
          Add add-on
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={save.isPending} onClick={submit}>
          {save.isPending ? 'Saving…' : 'Save add-ons'}
        </Button>
      </div>
    </div>
  );
}
