/**
 * Settings → Payments: an owner connects the organization's own Square account through the
 * fake Square's authorize page (tests/support/fake-square.ts, on loopback), comes back to the
 * screen, is refused a location that does not take US dollars, picks a USD one, and disconnects
 * (Square revokes the tokens) — at 1280 and 375 px. The panel's calls to square-oauth-start and
 * square-disconnect go to a functions runner configured with the platform's Square OAuth
 * secrets (useSquareAccountsStack); everything else is the test stack's.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { FakeSquare } from '../tests/support/fake-square';
import { createOrg, createStaff } from '../tests/support/fixtures';
import { useSquareAccountsStack } from '../tests/support/functions';
import { stackEnv } from '../tests/support/stack-env';

const square = new FakeSquare();
const accounts = useSquareAccountsStack(square);

/** Sends the panel's Square function calls to the runner that has the OAuth secrets. */
async function routeSquareFunctions(page: Page) {
  const { apiUrl } = stackEnv();
  await page.route(/\/functions\/v1\/square-(oauth-start|disconnect)$/, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fallback();
    const response = await route.fetch({ url: route.request().url().replace(apiUrl, accounts().apiUrl) });
    await route.fulfill({ response });
  });
}

describe('connecting Square from the Payments screen', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`connects, refuses a non-USD location, picks a USD one and disconnects (${viewport.width} px)`, async () => {
      const owner = await createStaff(`payments-${name}`);
      const org = await createOrg({ name: `Payments ${name} Kitchen`, members: [owner] });
      const merchantId = `MERCH_E2E_${name.toUpperCase()}`;
      square.addSeller({
        merchantId,
        businessName: `${org.name} LLC`,
        locations: [
          { id: `L-${name}-USD`, name: 'Front Room', currency: 'USD' },
          { id: `L-${name}-CAD`, name: 'Toronto Pop-up', currency: 'CAD' },
        ],
      });
      square.authorizeAs(merchantId);

      const { page, consoleErrors } = await adminPage(owner, org.id, 'settings-payments', { viewport });
      await routeSquareFunctions(page);
      // Every answer the browser receives, to check that no token is in any.
      const received: Promise<string>[] = [];
      page.on('response', (response) => received.push(response.text().catch(() => '')));
      const section = page.getByRole('region', { name: 'Payments' });
      await section.getByText('Not connected', { exact: true }).waitFor();
      // Until it connects, its guests pay into the platform's account, and the screen says so.
      expect(await section.getByTestId('square-not-connected').textContent()).toBe(
        `Guests' card payments for ${org.name} are paid into SupperHost's Square account for now. Connect your own Square account to have them paid into it.`,
      );
      await section.getByText('No platform fee.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Square's authorize page, then back to the screen.
      await section.getByRole('button', { name: 'Connect Square' }).click();
      await page.waitForURL(`${square.url}/oauth2/authorize?**`);
      await page.getByRole('heading', { name: `Allow SupperHost to take payments for ${org.name} LLC?` }).waitFor();
      await page.getByRole('link', { name: 'Allow' }).click();
      await page.waitForURL(`${stackEnv().siteUrl}/admin?**`);
      await expectToast(page, 'Square connected', 'Choose the location where your guests pay.');
      await section.getByText('Connected', { exact: true }).waitFor();
      await section.getByText('Choose the location where your guests pay: until then, card payments are off.').waitFor();
      expect(new URL(page.url()).searchParams.get('square')).toBeNull();

      await section.getByLabel('Location').selectOption({ label: 'Toronto Pop-up (CAD)' });
      await section.getByRole('button', { name: 'Use this location' }).click();
      await section
        .getByRole('alert')
        .getByText('The location Toronto Pop-up takes payments in CAD. SupperHost charges in US dollars: choose a location whose currency is USD.')
        .waitFor();

      await section.getByLabel('Location').selectOption({ label: 'Front Room (USD)' });
      await section.getByRole('button', { name: 'Use this location' }).click();
      await expectToast(page, 'Location saved');
      await section.getByText('Guests pay at Front Room.').waitFor();
      expect(await sql(`select merchant_id, location_id from public.square_accounts where org_id = $1`, [org.id])).toEqual([
        { merchant_id: merchantId, location_id: `L-${name}-USD` },
      ]);
      expect(await seriousViolations(page)).toEqual([]);

      // No token reached the page, nor any answer the browser received.
      const html = await page.content();
      const answers = await Promise.all(received);
      expect(answers.length).toBeGreaterThan(5);
      for (const token of square.issuedTokens(merchantId)) {
        expect(html).not.toContain(token);
        for (const answer of answers) expect(answer).not.toContain(token);
      }

      await section.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Disconnect Square?' });
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      await expectToast(page, 'Square disconnected');
      await section.getByText('Not connected', { exact: true }).waitFor();
      expect(square.revoked(merchantId)).toBe(true);
      expect(await sql(`select 1 from public.square_accounts where org_id = $1`, [org.id])).toEqual([]);
      expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    });
  }

  it('a declined authorization comes back with a message and connects nothing', async () => {
    const owner = await createStaff('payments-deny');
    const org = await createOrg({ name: 'Payments Deny Kitchen', members: [owner], platformPayments: false });
    square.addSeller({ merchantId: 'MERCH_E2E_DENY', businessName: 'Deny LLC', locations: [{ id: 'L-DENY', name: 'Deny Room', currency: 'USD' }] });
    square.authorizeAs('MERCH_E2E_DENY');
    const { page } = await adminPage(owner, org.id, 'settings-payments', { viewport: viewports.phone });
    await routeSquareFunctions(page);
    const section = page.getByRole('region', { name: 'Payments' });
    await section.getByRole('button', { name: 'Connect Square' }).click();
    await page.getByRole('link', { name: 'Deny' }).click();
    await page.waitForURL(`${stackEnv().siteUrl}/admin?**`);
    await section.getByText('Square was not connected: the request was declined in Square.').waitFor();
    await section.getByText('Not connected', { exact: true }).waitFor();
    // An organization the platform does not take payments for cannot charge cards until it connects.
    expect(await section.getByTestId('square-not-connected').textContent()).toBe(
      "Connect your own Square account so that guests' card payments for Payments Deny Kitchen are paid into it. Until then, guests cannot pay by card.",
    );
    expect(await sql(`select 1 from public.square_accounts where org_id = $1`, [org.id])).toEqual([]);
  });
});
