/**
 * The booking functions' error mapping (supabase/functions/_shared/booking.ts), run in Deno:
 * a data exception of the database (SQLSTATE class 22) is the request's fault, a 400, never
 * a 500; NUL characters are found wherever they are in a request body.
 */
import { describe, expect, it } from 'vitest';
import { denoEval } from '../support/deno.ts';

const script = `
import { findNul, rpcFailure } from './supabase/functions/_shared/booking.ts';
console.error = () => {};
const codes = ['22000', '22001', '22003', '22007', '22008', '22012', '22023', '22P02', '22P05', '23514', '23502', 'P0001', 'SH404', 'SH409', 'XX000', '42501', '42883'];
const mapped = Object.fromEntries(codes.map((code) => {
  const e = rpcFailure({ code, message: 'from sql' });
  return [code, { status: e.status, message: e.message }];
}));
const nul = [findNul({ a: { b: 'x\\u0000y' } }), findNul({ list: ['ok', 'n\\u0000'] }), findNul({ a: 'ok', n: 1, z: null }), findNul('\\u0000'), findNul({ ['k\\u0000']: 1 })];
console.log(JSON.stringify({ mapped, nul }));
`;

describe('booking errors (Deno)', () => {
  it('maps every SQLSTATE of class 22 to 400 and finds NUL characters by path', async () => {
    const stdout = await denoEval(script);
    const { mapped, nul } = JSON.parse(stdout.trim().split('\n').at(-1)!);
    const data = 'Please check your booking details and try again.';
    for (const code of ['22000', '22001', '22003', '22007', '22008', '22012', '22023', '22P02', '22P05']) {
      expect(mapped[code], code).toEqual({ status: 400, message: data });
    }
    expect(mapped['23514']).toEqual({ status: 400, message: data });
    expect(mapped['P0001']).toEqual({ status: 400, message: 'from sql' });
    expect(mapped['SH404'].status).toBe(404);
    expect(mapped['SH409'].status).toBe(409);
    for (const code of ['XX000', '42501', '42883']) expect(mapped[code].status, code).toBe(500);
    expect(nul).toEqual(['a.b', 'list.1', null, '', 'The request body']);
  }, 120_000);
});
