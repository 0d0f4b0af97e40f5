import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { dollarsToCents, formatCents } from '@/lib/money';
import type { DraftTicketType } from '../types';

interface Props {
  value: DraftTicketType[];
  onChange(next: DraftTicketType[]): void;
}

/** Ticket types are entered in dollars and kept in cents; their total sets max guests. */
export function TicketTypesEditor({ value, onChange }: Props) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const priceCents = price.trim() === '' ? null : dollarsToCents(price);
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const canAdd = name.trim() !== '' && priceCents !== null && qty !== null;
  const priceError = price.trim() !== '' && priceCents === null ? 'Enter a price in dollars, e.g. 125 or 12.50' : undefined;
  const quantityError = quantity.trim() !== '' && qty === null ? 'Enter a whole number' : undefined;
  const total = value.reduce((sum, t) => sum + t.quantity, 0);

  const add = () => {
    if (!canAdd) return;
    onChange([...value, { key: crypto.randomUUID(), name: name.trim(), priceCents: priceCents!, quantity: qty! }]);
    setName('');
    setPrice('');
    setQuantity('');
  };

  return (
    <fieldset className="space-y-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">Ticket types</legend>
      {value.length > 0 ? (
        <ul className="divide-y rounded-md border" aria-label="Ticket types">
          {value.map((t) => (
            <li key={t.key} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="flex-1 font-medium">{t.name}</span>
              <span>{formatCents(t.priceCents)}</span>
              <span className="text-muted-foreground">× {t.quantity}</span>
              <Button variant="ghost" size="icon" aria-label={`Remove ${t.name}`} onClick={() => onChange(value.filter((x) => x.key !== t.key))}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Add at least one ticket type.</p>
      )}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <FormField label="Ticket name">
          <Input value={name} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label="Price ($)" error={priceError}>
          <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </FormField>
        <FormField label="Quantity" error={quantityError}>
          <Input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </FormField>
        <Button variant="secondary" onClick={add} disabled={!canAdd}>
          Add ticket type
        </Button>
      </div>
      <p className="text-sm" aria-live="polite">
        Total tickets:{' '}
        <span className="font-semibold" data-testid="ticket-total">
          {total}
        </span>{' '}
        <span className="text-muted-foreground">(sets max guests)</span>
      </p>
    </fieldset>
  );
}
