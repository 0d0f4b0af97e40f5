import { describe, expect, it } from 'vitest';
import { fetchPage } from '../../src/lib/rpc-rows';

/** A list of `count` rows served a page of `size` at a time, as a paged SQL function answers. */
function list(count: number, size: number) {
  const asked: number[] = [];
  const rows = Array.from({ length: count }, (_, i) => ({ n: i, total_count: count }));
  const fetchRows = (page: number) => {
    asked.push(page);
    return Promise.resolve(rows.slice(page * size, (page + 1) * size));
  };
  return { asked, fetchRows };
}

describe('fetchPage', () => {
  it("takes the total from the page's rows, in one request", async () => {
    const { asked, fetchRows } = list(7, 3);
    expect(await fetchPage(2, fetchRows)).toEqual({ total: 7, rows: [{ n: 6, total_count: 7 }] });
    expect(asked).toEqual([2]);
  });

  it('an empty list has no rows and a total of 0', async () => {
    const { asked, fetchRows } = list(0, 3);
    expect(await fetchPage(0, fetchRows)).toEqual({ total: 0, rows: [] });
    expect(asked).toEqual([0]);
  });

  it('a page past the end (its rows gone meanwhile) still knows the total, from the first page', async () => {
    const { asked, fetchRows } = list(4, 3);
    expect(await fetchPage(2, fetchRows)).toEqual({ total: 4, rows: [] });
    expect(asked).toEqual([2, 0]);
  });
});
