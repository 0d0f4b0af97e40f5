import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { newPage, viewports } from './support/browser';

describe('not-found page', () => {
  it('shows 404, the message and a Return to Home link, and logs the attempted path', async () => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await page.goto(`${siteUrl}/magnolia-supper-club/nope/deeper`);
    await page.getByRole('heading', { name: '404' }).waitFor();
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
    const link = page.getByRole('link', { name: 'Return to Home' });
    expect(await link.getAttribute('href')).toBe('/');
    expect(consoleErrors.some((m) => m.includes('/magnolia-supper-club/nope/deeper'))).toBe(true);
    await link.click();
    await page.waitForURL(`${siteUrl}/`);
  });

  it('redirects the dinner series reservations path to the series page', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    await page.goto(`${siteUrl}/eat-at-home/reservations`);
    await page.waitForURL(`${siteUrl}/eat-at-home`);
  });
});
