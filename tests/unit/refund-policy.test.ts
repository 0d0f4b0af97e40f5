import { describe, expect, it } from 'vitest';
import { refundPolicyText } from '../../src/lib/refund-policy';
import { sql } from '../support/db';

// Every branch of SQL public.refund_policy_text, with the sentence guests read.
const cases: [number | null, number | null, string][] = [
  [null, 100, 'Full refund if you cancel'],
  [48, 100, 'Full refund if you cancel'],
  [null, 0, 'Non-refundable'],
  [null, null, 'Non-refundable'],
  [null, 50, '50% refund if you cancel'],
  [0, 0, 'Full refund until the dinner starts; non-refundable after that'],
  [1, 0, 'Full refund until 1 hour before the dinner; non-refundable after that'],
  [48, 0, 'Full refund until 48 hours before the dinner; non-refundable after that'],
  [48, null, 'Full refund until 48 hours before the dinner; non-refundable after that'],
  [48, 50, 'Full refund until 48 hours before the dinner; 50% after that'],
  [0, 25, 'Full refund until the dinner starts; 25% after that'],
  [1, 75, 'Full refund until 1 hour before the dinner; 75% after that'],
  [8760, 10, 'Full refund until 8760 hours before the dinner; 10% after that'],
];

describe('refundPolicyText', () => {
  it.each(cases)('window %s h, late %s%% → %s', (windowHours, latePercent, expected) => {
    expect(refundPolicyText(windowHours, latePercent)).toBe(expected);
  });

  it('words every policy exactly as the database does', async () => {
    const rows = await sql<{ text: string }>(
      `select public.refund_policy_text(w, p) as text
         from unnest($1::int[], $2::int[]) with ordinality as c(w, p, n) order by n`,
      [cases.map((c) => c[0]), cases.map((c) => c[1])],
    );
    expect(rows.map((r) => r.text)).toEqual(cases.map((c) => refundPolicyText(c[0], c[1])));
  });
});
