// Square: settings from function secrets, the Payments / Refunds API client, and the
// check of Square's webhook signatures.
//
// Secrets: SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID (both needed to charge),
// SQUARE_APPLICATION_ID (the browser's Web Payments SDK), SQUARE_ENVIRONMENT
// ('sandbox' | 'production', default sandbox), SQUARE_API_VERSION (optional
// Square-Version header; the application's default version when unset),
// SQUARE_API_BASE_URL (optional: another host, e.g. a fake Square in tests).
// Webhooks (square-webhook): SQUARE_WEBHOOK_SIGNATURE_KEY (the subscription's signature
// key) and SQUARE_WEBHOOK_URL (its notification URL, exactly as subscribed in Square's
// dashboard: Square signs that URL followed by the raw body).
// Imports processor.ts and keys.ts.
import {
  type Answered,
  type ChargeRequest,
  createPaymentBody,
  type CreatePaymentBody,
  platformFeeCents,
  type ProcessorAnswer,
  type RefundRequest,
  SquareShapedProcessor,
} from './processor.ts';
import { secret } from './keys.ts';

export interface SquareSettings {
  accessToken: string;
  locationId: string;
  applicationId: string | null;
  environment: 'sandbox' | 'production';
  apiVersion: string | null;
  /** The platform fee (basis points) on this account's charges: an organization's own account only. */
  appFeeBps: number;
  /** The seller's merchant id: an organization's own account; null for the platform's. */
  merchantId: string | null;
}

/** Square's settings, or null when the secrets needed to charge are not set. */
export function readSquareSettings(): SquareSettings | null {
  const accessToken = secret('SQUARE_ACCESS_TOKEN');
  const locationId = secret('SQUARE_LOCATION_ID');
  if (!accessToken || !locationId) return null;
  return {
    accessToken,
    locationId,
    applicationId: secret('SQUARE_APPLICATION_ID'),
    environment: secret('SQUARE_ENVIRONMENT')?.toLowerCase() === 'production' ? 'production' : 'sandbox',
    apiVersion: secret('SQUARE_API_VERSION'),
    appFeeBps: 0,
    merchantId: null,
  };
}

/** Square's API host for the environment; SQUARE_API_BASE_URL overrides it (tests, a proxy). */
export function squareApiBase(environment: 'sandbox' | 'production'): string {
  const override = secret('SQUARE_API_BASE_URL');
  if (override) return override.replace(/\/+$/, '');
  return environment === 'production' ? 'https://connect.squareup.com' : 'https://connect.squareupsandbox.com';
}

export interface SquareWebhookSettings {
  signatureKey: string;
  /** The notification URL exactly as subscribed in Square's dashboard. */
  notificationUrl: string;
}

/** The webhook subscription's settings, or null when either secret is not set. */
export function readSquareWebhookSettings(): SquareWebhookSettings | null {
  const signatureKey = secret('SQUARE_WEBHOOK_SIGNATURE_KEY');
  const notificationUrl = secret('SQUARE_WEBHOOK_URL');
  if (!signatureKey || !notificationUrl) return null;
  return { signatureKey, notificationUrl };
}

const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** Compares two strings in constant time (their SHA-256 digests, so the length leaks nothing either). */
async function sameText(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([sha256(a), sha256(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/**
 * Whether `signatureHeader` (Square's `x-square-hmacsha256-signature`) is Square's
 * signature of this notification: base64(HMAC-SHA256(key = the subscription's signature
 * key, message = notification URL + raw body)), compared in constant time. A missing or
 * empty header, an empty key or URL never verifies.
 */
export async function verifySquareSignature(
  signatureKey: string,
  notificationUrl: string,
  rawBody: string,
  signatureHeader: string | null,
): Promise<boolean> {
  const given = signatureHeader?.trim();
  if (!given || !signatureKey || !notificationUrl) return false;
  const key = await crypto.subtle.importKey('raw', encoder.encode(signatureKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(notificationUrl + rawBody)));
  return sameText(base64(mac), given);
}

const TIMEOUT_MS = 25_000;

export class SquareProcessor extends SquareShapedProcessor {
  readonly provider = 'square' as const;
  constructor(private readonly settings: SquareSettings) {
    super();
  }

  /** One call to Square's API; status 0 means no HTTP answer (network failure, timeout). */
  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answered> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.settings.accessToken}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.settings.apiVersion) headers['Square-Version'] = this.settings.apiVersion;
    try {
      const response = await fetch(`${squareApiBase(this.settings.environment)}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      let answer: ProcessorAnswer | null = null;
      try {
        answer = (await response.json()) as ProcessorAnswer;
      } catch {
        answer = null;
      }
      return { status: response.status, answer };
    } catch {
      // Timeout or network failure: the request may or may not have reached Square.
      return { status: 0, answer: null };
    }
  }

  paymentRequest(request: ChargeRequest): CreatePaymentBody {
    const appFeeCents = platformFeeCents(request.amountCents, this.settings.appFeeBps);
    return createPaymentBody({ ...request, appFeeCents }, this.settings.locationId);
  }

  protected sendCharge(body: CreatePaymentBody): Promise<Answered> {
    return this.send('POST', '/v2/payments', body);
  }

  protected sendRefund(request: RefundRequest): Promise<Answered> {
    return this.send('POST', '/v2/refunds', {
      idempotency_key: request.idempotencyKey.slice(0, 45),
      payment_id: request.paymentId,
      amount_money: { amount: request.amountCents, currency: 'USD' },
      reason: request.reason.slice(0, 192),
      ...(request.appFeeCents ? { app_fee_money: { amount: request.appFeeCents, currency: 'USD' } } : {}),
    });
  }

  protected sendGetRefund(refundId: string): Promise<Answered> {
    return this.send('GET', `/v2/refunds/${encodeURIComponent(refundId)}`);
  }

  protected sendGetPayment(paymentId: string): Promise<Answered> {
    return this.send('GET', `/v2/payments/${encodeURIComponent(paymentId)}`);
  }
}
