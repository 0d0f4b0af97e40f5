import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { expectToast, newPage, viewports } from './support/browser';
import { seriousViolations } from './support/axe';
import { db } from '../tests/support/db';
import {
  createEvent,
  createOrg,
  createPromo,
  createReservation,
  createTicketType,
  promoRedeemed,
  reservationsFor,
  ticketQuantity,
  uniqueEmail,
} from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';
import { continueToPayment, fillTicketForm, payWithTestCard } from './support/ticket-booking';

/** One organization per test: its own event with Food Only ($125), Food + Wine ($175) and a sold-out type. */
async function ticketedOrg(quantities = { foodOnly: 10, wine: 4 }) {
  const org = await createOrg({ name: 'Booking Test Kitchen', branding: { primary_color: '#7c2d12', secondary_color: '#fde68a' } });
  const eventId = (await createEvent(org.id, { title: 'Harvest Supper', event_details_disclosures: 'Tickets are non-refundable.' })).id;
  const foodOnly = await createTicketType(eventId, { name: 'Food Only', price: 12500, quantity: quantities.foodOnly });
  const wine = await createTicketType(eventId, { name: 'Food + Wine Pairing', price: 17500, quantity: quantities.wine });
  const soldOut = await createTicketType(eventId, { name: "Chef's Counter", price: 22500, quantity: 0 });
  return { org, eventId, foodOnly, wine, soldOut };
}

async function openPaymentStep(page: Page, slug: string, opts: { email: string; ticketTypeId: string; guests: string }) {
  await page.goto(`${stackEnv().siteUrl}/${slug}`);
  await page.getByRole('heading', { name: 'Reserve: Harvest Supper' }).waitFor();
  await fillTicketForm(page, { name: 'Grace Hopper', ...opts });
  await continueToPayment(page);
}

