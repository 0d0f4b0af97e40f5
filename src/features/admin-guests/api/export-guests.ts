import { useMutation } from '@tanstack/react-query';
import { guestsToCsv } from '../lib/csv';
import type { AdminGuest } from '../types';
import { getGuests } from './get-guests';

const EXPORT_PAGE = 5000;

/** Walks every page of guests and returns the CSV text. */
export async function exportGuestsCsv(orgId: string): Promise<string> {
  const all: AdminGuest[] = [];
  for (let page = 0; ; page++) {
    const { rows, total } = await getGuests(orgId, '', page, EXPORT_PAGE);
    all.push(...rows);
    if (rows.length < EXPORT_PAGE || all.length >= total) break;
  }
  return guestsToCsv(all);
}

export function useExportGuests(orgId: string, options: { onSuccess?: (csv: string) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: () => exportGuestsCsv(orgId), ...options });
}
