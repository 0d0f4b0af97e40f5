import { METHODS } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf, type Api } from '../../stack/gateway/server.ts';
import { signJwt } from '../../stack/jwt.ts';
import { stackEnv } from '../support/stack-env.ts';
import { rawRequest, type RawOutcome, type RawRequest } from './raw-http.ts';

// A seeded, bounded fuzz of the gateway's four APIs with malformed requests, sent raw over
// node:net so that broken request targets, headers and bodies reach the server as they are.
// Every request is a random mutation of a valid one (bad percent-encoding, NUL/CR/LF/unicode
// in the path, query and JSON, huge or deep JSON, wrong content types and methods, bad,
// expired or unsigned JWTs, bodies over the limit, truncated bodies, absurd Range headers, ...).
// The gateway must answer every one (no reset, no missing status line), never with a 5xx,
// and every 4xx in the error shape of its API.
//
//   FUZZ_SEED=<n> FUZZ_REQUESTS=<n> npx vitest run tests/api/gateway-fuzz.test.ts
//   FUZZ_ONLY=<index>  replays one request of the run and prints it.
//
// Request i is generated from its own PRNG seeded with (FUZZ_SEED, i): the same seed sends the
// same requests in the same order (answers may differ with timing, e.g. the sign-in throttle).
// No request runs with the service-role key: nothing the fuzz sends can get past row-level security.

const env = stackEnv();
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const ONLY = process.env.FUZZ_ONLY !== undefined ? Number(process.env.FUZZ_ONLY) : undefined;
const CONCURRENCY = 16;
/** Total time cap: no new request is started after it (the run then fails for sending too few). */
const TIME_CAP_MS = Number(process.env.FUZZ_TIME_CAP_MS ?? 100_000);
const JSON_LIMIT = 1024 * 1024;
const UPLOAD_LIMIT = 10 * 1024 * 1024;

// ---------------------------------------------------------------- PRNG

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(n: number) {
    return Math.floor(this.next() * n);
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

const seedFor = (i: number) => (Math.imul(SEED ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35)) >>> 0;

// ---------------------------------------------------------------- what a request is

interface Spec {
  index: number;
  request: RawRequest;
  /** The API the server will route it to (from the target as the server parses it). */
  api: Api;
  path: string;
  query: URLSearchParams;
  /** Malformed at the HTTP level (Node's parser refuses it): any JSON 4xx will do. */
  httpLevel: boolean;
  /** Sent with x-supabase-api-version 2024-01-01 (GoTrue's newer error shape). */
  modernAuth: boolean;
  mutations: string[];
}

/** The target as the server reads it (origin-form or absolute-form; anything else is 'none'). */
function parseTarget(target: string): { api: Api; path: string; query: URLSearchParams } {
  try {
    const url = target.startsWith('/') ? new URL(`http://gateway${target}`) : /^https?:\/\//i.test(target) ? new URL(target) : null;
    if (url) {
      let path = url.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {
        // keep it encoded
      }
      return { api: apiOf(url.pathname), path, query: url.searchParams };
    }
  } catch {
    // unparseable
  }
  return { api: 'none', path: target, query: new URLSearchParams() };
}

// ---------------------------------------------------------------- inputs

interface Keys {
  anon: string;
  user: string;
  expired: string;
  forged: string;
  unsigned: string;
  oddRole: string;
  noSub: string;
  badSub: string;
}

let keys: Keys;
let eatathome = '00000000-0000-0000-0000-000000000000';
const FIXTURE = 'fuzz/fixture.png';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const utf8AsLatin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const BAD_PERCENT = [
  '%',
  '%z',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%00',
  '%0A',
  '%0D%0A',
  '%E2%80%AE',
  '%F0%9F%92%A9',
  '%2e%2e',
  '%2F',
  '%5C',
  '%%',
  '%u0041',
];
const RAW_PATH_BYTES = [
  '\u0000',
  '\r',
  '\n',
  '\t',
  ' ',
  '\u007f',
  '\u0080',
  '\u00ff',
  utf8AsLatin1('é'),
  utf8AsLatin1('💩'),
  utf8AsLatin1('\u202e'),
  '"',
  '<',
  '>',
  '\\',
  '{',
  '|',
  '^',
  '`',
];
const TARGETS = [
  '//[',
  'http://[',
  'http://[::1',
  'https://[',
  'http://gateway/rest/v1/organizations?select=id',
  'http://x:99999/auth/v1/settings',
  '*',
  'rest/v1/organizations',
  '/%',
  '/\\..\\',
  '//',
  '///storage/v1/bucket',
  '/storage/v1/../rest/v1/organizations?select=id',
  '/auth/v1/../../etc/passwd',
  `/${'a'.repeat(9000)}`,
  `/rest/v1/${'x'.repeat(3000)}`,
  '/functions/v1/',
  '/functions/v1/_shared/http.ts',
  '/functions/v1/..%2f..%2fetc',
  '/storage/v1/object/public/',
  '/storage/v1/object/public//',
  '/storage/v1/object/list/',
  '/rest/v1/rpc/',
  '/auth/v1/admin/users',
  '/auth/v1/verify?token=x&type=signup',
  '/storage/v1/object/sign/org-assets/x',
  '/health',
  '/',
];
const QUERY_PARAMS = [
  `select=${Array.from({ length: 1700 }, () => 'id').join(',')}`,
  'select=*,organizations(*)',
  'select=id::text',
  'select=%00',
  'select=%zz',
  'select=id,,name',
  'select=(',
  'select=*,events!inner(*)',
  'limit=-1',
  'limit=abc',
  'limit=99999999999999999999',
  'offset=-5',
  'order=id.desc.nullsfirst',
  'order=%zz',
  'order=name.junk',
  'id=eq.%00',
  `id=eq.${utf8AsLatin1('𝔘')}`,
  'id=in.(1,2',
  'id=in.()',
  'or=(id.eq.1,',
  'and=()',
  'name=like.*%00*',
  'name=ilike.%E0%A4%A',
  'a[b]=c',
  '&&&',
  '=',
  'select',
  'columns=foo',
  'on_conflict=id',
  'id=eq.not-a-uuid',
  'id=gt.1e999',
  'created_at=gt.not-a-date',
  'name=fts(xx).junk',
  'id=is.maybe',
  'not.id=eq.1',
  'apikey=junk',
  'grant_type=password',
  'grant_type=junk',
  'grant_type=',
  'scope=junk',
  'scope=others',
  'download=',
  'download=%E2%82%AC%22%0D%0A',
  'download=a"b\\c',
  'redirect_to=javascript:alert(1)',
  'status=999',
  `x=${'y'.repeat(12_000)}`,
  `x=${'%zz'.repeat(500)}`,
];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary="unterminated',
  `multipart/form-data; boundary=${'b'.repeat(300)}`,
  'application/x-www-form-urlencoded',
  'application/vnd.pgrst.object+json',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
  'image/gif',
  '',
  ';;;',
  'text/csv',
  utf8AsLatin1('imäge/pñg'),
  'application/json\u00ff',
  'application/vnd.pgrst.plan+json',
];
const RANGES = [
  'bytes=0-0',
  'bytes=-0',
  'bytes=999999999999-',
  'bytes=5-1',
  'bytes=0-1,2-3',
  'items=0-5',
  `bytes=${'9'.repeat(400)}-`,
  'bytes=abc',
  'bytes=-',
  'bytes=0-',
  '0-5',
  'bytes=1-1000000000000000000000',
];
const PREFERS = [
  'return=representation',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'return=headers-only',
  'tx=rollback',
  'missing=default',
  'params=single-object',
  'handling=strict, junk=1',
  'max-affected=0',
  'timezone=Mars/Olympus',
];
const ACCEPTS = [
  'application/vnd.pgrst.object+json',
  'text/csv',
  'application/openapi+json',
  'application/geo+json',
  '*/*',
  'junk',
  'application/json; nulls=stripped',
  'application/vnd.pgrst.plan+json',
  'text/html;q=0.1, image/*',
];
const PROFILES = ['public', 'auth', 'storage', 'pg_catalog', 'information_schema', 'junk', '', 'graphql_public'];
const METHODS_FUZZ = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'MKCOL',
  'LOCK',
  'SEARCH',
  'PURGE',
  'CONNECT',
  'M-SEARCH',
  'get',
  'FOO',
  'BREW',
  'QUERY',
];
const VERSIONS = ['HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 junk', 'HTTP/9.9', 'HTTPS/1.1', ''];

