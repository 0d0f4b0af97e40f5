// Square: settings from function secrets and the Payments / Refunds API client.
//
// Secrets: SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID (both needed to charge),
// SQUARE_APPLICATION_ID (the browser's Web Payments SDK), SQUARE_ENVIRONMENT
// ('sandbox' | 'production', default sandbox), SQUARE_API_VERSION (optional
// Square-Version header; the application's default version when unset),
// SQUARE_API_BASE_URL (optional: another host, e.g. a fake Square in tests).
// Imports processor.ts only.
import {
  type ChargeRequest,
  type ChargeResult,
  type PaymentProcessor,
  type ProcessorAnswer,
  readChargeAnswer,
  readRefundAnswer,
  type RefundRequest,
  type RefundResult,
} from './processor.ts';

export interface SquareSettings {
  accessToken: string;
  locationId: string;
  applicationId: string | null;
  environment: 'sandbox' | 'production';
  apiVersion: string | null;
}

const secret = (name: string) => {
  const value = Deno.env.get(name)?.trim();
  return value ? value : null;
};

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
  };
}

/** Square's API host for the environment; SQUARE_API_BASE_URL overrides it (tests, a proxy). */
export function squareApiBase(environment: 'sandbox' | 'production'): string {
  const override = secret('SQUARE_API_BASE_URL');
  if (override) return override.replace(/\/+$/, '');
  return environment === 'production' ? 'https://connect.squareup.com' : 'https://connect.squareupsandbox.com';
}

const TIMEOUT_MS = 25_000;

export class SquareProcessor implements PaymentProcessor {
  readonly provider = 'square' as const;
  constructor(private readonly settings: SquareSettings) {}

  private async post(path: string, body: unknown): Promise<{ status: number; answer: ProcessorAnswer | null }> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.settings.accessToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (this.settings.apiVersion) headers['Square-Version'] = this.settings.apiVersion;
    try {
      const response = await fetch(`${squareApiBase(this.settings.environment)}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
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

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { status, answer } = await this.post('/v2/payments', {
      source_id: request.sourceId,
      idempotency_key: request.idempotencyKey.slice(0, 45),
      amount_money: { amount: request.amountCents, currency: 'USD' },
      location_id: this.settings.locationId,
      reference_id: request.referenceId.slice(0, 40),
      ...(request.note ? { note: request.note.slice(0, 500) } : {}),
      ...(request.buyerEmail ? { buyer_email_address: request.buyerEmail } : {}),
      autocomplete: true,
    });
    return readChargeAnswer(status, answer);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const { status, answer } = await this.post('/v2/refunds', {
      idempotency_key: request.idempotencyKey.slice(0, 45),
      payment_id: request.paymentId,
      amount_money: { amount: request.amountCents, currency: 'USD' },
      reason: request.reason.slice(0, 192),
    });
    return readRefundAnswer(status, answer);
  }
}
