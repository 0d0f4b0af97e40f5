import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations, TOASTER } from './support/axe';
import { newPage, viewports } from './support/browser';

// The first call of a function compiles it in Deno: do it before the page tests wait on it.
beforeAll(async () => {
  const { apiUrl, anonKey } = stackEnv();
  for (const name of ['magnolia-availability', 'square-config']) {
    await fetch(`${apiUrl}/functions/v1/${name}`, { method: 'POST', headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
  }
});

const details = new URLSearchParams({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  eventTitle: 'Eat At Home Dinner #41',
  eventDate: '2026-12-06',
  guests: '2',
  ticketType: 'food_only',
  totalPrice: '250.00',
}).toString();

/** Each page in the states a visitor sees: loaded, with choices made, and with messages shown. */
const scenes: { name: string; path: string; ready(page: Page): Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => page.getByRole('region', { name: 'Tables you can book' }).getByRole('link').first().waitFor(),
  },
  {
    name: 'pop-up chef signup, with validation messages',
    path: '/pop-up-chef',
    async ready(page) {
      await page.getByRole('button', { name: 'Submit inquiry' }).click();
      await page.getByText('Tell us a bit about your pop-up concept').waitFor();
    },
  },
  {
    name: 'reservation details',
    path: `/reservation-details?${details}`,
    ready: (page) => page.getByRole('link', { name: 'Google Calendar' }).waitFor(),
  },
  {
    name: 'reservation details with a broken link',
    path: '/reservation-details?eventDate=nope',
    ready: (page) => page.getByRole('heading', { name: 'We couldn’t read this reservation link' }).waitFor(),
  },
  {
    name: 'supper club, with a date, seating and tickets chosen',
    path: '/magnolia-supper-club',
    async ready(page) {
      const date = page.getByLabel('Date', { exact: true });
      await date.waitFor();
      const first = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
      await date.selectOption(first!);
      await page.getByLabel('Time slot', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Number of tickets', { exact: true }).selectOption('1');
    },
  },
  {
    name: 'supper club, with the missing-field messages',
    path: '/magnolia-supper-club',
    async ready(page) {
      await page.getByLabel('Number of tickets', { exact: true }).selectOption('1');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText('Full name is required').waitFor();
    },
  },
  {
    name: 'dinner series, with a dinner, ticket type and guests chosen',
    path: '/eat-at-home',
    async ready(page) {
      await page.getByLabel('Upcoming dinner').selectOption({ index: 1 });
      const ticket = page.getByLabel('Ticket type');
      const open = await ticket.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
      await ticket.selectOption(open!);
      await page.getByLabel('Number of guests', { exact: true }).selectOption('1');
      await page.getByTestId('series-summary-total').waitFor();
    },
  },
  {
    name: 'dinner series payment step',
    path: '/eat-at-home',
    async ready(page) {
      await page.getByLabel('Name', { exact: true }).fill('Axe Tester');
      await page.getByLabel('Email', { exact: true }).fill('axe@example.com');
      await page.getByLabel('Upcoming dinner').selectOption({ index: 1 });
      const ticket = page.getByLabel('Ticket type');
      const open = await ticket.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
      await ticket.selectOption(open!);
      await page.getByLabel('Number of guests', { exact: true }).selectOption('1');
      await page.getByRole('button', { name: 'RESERVE' }).click();
      await page.getByRole('heading', { name: 'Complete Your Reservation' }).waitFor();
      await page.getByTestId('test-card-form').waitFor();
    },
  },
];

describe('accessibility (axe: no serious or critical violations)', () => {
  for (const [viewport, size] of Object.entries(viewports)) {
    it.each(scenes)(`$name at ${size.width} px`, async ({ path, ready }) => {
      const { page } = await newPage({ viewport: size });
      await page.goto(`${stackEnv().siteUrl}${path}`);
      await ready(page);
      // Toasts come from the app-wide Toaster and are scanned on their own below.
      expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
      // Nothing runs off the side of the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${viewport}: horizontal overflow`).toBeLessThanOrEqual(0);
    });
  }
});

describe('accessibility of the toasts these pages raise (the Toaster of src/app/provider.tsx)', () => {
  async function settledToast(page: Page, title: string) {
    const toast = page.locator('[data-sonner-toast]', { hasText: title });
    await toast.waitFor();
    // Scan the toast as the guest reads it, after its entrance animation.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-sonner-toast]')].every((t) => getComputedStyle(t).opacity === '1'));
  }

  it('an error toast (supper club: Minimum Guests Required) meets contrast', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/magnolia-supper-club`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await settledToast(page, 'Minimum Guests Required');
    expect(await seriousViolations(page, { include: [TOASTER] })).toEqual([]);
  });

  it('a success toast (chef signup: Thanks!) meets contrast', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/pop-up-chef`);
    await page.getByLabel('Name', { exact: true }).fill('Axe Chef');
    await page.getByLabel('Email', { exact: true }).fill(`axe-chef-${Date.now()}@example.com`);
    await page.getByLabel('Concept', { exact: true }).fill('Contrast-checked canapés');
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    await settledToast(page, 'Thanks!');
    expect(await seriousViolations(page, { include: [TOASTER] })).toEqual([]);
  });
});
