import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations, TOASTER } from './support/axe';
import { adminPage, expectToast, fillAndSubmit, fitsWidth, layouts, newPage, openAdmin, viewports } from './support/browser';
import { insertRow, sql } from '../tests/support/db';
import { brandedAs, createEvent, createOrg, createStaff, reservationsFor, uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { openEventEditor } from './support/event-dialog';
import { continueToPayment, fillTicketForm, payTotalWithTestCard } from './support/ticket-booking';

// Taxes and service charges, as a host sets them and a guest pays them (real Chromium, real
// stack): the organization's defaults in the settings, an event's own in its editor; the
// payment step, the confirmation and the manage page show the lines (itemized) or one all-in
// price that "includes tax and service charge", at 1280 and 375 px.

let staff: Staff;
let org: Org;
/** An organization page shows its next event: the all-in one is another organization's. */
let allInOrg: Org;
let itemizedEvent: { id: string; ticketTypeId: string };
let allInEvent: { id: string; ticketTypeId: string };

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('charges', brandedAs('Charges Test Kitchen')));
  const itemized = await createEvent(org.id, { title: 'Itemized Supper', ticketTypes: [{ name: 'Dinner', price: 3333, quantity: 40 }] });
  itemizedEvent = { id: itemized.id, ticketTypeId: itemized.ticketTypes[0].id };
  allInOrg = await createOrg({ ...brandedAs('All-in Test Kitchen'), members: [staff] });
  const allIn = await createEvent(allInOrg.id, { title: 'All-in Supper', ticketTypes: [{ name: 'Dinner', price: 5000, quantity: 40 }] });
  allInEvent = { id: allIn.id, ticketTypeId: allIn.ticketTypes[0].id };
  // The all-in event's own terms: $7.50 per guest, no tax, one price.
  await insertRow(
    'event_charge_settings',
    { event_id: allIn.id, tax_rate_bps: 0, service_charge_type: 'per_guest', service_charge_cents: 750, price_display: 'all_in' },
    'event_id',
  );
});

describe('the host sets taxes and service charges', () => {
  it('saves the organization defaults in the settings and an event of its own in the event editor', async () => {
    const { page, consoleErrors } = await adminPage(staff, org.id, 'settings-branding', { viewport: viewports.desktop });
    const card = page.getByTestId('org-charges');
    await card.getByLabel('Service charge', { exact: true }).selectOption('percent');
    await card.getByLabel('The service charge is taxed').check();
    await fillAndSubmit(card, { 'Sales tax (%)': '8.875', 'Service charge (%)': '18' }, 'Save taxes and charges');
    // Basis points: two decimals at most.
    await card.getByText('Enter a tax rate from 0 to 50 %, at most two decimals').waitFor();
    await fillAndSubmit(card, { 'Sales tax (%)': '8.87' }, 'Save taxes and charges');
    await expectToast(page, 'Taxes and service charges saved');
    expect(
      await sql(
        'select tax_rate_bps, service_charge_type, service_charge_bps, service_charge_taxable, price_display from public.org_charge_settings where org_id = $1',
        [org.id],
      ),
    ).toEqual([
      { tax_rate_bps: 887, service_charge_type: 'percent', service_charge_bps: 1800, service_charge_taxable: true, price_display: 'itemized' },
    ]);
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);

    // The event editor: the all-in event shows its own terms, which it keeps.
    await openAdmin(page, allInOrg.id, 'events');
    const fieldset = (await openEventEditor(page, 'All-in Supper')).getByTestId('event-charges');
    await fieldset.getByLabel("Use the organization's defaults").waitFor();
    expect(await fieldset.getByLabel("Use the organization's defaults").isChecked()).toBe(false);
    expect(await fieldset.getByLabel('Service charge per guest ($)').inputValue()).toBe('7.50');
    expect(await fieldset.getByLabel('Prices are shown').inputValue()).toBe('all_in');
    expect(consoleErrors).toEqual([]);
  });
});

