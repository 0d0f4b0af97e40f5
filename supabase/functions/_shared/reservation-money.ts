// What a reservation's payment ledger comes to (SQL public.money_of), as the edge functions read
// it and the browser shows it. PURE: types only, so src/lib/money.ts re-exports it.

/** A reservation's money, computed from its ledger, in cents. */
export interface Money {
  paid_cents: number;
  refunded_cents: number;
  pending_refund_cents: number;
  failed_refund_cents: number;
  /** Paid less refunded. */
  net_cents: number;
  /** Paid less refunded and refunds on their way: the most a refund can be now. */
  refundable_cents: number;
  comp_cents: number;
  /** 'Paid', 'Partially refunded', 'Refunded', 'Refund pending', 'Payment pending', 'Comp' or 'Free'. */
  badge: string;
}
