// Square's OAuth API for the platform (an organization connects its own Square account):
// the authorize URL, ObtainToken (authorization_code and refresh_token grants), RevokeToken,
// ListLocations with the seller's token, and the encryption of the stored tokens.
//
// Secrets: SQUARE_APPLICATION_ID (the OAuth client id, also the Web Payments SDK's
// application id), SQUARE_APPLICATION_SECRET (the OAuth application secret),
// SQUARE_TOKEN_KEY (encrypts the sellers' tokens at rest: AES-256-GCM with the SHA-256 of
// the secret; at least 32 characters), SQUARE_OAUTH_REDIRECT_URL (the redirect URL
// registered in Square's dashboard; default: this project's square-oauth-callback),
// SQUARE_ENVIRONMENT, SQUARE_API_BASE_URL (tests: the fake Square answers OAuth too).
// Imports square.ts and keys.ts.
import { secret } from './keys.ts';
import { squareApiBase } from './square.ts';

export interface SquareOAuthSettings {
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  environment: 'sandbox' | 'production';
  apiVersion: string | null;
  tokenKey: string;
}

/** The platform's OAuth settings, or null when any secret needed to connect sellers is missing. */
export function readSquareOAuthSettings(): SquareOAuthSettings | null {
  const clientId = secret('SQUARE_APPLICATION_ID');
  const clientSecret = secret('SQUARE_APPLICATION_SECRET');
  const tokenKey = secret('SQUARE_TOKEN_KEY');
  const supabaseUrl = secret('SUPABASE_URL');
  const redirectUrl =
    secret('SQUARE_OAUTH_REDIRECT_URL') ?? (supabaseUrl ? `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/square-oauth-callback` : null);
  if (!clientId || !clientSecret || !tokenKey || tokenKey.length < 32 || !redirectUrl) return null;
  return {
    clientId,
    clientSecret,
    redirectUrl,
    environment: secret('SQUARE_ENVIRONMENT')?.toLowerCase() === 'production' ? 'production' : 'sandbox',
    apiVersion: secret('SQUARE_API_VERSION'),
    tokenKey,
  };
}

/** The permissions asked of a seller; the fee permission only when the platform takes a fee. */
export function oauthScopes(takesFee: boolean): string[] {
  const scopes = ['MERCHANT_PROFILE_READ', 'PAYMENTS_READ', 'PAYMENTS_WRITE'];
  return takesFee ? [...scopes, 'PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS'] : scopes;
}

/** Square's authorize page for this state (the seller signs in there and approves). */
export function authorizeUrl(settings: SquareOAuthSettings, scopes: string[], state: string): string {
  const url = new URL(`${squareApiBase(settings.environment)}/oauth2/authorize`);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('scope', scopes.join(' '));
  // Always ask the seller to sign in: never connect whichever account the browser has open.
  url.searchParams.set('session', 'false');
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', settings.redirectUrl);
  return url.toString();
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A fresh OAuth state: 32 random bytes, base64url. */
export function newState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 of a state, hex (what the database stores). */
export async function stateHash(state: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(state)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function tokenCryptoKey(secretText: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', encoder.encode(secretText));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Encrypts a token for storage: 'v1.<iv>.<ciphertext and tag>' (AES-256-GCM). */
export async function encryptToken(tokenKey: string, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await tokenCryptoKey(tokenKey), encoder.encode(token)));
  return `v1.${base64url(iv)}.${base64url(sealed)}`;
}

/** Decrypts a stored token; throws on a wrong key or an altered ciphertext. */
export async function decryptToken(tokenKey: string, stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed) throw new Error('not a stored Square token');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv) }, await tokenCryptoKey(tokenKey), fromBase64url(sealed));
  return new TextDecoder().decode(plain);
}

interface SquareError {
  code?: string;
  detail?: string;
}

/** A refused or failed OAuth call, with Square's first error. */
export class SquareOAuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'SquareOAuthError';
  }
}

const TIMEOUT_MS = 20_000;

async function send<T>(
  settings: SquareOAuthSettings,
  method: 'GET' | 'POST',
  path: string,
  authorization: string | null,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (authorization) headers.Authorization = authorization;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (settings.apiVersion) headers['Square-Version'] = settings.apiVersion;
  let response: Response;
  try {
    response = await fetch(`${squareApiBase(settings.environment)}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SquareOAuthError(`Square did not answer (${String(error)})`, 0, null);
  }
  const answer = (await response.json().catch(() => null)) as (T & { errors?: SquareError[] }) | null;
  if (!response.ok || !answer || answer.errors?.length) {
    const first = answer?.errors?.[0];
    throw new SquareOAuthError(first?.detail ?? `Square answered HTTP ${response.status}`, response.status, first?.code ?? null);
  }
  return answer;
}

export interface ObtainedToken {
  accessToken: string;
  /** Square's code flow answers the same refresh token on a refresh. */
  refreshToken: string | null;
  expiresAt: string;
  merchantId: string;
}

/** ObtainToken: a code from the authorize redirect, or a refresh token, for an access token. */
export async function obtainToken(settings: SquareOAuthSettings, grant: { code: string } | { refreshToken: string }): Promise<ObtainedToken> {
  const body =
    'code' in grant
      ? {
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: settings.redirectUrl,
        }
      : { client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'refresh_token', refresh_token: grant.refreshToken };
  const answer = await send<{ access_token?: string; refresh_token?: string; expires_at?: string; merchant_id?: string }>(
    settings,
    'POST',
    '/oauth2/token',
    null,
    body,
  );
  if (!answer.access_token || !answer.expires_at || !answer.merchant_id) throw new SquareOAuthError('Square answered no access token', 502, null);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: answer.expires_at,
    merchantId: answer.merchant_id,
  };
}

/** RevokeToken: ends the platform's access to the seller's account (every token of it). */
export async function revokeToken(settings: SquareOAuthSettings, accessToken: string): Promise<void> {
  await send(settings, 'POST', '/oauth2/revoke', `Client ${settings.clientSecret}`, { client_id: settings.clientId, access_token: accessToken });
}

export interface SquareLocation {
  id: string;
  name: string;
  currency: string | null;
  status: string | null;
}

/** ListLocations with the seller's token: every location, as the admin's picker lists them. */
export async function listLocations(settings: SquareOAuthSettings, accessToken: string): Promise<SquareLocation[]> {
  const answer = await send<{ locations?: { id?: string; name?: string; currency?: string; status?: string }[] }>(
    settings,
    'GET',
    '/v2/locations',
    `Bearer ${accessToken}`,
  );
  return (answer.locations ?? [])
    .filter((l): l is typeof l & { id: string } => typeof l.id === 'string' && l.id.length > 0)
    .map((l) => ({ id: l.id, name: l.name ?? l.id, currency: l.currency ?? null, status: l.status ?? null }));
}
