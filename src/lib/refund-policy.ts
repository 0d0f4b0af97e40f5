/**
 * The cancellation policy in the words guests read. Mirrors SQL `public.refund_policy_text`
 * (supabase/schemas/020_events.sql) word for word, so staff see the exact sentence
 * while they edit; pages that have the server's `refund_policy` text show that instead.
 *
 * windowHours: hours before the dinner until which a cancellation is refunded in full (null: no
 * such window). latePercent: what is refunded after that window (or at any time without one).
 */
export function refundPolicyText(windowHours: number | null, latePercent: number | null): string {
  const late = latePercent ?? 0;
  if (late >= 100) return 'Full refund if you cancel';
  if (windowHours === null && late === 0) return 'Non-refundable';
  if (windowHours === null) return `${late}% refund if you cancel`;
  const until = windowHours === 0 ? 'the dinner starts' : windowHours === 1 ? '1 hour before the dinner' : `${windowHours} hours before the dinner`;
  return `Full refund until ${until}${late === 0 ? '; non-refundable after that' : `; ${late}% after that`}`;
}
