import { describe, expect, it } from 'vitest';
import { normalizeCardNumber, testNonce, TEST_OUTCOMES } from '../../src/features/checkout/lib/test-card';
import { newIdempotencyKey } from '../../src/features/checkout/lib/idempotency';
import { chargeVerificationDetails, decimalAmount } from '../../src/features/checkout/lib/verification';
import { embedSnippet, heightMessage, isEmbedHeightMessage } from '../../src/features/embed/lib/height-message';

describe('test card form', () => {
  it("turns the test card into Square's sandbox nonces", () => {
    expect(testNonce('4111 1111 1111 1111', 'ok')).toEqual({ nonce: 'cnon:card-nonce-ok' });
    expect(testNonce('4111-1111-1111-1111', 'declined')).toEqual({ nonce: 'cnon:card-nonce-declined' });
    expect(testNonce('4111111111111111', 'cvv')).toEqual({ nonce: 'cnon:card-nonce-rejected-cvv' });
    expect(testNonce('4111111111111111', 'postal')).toEqual({ nonce: 'cnon:card-nonce-rejected-postalcode' });
    expect(testNonce('4111111111111111', 'expiration')).toEqual({ nonce: 'cnon:card-nonce-rejected-expiration' });
    expect(testNonce('4111111111111111', 'verification')).toEqual({ nonce: 'cnon:card-nonce-requires-verification' });
    expect(TEST_OUTCOMES).toHaveLength(6);
  });

  it('refuses a number that is not a test card (no real card data is ever used)', () => {
    expect(testNonce('4242 4242 4242 4243', 'ok')).toHaveProperty('error');
    expect(testNonce('', 'ok')).toHaveProperty('error');
    expect(normalizeCardNumber(' 4111 1111-1111 1111 ')).toBe('4111111111111111');
  });

  it('makes distinct v4 idempotency keys', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe("the card's verification details (Square's card.tokenize)", () => {
  it('charge the quoted total in major units, USD, customer initiated, not keyed in by the seller', () => {
    expect(chargeVerificationDetails(4200, { name: 'Ada Lovelace', email: 'ada@example.com' })).toEqual({
      amount: '42.00',
      currencyCode: 'USD',
      intent: 'CHARGE',
      billingContact: { givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' },
      customerInitiated: true,
      sellerKeyedIn: false,
    });
  });

  it('write cents as a decimal string without floating-point error', () => {
    expect([0, 5, 99, 100, 12345, 1005, 2_000_000_01].map(decimalAmount)).toEqual(['0.00', '0.05', '0.99', '1.00', '123.45', '10.05', '2000000.01']);
    expect(() => decimalAmount(12.5)).toThrow();
    expect(() => decimalAmount(-1)).toThrow();
  });

  it('split the name into given and family names; a single name is the given name; blanks are left out', () => {
    const contact = (name: string | null, email: string | null = null) => chargeVerificationDetails(100, { name, email }).billingContact;
    expect(contact('  Mary  Jane   Watson ', ' mj@example.com ')).toEqual({ givenName: 'Mary Jane', familyName: 'Watson', email: 'mj@example.com' });
    expect(contact('Prince')).toEqual({ givenName: 'Prince' });
    expect(contact(null, '')).toEqual({});
  });
});

describe('embed height message', () => {
  it('carries a whole-pixel height and is recognised by the listener', () => {
    expect(heightMessage(812.2)).toEqual({ type: 'supperhost:embed-height', height: 813 });
    expect(isEmbedHeightMessage(heightMessage(10))).toBe(true);
    expect(isEmbedHeightMessage({ type: 'other', height: 10 })).toBe(false);
    expect(isEmbedHeightMessage({ type: 'supperhost:embed-height', height: 'x' })).toBe(false);
  });

  it('builds the snippet: iframe 100% x 600 and an origin-checked listener', () => {
    const snippet = embedSnippet('https://supperhost.example/', 'garden-table');
    expect(snippet).toContain('src="https://supperhost.example/garden-table/embed"');
    expect(snippet).toContain('width="100%" height="600"');
    expect(snippet).toContain('e.origin !== "https://supperhost.example"');
    expect(snippet).toContain('"supperhost:embed-height"');
  });
});
