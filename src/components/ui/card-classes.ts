/** The card's classes, one list for the kit's Card and the org page's tailwind-merge-free copy. */
export const cardClasses = {
  card: 'rounded-lg border bg-card text-card-foreground shadow-sm',
  header: 'flex flex-col gap-1.5 p-5 sm:p-6',
  title: 'font-serif text-xl font-semibold leading-tight',
  description: 'text-sm text-muted-foreground',
  content: 'p-5 pt-0 sm:p-6 sm:pt-0',
  footer: 'flex items-center gap-3 p-5 pt-0 sm:p-6 sm:pt-0',
} as const;
