// An event cancellation's refunds as staff see them, read from staff_event_cancellation's
// columns. PURE: no imports, so the browser (src/features/admin-cancel-event) reads the same.

/** How many refunds, and how much, in one state. */
export interface RefundTally {
  count: number;
  cents: number;
}

export type RefundTallies = Record<'completed' | 'pending' | 'failed', RefundTally>;

/** staff_event_cancellation's refund columns. */
export interface RefundColumns {
  refunds_completed: number;
  refunds_completed_cents: number;
  refunds_pending: number;
  refunds_pending_cents: number;
  refunds_failed: number;
  refunds_failed_cents: number;
}

export function refundTallies(row: RefundColumns): RefundTallies {
  return {
    completed: { count: row.refunds_completed, cents: row.refunds_completed_cents },
    pending: { count: row.refunds_pending, cents: row.refunds_pending_cents },
    failed: { count: row.refunds_failed, cents: row.refunds_failed_cents },
  };
}
