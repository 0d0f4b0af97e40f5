/**
 * The edge functions in tests: calls through the gateway as the browser makes them, the local
 * test processor's card nonces, and extra Deno runners (and gateways) serving the same function
 * sources with settings of their own, on the test stack's database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startFunctionsRunner, type RunningFunctions } from '../../stack/functions-runner.ts';
import { startGateway, type GatewayOptions } from '../../stack/gateway/server.ts';
import { mailboxAuthMailer } from '../../stack/mailbox.ts';
import { freePort } from '../../stack/ports.ts';
import { readFunctionVerifyJwt } from '../../stack/stack.ts';
import type { FakeSquare } from './fake-square.ts';
import { createEvent, createOrg, type EventInput, guest, type Org } from './fixtures.ts';
import { parseJsonBody } from './json.ts';
import { stackEnv } from './stack-env.ts';

/** Square sandbox nonces honoured by the local test processor (and one of its own). */
export const CARD = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  cvv: 'cnon:card-nonce-rejected-cvv',
  postal: 'cnon:card-nonce-rejected-postalcode',
  expiration: 'cnon:card-nonce-rejected-expiration',
  /** Not a Square sandbox nonce: the local test processor's CARD_DECLINED_VERIFICATION_REQUIRED. */
  verification: 'cnon:card-nonce-requires-verification',
} as const;

export interface FunctionAnswer {
  status: number;
  body: any;
}

/**
 * One reconcile-payments run (as its schedule calls it: the service role, through the gateway) over
 * an organization's payments only, with no in-flight margin by default: other files' payments in the
 * shared database are never touched mid-test.
 */
export async function reconcilePayments(orgId: string, olderThanSeconds = 0): Promise<FunctionAnswer> {
  const env = stackEnv();
  const res = await fetch(`${env.apiUrl}/functions/v1/reconcile-payments`, {
    method: 'POST',
    headers: { apikey: env.serviceRoleKey, Authorization: `Bearer ${env.serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ olderThanSeconds, orgId }),
  });
  return { status: res.status, body: await res.json() };
}

/** POSTs to an edge function through the gateway, as the browser's supabase-js does. */
export async function callFunction(
  name: string,
  body: unknown,
  init: { raw?: string; method?: string; apiUrl?: string } = {},
): Promise<FunctionAnswer> {
  const env = stackEnv();
  const res = await fetch(`${init.apiUrl ?? env.apiUrl}/functions/v1/${name}`, {
    method: init.method ?? 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}`, 'Content-Type': 'application/json' },
    body: init.method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, body: parseJsonBody<unknown>(text, null, (raw) => raw) };
}

/**
 * A booking paid by card through process-square-payment, as the browser pays it: the test
 * processor's "card OK" token and a fresh attempt key, with `body` (amount, reservationData,
 * promoCode…) on top.
 */
export function payByCard(body: Record<string, unknown>, init: { apiUrl?: string } = {}): Promise<FunctionAnswer> {
  return callFunction('process-square-payment', { token: CARD.ok, idempotencyKey: randomUUID(), ...body }, init);
}

/**
 * A Deno runner of its own for the function sources (supabase/functions, or `functionsDir`),
 * with the stack's URLs and keys plus `env`.
 */
export async function startFunctions(env: Record<string, string> = {}, opts: { functionsDir?: string } = {}): Promise<RunningFunctions> {
  const stack = stackEnv();
  return startFunctionsRunner({
    port: await freePort(),
    functionsDir: opts.functionsDir,
    env: {
      SUPABASE_URL: stack.apiUrl,
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.secretKey }),
      SUPABASE_DB_URL: stack.dbUrl,
      ...env,
    },
  });
}

/**
 * A Deno runner of the test fixtures' functions (tests/fixtures/functions) for the file's
 * tests, started before them and stopped after: the getter gives its URL.
 */
export function useFixtureFunctions(): () => string {
  let runner: RunningFunctions | undefined;
  beforeAll(async () => {
    runner = await startFunctions({}, { functionsDir: new URL('../fixtures/functions', import.meta.url).pathname });
  });
  afterAll(async () => {
    await runner?.stop();
  });
  return () => {
    if (!runner) throw new Error('The fixture functions are not running yet');
    return runner.url;
  };
}

/**
 * A fake Square (tests/support/fake-square.ts) and a Deno runner of the real functions with Square
 * secrets pointing at it, for the file's tests: started before them, stopped after. `squareEnv`
 * adds to (or replaces) the default secrets. The getter gives the runner's URL.
 */
export function useSquareFunctions(square: FakeSquare, squareEnv: Record<string, string> = {}): () => string {
  let runner: RunningFunctions | undefined;
  beforeAll(async () => {
    await square.start();
    runner = await startFunctions({
      SQUARE_ACCESS_TOKEN: 'EAAA-test-access-token',
      SQUARE_LOCATION_ID: 'LOC123',
      SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test',
      ...squareEnv,
      SQUARE_API_BASE_URL: square.url,
    });
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await square.stop();
  });
  return () => {
    if (!runner) throw new Error('The Square functions are not running yet');
    return runner.url;
  };
}

/**
 * A gateway of its own on the stack's database, relaying /functions/v1 to `functionsUrl`; which
 * functions want a JWT is supabase/config.toml's verify_jwt unless `functionVerifyJwt` says.
 */
