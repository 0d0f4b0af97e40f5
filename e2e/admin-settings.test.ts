import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fillAndSubmit, fitsWidth, newPage, openAdmin, signInThroughUi, viewports } from './support/browser';
import { serviceClient } from '../tests/support/db';
import { type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('settings', { name: 'Settings Test Cafe' }));
  const svc = serviceClient();
  const promo = await svc.from('promo_codes').insert([
    { org_id: org.id, code: 'FRIENDS', discount_type: 'percent', discount_amount: 15, times_redeemed: 3, max_uses: 10 },
    { org_id: org.id, code: 'TENOFF', discount_type: 'fixed', discount_amount: 1000, times_redeemed: 0, max_uses: null },
  ]);
  if (promo.error) throw new Error(promo.error.message);
  const templates = await svc.from('email_templates').insert({
    org_id: org.id,
    name: 'Friday confirmation',
    template_type: 'booking_confirmation',
    subject: 'See you at the table',
  });
  if (templates.error) throw new Error(templates.error.message);
});

async function promoRow(code: string) {
  const { data } = await serviceClient().from('promo_codes').select('*').eq('org_id', org.id).eq('code', code).maybeSingle();
  return data;
}

describe('promo codes', () => {
  it("shows usage as 'redeemed / max' or unlimited, creates a code (upper-cased) and deactivates one", async () => {
    const { page } = await adminPage(staff, org.id, 'settings-promo-codes');
    const table = page.getByRole('table', { name: 'Promo codes' });
    const friends = table.getByRole('row').filter({ hasText: 'FRIENDS' });
    await friends.waitFor();
    expect(await friends.innerText()).toContain('3 / 10');
    expect(await friends.innerText()).toContain('15% off');
    const tenoff = table.getByRole('row').filter({ hasText: 'TENOFF' });
    expect(await tenoff.innerText()).toContain('unlimited');
    expect(await tenoff.innerText()).toContain('$10.00 off');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Code' }).click();
    const dialog = page.getByRole('dialog');
    await fillAndSubmit(dialog, { Code: 'spring10', 'Discount (%)': '10', 'Max uses': '5' }, 'Create Code');
    await expectToast(page, 'Promo code created successfully');
    await table.getByRole('cell', { name: 'SPRING10', exact: true }).waitFor();
    expect(await promoRow('SPRING10')).toMatchObject({ discount_type: 'percent', discount_amount: 10, max_uses: 5, active: true, times_redeemed: 0 });

    // The same code again (any case) is refused by the database.
    await page.getByRole('button', { name: 'Create Code' }).click();
    await dialog.getByLabel('Code').fill('Spring10');
    await dialog.getByLabel('Discount (%)').fill('20');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expectToast(page, 'The code SPRING10 already exists');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Deactivate FRIENDS' }).click();
    await expectToast(page, 'Promo code deactivated');
    await friends.getByText('Inactive').waitFor();
    expect((await promoRow('FRIENDS'))!.active).toBe(false);
  });
});

describe('email templates', () => {
  it("lists the six emails, each with the organization's template or 'Default', with an Edit button (375 px)", async () => {
    const { page } = await adminPage(staff, org.id, 'settings-email-templates', { viewport: viewports.phone });
    const list = page.getByRole('list', { name: 'Email templates' });
    const card = (name: string) => list.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card('Booking confirmation').getByText('Your template: Friday confirmation').waitFor();
    await card('Booking confirmation').getByText('See you at the table').waitFor();
    await card('Booking confirmation').getByText('Custom', { exact: true }).waitFor();
    for (const name of ['Reminder', 'Cancellation', 'Waitlist offer', 'Guest message', 'Thank you (after the dinner)']) {
      await card(name).getByText('Default', { exact: true }).first().waitFor();
    }
    expect(await list.getByRole('listitem').count()).toBe(6);
    for (const name of ['Booking confirmation', 'Reminder', 'Cancellation', 'Waitlist offer', 'Guest message', 'Thank you (after the dinner)']) {
      expect(await page.getByRole('button', { name: `Edit ${name}` }).isVisible()).toBe(true);
    }
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('embed form', () => {
  it("shows the iframe code (100% × 600, auto-height listener), copies it with 'Copied!' for 2 s, and previews /{slug}/embed", async () => {
    const { siteUrl } = stackEnv();
    const { page } = await adminPage(staff, org.id, 'settings-embed-form', { permissions: ['clipboard-read', 'clipboard-write'] });
    const code = await page.getByLabel('Embed code').inputValue();
    expect(code).toContain(`src="${siteUrl}/${org.slug}/embed"`);
    expect(code).toContain('width="100%"');
    expect(code).toContain('height="600"');
    expect(code).toContain("'supperhost:embed-height'");
    expect(await page.getByTitle(`Booking form preview for ${org.name}`).getAttribute('src')).toBe(`/${org.slug}/embed`);

    await page.getByRole('button', { name: 'Copy Code' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    await expectToast(page, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    const started = Date.now();
    await page.getByRole('button', { name: 'Copy Code' }).waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThan(1200);
  });

  it("says 'Failed to copy to clipboard' when the clipboard refuses", async () => {
    const { page } = await newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    });
    await signInThroughUi(page, staff.email, staff.password);
    await openAdmin(page, org.id, 'settings-embed-form');
    await page.getByRole('button', { name: 'Copy Code' }).click();
    await expectToast(page, 'Failed to copy to clipboard');
  });
});

describe('framing', () => {
  it('the admin panel does not render inside a frame', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await signInThroughUi(page, staff.email, staff.password);
    // Another page framing /admin (clickjacking): the panel refuses to render.
    await page.setContent(`<iframe id="f" src="${siteUrl}/admin?org=${org.id}" width="800" height="600"></iframe>`);
    const frame = page.frameLocator('#f');
    await frame.getByRole('heading', { name: 'This page cannot be shown in a frame' }).waitFor();
    expect(await frame.getByText('Managing:').count()).toBe(0);
  });
});
