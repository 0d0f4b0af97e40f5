/**
 * Row-level security hides the rows the caller may not change: an update or delete that matched
 * zero rows is a refusal, not a success.
 */
export function expectRows(data: readonly unknown[] | null, notFound: string): void {
  if (!data || data.length === 0) throw new Error(notFound);
}