export async function startGatewayFor(
  functionsUrl: string,
  functionVerifyJwt: (name: string) => boolean = readFunctionVerifyJwt(),
  overrides: Partial<GatewayOptions> = {},
): Promise<Awaited<ReturnType<typeof startGateway>>> {
  const stack = stackEnv();
  return startGateway({
    dbUrl: stack.dbUrl,
    port: await freePort(),
    jwtSecret: stack.jwtSecret,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    publishableKey: stack.publishableKey,
    secretKey: stack.secretKey,
    signingKey: stack.signingKey,
    functionsUrl,
    siteUrl: stack.siteUrl,
    functionVerifyJwt,
    // As the shared test stack: staff sign up and in at once.
    auth: { enableConfirmations: false },
    ...overrides,
  });
}

/**
 * A gateway of its own with email confirmations on (supabase/config.toml's setting), on the
 * test stack's database, functions and mailbox.
 */
export function startConfirmingGateway(): ReturnType<typeof startGatewayFor> {
  const stack = stackEnv();
  return startGatewayFor(stack.functionsUrl, () => true, {
    auth: { enableConfirmations: true },
    authMailer: mailboxAuthMailer(stack.mailboxUrl),
  });
}

export interface SupperClubStack {
  /** Gateway URL whose functions are the same sources, with the supper club set to `org`. */
  apiUrl: string;
  org: Org;
}

/**
 * The supper-club functions book only the supper club's organization ('magnolia'). So that
 * these tests never change the real supper club's public page under other test files, they
 * run the same function sources in a second Deno runner with SUPPER_CLUB_ORG_SLUG set to an
 * organization of their own, behind a second gateway on the same database.
 */
export function useSupperClubStack(): () => SupperClubStack {
  let stack: SupperClubStack | undefined;
  let runner: RunningFunctions | undefined;
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  beforeAll(async () => {
    const org = await createOrg({ name: 'Booking Test Kitchen', branding: { brand_name: 'Booking Test Kitchen' } });
    runner = await startFunctions({ SUPPER_CLUB_ORG_SLUG: org.slug });
    gateway = await startGatewayFor(runner.url);
    stack = { apiUrl: gateway.url, org };
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await runner?.stop();
  });
  return () => {
    if (!stack) throw new Error('The supper club stack is not running yet');
    return stack;
  };
}

export interface SquareAccountsStack {
  /** The Deno runner serving the functions with the platform's Square and OAuth secrets. */
  functionsUrl: string;
  /** A gateway on the stack's database relaying /functions/v1 to that runner. */
  apiUrl: string;
  /** Square's redirect after the authorize page: this gateway's square-oauth-callback. */
  redirectUrl: string;
  /** The secret that encrypts the sellers' tokens. */
  tokenKey: string;
  webhook: { signatureKey: string; url: string };
}

/**
 * A fake Square with seller accounts (tests/support/fake-square.ts) and the real functions
 * configured as a platform that connects sellers by OAuth: the platform's own account too
 * (SQUARE_ACCESS_TOKEN), the OAuth application, the token key and the webhook secrets, behind a
 * gateway of their own (Square redirects the seller's browser to its square-oauth-callback, which
 * redirects on to the test site's admin).
 */
export function useSquareAccountsStack(square: FakeSquare): () => SquareAccountsStack {
  let stack: SquareAccountsStack | undefined;
  let runner: RunningFunctions | undefined;
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  beforeAll(async () => {
    await square.start();
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const redirectUrl = `${apiUrl}/functions/v1/square-oauth-callback`;
    const tokenKey = `test-token-key-${Math.random().toString(36).slice(2)}-0123456789abcdef`;
    const webhook = { signatureKey: 'test-webhook-signature-key', url: 'https://project.example/functions/v1/square-webhook' };
    runner = await startFunctions({
      SQUARE_ACCESS_TOKEN: 'EAAA-platform-token',
      SQUARE_LOCATION_ID: 'LOC-PLATFORM',
      SQUARE_APPLICATION_ID: square.app.id,
      SQUARE_APPLICATION_SECRET: square.app.secret,
      SQUARE_TOKEN_KEY: tokenKey,
      SQUARE_OAUTH_REDIRECT_URL: redirectUrl,
      SQUARE_WEBHOOK_SIGNATURE_KEY: webhook.signatureKey,
      SQUARE_WEBHOOK_URL: webhook.url,
      SQUARE_API_BASE_URL: square.url,
      SITE_URL: stackEnv().siteUrl,
    });
    gateway = await startGatewayFor(runner.url, readFunctionVerifyJwt(), { port });
    stack = { functionsUrl: runner.url, apiUrl, redirectUrl, tokenKey, webhook };
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await runner?.stop();
    await square.stop();
  });
  return () => {
    if (!stack) throw new Error('The Square accounts stack is not running yet');
    return stack;
  };
}

/**
 * Makes an event of `orgId` whose one ticket type (Seat, `price` cents) is sold out: each of its
 * `seats` booked through process-square-payment by a guest named `${guestPrefix}-${i}`.
 */
export async function sellOutEvent(orgId: string, seats: number, price: number, event: Omit<EventInput, 'ticketTypes'>, guestPrefix: string) {
  const created = await createEvent(orgId, { ...event, ticketTypes: [{ name: 'Seat', price, quantity: seats }] });
  const ticketTypeId = created.ticketTypes[0].id;
  const bookings: string[] = [];
  for (let i = 0; i < seats; i++) {
    const answer = await callFunction('process-square-payment', {
      token: price > 0 ? CARD.ok : undefined,
      amount: price,
      idempotencyKey: randomUUID(),
      reservationData: { eventId: created.id, ticketTypeId, num_guests: 1, ...guest(`${guestPrefix}-${i}`) },
    });
    if (answer.body.success !== true) throw new Error(`Booking seat ${i} of ${event.title ?? 'the event'}: ${JSON.stringify(answer.body)}`);
    bookings.push(answer.body.reservationId as string);
  }
  return { eventId: created.id, ticketTypeId, bookings };
}
