import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { dollarsToCents, formatCents } from '@/lib/money';
import type { DraftTicketType } from '../types';
import { DraftListEditor } from './draft-list-editor';

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
    <DraftListEditor
      legend="Ticket types"
      value={value}
      onChange={onChange}
      nameOf={(t) => t.name}
      row={(t) => (
        <>
          <span className="flex-1 font-medium">{t.name}</span>
          <span>{formatCents(t.priceCents)}</span>
          <span className="text-muted-foreground">× {t.quantity}</span>
        </>
      )}
      empty={<p className="text-sm text-muted-foreground">Add at least one ticket type.</p>}
      addColumns="sm:grid-cols-[2fr_1fr_1fr_auto]"
      fields={
        <>
          <FormField label="Ticket name">
            <Input value={name} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label="Price ($)" error={priceError}>
            <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          </FormField>
          <FormField label="Quantity" error={quantityError}>
            <Input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          </FormField>
        </>
      }
      addLabel="Add ticket type"
      canAdd={canAdd}
      onAdd={add}
    >
      <p className="text-sm" aria-live="polite">
        Total tickets:{' '}
        <span className="font-semibold" data-testid="ticket-total">
          {total}
        </span>{' '}
        <span className="text-muted-foreground">(sets max guests)</span>
      </p>
    </DraftListEditor>
  );
}
