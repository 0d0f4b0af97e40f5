// Payments layer: which card processor the booking path charges with.
//   * Square's Payments API (square.ts) with the organization's own account (connected by
//     OAuth: square-oauth.ts, table square_accounts) and its chosen location;
//   * for an organization the platform runs (organizations.platform_payments: the seeded
//     venues, a single-business deployment), Square with the platform's account when
//     SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set, else the local test processor
//     (test-processor.ts) on a local stack or with PAYMENTS_TEST_MODE=true;
//   * no card payments for any other organization: its guests never pay into someone else's
//     account.
// A charge already made is refunded and looked up with the account that took it (recorded on
// its ledger row), never with one connected since.
// The booking code cannot tell them apart: only the processor differs.
// Imports processor.ts, rpc.ts, square.ts, square-oauth.ts and test-processor.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { PaymentProcessor } from './processor.ts';
import { callRpc } from './rpc.ts';
import { readSquareSettings, type SquareSettings, SquareProcessor } from './square.ts';
import { decryptToken, encryptToken, obtainToken, readSquareOAuthSettings, type SquareOAuthSettings } from './square-oauth.ts';
import { LocalTestProcessor } from './test-processor.ts';

export type PaymentsMode =
  | { mode: 'square'; applicationId: string | null; locationId: string; environment: 'sandbox' | 'production' }
  | { mode: 'test' }
  | { mode: 'unconfigured' };

function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || host === '::1' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/**
 * Square when its secrets are set. Otherwise the local test processor, but only where it
 * cannot take real bookings for free: a local stack (SUPABASE_URL on loopback) or an
 * explicit PAYMENTS_TEST_MODE=true. A deployed project with no Square secrets refuses
 * card payments instead ('unconfigured').
 */
export function paymentsMode(): PaymentsMode {
  const square = readSquareSettings();
  if (square) return { mode: 'square', applicationId: square.applicationId, locationId: square.locationId, environment: square.environment };
  const flag = (Deno.env.get('PAYMENTS_TEST_MODE') ?? '').toLowerCase();
  if (flag === 'false') return { mode: 'unconfigured' };
  if (flag === 'true' || isLoopbackUrl(Deno.env.get('SUPABASE_URL'))) return { mode: 'test' };
  return { mode: 'unconfigured' };
}

/** Which organization's account: the organization itself, or its event, reservation or ledger row. */
export interface AccountSelector {
  orgId?: string | null;
  eventId?: string | null;
  reservationId?: string | null;
  ledgerId?: number | null;
}

interface AccountRow {
  org_id: string;
  /** SQL square_account_for: 'own' | 'platform' | 'none' | 'gone'. */
  account: string;
  merchant_id: string | null;
  access_token_ciphertext: string | null;
  refresh_token_ciphertext: string | null;
  access_token_expires_at: string | null;
  location_id: string | null;
  fee_bps: number;
  fee_permission: boolean;
  /** The merchant whose account took the charge of the ledger row asked about (null: the platform's). */
  charge_merchant_id: string | null;
  charge_amount_cents: number | null;
  charge_app_fee_cents: number | null;
  refund_app_fee_cents: number | null;
}

/**
 * The Square account of an organization's payments (of a new charge, or of the charge a
 * ledger row is about):
 *   'own'       its own connected account (its token, its location, the platform fee);
 *   'unusable'  it cannot take or refund payments: its own account is connected but not
 *               usable yet (no location chosen, or this deployment lacks the OAuth secrets to
 *               read its token), or it has no way to take cards at all (no account of its
 *               own, not run by the platform), or the account that took the charge is no
 *               longer connected;
 *   'platform'  the platform's (SQUARE_ACCESS_TOKEN, or the local test processor): an
 *               organization the platform runs, or a charge the platform's account took.
 */
export type OrgAccount =
  | { kind: 'own'; settings: SquareSettings; row: AccountRow }
  | { kind: 'unusable'; reason: string; row: AccountRow | null }
  | { kind: 'platform'; row: AccountRow };

/** The guest's answer when an organization cannot take card payments. */
export const CARDS_NOT_SET_UP = 'This host cannot take card payments online yet. You have not been charged.';

