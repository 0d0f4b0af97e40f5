import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { newPage } from './support/browser';

/** The chef sign-up page's chunk in the build (assets/chef-signup-<hash>.js). */
const CHEF_SIGNUP_CHUNK = '**/assets/chef-signup-*.js';

describe('global crash fallback', () => {
  it('shows the fallback when a page fails to render, and Reload loads the page again', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    // A route chunk that cannot load makes React throw while rendering: the same path any
    // uncaught rendering error takes. The page first loads itself again once (a deploy may have
    // replaced the chunk); the chunk still fails, so the fallback shows instead of a reload loop.
    let broken = true;
    let loads = 0;
    page.on('load', () => loads++);
    await page.route(CHEF_SIGNUP_CHUNK, (route) => (broken ? route.abort() : route.continue()));
    await page.goto(`${siteUrl}/pop-up-chef`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(loads).toBe(2);
    expect(await page.getByText('An unexpected error occurred. Please try again.').isVisible()).toBe(true);
    broken = false;
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Host a pop-up dinner' }).waitFor();
    expect(page.url()).toBe(`${siteUrl}/pop-up-chef`);
  });

  it("loads the new build when a page's code is gone after a deploy, without showing the fallback", async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await page.goto(siteUrl);
    await page.getByRole('link', { name: 'Host a pop-up' }).first().waitFor();
    // The tab was opened before the deploy: the first request for the page's code fails.
    let requests = 0;
    await page.route(CHEF_SIGNUP_CHUNK, (route) => (++requests === 1 ? route.abort() : route.continue()));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Host a pop-up' }).first().click();
    await reloaded;
    await page.getByRole('heading', { name: 'Host a pop-up dinner' }).waitFor();
    expect(page.url()).toBe(`${siteUrl}/pop-up-chef`);
    expect(requests).toBe(2);
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });
});
