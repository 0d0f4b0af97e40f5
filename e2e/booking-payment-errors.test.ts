import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { expectToast, newPage } from './support/browser';
import { db } from '../tests/support/db';
import { createEvent, createOrg, createTicketType, reservationsFor, uniqueEmail } from '../tests/support/fixtures';
import { fakeSquareSdk } from './support/square-sdk';
import { continueToPayment, fillTicketForm, payTotalWithTestCard } from './support/ticket-booking';

/**
 * The payment step's failure paths ('Payment Error' / 'Payment Failed'), Square's Web
 * Payments SDK code path (with a stand-in SDK served in place of Square's CDN script, since the
 * tests have no network), and a lost answer retried with the same idempotency key.
 */

let slug: string;
let ticketTypeId: string;
beforeAll(async () => {
  const org = await createOrg({ name: 'Payment Errors Diner', branding: {} });
  const eventId = (await createEvent(org.id, { title: 'Harvest Supper' })).id;
  ticketTypeId = await createTicketType(eventId, { name: 'Food Only', price: 12500, quantity: 40 });
  slug = org.slug;
});

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };

/** square-config answers as if a Square application were configured. */
async function squareConfigured(page: Page, applicationId: string) {
  await page.route('**/functions/v1/square-config', (route) =>
    route.fulfill({
      status: 200,
      headers: CORS,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, applicationId, locationId: 'LTEST', environment: 'sandbox', testMode: false }),
    }),
  );
}

async function openPaymentStep(page: Page, email: string) {
  await page.goto(`${stackEnv().siteUrl}/${slug}`);
  await fillTicketForm(page, { name: 'Dorothy Vaughan', email, ticketTypeId, guests: '1' });
  await continueToPayment(page);
}

/** A new page at the payment step of a fresh guest, with Square configured as `applicationId` and its SDK faked. */
async function fakeSquarePaymentStep(applicationId: string, tag: string) {
  const { page } = await newPage();
  await squareConfigured(page, applicationId);
  await fakeSquareSdk(page);
  const email = uniqueEmail(tag);
  await openPaymentStep(page, email);
  return { page, email };
}

describe('payment step failures', () => {
  it('offers Retry (a page reload) when the card configuration cannot be loaded', async () => {
    const { page } = await newPage();
    await page.route('**/functions/v1/square-config', (route) => route.abort('connectionrefused'));
    await openPaymentStep(page, uniqueEmail('noconfig'));
    await expectToast(page, 'Payment Error', /^Failed to initialize payment system: .+\. Please try refreshing the page\.$/);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    const reloaded = page.waitForEvent('load');
    await retry.click();
    await reloaded;
    await page.getByRole('heading', { name: 'Reserve: Harvest Supper' }).waitFor();
  });

  it("says 'Failed to load payment system' when Square's script cannot be fetched", async () => {
    const { page } = await newPage();
    await squareConfigured(page, 'sq-ok');
    await page.route('https://sandbox.web.squarecdn.com/v1/square.js', (route) => route.abort('internetdisconnected'));
    await openPaymentStep(page, uniqueEmail('noscript'));
    await expectToast(page, 'Payment Error', 'Failed to load payment system. Please check your internet connection and try again.');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
  });

  it("says 'Failed to initialize payment system: {message}' when Square refuses to start", async () => {
    const { page } = await fakeSquarePaymentStep('sq-bad', 'badapp');
    await expectToast(page, 'Payment Error', 'Failed to initialize payment system: Invalid application id. Please try refreshing the page.');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
  });

  it.each([
    {
      test: "says 'Payment system not ready' when Pay comes before the card field",
      applicationId: 'sq-hang',
      tag: 'notready',
      cardShown: false,
      title: 'Payment Error',
      message: 'Payment system not ready. Please wait a moment and try again.',
    },
    {
      test: "says 'Payment Failed' when Square cannot tokenize the card",
      applicationId: 'sq-tokenize-fails',
      tag: 'notoken',
      cardShown: true,
      title: 'Payment Failed',
      message: 'There was an error processing your payment. Please try again.',
    },
  ] as const)('$test', async ({ applicationId, tag, cardShown, title, message }) => {
    const { page, email } = await fakeSquarePaymentStep(applicationId, tag);
    if (cardShown) await page.getByLabel('Card (Square)').waitFor();
    await page.getByRole('button', { name: 'Pay $125.00' }).click();
    await expectToast(page, title, message);
    expect(await reservationsFor({ email })).toHaveLength(0);
  });

  it("pays through Square's SDK code path: card attached, tokenized, charged on the server", async () => {
    const { page, email } = await fakeSquarePaymentStep('sq-ok', 'square');
    await page.getByLabel('Card (Square)').waitFor();
    expect(await page.getByText('Test mode — no real card is charged').count()).toBe(0);
    await page.getByRole('button', { name: 'Pay $125.00' }).click();
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', amount_cents: 12500 });
    // card.tokenize() got the verification details of the server's total and the guest.
    expect(await page.evaluate(() => (window as unknown as { __tokenized: unknown[] }).__tokenized)).toEqual([
      {
        amount: '125.00',
        currencyCode: 'USD',
        intent: 'CHARGE',
        billingContact: { givenName: 'Dorothy', familyName: 'Vaughan', email },
        customerInitiated: true,
        sellerKeyedIn: false,
      },
    ]);
  });

  it("the test card form's verification-required card: the bank's message, the details it was given, the hold released", async () => {
    const { page } = await newPage();
    const email = uniqueEmail('verify');
    await openPaymentStep(page, email);
    await page.getByLabel('Test card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Simulated result').selectOption('verification');
    await page.getByRole('button', { name: 'Pay $125.00' }).click();
    await expectToast(
      page,
      'Payment Failed',
      'Your bank needs you to verify this payment, and it was not verified. You have not been charged. Please try again and complete the check your bank shows, or use another card.',
    );
    expect(await page.getByTestId('test-card-verification').textContent()).toBe(
      `Verification details: 125.00 USD, CHARGE, Dorothy Vaughan <${email}>, customer initiated`,
    );
    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('failed');
  });

  it('retries a lost answer with the same idempotency key: one reservation, one charge', async () => {
    const { page } = await newPage();
    const email = uniqueEmail('lost');
    await openPaymentStep(page, email);
    const keys: string[] = [];
    let lost = false;
    await page.route('**/functions/v1/process-square-payment', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { validateOnly?: boolean; idempotencyKey?: string };
      if (route.request().method() !== 'POST' || body.validateOnly) return route.continue();
      keys.push(body.idempotencyKey ?? '');
      if (!lost) {
        // The server takes the payment, but its answer never reaches the browser.
        lost = true;
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await payTotalWithTestCard(page, '$125.00');
    await expectToast(page, 'Payment Error', 'Failed to process payment. Please try again.');
    await page.getByRole('button', { name: 'Pay $125.00' }).click();
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('confirmed');
    const charges = await db().query('select * from test_processor.payments where buyer_email = $1', [email]);
    expect(charges.rowCount).toBe(1);
  });
});
