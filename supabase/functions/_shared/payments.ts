// Payments layer: which card processor the booking path charges with.
//   * Square's Payments API (square.ts), when SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID are set;
//   * the local test processor (test-processor.ts) otherwise, on a local stack or with
//     PAYMENTS_TEST_MODE=true.
// The booking code cannot tell them apart: only the processor differs.
// Imports processor.ts, square.ts and test-processor.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import type { PaymentProcessor } from './processor.ts';
import { readSquareSettings, SquareProcessor } from './square.ts';
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

/** The processor to charge with, or null when card payments are not configured. */
export function paymentProcessor(db: SupabaseClient): PaymentProcessor | null {
  const square = readSquareSettings();
  if (square) return new SquareProcessor(square);
  return paymentsMode().mode === 'test' ? new LocalTestProcessor(db) : null;
}

/**
 * The processor that took a charge, to refund it or ask about it: Square for 'square'
 * (when its secrets are set), the local test processor for 'test' (only where it runs at
 * all); null when that processor is not available here.
 */
export function processorFor(db: SupabaseClient, provider: string | null): PaymentProcessor | null {
  if (provider === 'square') {
    const square = readSquareSettings();
    return square ? new SquareProcessor(square) : null;
  }
  if (provider === 'test') return paymentsMode().mode === 'test' ? new LocalTestProcessor(db) : null;
  return paymentProcessor(db);
}

/**
 * What the browser's card form needs (square-config, magnolia-square-config):
 * `testMode` true means "show the labelled test card form" (the local test processor).
 */
export function cardFormConfig(): { status: number; body: Record<string, unknown> } {
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
