import { formatCents } from '@/lib/money';
import type { PublicAddon } from '../api/event-addons';

interface Props {
  addons: readonly PublicAddon[];
  chosen: readonly string[];
  guests: number;
  onChange(next: string[]): void;
}

/**
 * The event's add-ons as checkboxes: a per-guest one is taken for every guest of the booking, a
 * per-booking one once. Nothing shows for an event without add-ons.
 */
export function AddonChoices({ addons, chosen, guests, onChange }: Props) {
  if (addons.length === 0) return null;
  return (
    <fieldset className="space-y-2" data-testid="addon-choices">
      <legend className="text-sm font-medium">Add-ons</legend>
      {addons.map((addon) => {
        const soldOut = addon.available !== null && addon.available < (addon.per === 'guest' ? Math.max(guests, 1) : 1);
        const isChosen = chosen.includes(addon.id);
        return (
          // A native checkbox: the booking form's code stays small (no checkbox component to load).
          <label key={addon.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={isChosen}
              disabled={soldOut && !isChosen}
              onChange={(e) => onChange(e.target.checked ? [...chosen, addon.id] : chosen.filter((id) => id !== addon.id))}
            />
            <span>
              {addon.name}{' '}
              <span className="text-muted-foreground">
                ({formatCents(addon.price_cents)} per {addon.per})
              </span>
              {soldOut ? (
                <span className="text-muted-foreground"> · {addon.available === 0 ? 'Sold out' : `Only ${addon.available} left`}</span>
              ) : null}
              {addon.description ? <span className="block text-xs text-muted-foreground">{addon.description}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
