import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../support/stack-env.ts';
import { rawRequest, type RawRequest } from './raw-http.ts';

// HEAD on /rest/v1 with long query strings (kilobytes of filter, valid and malformed): PostgREST
// answers every HEAD with the status and headers its GET would get, and no body. Sent raw over
// node:net (one request per connection, with the framings a client may use) and over kept-alive
// connections (node:http), every one must get a status line, the same as its GET.

const env = stackEnv();
const UUID = '00000000-0000-4000-8000-000000000000';
const FILTERS = [
  `x=${'y'.repeat(12_000)}`,
  `x=${'%zz'.repeat(500)}`,
  `id=in.(${Array(300).fill(UUID).join(',')})`,
  `or=(${Array(150).fill(`id.eq.${UUID}`).join(',')})`,
  `or=(${Array(150).fill(`id.eq.${UUID}`).join(',')}`,
  `name=like.${'%'.repeat(3000)}`,
  `name=in.(${'"'.repeat(3000)})`,
  `select=${'id,'.repeat(1500)}id`,
  `select=${'a('.repeat(1000)}`,
  `order=${'id.desc,'.repeat(800)}id`,
  `name=eq.${'%00'.repeat(1000)}`,
  `slug=eq.${'é'.repeat(2000)}`,
  `name=fts.${'x '.repeat(3000)}`,
];
const TABLES = ['organizations', 'events', 'no_such_table', 'rpc/no_such_function'];
const HEADERS: [string, string][][] = [
  [['apikey', env.anonKey]],
  [
    ['apikey', env.anonKey],
    ['Prefer', 'count=exact'],
  ],
  [
    ['apikey', env.anonKey],
    ['Range', '0-1'],
  ],
  [
    ['apikey', env.anonKey],
    ['Accept', 'application/vnd.pgrst.object+json'],
  ],
  [],
];

/** How a HEAD may be framed on the wire: plain, kept alive, HTTP/1.0, with a body, half-closed after it. */
const FRAMINGS: ((target: string, headers: [string, string][]) => RawRequest)[] = [
  (target, headers) => ({ method: 'HEAD', target, headers }),
  (target, headers) => ({ method: 'HEAD', target, headers: [...headers, ['Connection', 'keep-alive']] }),
  (target, headers) => ({ method: 'HEAD', target, headers, version: 'HTTP/1.0' }),
  (target, headers) => ({ method: 'HEAD', target, headers, body: '{"a":1}' }),
  (target, headers) => ({
    method: 'HEAD',
    target,
    headers,
    raw: Buffer.from(`HEAD ${target} HTTP/1.1\r\nHost: gateway\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`, 'utf8'),
    halfClose: true,
  }),
];

async function inParallel<T>(items: T[], concurrency: number, each: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await each(items[next++]);
    }),
  );
}

describe('HEAD on /rest/v1 with long filters', () => {
  it('every raw HEAD gets a status line, the status its GET gets', async () => {
    const cases = FILTERS.flatMap((filter) =>
      TABLES.flatMap((table) => HEADERS.map((headers) => ({ target: `/rest/v1/${table}?${filter}`, headers }))),
    );
    const unanswered: string[] = [];
    const differing: string[] = [];
    await inParallel(cases, 16, async ({ target, headers }) => {
      const get = await rawRequest(env.apiUrl, { method: 'GET', target, headers });
      for (const [i, framing] of FRAMINGS.entries()) {
        const head = await rawRequest(env.apiUrl, framing(target, headers), { timeoutMs: 20_000 });
        const what = `framing ${i} ${target.slice(0, 60)}… ${JSON.stringify(headers.map(([k]) => k))}`;
        if (!head.response) unanswered.push(`${what} → ${head.error}`);
        else if (get.response && head.response.status !== get.response.status) {
          differing.push(`${what} → HEAD ${head.response.status}, GET ${get.response.status}`);
        }
      }
    });
    expect(unanswered).toEqual([]);
    expect(differing).toEqual([]);
  });

  it('HEADs on kept-alive connections are all answered (node:http, 8 sockets)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const failures: string[] = [];
    const statuses = new Set<number>();
    const requests = Array.from({ length: 600 }, (_, i) => `/rest/v1/${TABLES[i % TABLES.length]}?${FILTERS[i % FILTERS.length]}`);
    try {
      await inParallel(requests, 16, (path) => {
        const done = new Promise<void>((resolve) => {
          const req = request(`${env.apiUrl}${path}`, { method: 'HEAD', agent, headers: { apikey: env.anonKey, prefer: 'count=exact' } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => {
              statuses.add(res.statusCode!);
              if (bytes) failures.push(`${path.slice(0, 60)}… → a body of ${bytes} bytes`);
              resolve();
            });
          });
          req.on('error', (error: NodeJS.ErrnoException) => {
            failures.push(`${path.slice(0, 60)}… → ${error.code ?? error.message}`);
            resolve();
          });
          req.end();
        });
        return done;
      });
    } finally {
      agent.destroy();
    }
    expect(failures).toEqual([]);
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 404]));
  });
});
