/**
 * The thank-you email's switch (Settings → Email Templates, the "Thank you (after the dinner)"
 * card): off until turned on, on and off with a toast, kept in the database
 * (org_email_settings) and across a reload; the card's template is edited like the others. The
 * database's refusal (a member removed from the team meanwhile) is toasted in its words. At 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../tests/support/db';
import { createStaffOrg } from '../tests/support/staff-org';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, viewports } from './support/browser';

const NAME = 'Thank you (after the dinner)';
const HINT = 'The morning after each dinner, at 10 AM its time, to each guest who came.';

/** The organization's stored setting: null without a row (off). */
async function storedSetting(orgId: string): Promise<boolean | null> {
  const rows = await sql<{ thank_you_emails: boolean }>('select thank_you_emails from public.org_email_settings where org_id = $1', [orgId]);
  return rows.length === 0 ? null : rows[0].thank_you_emails;
}

const thankYouCard = (page: Page) =>
  page
    .getByRole('list', { name: 'Email templates' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: NAME, exact: true }) });

/** The card's switch, once the setting has loaded (it is disabled until then). */
async function loadedSwitch(page: Page) {
  const toggle = thankYouCard(page).getByRole('switch', { name: 'Send after each dinner' });
  await toggle.waitFor();
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  return toggle;
}

describe('thank-you emails at 375 px', () => {
  it('lists the card with its switch off, turns it on (kept across a reload), edits its template, and turns it off', async () => {
    const { staff, org } = await createStaffOrg('thank-you', { name: 'Thankful Table' });
    const { page } = await adminPage(staff, org.id, 'settings-email-templates', { viewport: viewports.phone });

    // The sixth card, with the default text; off, as no row says otherwise.
    const card = thankYouCard(page);
    await card.getByText('Default', { exact: true }).first().waitFor();
    expect(await page.getByRole('list', { name: 'Email templates' }).getByRole('listitem').count()).toBe(6);
    const toggle = await loadedSwitch(page);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await card.getByText(HINT).waitFor();
    // Only the thank-you card has a switch.
    expect(await page.getByRole('list', { name: 'Email templates' }).getByRole('switch').count()).toBe(1);
    expect(await storedSetting(org.id)).toBeNull();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await toggle.click();
    await expectToast(page, 'Thank-you emails are on');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await storedSetting(org.id)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    const reloaded = await loadedSwitch(page);
    expect(await reloaded.getAttribute('aria-checked')).toBe('true');

    // The card's template is edited like the others, with its own preview.
    await card.getByRole('button', { name: `Edit ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${NAME}` });
    await dialog.waitFor();
    await dialog.getByLabel('Subject').fill('Thanks for coming to {{event_title}}, {{guest_name}}');
    await dialog.getByTestId('email-preview-subject').filter({ hasText: 'Thanks for coming to Harvest Supper, Alex Rivera' }).waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, `${NAME} template saved`);
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Custom', { exact: true }).waitFor();
    await card.getByText('Thanks for coming to {{event_title}}, {{guest_name}}').waitFor();
    expect(
      await sql('select name, subject, is_active from public.email_templates where org_id = $1 and template_type = $2', [org.id, 'thank_you']),
    ).toEqual([{ name: NAME, subject: 'Thanks for coming to {{event_title}}, {{guest_name}}', is_active: true }]);
    // Saving the template leaves the switch as it was.
    expect(await reloaded.getAttribute('aria-checked')).toBe('true');

    await reloaded.click();
    await expectToast(page, 'Thank-you emails are off');
    await expect.poll(() => reloaded.getAttribute('aria-checked')).toBe('false');
    expect(await storedSetting(org.id)).toBe(false);

    await page.reload();
    expect(await (await loadedSwitch(page)).getAttribute('aria-checked')).toBe('false');
    expect(await fitsWidth(page)).toBe(true);
  });

  it("says the server's refusal in a toast and leaves the switch as it was", async () => {
    const { staff, org } = await createStaffOrg('thank-you-refused', { name: 'Refused Table' });
    const { page } = await adminPage(staff, org.id, 'settings-email-templates', { viewport: viewports.phone });
    const toggle = await loadedSwitch(page);
    // Removed from the team while the page is open: the database refuses the change.
    await sql('delete from public.user_memberships where user_id = $1 and org_id = $2', [staff.userId, org.id]);
    await toggle.click();
    await expectToast(page, 'Could not change thank-you emails', 'You can only change the emails of your own organization');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await storedSetting(org.id)).toBeNull();
  });
});
