import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { closeBrowser, newPage, viewports } from './support/browser';

afterAll(closeBrowser);

async function organizations(): Promise<{ name: string; slug: string }[]> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    return (await client.query('select name, slug from public.organizations order by name')).rows;
  } finally {
    await client.end();
  }
}

/** Tabs through the page and returns what received focus, in order (href or accessible text). */
async function tabStops(page: Page, max = 400): Promise<string[]> {
  const stops: string[] = [];
  await page.locator('body').focus();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const label = el.getAttribute('href') ?? el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
      const visible = el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden';
      return `${el.tagName.toLowerCase()}:${label}${visible ? '' : ' (hidden)'}`;
    });
    if (stop === null || stops.includes(stop)) break;
    stops.push(stop);
  }
  return stops;
}

describe('home page', () => {
  it('sends guests to the supper club, the dinner series and every organization page, and chefs to the signup', async () => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await page.goto(siteUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^SupperHost/);
    expect(await page.getByRole('link', { name: /Reserve a seat at Magnolia Supper Club/ }).getAttribute('href')).toBe('/magnolia-supper-club');
    expect(await page.getByRole('link', { name: /Book your table at Eat At Home/ }).getAttribute('href')).toBe('/eat-at-home');
    expect(await page.getByRole('link', { name: 'Apply to host a pop-up' }).getAttribute('href')).toBe('/pop-up-chef');

    const hosts = page.getByRole('region', { name: 'Hosts on SupperHost' });
    await hosts.getByRole('link', { name: 'The Garden Table' }).waitFor();
    const listed = await hosts
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => ({ name: a.textContent!.trim(), href: a.getAttribute('href')! })));
    const inDb = await organizations();
    // Every listed host is a real organization linking to /{slug}, in the database's name order
    // (other tests may add organizations meanwhile, so compare with the rows that were listed).
    const expected = inDb.filter((o) => listed.some((l) => l.href === `/${o.slug}`)).map((o) => ({ name: o.name, href: `/${o.slug}` }));
    expect(listed).toEqual(expected);
    for (const slug of ['eatathome', 'magnolia', 'garden-table']) expect(listed.map((l) => l.href)).toContain(`/${slug}`);

    await hosts.getByRole('link', { name: 'The Garden Table' }).click();
    await page.waitForURL(`${siteUrl}/garden-table`);
    expect(consoleErrors).toEqual([]);
  });

  it('opens each destination from its link', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage();
    for (const [name, path] of [
      [/Reserve a seat at Magnolia Supper Club/, '/magnolia-supper-club'],
      [/Book your table at Eat At Home/, '/eat-at-home'],
      ['Apply to host a pop-up', '/pop-up-chef'],
    ] as const) {
      await page.goto(siteUrl);
      await page.getByRole('link', { name }).click();
      await page.waitForURL(`${siteUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
  });

  it('reaches every destination with the keyboard alone', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(siteUrl);
    await page.getByRole('region', { name: 'Hosts on SupperHost' }).getByRole('link').first().waitFor();
    const stops = await tabStops(page);
    for (const href of ['/magnolia-supper-club', '/eat-at-home', '/garden-table', '/pop-up-chef']) {
      expect(stops).toContain(`a:${href}`);
    }
    expect(stops.filter((s) => s.endsWith('(hidden)'))).toEqual([]);
  });
});

describe('keyboard access on the booking and signup pages', () => {
  it.each([
    ['/pop-up-chef', 'Submit inquiry'],
    ['/magnolia-supper-club', 'Continue to Payment'],
    ['/eat-at-home', 'RESERVE'],
  ])('%s: Tab reaches every enabled form control in order, and each is labelled', async (path, submit) => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${siteUrl}${path}`);
    await page.getByRole('button', { name: submit }).waitFor();
    const controls = await page
      .locator('form')
      .first()
      .evaluate((form) =>
        [...form.querySelectorAll<HTMLElement>('input, select, textarea, button')]
          .filter((el) => !(el as HTMLInputElement).disabled)
          .map((el, i) => {
            el.dataset.kbd = String(i);
            return {
              i: String(i),
              named: el.tagName === 'BUTTON' || Boolean((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label')),
            };
          }),
      );
    expect(controls.filter((c) => !c.named)).toEqual([]);
    const reached: string[] = [];
    await page.locator('body').focus();
    for (let n = 0; n < 80 && reached.length < controls.length; n++) {
      await page.keyboard.press('Tab');
      const tag = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kbd ?? null);
      if (tag !== null && !reached.includes(tag)) reached.push(tag);
    }
    expect(reached).toEqual(controls.map((c) => c.i));
  });
});