/** A token expiring sooner than this is renewed before it is used. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/** The organization's account (an access token is decrypted here and renewed if about to expire). */
export async function orgAccount(db: SupabaseClient, selector: AccountSelector): Promise<OrgAccount> {
  const rows = await callRpc<AccountRow[]>(db, 'square_account_for', {
    p_org_id: selector.orgId ?? null,
    p_event_id: selector.eventId ?? null,
    p_reservation_id: selector.reservationId ?? null,
    p_ledger_id: selector.ledgerId ?? null,
  });
  const row = rows[0] ?? null;
  if (!row) return { kind: 'unusable', reason: 'no such organization', row };
  if (row.account === 'platform') return { kind: 'platform', row };
  if (row.account === 'none') return { kind: 'unusable', reason: 'the organization has no Square account connected', row };
  if (row.account === 'gone') {
    return { kind: 'unusable', reason: `the Square account that took this payment (${row.charge_merchant_id}) is no longer connected`, row };
  }
  const oauth = readSquareOAuthSettings();
  if (!oauth) return { kind: 'unusable', reason: 'the Square OAuth secrets are not set', row };
  if (!row.location_id) return { kind: 'unusable', reason: 'no Square location chosen', row };
  let accessToken: string;
  try {
    accessToken = await decryptToken(oauth.tokenKey, row.access_token_ciphertext ?? '');
  } catch {
    // SQUARE_TOKEN_KEY changed: the stored tokens cannot be read; the owner connects again.
    console.error('[payments] the stored Square token of an organization cannot be decrypted', row.org_id);
    return { kind: 'unusable', reason: 'the stored Square token cannot be decrypted', row };
  }
  if (Date.parse(row.access_token_expires_at ?? '') - Date.now() < REFRESH_MARGIN_MS) {
    accessToken = (await refreshAccountToken(db, oauth, row.org_id, row.refresh_token_ciphertext ?? '')) ?? accessToken;
  }
  return {
    kind: 'own',
    row,
    settings: {
      accessToken,
      locationId: row.location_id,
      applicationId: oauth.clientId,
      environment: oauth.environment,
      apiVersion: oauth.apiVersion,
      appFeeBps: row.fee_permission ? row.fee_bps : 0,
      merchantId: row.merchant_id,
    },
  };
}

/**
 * Renews an organization's access token with its refresh token (ObtainToken) and stores it;
 * answers the new access token, or null (the failure is recorded on the account).
 */
export async function refreshAccountToken(
  db: SupabaseClient,
  oauth: SquareOAuthSettings,
  orgId: string,
  refreshCiphertext: string,
): Promise<string | null> {
  try {
    const refreshToken = await decryptToken(oauth.tokenKey, refreshCiphertext);
    const token = await obtainToken(oauth, { refreshToken });
    await callRpc(db, 'record_square_token_refresh', {
      p_org_id: orgId,
      p_access_token_ciphertext: await encryptToken(oauth.tokenKey, token.accessToken),
      p_refresh_token_ciphertext: token.refreshToken ? await encryptToken(oauth.tokenKey, token.refreshToken) : null,
      p_expires_at: token.expiresAt,
      p_error: null,
    });
    return token.accessToken;
  } catch (error) {
    console.error('[payments] Square token refresh failed', orgId, error);
    const message = error instanceof Error ? error.message : String(error);
    await callRpc(db, 'record_square_token_refresh', {
      p_org_id: orgId,
      p_access_token_ciphertext: null,
      p_refresh_token_ciphertext: null,
      p_expires_at: null,
      p_error: message,
    }).catch(() => undefined);
    return null;
  }
}

/**
 * The processor to charge an event's booking with: its organization's own Square account,
 * else the platform's (or the local test processor) for an organization the platform runs;
 * null when it cannot take card payments.
 */
export async function paymentProcessor(db: SupabaseClient, selector: AccountSelector): Promise<PaymentProcessor | null> {
  const account = await orgAccount(db, selector);
  if (account.kind !== 'platform' || readSquareSettings()) return squareProcessorOf(account);
  return paymentsMode().mode === 'test' ? new LocalTestProcessor(db) : null;
}

/** Square with the account given: the organization's own, or the platform's; null when it cannot be used. */
export function squareProcessorOf(account: OrgAccount): PaymentProcessor | null {
  if (account.kind === 'own') return new SquareProcessor(account.settings);
  if (account.kind === 'unusable') return null;
  const square = readSquareSettings();
  return square ? new SquareProcessor(square) : null;
}

/**
 * The processor that took a charge, to refund it or ask about it: for 'square', the account
 * recorded on the charge (the organization's own then, or the platform's when its secrets are
 * set); the local test processor for 'test' (only where it runs at all); null when that
 * processor or account is not available here.
 */
export async function processorFor(db: SupabaseClient, provider: string | null, selector: AccountSelector): Promise<PaymentProcessor | null> {
  if (provider === 'square') return squareProcessorOf(await orgAccount(db, selector));
  if (provider === 'test') return paymentsMode().mode === 'test' ? new LocalTestProcessor(db) : null;
  return paymentProcessor(db, selector);
}

/**
 * What the browser's card form needs (square-config, magnolia-square-config):
 * `testMode` true means "show the labelled test card form" (the local test processor).
 */
export async function cardFormConfig(
  db: SupabaseClient,
  selector: AccountSelector | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const account = selector ? await orgAccount(db, selector) : null;
  if (account?.kind === 'own') {
    const { applicationId, locationId, environment } = account.settings;
    return { status: 200, body: { success: true, applicationId, locationId, environment, testMode: false } };
  }
  if (account?.kind === 'unusable') {
    return { status: 503, body: { success: false, error: CARDS_NOT_SET_UP } };
  }
  const mode = paymentsMode();
  if (mode.mode === 'square') {
    if (!mode.applicationId) {
      return { status: 503, body: { success: false, error: 'Card payments are not configured (SQUARE_APPLICATION_ID is missing).' } };
    }
    return {
      status: 200,
      body: { success: true, applicationId: mode.applicationId, locationId: mode.locationId, environment: mode.environment, testMode: false },
    };
  }
  if (mode.mode === 'test') {
    return { status: 200, body: { success: true, applicationId: null, locationId: null, environment: 'test', testMode: true } };
  }
  return { status: 503, body: { success: false, error: 'Card payments are not configured.' } };
}
