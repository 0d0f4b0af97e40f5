import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { LedgerLine, LedgerMonth, LedgerRange } from '../types';

/** Hosted PostgREST answers at most this many rows a request (max_rows): the export is read in pages. */
const PAGE = 1000;

export const ledgerMonthsQueryKey = (orgId: string, range: LedgerRange) => ['admin', orgId, 'books', range.from, range.to] as const;

/** The monthly totals (SQL staff_ledger_months: members only). */
export async function getLedgerMonths(orgId: string, range: LedgerRange): Promise<LedgerMonth[]> {
  const { data, error } = await supabase.rpc('staff_ledger_months', { p_org_id: orgId, p_from: range.from, p_to: range.to });
  if (error) throw new Error(error.message);
  return data;
}

export function useLedgerMonths(orgId: string, range: LedgerRange, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: ledgerMonthsQueryKey(orgId, range), queryFn: () => getLedgerMonths(orgId, range), enabled }));
}

/** Every line of the books in the range (SQL staff_ledger_export), page by page. */
export async function getLedgerLines(orgId: string, range: LedgerRange): Promise<LedgerLine[]> {
  const lines: LedgerLine[] = [];
  for (let first = 0; ; first += PAGE) {
    const { data, error } = await supabase
      .rpc('staff_ledger_export', { p_org_id: orgId, p_from: range.from, p_to: range.to })
      .order('occurred_at')
      .order('ledger_id')
      .range(first, first + PAGE - 1);
    if (error) throw new Error(error.message);
    lines.push(...data);
    if (data.length < PAGE) return lines;
  }
}

export function useExportLedger(
  orgId: string,
  options: { onSuccess?: (lines: LedgerLine[], range: LedgerRange) => void; onError?: (error: Error) => void },
) {
  return useMutation({
    mutationFn: (range: LedgerRange) => getLedgerLines(orgId, range),
    onSuccess: (lines, range) => options.onSuccess?.(lines, range),
    onError: options.onError,
  });
}
