import { dollarsToCents, formatCents } from '@/lib/money';
import type { DraftTicketType } from '../types';
import { DraftListEditor, useDraftText, type DraftListProps } from './draft-list-editor';

/** Ticket types are entered in dollars and kept in cents; their total sets max guests. */
export function TicketTypesEditor({ value, onChange }: DraftListProps<DraftTicketType>) {
  const { text, set, clear } = useDraftText('name', 'price', 'quantity');
  const { name, price, quantity } = text;
  const priceCents = price.trim() === '' ? null : dollarsToCents(price);
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const canAdd = name.trim() !== '' && priceCents !== null && qty !== null;
  const priceError = price.trim() !== '' && priceCents === null ? 'Enter a price in dollars, e.g. 125 or 12.50' : undefined;
  const quantityError = quantity.trim() !== '' && qty === null ? 'Enter a whole number' : undefined;
  const total = value.reduce((sum, t) => sum + t.quantity, 0);

  const add = () => {
    if (!canAdd) return;
    onChange([...value, { key: crypto.randomUUID(), name: name.trim(), priceCents: priceCents!, quantity: qty! }]);
    clear();
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
      fields={[
        { label: 'Ticket name', value: name, onChange: set('name') },
        { label: 'Price ($)', error: priceError, inputMode: 'decimal', value: price, onChange: set('price') },
        { label: 'Quantity', error: quantityError, inputMode: 'numeric', value: quantity, onChange: set('quantity') },
      ]}
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
