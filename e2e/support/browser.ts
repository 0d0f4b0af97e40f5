import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, onTestFinished } from 'vitest';
import type { Staff } from '../../tests/support/fixtures.ts';
import { stackEnv } from '../../tests/support/stack-env.ts';
import { chromiumExecutable } from './chromium.ts';

let browserPromise: Promise<Browser> | undefined;

export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromiumExecutable().then(({ path, args }) => chromium.launch({ executablePath: path, args, headless: true }));
  return browserPromise;
}

export async function closeBrowser() {
  if (browserPromise) await (await browserPromise).close();
  browserPromise = undefined;
}

// vitest evaluates this module once per test file while it collects the file (as
// tests/support/db.ts): the file's browser closes after its last test. Imported elsewhere
// (the benchmarks), call closeBrowser yourself.
try {
  afterAll(closeBrowser);
} catch {
  // not collecting a test file
}

export const viewports = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 900 },
} as const;

/** A form field by its exact label. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A form's message (its role="alert" paragraphs) that reads exactly `text`. */
export const fieldMessage = (page: Page, text: string) => page.locator('form [role="alert"]', { hasText: new RegExp(`^${text}$`) });

/** Whether the page fits its viewport's width: nothing on it scrolls sideways. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Both layouts a screen is tested at, named by their width: [px, viewport]. */
export const widths = [
  ['1280', viewports.desktop],
  ['375', viewports.phone],
] as const;

/** Both layouts a screen is tested at, named: [name, viewport]. */
export const layouts = [
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const;

/**
 * In the tests, toasts let the pointer through to what they cover. A pointer resting on a toast
 * pauses it (sonner keeps a hovered toast open), so a click on a control a toast covers would
 * wait for it forever; what is tested is the control. Where toasts open is tested on its own
 * (e2e/auth.test.ts, the mobile drawer).
 */
function letClicksThroughToasts() {
  const add = () => {
    const style = document.createElement('style');
    style.textContent = '[data-sonner-toaster], [data-sonner-toaster] * { pointer-events: none !important; }';
    document.head.append(style);
  };
  if (document.head) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
}

/**
 * A fresh page in a fresh context; console errors are collected for assertions. Called in a
 * test, the context closes when the test ends, passed or failed; elsewhere (a hook, the bench)
 * call `close()` (closeBrowser closes whatever is left).
 */
export async function newPage(options: BrowserContextOptions = {}): Promise<{ page: Page; consoleErrors: string[]; close(): Promise<void> }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: viewports.desktop, ...options });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= context.close().catch(() => undefined));
  try {
    onTestFinished(close);
  } catch {
    // not inside a test
  }
  await context.addInitScript(letClicksThroughToasts);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  return { page, consoleErrors, close };
}

/** Signs in through /auth and waits for the panel. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  const { siteUrl } = stackEnv();
  await page.goto(`${siteUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${siteUrl}/admin`);
}

/** Opens a tab of the panel for an organization (both live in the URL). */
export async function openAdmin(page: Page, orgId: string, tab: string) {
  const { siteUrl } = stackEnv();
  await page.goto(`${siteUrl}/admin?org=${orgId}&tab=${tab}`);
}

/** A new page (see newPage) signed in as `staff`, on a tab of the panel for an organization. */
export async function adminPage(staff: Pick<Staff, 'email' | 'password'>, orgId: string, tab: string, options: BrowserContextOptions = {}) {
  const opened = await newPage(options);
  await signInThroughUi(opened.page, staff.email, staff.password);
  await openAdmin(opened.page, orgId, tab);
  return opened;
}

/**
 * Waits for a sonner toast. With a `description`: one titled exactly `text` with that
 * description (exactly, or matching the pattern); without: any toast whose text contains `text`.
 */
export async function expectToast(page: Page, text: string, description?: string | RegExp) {
  let toast = page.locator('[data-sonner-toast]');
  if (description === undefined) {
    toast = toast.filter({ hasText: text });
  } else {
    toast = toast
      .filter({ has: page.locator('[data-title]').getByText(text, { exact: true }) })
      .filter({ has: page.locator('[data-description]').getByText(description, typeof description === 'string' ? { exact: true } : undefined) });
  }
  await toast.first().waitFor({ timeout: 15_000 });
}

/** Clears a required field of a dialog, submits it, and waits for the field's error. */
export async function expectRequiredField(dialog: Locator, label: string, submit: string, message: string) {
  await dialog.getByLabel(label).fill('');
  await dialog.getByRole('button', { name: submit }).click();
  await dialog.getByText(message).waitFor();
}

/** Fills a dialog's fields (label → value, in order) and submits it. */
export async function fillAndSubmit(dialog: Locator, fields: Record<string, string>, submit: string) {
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: submit }).click();
}
