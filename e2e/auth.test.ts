import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../stack/config';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { expectToast, fitsWidth, newPage, signInThroughUi, viewports, widths } from './support/browser';
import { createOrg, createStaff, PASSWORD, uniq } from '../tests/support/fixtures';

describe('/auth', () => {
  it('signs up a new staff member, lands on /admin (history replaced) and shows the no-organization state', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    const email = `${uniq('signup')}@admin-tests.test`;
    await page.goto(`${siteUrl}/`);
    await page.goto(`${siteUrl}/auth`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign in | Admin');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    const signUp = page.waitForRequest((r) => r.url().includes('/auth/v1/signup'));
    const grant = page.waitForRequest((r) => r.url().includes('/rest/v1/rpc/grant_super_admin_by_email'));
    await page.getByRole('button', { name: 'Create account' }).click();
    // The confirmation link would bring the new staff member back to /auth.
    expect(new URL((await signUp).url()).searchParams.get('redirect_to')).toBe(`${siteUrl}/auth`);
    expect((await grant).postDataJSON()).toEqual({ target_email: email });
    await page.waitForURL(`${siteUrl}/admin`);
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);

    // The session lives in local storage…
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')));
    expect(stored.length).toBe(1);
    // …and /auth was replaced in history: Back goes to the page before it, not to /auth.
    await page.goBack();
    await page.waitForURL(`${siteUrl}/`);
  });

  it.each(widths)(
    'at %s px a sign-up ends on a page that says what happens next, and does not tell that an email is registered',
    async (_, viewport) => {
      const { siteUrl } = stackEnv();
      const staff = await createStaff('dup');
      const { page } = await newPage({ viewport });
      await page.goto(`${siteUrl}/auth`);
      await page.getByRole('tab', { name: 'Sign up' }).click();
      await page.getByLabel('Email').fill(staff.email);
      await page.getByLabel('Password').fill(PASSWORD);
      const signUp = page.waitForResponse((r) => r.url().includes('/auth/v1/signup'));
      await page.getByRole('button', { name: 'Create account' }).click();
      // The server answers as for a new account waiting for its confirmation, and so does the page.
      expect((await signUp).status()).toBe(200);
      const panel = page.getByTestId('signup-check-email');
      await panel.getByRole('heading', { name: 'Check your email' }).waitFor();
      expect(await panel.textContent()).toContain(`We sent a link to ${staff.email}.`);
      expect(await panel.textContent()).toContain('No email after a few minutes? Check your spam or junk folder.');
      // It stays: no toast that disappears is the only word.
      await page.waitForTimeout(6_000);
      expect(await panel.isVisible()).toBe(true);
      expect(await page.getByText('Account already exists').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      // Back to the form, the address kept for a correction.
      await panel.getByRole('button', { name: 'Use a different email' }).click();
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      // Nothing changed for the real owner.
      const owner = await staff.client.auth.signInWithPassword({ email: staff.email, password: staff.password });
      expect(owner.error).toBeNull();
    },
  );

  it('asks for the configured minimum password length before calling the server', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await page.goto(`${siteUrl}/auth`);
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(`${uniq('short')}@admin-tests.test`);
    await page.getByLabel('Password').fill('seven77');
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/signup')) called = true;
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(called).toBe(false);
  });

  it("refuses a wrong password with 'Sign in failed' and the server's message", async () => {
    const { siteUrl } = stackEnv();
    const staff = await createStaff('wrongpw');
    const { page } = await newPage();
    await page.goto(`${siteUrl}/auth`);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectToast(page, 'Sign in failed');
    await expectToast(page, 'Invalid login credentials');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('validates the form before calling the server', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await page.goto(`${siteUrl}/auth`);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter a valid email').waitFor();
    await page.getByText('Password is required').waitFor();
  });
});

