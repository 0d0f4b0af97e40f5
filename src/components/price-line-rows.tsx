import { formatCents } from '@/lib/money';
import { priceLineRows, type PriceLines } from '@/lib/price-lines';

/**
 * The lines above a total, as rows of the surrounding `<dl>`: subtotal, discount, service
 * charge and tax (itemized), each when not zero. Test ids: `price-line-{subtotal|discount|service|tax}`.
 */
export function PriceLineRows({
  lines,
  promoCode,
  withDiscount,
  className,
}: {
  lines: PriceLines;
  promoCode?: string | null;
  /** False when the caller's own rows show the discount already. */
  withDiscount?: boolean;
  className?: string;
}) {
  return (
    <>
      {priceLineRows(lines, { promoCode, withDiscount }).map((row) => (
        <div key={row.key} className={`flex justify-between gap-4 ${row.key === 'discount' ? 'text-emerald-700' : ''} ${className ?? ''}`}>
          <dt className={row.key === 'discount' ? undefined : 'text-muted-foreground'}>{row.label}</dt>
          <dd className="text-right font-medium" data-testid={`price-line-${row.key}`}>
            {row.cents < 0 ? `-${formatCents(-row.cents)}` : formatCents(row.cents)}
          </dd>
        </div>
      ))}
    </>
  );
}
