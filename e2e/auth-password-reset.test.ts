import { describe, expect, it } from 'vitest';
import { anonClient } from '../tests/support/db';
import { createStaff, PASSWORD, uniqueEmail } from '../tests/support/fixtures';
import { mailFor, mailboxMessages } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { expectToast, fitsWidth, newPage, viewports, widths } from './support/browser';

// "Forgot password?" end to end, in real Chromium through the local mailbox: /auth → the request
// form (the same answer for any address) → the emailed link → the new-password page → /admin,
// signed in with the new password; the used link then says so and offers a new one.

const NEW_PASSWORD = 'a-new-password-for-dinner';
async function resetLink(email: string): Promise<string> {
  const [message] = (await mailFor(email)).filter((m) => m.subject === 'Reset your password');
  expect(message, `a reset email to ${email}`).toBeTruthy();
  return message.body_text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)![0];
}

describe('password reset', () => {
  it.each(widths)('at %s px: forgot password → email link → new password → signed in to /admin', async (_, viewport) => {
    const { siteUrl } = stackEnv();
    const staff = await createStaff('reset');
    const { page, consoleErrors } = await newPage({ viewport });

    await page.goto(`${siteUrl}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${siteUrl}/auth/forgot-password`);
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Reset your password | Admin');
    expect(await seriousViolations(page)).toEqual([]);

    // The form checks the address before asking the server.
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();

    // An address with no account gets exactly the answer a registered one gets, and no email.
    const nobody = uniqueEmail('reset-nobody', 'admin-tests.test');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const panel = page.getByTestId('reset-check-email');
    await panel.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await panel.textContent()).toContain(`If an account exists for ${nobody}, we sent it a link to choose a new password.`);
    await panel.getByRole('button', { name: 'Use a different email' }).click();

    await page.getByLabel('Email').fill(staff.email);
    const recover = page.waitForRequest((r) => r.url().includes('/auth/v1/recover'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // The link will land on the reset page of this site.
    expect(new URL((await recover).url()).searchParams.get('redirect_to')).toBe(`${siteUrl}/auth/reset-password`);
    await panel.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await panel.textContent()).toContain(`If an account exists for ${staff.email}, we sent it a link to choose a new password.`);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await mailboxMessages(nobody)).toEqual([]);

    // The emailed link signs in on the reset page.
    const link = await resetLink(staff.email);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/auth/reset-password');
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    expect(await page.getByText(`For ${staff.email}. Other devices signed in to this account will be signed out.`).isVisible()).toBe(true);
    // The tokens left the address bar.
    expect(page.url()).toBe(`${siteUrl}/auth/reset-password`);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Sign-up's rules, and the two fields must agree.
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();

    await page.waitForURL(`${siteUrl}/admin`);
    await expectToast(page, 'Password updated', 'You are signed in with your new password.');
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    expect(await page.getByText(staff.email).isVisible()).toBe(true);

    // The new password signs in; the old one no longer does.
    expect((await anonClient().auth.signInWithPassword({ email: staff.email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email: staff.email, password: NEW_PASSWORD })).error).toBeNull();

    // The link worked once: followed again, it says so and offers a new one.
    const { page: later } = await newPage({ viewport });
    await later.goto(link);
    await later.waitForURL((url) => url.pathname === '/auth/reset-password');
    await later.getByRole('heading', { name: 'This link has expired or was already used', level: 1 }).waitFor();
    expect(await later.getByText('A password reset link works once, for one hour').isVisible()).toBe(true);
    expect(await later.getByRole('button', { name: 'Send reset link' }).isVisible()).toBe(true);
    expect(later.url()).toBe(`${siteUrl}/auth/reset-password`);
    expect(await fitsWidth(later)).toBe(true);
    expect(await seriousViolations(later)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('without a link, the reset page asks for one', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${siteUrl}/auth/reset-password`);
    await page.getByRole('heading', { name: 'Open the link from your email', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${siteUrl}/auth`);
  });
});
