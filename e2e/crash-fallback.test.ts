import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { newPage } from './support/browser';

describe('global crash fallback', () => {
  it('shows the fallback when a page fails to render, and Reload loads the page again', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    // A route chunk that cannot load (a deploy replaced it, the network dropped) makes
    // React throw while rendering: the same path any uncaught rendering error takes.
    let broken = true;
    await page.route('**/src/app/routes/chef-signup.tsx*', (route) => (broken ? route.abort() : route.continue()));
    await page.goto(`${siteUrl}/pop-up-chef`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByText('An unexpected error occurred. Please try again.').isVisible()).toBe(true);
    broken = false;
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${siteUrl}/pop-up-chef`);
  });
});
