/**
 * Square's webhook signature check (supabase/functions/_shared/square.ts), run in Deno:
 * `x-square-hmacsha256-signature` is base64(HMAC-SHA256(signature key, notification URL +
 * raw body)). Signatures here are made independently with Node's crypto; only the exact
 * key, URL and body verify.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { denoEval } from '../support/deno.ts';

const script = `
import { verifySquareSignature } from './supabase/functions/_shared/square.ts';
const cases = JSON.parse(Deno.env.get('CASES') ?? '[]');
const results = [];
for (const c of cases) results.push(await verifySquareSignature(c.key, c.url, c.body, c.header));
console.log(JSON.stringify(results));
`;

interface Case {
  name: string;
  key: string;
  url: string;
  body: string;
  header: string | null;
}

async function verify(cases: Case[]): Promise<Record<string, boolean>> {
  const stdout = await denoEval(script, { env: { CASES: JSON.stringify(cases) } });
  const results = JSON.parse(stdout.trim().split('\n').at(-1)!) as boolean[];
  return Object.fromEntries(cases.map((c, i) => [c.name, results[i]]));
}

const sign = (key: string, url: string, body: string) =>
  createHmac('sha256', key)
    .update(url + body, 'utf8')
    .digest('base64');

describe('verifySquareSignature (Deno)', () => {
  it('verifies only the signature of this key, notification URL and raw body', async () => {
    const key = 'sq-signature-key-Ab12';
    const url = 'https://project.supabase.co/functions/v1/square-webhook';
    const body = JSON.stringify({
      merchant_id: 'M1',
      type: 'refund.updated',
      event_id: 'evt-1',
      data: { type: 'refund', id: 'r1', object: { refund: { id: 'r1', status: 'COMPLETED', note: 'café ✓' } } },
    });
    const good = sign(key, url, body);
    // The same body, one byte changed (COMPLETED -> COMPLETEE).
    const changed = body.replace('COMPLETED', 'COMPLETEE');
    expect(changed).not.toBe(body);
    expect(changed.length).toBe(body.length);
    const flipped = good.slice(0, -2) + (good.at(-2) === 'A' ? 'B' : 'A') + good.at(-1);

    const results = await verify([
      { name: 'correct', key, url, body, header: good },
      { name: 'correct with surrounding spaces', key, url, body, header: ` ${good} ` },
      { name: 'one character of the signature changed', key, url, body, header: flipped },
      { name: 'another key', key: `${key}x`, url, body, header: good },
      { name: 'signed by another key', key, url, body, header: sign('another-key', url, body) },
      { name: 'missing header', key, url, body, header: null },
      { name: 'empty header', key, url, body, header: '' },
      { name: 'different URL', key, url: `${url}/`, body, header: good },
      { name: 'body changed by one byte', key, url, body: changed, header: good },
      { name: 'body without the URL signed', key, url, body, header: sign(key, '', body) },
      {
        name: 'hex instead of base64',
        key,
        url,
        body,
        header: createHmac('sha256', key)
          .update(url + body)
          .digest('hex'),
      },
      { name: 'empty key', key: '', url, body, header: sign('', url, body) },
    ]);
    expect(results).toEqual({
      correct: true,
      'correct with surrounding spaces': true,
      'one character of the signature changed': false,
      'another key': false,
      'signed by another key': false,
      'missing header': false,
      'empty header': false,
      'different URL': false,
      'body changed by one byte': false,
      'body without the URL signed': false,
      'hex instead of base64': false,
      'empty key': false,
    });
  }, 120_000);
});
