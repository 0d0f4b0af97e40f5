/**
 * A host starts on their own and gets paid, in real Chromium on the real stack with the fake
 * Square on loopback (tests/support/fake-square.ts):
 *   - at 1280 px, the whole way: a brand-new user signs up at /auth, confirms through the
 *     mailbox, creates an organization, connects Square (the fake authorize page, a USD
 *     location), sets a sales tax and a service charge, creates an event and publishes; a guest
 *     books and pays by card on the organization's page (charged with that seller's token at
 *     that seller's location, the platform fee recorded); the host refunds half from the admin
 *     (tax and service charge come back in proportion); the Books CSV adds up to the cent.
 *   - at 375 px, the money part again for an organization set up by the fixtures: the guest
 *     pays by card on a phone, the host refunds half on a phone, the Books screen and its CSV
 *     add up.
 * The browser's function calls go to a functions runner with the platform's Square secrets
 * (useSquareAccountsStack), its sign-up to a gateway with email confirmations on; Square's
 * Web Payments SDK (a CDN script, and the tests have no network) is a stand-in that tokenizes
 * Square's sandbox test nonce.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, TOASTER } from './support/axe';
import { adminPage, expectToast, fitsWidth, newPage, openAdmin, viewports } from './support/browser';
import { fillTicketForm } from './support/ticket-booking';
import { parseCsv } from './support/csv';
import { fakeSquareSdk } from './support/square-sdk';
import { sql } from '../tests/support/db';
import { FakeSquare } from '../tests/support/fake-square';
import { createEvent, createOrg, createStaff, PASSWORD, uniq, uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { startConfirmingGateway, useSquareAccountsStack } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';

const square = new FakeSquare();
const accounts = useSquareAccountsStack(square);
let confirming: Awaited<ReturnType<typeof startConfirmingGateway>>;

beforeAll(async () => {
  confirming = await startConfirmingGateway();
});
afterAll(async () => {
  await confirming?.close();
});

/** Sends the page's function calls to the runner with the Square secrets, and serves the SDK stand-in. */
async function routeToSquare(page: Page) {
  const { apiUrl } = stackEnv();
  await page.route(
    (url) => url.href.startsWith(`${apiUrl}/functions/v1/`),
    async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fallback();
      const response = await route.fetch({ url: route.request().url().replace(apiUrl, accounts().apiUrl) });
      await route.fulfill({ response });
    },
  );
  await fakeSquareSdk(page);
}

/** Half up, as refund_lines rounds a refund's share of the service charge and tax. */
const share = (part: number, refund: number, held: number) => Math.floor((2 * refund * part + held) / (2 * held));

