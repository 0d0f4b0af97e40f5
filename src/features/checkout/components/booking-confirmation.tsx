import { useId } from 'react';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { ConfirmationContent } from '../types';

/**
 * The confirmation card of every booking flavour: title, where the confirmation was sent, what
 * was booked, and "make another". 'panel' is the compact card of an organization page's booking
 * panel (announced as a status); 'page' the larger region of a page of its own.
 */
export function BookingConfirmation({
  variant,
  title,
  greeting,
  note,
  rows,
  rowsTestId,
  actions,
  anotherLabel,
  spaced = false,
  onAnother,
}: ConfirmationContent & { onAnother(): void }) {
  const titleId = useId();
  const page = variant === 'page';
  return (
    <Card className={cn(page && 'mx-auto max-w-xl')} role={page ? 'region' : 'status'} aria-labelledby={titleId}>
      <CardHeader className="items-center text-center">
        <CircleCheck className={page ? 'h-12 w-12 text-emerald-700' : 'h-10 w-10 text-emerald-600'} aria-hidden />
        <h2 id={titleId} className={cn('font-serif font-semibold', page ? 'text-3xl' : 'text-2xl', spaced && 'tracking-wide')}>
          {title}
        </h2>
        {greeting ? <p className="text-lg">{greeting}</p> : null}
        <p className="text-sm text-muted-foreground">{note}</p>
      </CardHeader>
      <CardContent className={page ? 'space-y-6' : 'space-y-5'}>
        <dl className={page ? 'divide-y rounded-lg border' : 'space-y-2 text-sm'} data-testid={rowsTestId}>
          {rows.map((row) => (
            <div key={row.label} className={page ? 'flex flex-wrap justify-between gap-2 px-4 py-3' : 'flex justify-between gap-4'}>
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className={page ? 'font-medium' : 'text-right font-medium'}>{row.value}</dd>
            </div>
          ))}
        </dl>
        {actions}
        <Button
          variant={page ? 'default' : 'outline'}
          size={page ? 'lg' : 'default'}
          className={cn('w-full', spaced && 'tracking-widest')}
          onClick={onAnother}
        >
          {anotherLabel}
        </Button>
      </CardContent>
    </Card>
  );
}
