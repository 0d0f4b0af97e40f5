import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/forms/submit-button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';
import { formatCents } from '@/lib/money';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import { DEFAULT_CONFIG_FUNCTION } from '../api/get-card-config';
import { useCardCharge } from '../hooks/use-card-charge';
import type { Payer } from '../lib/verification';
import { CardForm } from './card-form';

/** An extra the booking can still take (SQL addon_offers): its price and how many more it may have. */
export interface ExtraOffer {
  id: string;
  name: string;
  description: string | null;
  per: 'guest' | 'booking';
  price_cents: number;
  taken: number;
  most: number;
}

export interface ExtrasChoice {
  addons: { id: string; quantity: number }[];
  sourceId: string | null;
  expectedCents: number;
  idempotencyKey: string;
}

/** What the chosen extras cost with the event's service charge and tax (SQL quote_extras; nothing is taken). */
function useExtrasQuote(token: string, addons: { id: string; quantity: number }[]) {
  return useQuery({
    queryKey: ['extras-quote', token, addons],
    enabled: addons.length > 0,
    queryFn: async () => {
      const rows = readPublicRpc<{ amount_cents: number }[]>(await postPublicRpc('quote_extras', { p_token: token, p_addons: addons }));
      return rows?.[0]?.amount_cents ?? 0;
    },
  });
}

/**
 * Extras after booking (the manage page's, or a guest's own seat's): each offer with how many to
 * add (a checkbox where one is the most, as on a seat), the server's price with tax, the card when
 * there is something to pay, and one Pay button. `send` makes the call (its refusal is shown
 * with the server's words; the attempt's key is kept when the outcome is unknown).
 */
export function ExtrasForm({
  token,
  offers,
  payeeSlug,
  payer,
  send,
  onDone,
}: {
  token: string;
  offers: readonly ExtraOffer[];
  payeeSlug: string;
  payer: Payer;
  send(choice: ExtrasChoice): Promise<{ chargedCents: number }>;
  onDone(chargedCents: number): void;
}) {
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [sending, setSending] = useState(false);
  const { card, key, tokenizing, tokenize, refused } = useCardCharge();
  const addons = offers.filter((o) => (quantities[o.id] ?? 0) > 0).map((o) => ({ id: o.id, quantity: quantities[o.id] }));
  const quote = useExtrasQuote(token, addons);
  const cents = addons.length > 0 ? (quote.data ?? null) : 0;
  const pending = tokenizing || sending;
  const set = (id: string, quantity: number) => setQuantities((current) => ({ ...current, [id]: quantity }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || addons.length === 0 || cents === null) return;
    const sourceId = cents > 0 ? await tokenize(cents, payer) : null;
    if (cents > 0 && !sourceId) return;
    setSending(true);
    try {
      const done = await send({ addons, sourceId, expectedCents: cents, idempotencyKey: key.current() });
      onDone(done.chargedCents);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      refused(failure);
      toast.error('Could not add the extras', { description: failure.message });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)}>
      <ul className="space-y-3">
        {offers.map((offer) => (
          <li key={offer.id} className="rounded-lg border p-3">
            {offer.most === 1 ? (
              <CheckboxField
                label={`${offer.name} · ${formatCents(offer.price_cents)}`}
                hint={offer.description ?? undefined}
                checked={(quantities[offer.id] ?? 0) === 1}
                onChange={(e) => set(offer.id, e.target.checked ? 1 : 0)}
              />
            ) : (
              <FormField
                label={`${offer.name} · ${formatCents(offer.price_cents)} ${offer.per === 'guest' ? 'per guest' : 'each'}`}
                hint={offer.description ?? undefined}
              >
                <OptionSelect
                  value={String(quantities[offer.id] ?? 0)}
                  onChange={(e) => set(offer.id, Number(e.target.value))}
                  options={Array.from({ length: offer.most + 1 }, (_, n) => ({ value: String(n), label: n === 0 ? 'None' : String(n) }))}
                />
              </FormField>
            )}
          </li>
        ))}
      </ul>
      {addons.length > 0 ? (
        <p className="text-sm" data-testid="extras-total" aria-live="polite">
          {quote.isError ? quote.error.message : cents === null ? 'Pricing…' : `Total ${formatCents(cents)}, tax and service included.`}
        </p>
      ) : null}
      {cents !== null && cents > 0 ? (
        <CardForm ref={card} configFunction={DEFAULT_CONFIG_FUNCTION} payee={{ orgSlug: payeeSlug }} disabled={pending} />
      ) : null}
      <SubmitButton className="w-full sm:w-auto" pending={pending} pendingLabel="Adding…" disabled={addons.length === 0 || cents === null}>
        {cents ? `Pay ${formatCents(cents)}` : 'Add extras'}
      </SubmitButton>
    </form>
  );
}
