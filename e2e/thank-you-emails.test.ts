/**
 * The thank-you email's switch (Settings → Email Templates, the "Thank you (after the dinner)"
 * card): off until turned on, on and off with a toast, kept in the database
 * (org_email_settings) and across a reload; the card's template is edited like the others. The
 * database's refusal (a member removed from the team meanwhile) is toasted in its words. The card's
 * review link: checked in the browser with the database's words, saved, shown again after a
 * reload, and removed by saving it blank. At 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../tests/support/db';
import { createStaffOrg } from '../tests/support/staff-org';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, viewports } from './support/browser';

const NAME = 'Thank you (after the dinner)';
const HINT = 'The morning after each dinner, at 10 AM its time, to each guest who came.';
const REVIEW_HINT = 'Where guests can review you (Google, Yelp…). The thank-you email adds a “Leave us a review” button.';
const INVALID_LINK = 'The review link must be a web address starting with https:// or http://';
const LINK = 'https://g.page/r/linked-table/review';

/** The organization's stored review link: null without a row or without a link. */
async function storedReviewUrl(orgId: string): Promise<string | null> {
  const rows = await sql<{ review_url: string | null }>('select review_url from public.org_email_settings where org_id = $1', [orgId]);
  return rows[0]?.review_url ?? null;
}

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

  it('checks the review link in the browser, saves it (kept across a reload) and removes it when saved blank', async () => {
    const { staff, org } = await createStaffOrg('thank-you-review', { name: 'Linked Table' });
    const { page } = await adminPage(staff, org.id, 'settings-email-templates', { viewport: viewports.phone });
    // Every call that would save the link (none may leave the browser while the link is refused).
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/staff_set_review_link')) saves.push(request.postData() ?? '');
    });

    const card = thankYouCard(page);
    const toggle = await loadedSwitch(page);
    const input = card.getByLabel('Review link (optional)', { exact: true });
    const save = card.getByRole('button', { name: 'Save link', exact: true });
    await expect.poll(() => input.isEnabled()).toBe(true);
    expect(await input.inputValue()).toBe('');
    expect(await input.getAttribute('placeholder')).toBe('https://g.page/r/…');
    await card.getByText(REVIEW_HINT, { exact: true }).waitFor();

    // Not a web address: the field says why, in the database's words, and nothing is saved.
    await input.fill('www.example.com');
    await save.click();
    await card.getByRole('alert').getByText(INVALID_LINK, { exact: true }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);
    expect(await storedReviewUrl(org.id)).toBeNull();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await input.fill(LINK);
    await save.click();
    await expectToast(page, 'Review link saved');
    expect(await storedReviewUrl(org.id)).toBe(LINK);
    expect(saves).toHaveLength(1);
    expect(await card.getByText(INVALID_LINK).count()).toBe(0);
    // Saving the link leaves the thank-you emails off.
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await storedSetting(org.id)).toBe(false);

    await page.reload();
    await loadedSwitch(page);
    await expect.poll(() => input.inputValue()).toBe(LINK);
    expect(await fitsWidth(page)).toBe(true);

    // Turning the emails on while the field is being changed keeps what was typed.
    await input.fill('');
    await (await loadedSwitch(page)).click();
    await expectToast(page, 'Thank-you emails are on');
    expect(await input.inputValue()).toBe('');

    // Saved blank: the link is removed.
    await save.click();
    await expectToast(page, 'Review link removed');
    expect(await storedReviewUrl(org.id)).toBeNull();
    expect(await storedSetting(org.id)).toBe(true);
    await page.reload();
    await loadedSwitch(page);
    await expect.poll(() => input.isEnabled()).toBe(true);
    expect(await input.inputValue()).toBe('');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
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

    // The review link is refused the same way.
    await thankYouCard(page).getByLabel('Review link (optional)', { exact: true }).fill(LINK);
    await thankYouCard(page).getByRole('button', { name: 'Save link', exact: true }).click();
    await expectToast(page, 'Could not save the review link', 'You can only change the emails of your own organization');
    expect(await storedReviewUrl(org.id)).toBeNull();
  });
});
