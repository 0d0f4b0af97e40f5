import { describe, expect, it } from 'vitest';
import { normalizeCardNumber, testNonce, TEST_OUTCOMES } from '../../src/features/checkout/lib/test-card';
import { newIdempotencyKey } from '../../src/features/checkout/lib/idempotency';
import { embedSnippet, heightMessage, isEmbedHeightMessage } from '../../src/features/embed/lib/height-message';

describe('test card form', () => {
  it("turns the test card into Square's sandbox nonces", () => {
    expect(testNonce('4111 1111 1111 1111', 'ok')).toEqual({ nonce: 'cnon:card-nonce-ok' });
    expect(testNonce('4111-1111-1111-1111', 'declined')).toEqual({ nonce: 'cnon:card-nonce-declined' });
    expect(testNonce('4111111111111111', 'cvv')).toEqual({ nonce: 'cnon:card-nonce-rejected-cvv' });
    expect(testNonce('4111111111111111', 'postal')).toEqual({ nonce: 'cnon:card-nonce-rejected-postalcode' });
    expect(testNonce('4111111111111111', 'expiration')).toEqual({ nonce: 'cnon:card-nonce-rejected-expiration' });
    expect(TEST_OUTCOMES).toHaveLength(5);
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
