import type { Page } from 'playwright-core';

/**
 * A stand-in for https://sandbox.web.squarecdn.com/v1/square.js: a card field whose token is Square's
 * sandbox "card OK" nonce. Its behaviour follows the application id: 'sq-bad' fails to load,
 * 'sq-hang' never attaches, 'sq-tokenize-fails' refuses the card; window.__tokenized records the
 * verification details each tokenize was given.
 */
const FAKE_SQUARE_SDK = `
window.Square = {
  payments(applicationId, locationId) {
    if (applicationId === 'sq-bad') throw new Error('Invalid application id');
    return {
      async card() {
        return {
          async attach(target) {
            const el = typeof target === 'string' ? document.querySelector(target) : target;
            el.innerHTML = '<label>Card (Square)<input name="sq-card"></label>';
            if (applicationId === 'sq-hang') await new Promise(() => {});
          },
          async tokenize(verificationDetails) {
            window.__tokenized = (window.__tokenized || []).concat([verificationDetails === undefined ? 'none' : verificationDetails]);
            if (applicationId === 'sq-tokenize-fails') return { status: 'Invalid', errors: [{ message: 'Card number is invalid' }] };
            return { status: 'OK', token: 'cnon:card-nonce-ok' };
          },
          async destroy() { return true; },
        };
      },
    };
  },
};`;

/** Serves the page the Square SDK stand-in instead of Square's script. */
export async function fakeSquareSdk(page: Page) {
  await page.route('https://sandbox.web.squarecdn.com/v1/square.js', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SQUARE_SDK }),
  );
}
