import { Badge } from '@/components/ui/badge';
import { formatCents } from '@/lib/money';
import type { OverviewAddon } from '../types';

/** Each add-on's sales: sold and held against its limit, and the confirmed sales. Nothing for an event without add-ons. */
export function AddonSales({ addons }: { addons: readonly OverviewAddon[] }) {
  if (addons.length === 0) return null;
  return (
    <section aria-labelledby="addon-sales" className="space-y-3">
      <h2 id="addon-sales" className="font-serif text-lg font-semibold">
        Add-ons
      </h2>
      <ul className="divide-y rounded-lg border" aria-labelledby="addon-sales">
        {addons.map((a) => (
          <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="addon-sales">
            <span>
              <span className="font-medium">{a.name}</span>{' '}
              <span className="text-muted-foreground">
                {formatCents(a.priceCents)} per {a.per}
              </span>
              {a.isActive ? null : (
                <Badge variant="secondary" className="ml-2">
                  Inactive
                </Badge>
              )}
            </span>
            <span className="tabular-nums">
              {a.sold} sold{a.held > 0 ? `, ${a.held} held` : ''}
              {a.limit === null ? '' : ` of ${a.limit}`} · {formatCents(a.salesCents)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