describe('/admin sign-in state', () => {
  it("shows 'Authentication Required' with a link to /auth without a session", async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await page.goto(`${siteUrl}/admin`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    expect(await page.getByText('Please sign in to access the admin panel').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(`${siteUrl}/auth`);
  });

  it('signs in, keeps the session across a reload, and signs out (desktop)', async () => {
    const { siteUrl } = stackEnv();
    const staff = await createStaff('inout');
    const org = await createOrg({ name: 'Signin Supper', members: [staff] });
    const { page } = await newPage();
    await signInThroughUi(page, staff.email, staff.password);
    await expectToast(page, 'Welcome back!');
    await page.getByText(`Managing: ${org.name}`).waitFor();
    // The desktop header always has the switcher, even for a member of one organization.
    expect(await page.getByLabel('Organization').count()).toBe(1);
    expect(await page.getByLabel('Organization').locator('option').allTextContents()).toEqual([org.name]);
    await page.reload();
    await page.getByText(`Managing: ${org.name}`).waitFor();
    // While signed in, /auth sends you to the panel.
    await page.goto(`${siteUrl}/auth`);
    await page.waitForURL(`${siteUrl}/admin`);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectToast(page, 'Signed out');
    await page.waitForURL(`${siteUrl}/auth`);
    await page.goto(`${siteUrl}/admin`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
  });

  it('signs out from the mobile drawer', async () => {
    const { siteUrl } = stackEnv();
    const staff = await createStaff('mobileout');
    const org = await createOrg({ name: 'Drawer Dining', members: [staff] });
    const { page } = await newPage({ viewport: viewports.phone });
    await signInThroughUi(page, staff.email, staff.password);
    await page.getByRole('banner').getByText(org.name).waitFor();
    // The sign-in toast opens below the sticky header: the menu button stays usable meanwhile.
    await expectToast(page, 'Signed in');
    const header = (await page.getByRole('banner').boundingBox())!;
    // (Polled: the toast slides in from above.)
    await expect
      .poll(async () => (await page.locator('[data-sonner-toast]').first().boundingBox())?.y)
      .toBeGreaterThanOrEqual(header.y + header.height);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Reservations' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // One organization: no switcher in the drawer.
    expect(await drawer.getByLabel('Organization').count()).toBe(0);
    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${siteUrl}/auth`);
  });
});

describe('super admin', () => {
  it('admin@supperhost.test switches among every organization; the grant happened on sign-in', async () => {
    const mine = await createOrg({ name: 'Aardvark Supper Society' });
    const { page } = await newPage();
    const grant = page.waitForRequest((r) => r.url().includes('/rest/v1/rpc/grant_super_admin_by_email'));
    await signInThroughUi(page, 'admin@supperhost.test', DEMO_PASSWORD);
    // After sign-in the app asks the database for the grant, for the email just used.
    expect((await grant).postDataJSON()).toEqual({ target_email: 'admin@supperhost.test' });
    const switcher = page.getByLabel('Organization');
    await switcher.waitFor();
    const options = await switcher.locator('option').allTextContents();
    // Every organization, ordered by name (including one created a moment ago).
    expect(options).toContain('Eat At Home');
    expect(options).toContain('Magnolia Supper Club');
    expect(options).toContain('The Garden Table');
    expect(options).toContain(mine.name);
    expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b)));

    await switcher.selectOption({ label: 'Magnolia Supper Club' });
    await page.getByText('Managing: Magnolia Supper Club').waitFor();
    expect(new URL(page.url()).searchParams.get('org')).toBeTruthy();
    await switcher.selectOption({ label: mine.name });
    await page.getByText(`Managing: ${mine.name}`).waitFor();
    // View Page opens the selected organization's public page in a new tab.
    const viewPage = page.getByRole('link', { name: 'View Page' });
    expect(await viewPage.getAttribute('href')).toBe(`/${mine.slug}`);
    expect(await viewPage.getAttribute('target')).toBe('_blank');
  });

  it('an ordinary member of two organizations switches between those two only (mobile)', async () => {
    const staff = await createStaff('twoorgs');
    const a = await createOrg({ name: 'Bistro Alpha', members: [staff] });
    const b = await createOrg({ name: 'Bistro Beta', members: [staff] });
    await createOrg({ name: 'Bistro Gamma' });
    const { page } = await newPage({ viewport: viewports.phone });
    await signInThroughUi(page, staff.email, staff.password);
    // The first organization is selected by default.
    await page.getByRole('banner').getByText(a.name).waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const switcher = page.getByRole('dialog').getByLabel('Organization');
    expect(await switcher.locator('option').allTextContents()).toEqual([a.name, b.name]);
    await switcher.selectOption({ label: b.name });
    // Choosing closes the drawer and the top bar names the new organization.
    await page.getByRole('banner').getByText(b.name).waitFor();
    // And the sign-in grant did not make them super admin.
    const { data } = await staff.client.from('user_roles').select('role');
    expect(data).toEqual([]);
  });
});