// ---------------------------------------------------------------- valid requests to start from

interface Base {
  method: string;
  target: string;
  headers: [string, string][];
  body?: string | Buffer;
  /** Write requests whose success would change data the shared test stack needs keep the anon key. */
  write?: boolean;
}

function authHeaders(rng: Rng, allowUser: boolean): [string, string][] {
  const r = rng.next();
  if (r < 0.45)
    return [
      ['apikey', keys.anon],
      ['Authorization', `Bearer ${keys.anon}`],
    ];
  if (r < 0.6 && allowUser)
    return [
      ['apikey', keys.anon],
      ['Authorization', `Bearer ${keys.user}`],
    ];
  if (r < 0.68) return [];
  if (r < 0.76) return [['apikey', keys.anon]];
  const junk = rng.pick([
    `Bearer ${keys.expired}`,
    `Bearer ${keys.forged}`,
    `Bearer ${keys.unsigned}`,
    `Bearer ${keys.oddRole}`,
    `Bearer ${keys.noSub}`,
    `Bearer ${keys.badSub}`,
    'Bearer',
    'Bearer ',
    'Basic Zm9vOmJhcg==',
    'Bearer a.b.c',
    `Bearer ${'x'.repeat(5000)}`,
    `bearer ${keys.anon}`,
    `Bearer ${keys.anon.slice(0, -3)}abc`,
    `Bearer ${keys.anon} ${keys.anon}`,
    'Bearer e30.e30.',
    `Bearer ${utf8AsLatin1('ü.ü.ü')}`,
  ]);
  return rng.chance(0.5)
    ? [
        ['apikey', keys.anon],
        ['Authorization', junk],
      ]
    : [
        ['apikey', rng.pick([junk.replace(/^\S+\s*/, ''), 'junk', ''])],
        ['Authorization', junk],
      ];
}

