import { dollarsToCents, formatCents } from '@/lib/money';

/**
 * A refund typed in dollars: its problem in words, or null when it is a valid amount of more
 * than $0 and at most `refundableCents` (what the booking still holds).
 */
export function refundAmountProblem(input: string, refundableCents: number): string | null {
  if (input.trim() === '') return 'Enter the amount to refund';
  const cents = dollarsToCents(input);
  if (cents === null) return 'Enter an amount in dollars, like 40 or 40.50';
  if (cents <= 0) return 'Enter an amount greater than $0.00';
  if (cents > refundableCents) return `The refund cannot be more than the ${formatCents(refundableCents)} still refundable`;
  return null;
}

/** Cents as the text of a dollars input (31500 → "315.00"), in integer arithmetic. */
export function centsToDollarsInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
