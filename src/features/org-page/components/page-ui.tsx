import type { ButtonHTMLAttributes, HTMLAttributes } from 'react';
import { cardClasses } from '@/components/ui/card-classes';
import { classed } from '@/lib/classed';

/**
 * The UI kit's button, card and badge (src/components/ui) as the org page uses them, with the
 * kit's exact classes joined as they are rather than through `cn`: tailwind-merge (~9 KB gzip)
 * stays off the public page's first render. The page passes no class that conflicts with the
 * kit's, so joining gives what `cn` gives; tests/unit/org-page-ui.test.ts renders both and
 * compares, so a change to the kit shows there.
 */

const join = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

// The kit's `text-sm` is in its base; tailwind-merge drops it for the large size's `text-base`.
const buttonBase =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50';
const buttonVariants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border border-input bg-background hover:bg-muted',
} as const;
const buttonSizes = { default: 'text-sm h-11 px-5 py-2', lg: 'h-12 px-8 text-base' } as const;

interface ButtonLook {
  variant?: keyof typeof buttonVariants;
  size?: keyof typeof buttonSizes;
  className?: string;
}

/** The classes of `<Button variant size className>`, e.g. for a link that looks like one (the kit's `asChild`). */
export function buttonClass({ variant = 'default', size = 'default', className }: ButtonLook = {}): string {
  return join(buttonBase, buttonVariants[variant], buttonSizes[size], className);
}

export function PageButton({ variant, size, className, type, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook) {
  return <button type={type ?? 'button'} className={buttonClass({ variant, size, className })} {...props} />;
}

const badgeVariants = {
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  destructive: 'bg-red-100 text-red-900',
} as const;

export function PageBadge({ className, variant, ...props }: HTMLAttributes<HTMLSpanElement> & { variant: keyof typeof badgeVariants }) {
  return (
    <span
      className={join('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', badgeVariants[variant], className)}
      {...props}
    />
  );
}

export const PageCard = classed('div', cardClasses.card, join);
export const PageCardHeader = classed('div', cardClasses.header, join);
export const PageCardTitle = classed('h3', cardClasses.title, join);
export const PageCardContent = classed('div', cardClasses.content, join);
export const PageCardFooter = classed('div', cardClasses.footer, join);