describe('staff and the money settings', () => {
  it('staff see the taxes and service charges read-only, with a line saying only owners change them, at 375 px', async () => {
    const cook = await createStaff('charges-cook');
    await insertRow('user_memberships', { user_id: cook.userId, org_id: allInOrg.id, role: 'staff' }, 'org_id');
    await insertRow('org_charge_settings', { org_id: allInOrg.id, tax_rate_bps: 825 }, 'org_id');
    const { page, consoleErrors } = await adminPage(cook, allInOrg.id, 'settings-branding', { viewport: viewports.phone });
    const card = page.getByTestId('org-charges');
    await card.getByText("Only the organization's owners can change taxes and service charges.").waitFor();
    expect(await card.getByLabel('Sales tax (%)').inputValue()).toBe('8.25');
    expect(await card.getByLabel('Sales tax (%)').isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Save taxes and charges' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The event editor: the event's own terms, read-only too.
    await openAdmin(page, allInOrg.id, 'events');
    const fieldset = (await openEventEditor(page, 'All-in Supper')).getByTestId('event-charges');
    await fieldset.getByText("Only the organization's owners can change taxes and service charges.").waitFor();
    expect(await fieldset.getByLabel('Service charge per guest ($)').isDisabled()).toBe(true);
    expect(await fieldset.getByRole('button', { name: 'Save taxes and charges' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * A guest at `viewport` on the organization's page books the event `title` with the ticket form,
 * sees the form's `total` and continues to the payment step.
 */
async function toPayment(
  viewport: { width: number; height: number },
  slug: string,
  title: string,
  booking: { form: Parameters<typeof fillTicketForm>[1]; total: string },
) {
  const opened = await newPage({ viewport });
  await opened.page.goto(`${stackEnv().siteUrl}/${slug}`);
  await opened.page.getByRole('heading', { name: `Reserve: ${title}` }).waitFor();
  await fillTicketForm(opened.page, booking.form);
  await opened.page.getByTestId('booking-total').getByText(booking.total).waitFor();
  await continueToPayment(opened.page);
  return opened;
}

describe('a guest books with tax and a service charge', () => {
  for (const [layout, viewport] of layouts) {
    it(`sees the lines at checkout, on the confirmation and on the manage page (${layout})`, async () => {
      // The defaults the host saved above, whichever test runs first.
      await sql(
        `insert into public.org_charge_settings (org_id, tax_rate_bps, service_charge_type, service_charge_bps, service_charge_taxable)
         values ($1, 887, 'percent', 1800, true)
         on conflict (org_id) do update set tax_rate_bps = 887, service_charge_type = 'percent', service_charge_bps = 1800,
           service_charge_taxable = true, price_display = 'itemized'`,
        [org.id],
      );
      const email = uniqueEmail(`charges-${layout}`);
      // 3 × $33.33 = $99.99; 18 % service $18.00; 8.87 % tax on $117.99 = $10.47; $128.46.
      const { page, consoleErrors } = await toPayment(viewport, org.slug, 'Itemized Supper', {
        form: { name: 'Tess Taxed', email, ticketTypeId: itemizedEvent.ticketTypeId, guests: '3' },
        total: '$128.46',
      });
      expect(await page.getByTestId('price-line-subtotal').innerText()).toBe('$99.99');
      expect(await page.getByTestId('price-line-service').innerText()).toBe('$18.00');
      expect(await page.getByTestId('price-line-tax').innerText()).toBe('$10.47');
      expect(await page.getByTestId('payment-total').innerText()).toBe('$128.46');
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
      await payTotalWithTestCard(page, '$128.46');

      const confirmed = page.getByRole('status').filter({ hasText: 'Reservation Confirmed' });
      await confirmed.waitFor();
      const text = await confirmed.innerText();
      expect(text).toMatch(/Service charge\s+\$18\.00/);
      expect(text).toMatch(/Tax\s+\$10\.47/);
      expect(text).toMatch(/\$128\.46/);
      const [row] = await reservationsFor({ email });
      expect(row).toMatchObject({ status: 'confirmed', amount_cents: 12846 });

      await page.getByRole('link', { name: 'Manage or cancel your booking' }).click();
      await page.getByTestId('paid-amount').waitFor();
      expect(await page.getByTestId('manage-service-charge').innerText()).toBe('$18.00');
      expect(await page.getByTestId('manage-tax').innerText()).toBe('$10.47');
      expect(await page.getByTestId('paid-amount').innerText()).toBe('$128.46');
      expect(await fitsWidth(page)).toBe(true);
      expect(consoleErrors).toEqual([]);
    });

    it(`sees one all-in price that includes tax and service charge (${layout})`, async () => {
      const email = uniqueEmail(`all-in-${layout}`);
      // 2 × $50.00 + 2 × $7.50 = $115.00, shown as one price.
      const { page, consoleErrors } = await toPayment(viewport, allInOrg.slug, 'All-in Supper', {
        form: { name: 'Ada All-in', email, ticketTypeId: allInEvent.ticketTypeId, guests: '2' },
        total: '$115.00',
      });
      expect(await page.getByTestId('payment-total').innerText()).toBe('$115.00');
      expect(await page.getByTestId('payment-all-in').innerText()).toBe('Includes tax and service charge');
      expect(await page.getByTestId('price-line-service').count()).toBe(0);
      await payTotalWithTestCard(page, '$115.00');
      await page.getByTestId('confirmation-all-in').waitFor();
      expect(await page.getByTestId('confirmation-all-in').innerText()).toBe('Includes tax and service charge');
      const [row] = await reservationsFor({ email });
      expect(row).toMatchObject({ status: 'confirmed', amount_cents: 11500 });
      expect(await fitsWidth(page)).toBe(true);
      expect(consoleErrors).toEqual([]);
    });
  }
});

describe('the admin reservation view', () => {
  it('says what each booking carries of service charge and tax, and that a refund returns them in proportion', async () => {
    const { page, consoleErrors } = await adminPage(staff, org.id, 'reservations', { viewport: viewports.desktop });
    const line = page.getByTestId('reservation-charges').filter({ hasText: 'Includes service charge $18.00 and tax $10.47' });
    await line.first().waitFor();
    expect(await line.count()).toBeGreaterThanOrEqual(1);
    // The bookings above (Tess Taxed) hold money.
    await page.getByRole('button', { name: 'Refund Tess Taxed' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('A refund returns service charge and tax in proportion.').waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
