import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import { allInNote, hasCharges, type PriceLines } from '@/lib/price-lines';
import { cn } from '@/lib/utils';
import type { BookingHandle, ConfirmationContent, SummaryRow } from '../types';

// The page's own text colour: a brand's primary (links elsewhere) need not contrast with the panel.
const manageLinkClass = 'font-medium text-foreground underline underline-offset-4 hover:no-underline';

/** Whether the page runs inside an iframe (the embeddable booking form). */
function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * The flavour's rows with the service charge and tax of an itemized price just before its total
 * ('Total paid', 'Deposit paid'), or after the rows when none is named so.
 */
function withChargeRows(rows: readonly SummaryRow[], lines: PriceLines | null | undefined): readonly SummaryRow[] {
  if (!lines || lines.priceDisplay === 'all_in' || !hasCharges(lines)) return rows;
  const charges: SummaryRow[] = [];
  if (lines.serviceChargeCents > 0) charges.push({ label: 'Service charge', value: formatCents(lines.serviceChargeCents) });
  if (lines.taxCents > 0) charges.push({ label: 'Tax', value: formatCents(lines.taxCents) });
  const total = rows.findIndex((row) => /^(total|deposit)/i.test(row.label));
  return total < 0 ? [...rows, ...charges] : [...rows.slice(0, total), ...charges, ...rows.slice(total)];
}

/**
 * The confirmation card of every booking flavour: title, where the confirmation was sent, what
 * was booked, the booking code with the private link to manage or cancel it (when the server gave
 * them), the cancellation policy, and "make another". 'panel' is the compact card of an organization page's booking
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
  refundPolicy,
  booking,
  lines,
  onAnother,
}: ConfirmationContent & { booking?: BookingHandle; lines?: PriceLines | null; onAnother(): void }) {
  const titleId = useId();
  const allIn = lines ? allInNote(lines) : null;
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
          {withChargeRows(rows, lines).map((row) => (
            <div key={row.label} className={page ? 'flex flex-wrap justify-between gap-2 px-4 py-3' : 'flex justify-between gap-4'}>
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className={page ? 'font-medium' : 'text-right font-medium'}>{row.value}</dd>
            </div>
          ))}
        </dl>
        {allIn ? (
          <p className="-mt-2 text-sm text-muted-foreground" data-testid="confirmation-all-in">
            {allIn}
          </p>
        ) : null}
        {booking?.bookingCode || booking?.manageToken ? (
          <div className={cn('space-y-1 rounded-lg border bg-muted/40 p-4 text-center', !page && 'text-sm')} data-testid="booking-handle">
            {booking.bookingCode ? (
              <p>
                Booking code <span className="font-mono font-semibold tracking-wider">{booking.bookingCode}</span>
              </p>
            ) : null}
            {booking.manageToken ? (
              <p>
                {inFrame() ? (
                  // In an embed the guest's own page opens in a tab of its own, outside the host's site.
                  <a href={paths.manageBooking.getHref(booking.manageToken)} target="_blank" rel="noopener noreferrer" className={manageLinkClass}>
                    Manage or cancel your booking
                  </a>
                ) : (
                  <Link to={paths.manageBooking.getHref(booking.manageToken)} className={manageLinkClass}>
                    Manage or cancel your booking
                  </Link>
                )}
              </p>
            ) : null}
            <p className="text-xs text-muted-foreground">Keep this link private: anyone who has it can change or cancel the booking.</p>
          </div>
        ) : null}
        {refundPolicy ? (
          <p className="flex items-start justify-center gap-2 text-center text-sm text-muted-foreground" data-testid="confirmation-refund-policy">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>Cancellation policy: {refundPolicy}</span>
          </p>
        ) : null}
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
