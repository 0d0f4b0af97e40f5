/**
 * The demo looks real offline: with every request to a host other than this machine refused,
 * every image of the home page and of the demo organizations' pages loads (the seed's images
 * ship in supabase/seed-assets and are served by the stack's Storage), and so do the menu files.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { newPage } from './support/browser';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A page whose requests to any other host are aborted; `blocked` lists them. */
async function offlinePage(): Promise<{ page: Page; blocked: string[] }> {
  const { page } = await newPage();
  const blocked: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !LOCAL_HOSTS.has(url.hostname)) {
      blocked.push(url.href);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  return { page, blocked };
}

/** Scrolls through the page (lazy images load), waits for every image, and returns them. */
async function loadedImages(page: Page): Promise<{ src: string; naturalWidth: number }[]> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 15_000 });
  return page.evaluate(() => [...document.images].map((img) => ({ src: img.currentSrc || img.src, naturalWidth: img.naturalWidth })));
}

describe('the demo offline', () => {
  it.each([
    // path, what shows when the page has rendered, images at least (logo + hero + gallery)
    ['/', 'h1', 0],
    ['/magnolia-supper-club', 'h1', 0],
    ['/eat-at-home', 'h1', 0],
    ['/eatathome', 'h2#events-heading', 6],
    ['/magnolia', 'h2#events-heading', 4],
    ['/garden-table', 'h2#events-heading', 5],
  ])('%s: every image loads with the internet cut off', async (path, ready, atLeast) => {
    const { apiUrl, siteUrl } = stackEnv();
    const { page, blocked } = await offlinePage();
    await page.goto(`${siteUrl}${path}`);
    await page.locator(ready).first().waitFor();
    const images = await loadedImages(page);
    expect(images.length).toBeGreaterThanOrEqual(atLeast);
    expect(images.filter((i) => i.naturalWidth === 0).map((i) => i.src)).toEqual([]);
    if (atLeast > 0) for (const image of images) expect(image.src.startsWith(`${apiUrl}/storage/v1/object/public/org-assets/`), image.src).toBe(true);

    // The menu file ("View Full Menu") is served locally too.
    for (const href of await page.locator('a[href*="/storage/v1/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
    }
    expect(blocked).toEqual([]);
  });
});
