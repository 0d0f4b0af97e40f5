import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** What a reservation's money comes to (public.money_of's `badge`), in the words staff see. */
export const MONEY_BADGES = ['Paid', 'Partially refunded', 'Refunded', 'Refund pending', 'Payment pending', 'Comp', 'Free'] as const;
export type MoneyBadgeLabel = (typeof MONEY_BADGES)[number];

/** Colours that read on white with AA contrast: paid green, money on its way amber, refunded gray. */
const tones: Record<MoneyBadgeLabel, string> = {
  Paid: 'bg-emerald-100 text-emerald-900',
  'Partially refunded': 'bg-sky-100 text-sky-900',
  Refunded: 'bg-slate-200 text-slate-800',
  'Refund pending': 'bg-amber-100 text-amber-900',
  'Payment pending': 'bg-orange-100 text-orange-900',
  Comp: 'bg-violet-100 text-violet-900',
  Free: 'border border-input bg-transparent text-foreground',
};

/** Reads a badge label from the server; anything unknown is shown as it came, neutral. */
export function isMoneyBadge(value: string): value is MoneyBadgeLabel {
  return (MONEY_BADGES as readonly string[]).includes(value);
}

/** A reservation's money state as a badge (admin lists of reservations and RSVPs). */
export function MoneyBadge({ badge, className }: { badge: string; className?: string }) {
  return (
    <Badge variant="outline" data-testid="money-badge" className={cn('whitespace-nowrap', isMoneyBadge(badge) ? tones[badge] : undefined, className)}>
      {badge}
    </Badge>
  );
}