/** '-70.34' → -7034, exactly. */
const cents = (decimal: string) => {
  const [whole, fraction] = decimal.replace('-', '').split('.');
  return (decimal.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
};

/** A guest books two seats and pays by card on the organization's page; answers the amount paid. */
async function guestPays(org: Org, ticketTypeId: string, guestName: string, viewport: { width: number; height: number }, total: string) {
  const { page, consoleErrors } = await newPage({ viewport });
  await routeToSquare(page);
  await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
  await fillTicketForm(page, { name: guestName, email: uniqueEmail('new-host-guest'), ticketTypeId, guests: '2' });
  await page.getByTestId('booking-total').getByText(total).waitFor();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card (Square)').waitFor();
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
  expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  const [row] = await sql<{ id: string; amount_cents: number; service_charge_cents: number; tax_cents: number }>(
    `select id, amount_cents, service_charge_cents, tax_cents from public.reservations where org_id = $1 and name = $2`,
    [org.id, guestName],
  );
  return row;
}

/** The charge went to the organization's own seller, at its location, with the platform fee; the ledger says the same. */
async function expectChargedAtSeller(merchantId: string, locationId: string, booking: { id: string; amount_cents: number }, feeBps: number) {
  const [payment] = square.paymentsOf(merchantId).filter((p) => p.reference_id === booking.id);
  expect(payment).toMatchObject({ location_id: locationId, amount_money: { amount: booking.amount_cents, currency: 'USD' } });
  const call = square.calls.find((c) => c.method === 'POST' && c.path === '/v2/payments' && c.body?.reference_id === booking.id)!;
  expect(call.merchantId).toBe(merchantId);
  expect(square.issuedTokens(merchantId)).toContain(call.headers.authorization!.replace('Bearer ', ''));
  expect(payment.app_fee_money.amount).toBe(Math.round((booking.amount_cents * feeBps) / 10000));
  expect(
    await sql(`select app_fee_cents, provider_payment_id from public.payment_ledger where reservation_id = $1 and kind = 'charge'`, [booking.id]),
  ).toEqual([{ app_fee_cents: payment.app_fee_money.amount, provider_payment_id: payment.id }]);
}

/** The host refunds half of the booking from the reservations list; tax and service charge come back in proportion. */
async function hostRefundsHalf(
  page: Page,
  orgId: string,
  guestName: string,
  booking: { id: string; amount_cents: number; service_charge_cents: number; tax_cents: number },
) {
  const half = Math.floor(booking.amount_cents / 2);
  const halfText = `${Math.floor(half / 100)}.${String(half % 100).padStart(2, '0')}`;
  await openAdmin(page, orgId, 'reservations');
  await page.getByRole('button', { name: `Refund ${guestName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${guestName}` });
  await dialog.getByLabel('Amount to refund ($)').fill(halfText);
  expect(await fitsWidth(page)).toBe(true);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expectToast(page, 'Success', `$${halfText} refunded.`);
  const tax = share(booking.tax_cents, half, booking.amount_cents);
  const service = Math.min(share(booking.service_charge_cents, half, booking.amount_cents), half - tax);
  expect(
    await sql(
      `select status, amount_cents, service_charge_cents, tax_cents from public.payment_ledger where reservation_id = $1 and kind = 'refund'`,
      [booking.id],
    ),
  ).toEqual([{ status: 'completed', amount_cents: half, service_charge_cents: service, tax_cents: tax }]);
  return half;
}

/** The Books screen for this year, and its CSV: the lines add up to the fake Square's payments, refunds and fees. */
async function booksAddUp(page: Page, org: Org, merchantId: string, layout: 'desktop' | 'phone') {
  await openAdmin(page, org.id, 'settings-books');
  const section = page.getByRole('region', { name: 'Books' });
  const year = new Date().getFullYear();
  // Last year: nothing yet.
  await section.getByLabel('From').fill(`${year - 1}-01-01`);
  await section.getByLabel('To').fill(`${year - 1}-12-31`);
  await section.getByText('No payments, refunds or comps in these dates.').waitFor();
  expect(await section.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
  await section.getByLabel('From').fill(`${year}-01-01`);
  await section.getByLabel('To').fill(`${year}-12-31`);
  const totals = section.getByRole(layout === 'desktop' ? 'table' : 'list', { name: 'Monthly totals' });
  await totals.waitFor();
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`books-${org.slug}-${year}-01-01-to-${year}-12-31.csv`);
  const [header, ...rows] = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
  const column = (name: string) => rows.map((r) => cents(r[header.indexOf(name)]));
  const total = (name: string) => column(name).reduce((a, b) => a + b, 0);
  expect(rows.map((r) => r[header.indexOf('Kind')])).toEqual(['charge', 'refund']);

  const payments = square.paymentsOf(merchantId);
  const refunds = square.refundsOf(merchantId);
  const charged = payments.reduce((t, p) => t + p.amount_money.amount, 0);
  const refunded = refunds.reduce((t, r) => t + r.amount_money.amount, 0);
  const fees = payments.reduce((t, p) => t + p.app_fee_money.amount, 0) - refunds.reduce((t, r) => t + r.app_fee_money.amount, 0);
  expect(total('Collected')).toBe(charged - refunded);
  expect(total('Platform fee')).toBe(fees);
  expect(total('Net')).toBe(charged - refunded - fees);
  expect(total('Gross') - total('Discount') + total('Service charge') + total('Tax')).toBe(total('Collected'));
  expect(rows.map((r) => r[header.indexOf('Payment ID')])).toEqual([payments[0].id, payments[0].id]);
  expect(rows[1][header.indexOf('Refund ID')]).toBe(refunds[0].id);
  // The ledger's own sums, to the cent.
  const [ledger] = await sql<{ service: string; tax: string }>(
    `select sum(case kind when 'refund' then -service_charge_cents else service_charge_cents end) as service,
            sum(case kind when 'refund' then -tax_cents else tax_cents end) as tax
       from public.payment_ledger where org_id = $1 and status = 'completed'`,
    [org.id],
  );
  expect(total('Service charge')).toBe(Number(ledger.service));
  expect(total('Tax')).toBe(Number(ledger.tax));

  // The screen's totals are the CSV's and the fake Square's: charged, refunded, net.
  const usd = (c: number) => `${c < 0 ? '-' : ''}$${(Math.abs(c) / 100).toFixed(2)}`;
  const expected = [usd(charged), usd(-refunded), usd(charged - refunded)];
  if (layout === 'desktop') {
    const totalRow = totals.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    const cells = await totalRow.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(expected);
    expect(cells.at(-1)).toBe(usd(total('Net')));
  } else {
    const card = totals.getByRole('listitem').last();
    expect(await card.locator('dd').allInnerTexts()).toEqual(expect.arrayContaining([...expected, usd(total('Net'))]));
    expect((await card.locator('dd').allInnerTexts()).slice(0, 3)).toEqual(expected);
  }
}

describe('a host starts on their own and gets paid', () => {
  it('at 1280 px: signs up, confirms, creates an organization, connects Square, sets tax and service, publishes an event, is paid, refunds half, and the books add up', async () => {
    const env = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport: viewports.desktop });
    await routeToSquare(page);
    // Sign-up through a gateway that sends the confirmation email, as production does.
    await page.route(/\/auth\/v1\/signup/, async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fallback();
      const response = await route.fetch({ url: route.request().url().replace(env.apiUrl, confirming.url) });
      await route.fulfill({ response });
    });

    // Sign up, then confirm through the mailbox.
    const email = `${uniq('new-host')}@admin-tests.test`;
    await page.goto(`${env.siteUrl}/auth`);
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('signup-check-email').getByRole('heading', { name: 'Check your email' }).waitFor();
    const [message] = await mailFor(email);
    await page.goto(message.body_text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)![0]);
    await page.waitForURL(`${env.siteUrl}/admin`);

    // Create the organization.
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    const name = 'Juniper Table';
    const slug = uniq('juniper-table');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Web address').fill(slug);
    await page.getByText('Available', { exact: true }).waitFor();
    await page.getByLabel('Time zone').selectOption('America/Chicago');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expectToast(page, `${name} is created`);
    const checklist = page.getByRole('region', { name: `Get ${name} ready` });
    await checklist.waitFor();
    const [org] = await sql<Org>(`select id, name, slug from public.organizations where slug = $1`, [slug]);
    // The super admin's platform fee for this organization (its Organizations screen), before it connects.
    await sql(`insert into public.org_platform_fees (org_id, fee_bps) values ($1, 300)`, [org.id]);

    // Connect Square: the seller's consent page, then a US-dollar location.
    const merchantId = 'MERCH_JUNIPER';
    square.addSeller({
      merchantId,
      businessName: 'Juniper Table LLC',
      locations: [
        { id: 'L-JUNIPER', name: 'Juniper Dining Room', currency: 'USD' },
        { id: 'L-JUNIPER-MX', name: 'Juniper Oaxaca', currency: 'MXN' },
      ],
    });
    square.authorizeAs(merchantId);
    await openAdmin(page, org.id, 'settings-payments');
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByRole('button', { name: 'Connect Square' }).click();
    await page.waitForURL(`${square.url}/oauth2/authorize?**`);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL(`${env.siteUrl}/admin?**`);
    await expectToast(page, 'Square connected', 'Choose the location where your guests pay.');
    await payments.getByLabel('Location').selectOption({ label: 'Juniper Dining Room (USD)' });
    await payments.getByRole('button', { name: 'Use this location' }).click();
    await expectToast(page, 'Location saved');
    await payments.getByText('Guests pay at Juniper Dining Room.').waitFor();
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);

    // Sales tax 8.75 %, an 18 % service charge (not taxed).
    await openAdmin(page, org.id, 'settings-branding');
    const charges = page.getByTestId('org-charges');
    await charges.getByLabel('Sales tax (%)').fill('8.75');
    await charges.getByLabel('Service charge', { exact: true }).selectOption('percent');
    await charges.getByLabel('Service charge (%)').fill('18');
    await charges.getByRole('button', { name: 'Save taxes and charges' }).click();
    await expectToast(page, 'Taxes and service charges saved');

    // The first event, then Publish.
    await openAdmin(page, org.id, 'events');
    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Juniper Opening Supper');
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Date').fill(date);
    await dialog.getByLabel('Time', { exact: true }).fill('19:00');
    await dialog.getByLabel('Location name').fill('The Greenhouse');
    await dialog.getByLabel('Location address').fill('12 Fern St');
    await dialog.getByLabel('Ticket name').fill('Dinner');
    await dialog.getByLabel('Price ($)').fill('55.50');
    await dialog.getByLabel('Quantity').fill('20');
    await dialog.getByRole('button', { name: 'Add ticket type' }).click();
    await dialog.getByRole('button', { name: 'Create Reservation Event' }).click();
    await expectToast(page, 'Reservation event created successfully');
    // The checklist reads the organization's state again once the event is created: no reload.
    const publish = checklist.getByRole('button', { name: 'Publish' });
    await expect.poll(() => publish.isEnabled(), { timeout: 15_000 }).toBe(true);
    await publish.click();
    await expectToast(page, `${name} is published`);
    const [ticket] = await sql<{ id: string }>(
      `select t.id from public.ticket_types t join public.events e on e.id = t.event_id where e.org_id = $1`,
      [org.id],
    );

    // A guest pays: 2 × $55.50 = $111.00; 18 % service $19.98; 8.75 % tax $9.71; $140.69.
    const booking = await guestPays(org, ticket.id, 'Gus Guest', viewports.desktop, '$140.69');
    expect(booking).toMatchObject({ amount_cents: 14069, service_charge_cents: 1998, tax_cents: 971 });
    await expectChargedAtSeller(merchantId, 'L-JUNIPER', booking, 300);

    // The host refunds half: $70.34, of it $9.99 service charge and $4.85 tax.
    const half = await hostRefundsHalf(page, org.id, 'Gus Guest', booking);
    expect(square.refundsOf(merchantId)).toEqual([
      expect.objectContaining({ amount_money: { amount: half, currency: 'USD' }, payment_id: square.paymentsOf(merchantId)[0].id }),
    ]);
    expect(
      await sql(`select service_charge_cents, tax_cents from public.payment_ledger where reservation_id = $1 and kind = 'refund'`, [booking.id]),
    ).toEqual([{ service_charge_cents: 999, tax_cents: 485 }]);

    await booksAddUp(page, org, merchantId, 'desktop');
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 240_000);

  it('at 375 px: a guest pays by card on a phone, the host refunds half on a phone, and the books add up', async () => {
    const owner: Staff = await createStaff('new-host-phone');
    const org = await createOrg({ name: 'Phone Pantry', members: [owner], branding: { brand_name: 'Phone Pantry' } });
    await sql(`insert into public.org_platform_fees (org_id, fee_bps) values ($1, 250)`, [org.id]);
    await sql(
      `insert into public.org_charge_settings (org_id, tax_rate_bps, service_charge_type, service_charge_bps) values ($1, 800, 'percent', 2000)`,
      [org.id],
    );
    const event = await createEvent(org.id, {
      title: 'Phone Pantry Supper',
      daysAhead: 20,
      ticketTypes: [{ name: 'Dinner', price: 4250, quantity: 20 }],
    });
    const merchantId = 'MERCH_PHONE_PANTRY';
    square.addSeller({ merchantId, businessName: 'Phone Pantry LLC', locations: [{ id: 'L-PANTRY', name: 'Pantry', currency: 'USD' }] });
    square.authorizeAs(merchantId);
    const { page, consoleErrors } = await adminPage(owner, org.id, 'settings-payments', { viewport: viewports.phone });
    await routeToSquare(page);
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByRole('button', { name: 'Connect Square' }).click();
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL(`${stackEnv().siteUrl}/admin?**`);
    await payments.getByLabel('Location').selectOption({ label: 'Pantry (USD)' });
    await payments.getByRole('button', { name: 'Use this location' }).click();
    await payments.getByText('Guests pay at Pantry.').waitFor();

    // 2 × $42.50 = $85.00; 20 % service $17.00; 8 % tax $6.80; $108.80.
    const booking = await guestPays(org, event.ticketTypes[0].id, 'Pia Phone', viewports.phone, '$108.80');
    await expectChargedAtSeller(merchantId, 'L-PANTRY', booking, 250);
    await hostRefundsHalf(page, org.id, 'Pia Phone', booking);
    await booksAddUp(page, org, merchantId, 'phone');
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 180_000);
});