const json = (v: unknown) => JSON.stringify(v);
const fuzzEmail = (rng: Rng) => `fuzz-${rng.int(40)}@fuzz.test`;
const uuid = (rng: Rng) =>
  Array.from({ length: 32 }, () => '0123456789abcdef'[rng.int(16)])
    .join('')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function multipart(rng: Rng, file: Buffer, type = 'image/png'): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${rng.int(1e9)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A JSON request to `target`: its credentials (a signed-in user's among the choices when `user`)
 * are drawn from `rng` before its body, as the target is before them.
 */
function jsonRequest(rng: Rng, method: string, target: string, opts: { user: boolean; write?: boolean }, body: () => unknown): Base {
  const headers: [string, string][] = [...authHeaders(rng, opts.user), ['Content-Type', 'application/json']];
  return { method, target, headers, body: json(body()), ...(opts.write ? { write: true } : {}) };
}

const BASES: Record<Exclude<Api, 'none'>, ((rng: Rng) => Base)[]> = {
  rest: [
    (rng) => ({ method: 'GET', target: '/rest/v1/organizations?select=id,slug,name&limit=5', headers: authHeaders(rng, true) }),
    (rng) => ({ method: 'GET', target: '/rest/v1/events?select=*&order=created_at.desc&limit=3', headers: authHeaders(rng, true) }),
    (rng) => ({ method: 'GET', target: `/rest/v1/org_branding?select=*&org_id=eq.${eatathome}`, headers: authHeaders(rng, true) }),
    (rng) => ({ method: 'GET', target: '/rest/v1/events_with_availability?select=id,title&limit=2', headers: authHeaders(rng, true) }),
    (rng) => ({ method: 'HEAD', target: '/rest/v1/organizations?select=id', headers: [...authHeaders(rng, true), ['Prefer', 'count=exact']] }),
    (rng) => ({ method: 'GET', target: '/rest/v1/', headers: authHeaders(rng, true) }),
    (rng) => ({ method: 'GET', target: '/rest/v1/reservations?select=id,name&limit=1', headers: authHeaders(rng, true) }),
    (rng) =>
      jsonRequest(rng, 'POST', '/rest/v1/rpc/get_public_org_page', { user: true }, () => ({ p_slug: rng.pick(['eatathome', 'magnolia', 'nope']) })),
    (rng) =>
      jsonRequest(rng, 'POST', '/rest/v1/rpc/grant_super_admin_by_email', { user: false, write: true }, () => ({ target_email: fuzzEmail(rng) })),
    (rng) => jsonRequest(rng, 'PATCH', `/rest/v1/organizations?id=eq.${uuid(rng)}`, { user: false, write: true }, () => ({ name: 'fuzz' })),
    (rng) => ({ method: 'DELETE', target: `/rest/v1/events?id=eq.${uuid(rng)}`, headers: authHeaders(rng, false), write: true }),
    (rng) => ({
      method: 'POST',
      target: '/rest/v1/organizations',
      headers: [...authHeaders(rng, false), ['Content-Type', 'application/json'], ['Prefer', 'return=representation']],
      body: json({ name: 'Fuzz', slug: `fuzz-${rng.int(1e6)}` }),
      write: true,
    }),
  ],
  auth: [
    (rng) =>
      jsonRequest(rng, 'POST', '/auth/v1/signup', { user: false }, () => ({
        email: `fuzz-signup-${rng.int(1e9)}@fuzz.test`,
        password: `fuzz-password-${rng.int(1e6)}`,
        data: { name: 'Fuzz' },
      })),
    (rng) =>
      jsonRequest(rng, 'POST', '/auth/v1/token?grant_type=password', { user: false }, () => ({
        email: fuzzEmail(rng),
        password: `wrong-${rng.int(1000)}`,
      })),
    (rng) =>
      jsonRequest(rng, 'POST', '/auth/v1/token?grant_type=refresh_token', { user: false }, () => ({
        refresh_token: rng.pick(['abc', '', 'x'.repeat(40)]),
      })),
    (rng) => ({ method: 'GET', target: '/auth/v1/user', headers: authHeaders(rng, true) }),
    (rng) => jsonRequest(rng, 'PUT', '/auth/v1/user', { user: true }, () => ({ data: { fuzz: rng.int(100) } })),
    (rng) => ({ method: 'POST', target: '/auth/v1/logout?scope=local', headers: authHeaders(rng, false) }),
    (rng) => ({ method: 'GET', target: '/auth/v1/settings', headers: authHeaders(rng, false) }),
    (rng) => ({ method: 'GET', target: '/auth/v1/health', headers: authHeaders(rng, false) }),
  ],
  storage: [
    (rng) => ({ method: 'GET', target: '/storage/v1/bucket', headers: authHeaders(rng, true) }),
    (rng) => ({ method: 'GET', target: '/storage/v1/bucket/org-assets', headers: authHeaders(rng, true) }),
    (rng) =>
      jsonRequest(rng, 'POST', '/storage/v1/object/list/org-assets', { user: true }, () => ({
        prefix: rng.pick([eatathome, 'fuzz', '']),
        limit: 10,
        offset: 0,
        sortBy: { column: 'name', order: 'asc' },
      })),
    () => ({ method: 'GET', target: `/storage/v1/object/public/org-assets/${FIXTURE}`, headers: [] }),
    (rng) => ({
      method: 'HEAD',
      target: `/storage/v1/object/public/org-assets/${FIXTURE}`,
      headers: rng.chance(0.5) ? [['Range', rng.pick(RANGES)]] : [],
    }),
    (rng) => ({
      method: 'GET',
      target: `/storage/v1/object/authenticated/org-assets/${FIXTURE}`,
      headers: [...authHeaders(rng, true), ['Range', rng.pick(RANGES)]],
    }),
    (rng) => ({
      method: 'POST',
      target: `/storage/v1/object/org-assets/fuzz/up-${rng.int(1e6)}.png`,
      headers: [...authHeaders(rng, false), ['Content-Type', 'image/png']],
      body: PNG,
      write: true,
    }),
    (rng) => {
      const form = multipart(rng, PNG);
      return {
        method: 'POST',
        target: `/storage/v1/object/org-assets/fuzz/mp-${rng.int(1e6)}.png`,
        headers: [...authHeaders(rng, false), ['Content-Type', form.contentType], ['x-upsert', 'true']],
        body: form.body,
        write: true,
      };
    },
    (rng) => ({
      method: 'PUT',
      target: `/storage/v1/object/org-assets/${FIXTURE}`,
      headers: [...authHeaders(rng, false), ['Content-Type', 'image/png']],
      body: PNG,
      write: true,
    }),
    (rng) => jsonRequest(rng, 'DELETE', '/storage/v1/object/org-assets', { user: false, write: true }, () => ({ prefixes: [FIXTURE] })),
  ],
  functions: [
    (rng) =>
      jsonRequest(rng, 'POST', '/functions/v1/get-rsvp-availability', { user: false }, () => ({
        orgSlug: rng.pick(['eatathome', 'magnolia', 'nope']),
      })),
    (rng) => ({ method: 'GET', target: '/functions/v1/square-config', headers: authHeaders(rng, false) }),
    (rng) =>
      jsonRequest(rng, 'POST', '/functions/v1/process-rsvp-payment', { user: false }, () => ({
        eventId: uuid(rng),
        validateOnly: true,
        guestDetails: { numGuests: 2 },
      })),
    (rng) =>
      jsonRequest(rng, 'POST', '/functions/v1/send-guest-email', { user: false }, () => ({ reservationId: uuid(rng), subject: 'x', message: 'y' })),
    (rng) => ({ method: 'POST', target: '/functions/v1/send-outbox', headers: authHeaders(rng, false) }),
    (rng) => ({ method: 'GET', target: '/functions/v1/does-not-exist', headers: authHeaders(rng, false) }),
    (rng) => jsonRequest(rng, 'POST', '/functions/v1/magnolia-availability', { user: false }, () => ({})),
  ],
};

// ---------------------------------------------------------------- mutations

interface Draft {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
  bodyMode: NonNullable<RawRequest['bodyMode']>;
  version?: string;
  httpLevel: boolean;
  write: boolean;
  mutations: string[];
}

const insertAt = (s: string, at: number, piece: string) => s.slice(0, at) + piece + s.slice(at);
/** A position in the target after the API prefix (so that the request still reaches the API), or anywhere. */
function targetPosition(rng: Rng, target: string): number {
  const prefix = target.match(/^\/(rest|auth|storage|functions)\/v1\//)?.[0].length ?? 1;
  return prefix + rng.int(Math.max(1, target.length - prefix + 1));
}
const setHeader = (d: Draft, name: string, value: string) => {
  d.headers = d.headers.filter(([k]) => k.toLowerCase() !== name.toLowerCase());
  d.headers.push([name, value]);
};
const deep = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

function jsonBodyMutation(rng: Rng, d: Draft) {
  const text = d.body?.toString('utf8') ?? '{}';
  const choice = rng.int(17);
  let out: string | Buffer;
  switch (choice) {
    case 0:
      out = text.slice(0, rng.int(text.length));
      d.mutations.push('body:truncate-json');
      break;
    case 1: {
      const b = Buffer.from(text);
      if (b.length) b[rng.int(b.length)] = rng.int(256);
      out = b;
      d.mutations.push('body:flip-byte');
      break;
    }
    case 2:
      out = text.replace(/"([^"]*)"(?=\s*[,}\]])/, (_m, v) => `"${v}\\u0000x"`);
      d.mutations.push('body:nul-escape');
      break;
    case 3:
      out = Buffer.concat([Buffer.from(text.slice(0, 2)), Buffer.from([0]), Buffer.from(text.slice(2))]);
      d.mutations.push('body:raw-nul');
      break;
    case 4: {
      const depth = rng.pick([100, 600, 10_000, 100_000]);
      out = rng.chance(0.5) ? deep(depth) : text.replace(/^\{/, `{"deep":${deep(depth, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}')},`);
      d.mutations.push(`body:deep-${depth}`);
      break;
    }
    case 5:
      out = `[${Array.from({ length: 100_000 }, () => '0').join(',')}]`;
      d.mutations.push('body:huge-array');
      break;
    case 6:
      out = rng.pick([
        'null',
        '[]',
        '"s"',
        '1e999',
        'true',
        '{}',
        '{"email":[],"password":{}}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        '{"data":"not-an-object"}',
        '{"prefixes":"x"}',
        '{"prefixes":[1,2]}',
        '{"limit":"all","offset":-1,"sortBy":"x"}',
      ]);
      d.mutations.push('body:wrong-type');
      break;
    case 7:
      out = text.replace(/"([^"]*)"(?=\s*[,}\]])/, '"\\ud800"');
      d.mutations.push('body:lone-surrogate');
      break;
    case 8:
      out = `\ufeff${text}`;
      d.mutations.push('body:bom');
      break;
    case 9:
      out = text.replace(/"([^"]*)"(?=\s*[,}\]])/, `"$1${rng.pick(['💩', '\u202e', 'é', '\u2028', '\\n\\r', "'; drop table x; --"])}"`);
      d.mutations.push('body:unicode');
      break;
    case 10:
      out = text.replace(/\d+/, rng.pick(['1e400', '-1e400', '12345678901234567890123', '-0', 'NaN']));
      d.mutations.push('body:number');
      break;
    case 11:
      out = Buffer.from(Array.from({ length: 1 + rng.int(4096) }, () => rng.int(256)));
      d.mutations.push('body:garbage');
      break;
    case 12:
      out = 'email=a%40b.c&password=secret123';
      d.mutations.push('body:form-urlencoded');
      break;
    case 13:
      out = '';
      d.mutations.push('body:empty');
      break;
    case 14:
      out = text.replace(/"([a-z_]+)":/, `"$1\\u0000":`);
      d.mutations.push('body:nul-key');
      break;
    case 15:
      out = text.replace(/:\s*"[^"]*"/, `:"${'x'.repeat(100_000)}"`);
      d.mutations.push('body:long-string');
      break;
    default:
      out = `{"a":${'1'.repeat(5000)}}`;
      d.mutations.push('body:long-number');
      break;
  }
  d.body = Buffer.isBuffer(out) ? out : Buffer.from(out, 'utf8');
  if (d.bodyMode === 'none') d.bodyMode = 'length';
}

function multipartMutation(rng: Rng, d: Draft) {
  const boundary = 'fuzzb';
  const part = (headers: string, data: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
  /** The parts, then the closing boundary. */
  const closed = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  const file = 'Content-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png';
  const cases: [mutation: string, body: () => Buffer][] = [
    ['multipart:no-closing', () => part(file, PNG)],
    ['multipart:header-no-colon', () => closed(part('Content-Disposition form-data', PNG))],
    ['multipart:control-chars-in-type', () => closed(part(`${file}\u0000\u0007`, PNG))],
    [
      'multipart:bad-cache-control',
      () => closed(part(`Content-Disposition: form-data; name="cacheControl"`, 'max-age=1\u0000\r\nx: y'), part(file, PNG)),
    ],
    ['multipart:100-parts', () => closed(...Array.from({ length: 100 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')))],
    [
      'multipart:long-filename-odd-type',
      () =>
        closed(part(`Content-Disposition: form-data; name=""; filename="${'n'.repeat(10_000)}"\r\nContent-Type: ${utf8AsLatin1('imäge/png€')}`, PNG)),
    ],
    ['multipart:no-file', () => closed(Buffer.from('preamble\r\n'), part('Content-Disposition: form-data; name="nothing"', 'x'))],
  ];
  const [mutation, body] = cases[rng.int(cases.length)];
  d.mutations.push(mutation);
  setHeader(d, 'Content-Type', `multipart/form-data; boundary=${boundary}`);
  d.body = body();
  d.bodyMode = 'length';
}

function mutate(rng: Rng, d: Draft, api: Api) {
  const kind = rng.int(100);
  if (kind < 16) {
    // --- path
    const m = rng.int(7);
    if (m === 0) {
      const piece = rng.pick(BAD_PERCENT);
      const [path, query = ''] = d.target.split('?');
      d.target = insertAt(path, targetPosition(rng, path), piece) + (query ? `?${query}` : '');
      d.mutations.push(`path:percent ${piece}`);
    } else if (m === 1) {
      const piece = rng.pick(RAW_PATH_BYTES);
      d.target = insertAt(d.target, targetPosition(rng, d.target), piece);
      d.mutations.push(`path:raw-byte ${JSON.stringify(piece)}`);
      if (/[^\u0021-\u007e]/.test(piece)) d.httpLevel = true;
    } else if (m === 2) {
      d.target = rng.pick(TARGETS);
      d.mutations.push('path:target');
      if (d.target.length > 8000) d.httpLevel = true;
    } else if (m === 3) {
      d.target = d.target.replace(/\/v1\//, `/v1/${rng.pick(['../', './', 'x/../', '%2e%2e/', '.%2e/'])}`);
      d.mutations.push('path:dot-segments');
    } else if (m === 4) {
      d.target = d.target.replace(/\/(?=[^/]*$)/, '//');
      d.mutations.push('path:double-slash');
    } else if (m === 5) {
      const [path, query] = d.target.split('?');
      d.target = `${path}/${'a'.repeat(1 + rng.int(6000))}${query ? `?${query}` : ''}`;
      d.mutations.push('path:long');
    } else {
      d.target = d.target.replace(/^\/[a-z]+/, (p) => p.toUpperCase());
      d.mutations.push('path:case');
    }
  } else if (kind < 30) {
    // --- query
    const param = rng.pick(QUERY_PARAMS);
    d.target += (d.target.includes('?') ? '&' : '?') + param;
    d.mutations.push(`query:${param.slice(0, 40)}`);
    if (d.target.length > 15_000) d.httpLevel = true;
  } else if (kind < 55) {
    // --- headers
    const m = rng.int(16);
    if (m === 0) {
      d.headers = d.headers.filter(([k]) => !/^(apikey|authorization)$/i.test(k));
      d.headers.push(...authHeaders(rng, false));
      d.mutations.push('header:auth');
    } else if (m === 1) {
      d.headers = d.headers.filter(([k]) => !/^(apikey|authorization)$/i.test(k));
      d.mutations.push('header:no-key');
    } else if (m <= 5) {
      const [name, values] = (
        [
          ['Content-Type', CONTENT_TYPES],
          ['Range', RANGES],
          ['Prefer', PREFERS],
          ['Accept', ACCEPTS],
        ] as const
      )[m - 2];
      setHeader(d, name, rng.pick(values));
      d.mutations.push(`header:${name.toLowerCase()}`);
    } else if (m === 6) {
      setHeader(d, rng.pick(['Accept-Profile', 'Content-Profile']), rng.pick(PROFILES));
      d.mutations.push('header:profile');
    } else if (m === 7) {
      setHeader(d, 'x-upsert', rng.pick(['true', 'maybe', '']));
      setHeader(d, 'Cache-Control', rng.pick(['max-age=abc', '\u00ff\u00fe', 'no-store']));
      d.mutations.push('header:upsert-cache');
    } else if (m === 8) {
      setHeader(d, 'x-supabase-api-version', rng.pick(['2024-01-01', '2023-01-01', 'junk', '9999-99-99']));
      d.mutations.push('header:api-version');
    } else if (m === 9) {
      setHeader(d, 'Expect', rng.pick(['100-continue', 'junk']));
      d.mutations.push('header:expect');
      d.httpLevel = true;
    } else if (m === 10) {
      d.headers.push(['X-Fuzz', '\u00ff\u00fe\u0080'], ['apikey', `${keys.anon}\u00e9`]);
      d.mutations.push('header:latin1');
    } else if (m === 11) {
      d.headers.push([rng.pick(['X-F(uzz)', 'X Fuzz', ' X-Fuzz', 'X-Fuzz\u0000']), '1']);
      d.mutations.push('header:bad-name');
      d.httpLevel = true;
    } else if (m === 12) {
      d.headers.push(['X-Big', 'a'.repeat(17_000)]);
      d.mutations.push('header:huge');
      d.httpLevel = true;
    } else if (m === 13) {
      for (let i = 0; i < 150; i++) d.headers.push([`X-Many-${i}`, String(i)]);
      d.mutations.push('header:many');
    } else if (m === 14) {
      d.headers = d.headers.filter(([k]) => k.toLowerCase() !== 'host');
      d.headers.push(['Host', '']);
      d.mutations.push('header:empty-host');
    } else {
      d.headers.push(['Connection', 'upgrade'], ['Upgrade', 'websocket']);
      d.headers = d.headers.filter(
        ([k], i, all) => k.toLowerCase() !== 'connection' || all.findIndex(([x]) => x.toLowerCase() === 'connection') === i,
      );
      d.mutations.push('header:upgrade');
    }
  } else if (kind < 85) {
    // --- body
    const m = rng.int(10);
    if (m <= 4) {
      if (api === 'storage' && /\/object\/org-assets\/fuzz\/mp-/.test(d.target) && rng.chance(0.5)) multipartMutation(rng, d);
      else jsonBodyMutation(rng, d);
    } else if (m === 5) {
      // Over the limit: JSON APIs 1 MiB, uploads the bucket's 10 MiB (rarely: they are big).
      const upload = api === 'storage' && /\/object\/org-assets\//.test(d.target) && !/list/.test(d.target);
      const size = upload && rng.chance(0.1) ? UPLOAD_LIMIT + 70 * 1024 + rng.int(100_000) : JSON_LIMIT + 1 + rng.int(300_000);
      d.body = Buffer.concat([Buffer.from('{"pad":"'), Buffer.alloc(size, 'x'), Buffer.from('"}')]);
      if (d.bodyMode === 'none') d.bodyMode = 'length';
      d.mutations.push(`body:over-limit ${size}`);
    } else if (m === 6) {
      d.bodyMode = 'truncated';
      d.body ??= Buffer.from('{"a":1}');
      d.mutations.push('body:truncated');
      d.httpLevel = true;
    } else if (m === 7) {
      d.bodyMode = 'chunked';
      d.body ??= Buffer.from('{"a":1}');
      d.mutations.push('body:chunked');
    } else if (m === 8) {
      d.headers.push(['Content-Length', String(rng.pick([0, 1, 3]))]);
      d.body ??= Buffer.from('{"a":1}');
      d.bodyMode = 'length';
      d.mutations.push('body:short-content-length');
    } else {
      const framings: [string, string][][] = [
        [
          ['Transfer-Encoding', 'chunked'],
          ['Content-Length', '5'],
        ],
        [
          ['Content-Length', '5'],
          ['Content-Length', '7'],
        ],
        [['Transfer-Encoding', 'gzip']],
        [['Content-Length', '-1']],
        [['Content-Length', '99999999999999999999']],
      ];
      d.headers.push(...rng.pick(framings));
      d.mutations.push('body:framing');
      d.httpLevel = true;
    }
  } else if (kind < 95) {
    // --- method
    d.method = rng.pick(METHODS_FUZZ);
    d.mutations.push(`method:${d.method}`);
    if (!METHODS.includes(d.method) || d.method === 'CONNECT') d.httpLevel = true;
  } else {
    // --- protocol version
    d.version = rng.pick(VERSIONS);
    d.mutations.push(`version:${d.version}`);
    if (d.version !== 'HTTP/1.0') d.httpLevel = true;
  }
}

function generate(index: number): Spec {
  const rng = new Rng(seedFor(index));
  const api = rng.pick(['rest', 'auth', 'storage', 'functions'] as const);
  const base = rng.pick(BASES[api])(rng);
  const d: Draft = {
    method: base.method,
    target: base.target,
    headers: base.headers,
    body: base.body === undefined ? undefined : Buffer.isBuffer(base.body) ? base.body : Buffer.from(base.body),
    bodyMode: base.body === undefined ? 'none' : 'length',
    httpLevel: false,
    write: Boolean(base.write),
    mutations: [],
  };
  const count = rng.chance(0.04) ? 0 : 1 + rng.int(3);
  for (let i = 0; i < count; i++) mutate(rng, d, api);
  // Safety: only reads may run as the fuzz user; everything else runs as anon (or worse).
  if (!['GET', 'HEAD', 'OPTIONS'].includes(d.method) || d.write) {
    d.headers = d.headers.map(([k, v]) => [k, v.replace(keys.user, keys.anon)] as [string, string]);
  }
  if (d.headers.some(([k, v]) => k.toLowerCase() === 'host' && v === '') && d.version === 'HTTP/1.0') d.httpLevel = false;
  const target = parseTarget(d.target);
  const request: RawRequest = { method: d.method, target: d.target, headers: d.headers, body: d.body, bodyMode: d.bodyMode, version: d.version };
  // A Content-Length mutation sends its own framing: keep the body as it is.
  if (d.headers.some(([k]) => k.toLowerCase() === 'content-length' || k.toLowerCase() === 'transfer-encoding')) {
    request.raw = encodeWithOwnFraming(d);
    // Framing of its own (a Content-Length that may not match the body): end with a FIN, as a
    // client that has nothing more to send (not one that stalls, which waits for the 408).
    request.halfClose = true;
  }
  return {
    index,
    request,
    api: target.api,
    path: target.path,
    query: target.query,
    httpLevel: d.httpLevel,
    modernAuth: d.headers.some(([k, v]) => k.toLowerCase() === 'x-supabase-api-version' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2024-01-01'),
    mutations: d.mutations,
  };
}

function encodeWithOwnFraming(d: Draft): Buffer {
  const headers = [...d.headers];
  if (!headers.some(([k]) => k.toLowerCase() === 'host')) headers.unshift(['Host', new URL(env.apiUrl).host]);
  if (!headers.some(([k]) => k.toLowerCase() === 'connection')) headers.push(['Connection', 'close']);
  const head = `${d.method} ${d.target} ${d.version ?? 'HTTP/1.1'}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), d.body ?? Buffer.alloc(0)]);
}

// ---------------------------------------------------------------- checking answers

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => typeof v === 'string';
const isGatewayNoKey = (b: Record<string, unknown>) => b.message === 'No API key found in request';

/** Why a 4xx answer is not in its API's error shape; null when it is. */
function shapeProblem(spec: Spec, status: number, body: Buffer): string | null {
  if (spec.request.method === 'HEAD' || (body.length === 0 && status === 304)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return `not JSON: ${JSON.stringify(body.subarray(0, 80).toString('utf8'))}`;
  }
  if (!isObject(parsed)) return 'not a JSON object';
  const b = parsed;
  // Refused by the HTTP parser (HPE_*: the request line or headers did not parse): no API to speak for.
  if (str(b.code) && (b.code as string).startsWith('HPE_') && str(b.message)) return null;
  if (spec.httpLevel || spec.api === 'none') {
    return str(b.message) || str(b.msg) || str(b.error) ? null : `no message: ${JSON.stringify(b).slice(0, 120)}`;
  }
  switch (spec.api) {
    case 'rest':
      if (isGatewayNoKey(b) && status === 401) return null;
      return str(b.code) && str(b.message) ? null : `not PostgREST's {code, message, details, hint}: ${JSON.stringify(b).slice(0, 160)}`;
    case 'auth':
      if (isGatewayNoKey(b) && status === 401) return null;
      if (typeof b.code === 'number' && str(b.error_code) && str(b.msg)) return null;
      if (spec.modernAuth && str(b.code) && str(b.message)) return null;
      return `not GoTrue's {code, error_code, msg}: ${JSON.stringify(b).slice(0, 160)}`;
    case 'storage':
      if (isGatewayNoKey(b) && status === 401) return null;
      return str(b.statusCode) && str(b.error) && str(b.message)
        ? null
        : `not storage-api's {statusCode, error, message}: ${JSON.stringify(b).slice(0, 160)}`;
    case 'functions':
      return str(b.error) || str(b.msg) || str(b.message) ? null : `no error/msg/message: ${JSON.stringify(b).slice(0, 160)}`;
    default:
      return null;
  }
}

function describeSpec(spec: Spec): string {
  const r = spec.request;
  const raw = r.body === undefined ? undefined : Buffer.from(r.body);
  const body = r.raw
    ? r.raw.subarray(0, 160).toString('latin1')
    : raw
      ? `${raw.length} bytes ${JSON.stringify(raw.subarray(0, 100).toString('latin1'))}`
      : 'no body';
  return `#${spec.index} [${spec.mutations.join(', ') || 'unmutated'}] ${JSON.stringify(`${r.method} ${r.target.slice(0, 200)}`)} ${r.bodyMode ?? ''} ${body}`;
}

// ---------------------------------------------------------------- setup

/** Node 20 has no WebSocket; realtime is not used here. */
class NoWebSocket {}

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } };
  const anonClient = createClient(env.apiUrl, env.anonKey, options);
  const email = `fuzz-user-${SEED}-${Date.now()}@fuzz.test`;
  const { data, error } = await anonClient.auth.signUp({ email, password: 'fuzz-user-password' });
  expect(error).toBeNull();
  keys = {
    anon: env.anonKey,
    user: data.session!.access_token,
    expired: await signJwt({ role: 'anon', iss: 'supabase-demo', exp: now - 60 }, env.jwtSecret),
    forged: await signJwt({ role: 'service_role', exp: now + 3600 }, 'not-the-project-secret-not-the-project-secret'),
    unsigned: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: now + 3600 })}.`,
    oddRole: await signJwt({ role: 'postgres', exp: now + 3600 }, env.jwtSecret),
    noSub: await signJwt({ role: 'authenticated', aud: 'authenticated', exp: now + 3600 }, env.jwtSecret),
    badSub: await signJwt({ role: 'authenticated', aud: 'authenticated', sub: 'not-a-uuid', exp: now + 3600 }, env.jwtSecret),
  };
  // A public object to read, put there with the service role (the fuzz itself never has that key).
  const service = createClient(env.apiUrl, env.serviceRoleKey, options);
  const up = await service.storage.from('org-assets').upload(FIXTURE, new Blob([PNG], { type: 'image/png' }), { upsert: true });
  expect(up.error).toBeNull();
  const org = await service.from('organizations').select('id').eq('slug', 'eatathome').single();
  if (org.data) eatathome = org.data.id as string;
});

// ---------------------------------------------------------------- the run

describe('gateway fuzz', () => {
  it(
    `answers ${ONLY !== undefined ? `request #${ONLY}` : `${TOTAL} malformed requests`} with no 5xx, no dropped answer, and 4xx in each API's shape`,
    async () => {
      const started = Date.now();
      const counts = { sent: 0, c2xx3xx: 0, c4xx: 0, c5xx: 0, dropped: 0 };
      const byApi: Record<string, { sent: number; c4xx: number; c5xx: number }> = {};
      const fiveXX: string[] = [];
      const dropped: string[] = [];
      const shapes: string[] = [];
      const indices = ONLY !== undefined ? [ONLY] : Array.from({ length: TOTAL }, (_, i) => i);
      let next = 0;
      let address = 0;

      const record = (spec: Spec, outcome: RawOutcome) => {
        counts.sent++;
        const api = (byApi[spec.api] ??= { sent: 0, c4xx: 0, c5xx: 0 });
        api.sent++;
        if (ONLY !== undefined) {
          if (spec.request.raw) console.log('raw request:', JSON.stringify(spec.request.raw.subarray(0, 3000).toString('latin1')));
          console.log(
            describeSpec(spec),
            '\n→',
            outcome.error ?? `${outcome.response!.status} ${JSON.stringify(outcome.response!.headers)} ${outcome.response!.text().slice(0, 500)}`,
          );
        }
        if (!outcome.response) {
          counts.dropped++;
          dropped.push(`${describeSpec(spec)} → ${outcome.error}`);
          return;
        }
        const { status, body } = outcome.response;
        if (status >= 500) {
          counts.c5xx++;
          api.c5xx++;
          fiveXX.push(`${describeSpec(spec)} → ${status} ${body.subarray(0, 200).toString('utf8')}`);
        } else if (status >= 400) {
          counts.c4xx++;
          api.c4xx++;
          const problem = shapeProblem(spec, status, body);
          if (problem) shapes.push(`${describeSpec(spec)} → ${status}: ${problem}`);
        } else {
          counts.c2xx3xx++;
        }
      };

      const worker = async () => {
        while (next < indices.length && Date.now() - started < TIME_CAP_MS) {
          const spec = generate(indices[next++]);
          // Each connection from its own loopback address: the sign-in throttle counts per
          // address, and the other test files' sign-ins come from 127.0.0.1.
          address++;
          const localAddress = `127.${10 + ((address >> 16) % 200)}.${(address >> 8) & 255}.${1 + (address & 127)}`;
          record(spec, await rawRequest(env.apiUrl, spec.request, { localAddress, timeoutMs: 30_000 }));
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, indices.length) }, worker));

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz: ${counts.sent} requests, ${counts.c4xx} 4xx, ${counts.c2xx3xx} 2xx/3xx, ${counts.c5xx} 5xx, ${counts.dropped} dropped` +
          ` (seed ${SEED}, ${seconds} s, concurrency ${CONCURRENCY})`,
      );
      console.log(
        `fuzz by API: ${Object.entries(byApi)
          .map(([k, v]) => `${k} ${v.sent} (${v.c4xx} 4xx, ${v.c5xx} 5xx)`)
          .join(', ')}`,
      );
      if (fiveXX.length) console.log(`fuzz: 5xx answers:\n  ${fiveXX.slice(0, 40).join('\n  ')}`);
      if (dropped.length) console.log(`fuzz: dropped answers:\n  ${dropped.slice(0, 40).join('\n  ')}`);
      if (shapes.length) console.log(`fuzz: 4xx not in the API's shape:\n  ${shapes.slice(0, 40).join('\n  ')}`);

      expect(fiveXX.slice(0, 20)).toEqual([]);
      expect(dropped.slice(0, 20)).toEqual([]);
      expect(shapes.slice(0, 20)).toEqual([]);
      expect(counts.sent, `the time cap (${TIME_CAP_MS} ms) stopped the run early`).toBe(indices.length);
    },
    TIME_CAP_MS + 60_000,
  );
});
