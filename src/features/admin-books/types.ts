import type { RpcRow } from '@/lib/rpc-rows';

/** One line of the books (SQL staff_ledger_export): signed integer cents, refunds negative. */
export type LedgerLine = RpcRow<'staff_ledger_export'>;

/** One month of the books (SQL staff_ledger_months): the sums of that month's lines. */
export type LedgerMonth = RpcRow<'staff_ledger_months'>;

/** Calendar dates (YYYY-MM-DD) in the organization's time zone, both included. */
export interface LedgerRange {
  from: string;
  to: string;
}