describe('ticketed booking on /{orgSlug}', () => {
  let fixture: Awaited<ReturnType<typeof ticketedOrg>>;
  beforeAll(async () => {
    fixture = await ticketedOrg();
  });

  it('books with the approved test card: confirmation, the server amount, tickets taken, email sent', async () => {
    const email = uniqueEmail('approved');
    const { page } = await newPage();
    await openPaymentStep(page, fixture.org.slug, { email, ticketTypeId: fixture.foodOnly, guests: '2' });
    expect(await page.getByTestId('payment-total').textContent()).toBe('$250.00');
    await page.getByText('Test mode — no real card is charged').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const before = await ticketQuantity(fixture.foodOnly);

    await payWithTestCard(page);
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    await expectToast(page, 'Reservation Confirmed!', 'Your tickets have been reserved. Check your email for confirmation.');
    expect(await page.getByText('Total paid').locator('..').textContent()).toContain('$250.00');

    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', num_guests: 2, amount_cents: 25000, ticket_type_id: fixture.foodOnly });
    expect(rows[0].idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ticketQuantity(fixture.foodOnly)).toBe(before - 2);

    const mail = await mailFor(email);
    expect(mail.length).toBeGreaterThanOrEqual(1);
    expect(mail[0].to_email).toBe(email);
    expect(mail[0].body_text).toContain('Harvest Supper');

    // The page's availability was refetched: the option now shows what remains.
    await page.getByRole('button', { name: 'Make another reservation' }).click();
    await page.getByRole('option', { name: `Food Only - $125.00 per person (${before - 2} available)` }).waitFor({ state: 'attached' });
  });

  it("refuses a declined card with 'Payment Failed': no confirmed reservation, quantities unchanged", async () => {
    const email = uniqueEmail('declined');
    const { page } = await newPage();
    await openPaymentStep(page, fixture.org.slug, { email, ticketTypeId: fixture.wine, guests: '2' });
    const before = await ticketQuantity(fixture.wine);

    await payWithTestCard(page, 'Declined (card declined)');
    await expectToast(page, 'Payment Failed', 'Your card was declined. Please try another card or contact your card issuer.');
    // Still on the payment step, Pay enabled again for another card.
    await page.getByRole('button', { name: 'Pay $350.00' }).waitFor();
    expect((await reservationsFor({ email })).filter((r) => r.status === 'confirmed')).toHaveLength(0);
    expect(await ticketQuantity(fixture.wine)).toBe(before);

    await page.getByLabel('Simulated result').selectOption({ label: 'Declined (CVV rejected)' });
    await page.getByRole('button', { name: 'Pay $350.00' }).click();
    await expectToast(page, 'Payment Failed', 'The card security code (CVV) was not accepted. Please check it and try again.');
    expect((await reservationsFor({ email })).filter((r) => r.status === 'confirmed')).toHaveLength(0);
    expect(await ticketQuantity(fixture.wine)).toBe(before);

    // The next attempt is a new checkout (new idempotency key): it is not answered with the decline.
    await page.getByLabel('Simulated result').selectOption({ label: 'Approved' });
    await page.getByRole('button', { name: 'Pay $350.00' }).click();
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    const rows = await reservationsFor({ email });
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
    expect(await ticketQuantity(fixture.wine)).toBe(before - 2);
  });

  it('tells a tokenization failure apart: an unknown card number never reaches the server', async () => {
    const email = uniqueEmail('badcard');
    const { page } = await newPage();
    await openPaymentStep(page, fixture.org.slug, { email, ticketTypeId: fixture.foodOnly, guests: '1' });
    await page.getByLabel('Test card number').fill('1234 5678 9012 3456');
    await page.getByRole('button', { name: 'Pay $125.00' }).click();
    await expectToast(page, 'Payment Failed', 'There was an error processing your payment. Please try again.');
    expect(await page.getByText('Use a test card number such as 4111 1111 1111 1111.').isVisible()).toBe(true);
    expect(await reservationsFor({ email })).toHaveLength(0);
  });

  it('offers a sold-out ticket type and guest counts above what remains only as disabled options', async () => {
    const { page } = await newPage();
    await page.goto(`${stackEnv().siteUrl}/${fixture.org.slug}`);
    const soldOut = page.getByRole('option', { name: "Chef's Counter - $225.00 per person (Sold Out)" });
    await soldOut.waitFor({ state: 'attached' });
    expect(await soldOut.isDisabled()).toBe(true);
    // Selecting it is impossible.
    await expect(page.getByLabel('Ticket type').selectOption(fixture.soldOut, { timeout: 1000 })).rejects.toThrow();

    const wineLeft = await ticketQuantity(fixture.wine);
    await page.getByLabel('Ticket type').selectOption(fixture.wine);
    const options = await page
      .getByLabel('Number of guests')
      .locator('option')
      .evaluateAll((els) => (els as HTMLOptionElement[]).filter((o) => o.value).map((o) => ({ label: o.textContent, disabled: o.disabled })));
    expect(options).toHaveLength(6);
    for (const [i, o] of options.entries()) {
      const n = i + 1;
      expect(o.disabled).toBe(n > wineLeft);
      expect(o.label?.endsWith('(unavailable)')).toBe(n > wineLeft);
    }
  });

  it("refuses more guests than remain with the product's message", async () => {
    const own = await ticketedOrg({ foodOnly: 3, wine: 4 });
    const email = uniqueEmail('toomany');
    const { page } = await newPage();
    await page.goto(`${stackEnv().siteUrl}/${own.org.slug}`);
    await page.getByRole('heading', { name: 'Reserve: Harvest Supper' }).waitFor();
    await fillTicketForm(page, { name: 'Grace Hopper', email, ticketTypeId: own.foodOnly, guests: '3' });
    // Someone else takes two tickets while the guest is filling the form.
    await createReservation(own.eventId, { ticket_type_id: own.foodOnly, num_guests: 2 });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Not Enough Tickets Available', 'Only 1 ticket available for Food Only.');
    expect(await page.getByRole('alert').filter({ hasText: 'Only 1 ticket available for Food Only.' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Complete Your Reservation' }).count()).toBe(0);
    expect(await reservationsFor({ email })).toHaveLength(0);
  });

  it("asks for the required fields with 'Missing Information' (at 375 px)", async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/${fixture.org.slug}`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
    expect(await page.getByText('Name is required').isVisible()).toBe(true);
    expect(await page.getByText('Please select a ticket type').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The form itself, once the (app-wide) toast has gone.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('special codes in the payment step', () => {
  it('applies percent and fixed codes, refuses invalid, inactive and exhausted ones, and resets on edit', async () => {
    const fixture = await ticketedOrg();
    await createPromo(fixture.org.id, { code: 'TWENTY', discount_type: 'percent', discount_amount: 20 });
    await createPromo(fixture.org.id, { code: 'FIFTYOFF', discount_type: 'fixed', discount_amount: 5000 });
    await createPromo(fixture.org.id, { code: 'SLEEPY', discount_type: 'percent', discount_amount: 10, active: false });
    await createPromo(fixture.org.id, { code: 'USEDUP', discount_type: 'percent', discount_amount: 10, max_uses: 1, times_redeemed: 1 });
    const email = uniqueEmail('promo');
    const { page } = await newPage();
    await openPaymentStep(page, fixture.org.slug, { email, ticketTypeId: fixture.foodOnly, guests: '2' });
    const code = page.getByLabel('Special code');
    const total = page.getByTestId('payment-total');
    const apply = page.getByRole('button', { name: 'Apply' });

    await apply.click();
    await page.getByText('Enter a code to apply').waitFor();

    await code.fill('twenty'); // upper-cased as typed
    expect(await code.inputValue()).toBe('TWENTY');
    await apply.click();
    await expectToast(page, 'Promo applied');
    await page.getByText('Code applied').waitFor();
    expect(await total.textContent()).toBe('$200.00');

    // Editing the code returns it to "not applied": the total reverts.
    await code.fill('FIFTYOF');
    expect(await total.textContent()).toBe('$250.00');
    await code.fill('FIFTYOFF');
    await apply.click();
    await page.getByText('Code applied').waitFor();
    expect(await total.textContent()).toBe('$200.00');
    await code.fill('NOPE');
    await apply.click();
    await expectToast(page, 'Invalid code', 'Please check your code and try again.');
    await page.getByText('Invalid promo code').waitFor();
    expect(await total.textContent()).toBe('$250.00');

    // Inactive, then exhausted: refused the same way, at the full price.
    for (const refused of ['SLEEPY', 'USEDUP']) {
      await code.fill(refused);
      await apply.click();
      await page.getByText('Invalid promo code').waitFor();
      expect(await total.textContent()).toBe('$250.00');
    }

    // Pay with the percent code: the server charges the discounted amount and counts the use.
    const promoId = (await db().query<{ id: string }>("select id from public.promo_codes where org_id = $1 and code = 'TWENTY'", [fixture.org.id]))
      .rows[0].id;
    await code.fill('TWENTY');
    await apply.click();
    await page.getByText('Code applied').waitFor();
    await payWithTestCard(page);
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', amount_cents: 20000, discount_cents: 5000, promo_code_id: promoId });
    expect(await promoRedeemed(promoId)).toBe(1);
  });

  it("makes a 100% code a free reservation: no card, token null, 'Reservation Confirmed!'", async () => {
    const fixture = await ticketedOrg();
    await createPromo(fixture.org.id, { code: 'ONTHEHOUSE', discount_type: 'percent', discount_amount: 100 });
    const email = uniqueEmail('comp');
    const { page } = await newPage();
    await openPaymentStep(page, fixture.org.slug, { email, ticketTypeId: fixture.wine, guests: '1' });
    await page.getByLabel('Special code').fill('ONTHEHOUSE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code applied').waitFor();
    expect(await page.getByTestId('payment-total').textContent()).toBe('$0.00');
    expect(await page.getByTestId('test-card-form').count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expectToast(page, 'Reservation Confirmed!');
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', amount_cents: 0, discount_cents: 17500 });
  });

  it('sends one payment for a double click on Pay', async () => {
    const fixture = await ticketedOrg();
    const email = uniqueEmail('double');
    const { page } = await newPage();
    await openPaymentStep(page, fixture.org.slug, { email, ticketTypeId: fixture.foodOnly, guests: '1' });
    let payments = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/functions/v1/process-square-payment') && r.method() === 'POST' && !(r.postData() ?? '').includes('"validateOnly":true'))
        payments += 1;
    });
    await page.getByLabel('Test card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Pay $125.00' }).dblclick();
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    expect(payments).toBe(1);
    expect(await reservationsFor({ email })).toHaveLength(1);
  });
});
