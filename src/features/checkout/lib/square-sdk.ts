/**
 * Square's Web Payments SDK, loaded from Square's CDN only when a payment step needs it (never
 * part of the page bundle). Only the pieces the card form uses are typed.
 */

export interface SquareTokenResult {
  status: string;
  token?: string;
  errors?: { message?: string }[];
}

/** The buyer's contact for verification (the SDK's `Contact`, the fields we know). */
export interface SquareBillingContact {
  givenName?: string;
  familyName?: string;
  email?: string;
}

/**
 * The SDK's `ChargeCardVerificationDetails`: passed to `card.tokenize()` so that Square can run
 * the buyer verification (SCA / 3-D Secure) an issuer asks for before it returns the token.
 * `amount` is a decimal string in major units ('42.00').
 */
export interface ChargeCardVerificationDetails {
  amount: string;
  currencyCode: string;
  intent: 'CHARGE';
  billingContact: SquareBillingContact;
  customerInitiated: boolean;
  sellerKeyedIn: boolean;
}

export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(verificationDetails?: ChargeCardVerificationDetails): Promise<SquareTokenResult>;
  destroy(): Promise<boolean>;
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
}

export interface SquareGlobal {
  payments(applicationId: string, locationId?: string): SquarePayments;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

const SDK_URL = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

/** Thrown when the script itself cannot be fetched (offline, blocked). */
export class SquareSdkLoadError extends Error {
  override name = 'SquareSdkLoadError';
}

let loading: Promise<SquareGlobal> | null = null;

export function loadSquareSdk(environment: 'sandbox' | 'production'): Promise<SquareGlobal> {
  if (window.Square) return Promise.resolve(window.Square);
  loading ??= new Promise<SquareGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL[environment];
    script.async = true;
    script.onload = () => (window.Square ? resolve(window.Square) : reject(new SquareSdkLoadError('Square SDK did not start')));
    script.onerror = () => reject(new SquareSdkLoadError('Square SDK could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null; // a later attempt may succeed
    throw error;
  });
  return loading;
}
