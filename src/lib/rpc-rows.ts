import type { Database } from './database.types';

type Functions = Database['public']['Functions'];

/** One row of an SQL function that returns a table, as the generated types describe it. */
export type RpcRow<Name extends keyof Functions> = Functions[Name]['Returns'] extends readonly (infer Row)[] ? Row : never;

/**
 * One page of a paged admin list: its rows each carry total_count, how many match in all. A page
 * past the end (its last rows cancelled meanwhile) has no row to carry it: the first page is
 * asked, so the pager still shows where the list ends.
 */
export async function fetchPage<Row extends { total_count: number }>(
  page: number,
  fetchRows: (page: number) => Promise<Row[]>,
): Promise<{ total: number; rows: Row[] }> {
  const rows = await fetchRows(page);
  const counted = rows.length > 0 || page === 0 ? rows : await fetchRows(0);
  return { total: counted[0]?.total_count ?? 0, rows };
}
