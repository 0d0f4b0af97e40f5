/**
 * The test card form (shown when no Square application is configured) produces Square's
 * sandbox test nonces, which the local test processor honours exactly as Square's sandbox does
 * (plus one of its own for a verification the issuer required).
 */

export const TEST_OUTCOMES = [
  { value: 'ok', label: 'Approved', nonce: 'cnon:card-nonce-ok' },
  { value: 'declined', label: 'Declined (card declined)', nonce: 'cnon:card-nonce-declined' },
  { value: 'cvv', label: 'Declined (CVV rejected)', nonce: 'cnon:card-nonce-rejected-cvv' },
  { value: 'postal', label: 'Declined (postal code rejected)', nonce: 'cnon:card-nonce-rejected-postalcode' },
  { value: 'expiration', label: 'Declined (expiration date rejected)', nonce: 'cnon:card-nonce-rejected-expiration' },
  // Not a Square sandbox nonce (the sandbox has none for it): the local test processor declines
  // it with CARD_DECLINED_VERIFICATION_REQUIRED, as Square does when the issuer's verification
  // was not completed.
  { value: 'verification', label: 'Declined (verification required)', nonce: 'cnon:card-nonce-requires-verification' },
] as const;

export type TestOutcome = (typeof TEST_OUTCOMES)[number]['value'];

/** Square's sandbox test card numbers. */
export const TEST_CARD_NUMBERS = ['4111111111111111', '5105105105105100', '6011000000000004', '340000000000009', '3569990010095841'] as const;
export const DEFAULT_TEST_CARD = '4111 1111 1111 1111';

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The nonce for a test card number and outcome, or an error message for an unknown number. */
export function testNonce(cardNumber: string, outcome: TestOutcome): { nonce: string } | { error: string } {
  const digits = normalizeCardNumber(cardNumber);
  if (!(TEST_CARD_NUMBERS as readonly string[]).includes(digits)) {
    return { error: `Use a test card number such as ${DEFAULT_TEST_CARD}.` };
  }
  const match = TEST_OUTCOMES.find((o) => o.value === outcome);
  return match ? { nonce: match.nonce } : { error: 'Choose a test outcome.' };
}
