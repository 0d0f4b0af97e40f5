import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { fitsWidth, newPage, viewports, widths } from './support/browser';

async function organizations(): Promise<{ name: string; slug: string }[]> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    return (await client.query('select name, slug from public.organizations order by name')).rows;
  } finally {
    await client.end();
  }
}

/** The "from" price of each organization, as the home page's SQL computes it. */
async function hostPrices(): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select slug, from_price_cents from public.list_public_hosts()');
    return Object.fromEntries(rows.map((r) => [r.slug, r.from_price_cents]));
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
  it.each(widths)(
    "at %s px 'Tables you can book' lists every organization with a picture, its next date and its price, and chefs find the signup",
    async (_, viewport) => {
      const { siteUrl } = stackEnv();
      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(siteUrl);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.title()).toMatch(/^SupperHost/);
      expect(await page.getByRole('link', { name: 'Apply to host a pop-up' }).getAttribute('href')).toBe('/pop-up-chef');

      const tables = page.getByRole('region', { name: 'Tables you can book' });
      const cards = tables.getByTestId('host-card');
      await cards.filter({ hasText: 'The Garden Table' }).waitFor();
      const listed = await cards.evaluateAll((items) =>
        items.map((li) => ({
          name: li.querySelector('h3')!.textContent!.trim(),
          href: li.querySelector('a')!.getAttribute('href')!,
          picture: li.querySelector('img')?.getAttribute('src') ?? null,
        })),
      );
      // Every organization a visitor can read is listed (other tests may add organizations
      // meanwhile: those listed at the time of the read must all be there).
      const inDb = await organizations();
      for (const o of inDb.filter((o) => listed.some((l) => l.href === `/${o.slug}`))) expect(listed.map((l) => l.href)).toContain(`/${o.slug}`);
      for (const slug of ['eatathome', 'magnolia', 'garden-table']) expect(listed.map((l) => l.href)).toContain(`/${slug}`);
      expect(listed.length).toBeGreaterThanOrEqual(3);

      // The demo hosts: a picture each (their hero image), the next date with its time, and the price where they sell.
      const card = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      for (const name of ['Eat At Home', 'Magnolia Supper Club', 'The Garden Table']) {
        expect(listed.find((l) => l.name === name)?.picture, name).toMatch(/^https?:\/\/.+\/gallery\//);
        expect(await card(name).getByTestId('host-next-date').textContent(), name).toMatch(
          /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · \d{1,2}:\d{2} [AP]M [A-Z]{2,4}$/,
        );
      }
      // The price is the server's (list_public_hosts): the lowest ticket price, else the deposit.
      const prices = await hostPrices();
      expect(await card('Eat At Home').getByTestId('host-price').textContent()).toBe(`From $${(prices.eatathome / 100).toFixed(2)} per guest`);
      expect(prices['garden-table']).toBe(500);
      expect(await card('The Garden Table').getByTestId('host-price').textContent()).toBe('$5.00 deposit per guest');
      // The demo hosts' pictures load (lazily: once their card is in view; the other test files'
      // organizations, listed too, may name pictures that exist nowhere).
      for (const name of ['Eat At Home', 'Magnolia Supper Club', 'The Garden Table']) {
        await card(name).scrollIntoViewIfNeeded();
        await expect
          .poll(
            () =>
              card(name)
                .locator('img')
                .evaluateAll(
                  (imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
                ),
            { timeout: 15_000 },
          )
          .toBe(true);
      }

      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await card('The Garden Table')
        .getByRole('link', { name: /at The Garden Table$/ })
        .click();
      await page.waitForURL(`${siteUrl}/garden-table`);
      expect(consoleErrors).toEqual([]);
    },
  );

  it('reaches every organization and the chef signup with the keyboard alone', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(siteUrl);
    await page.getByRole('region', { name: 'Tables you can book' }).getByRole('link').first().waitFor();
    const stops = await tabStops(page);
    for (const href of ['/eatathome', '/magnolia', '/garden-table', '/pop-up-chef']) {
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
