import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Real headless Chromium. Order: $SUPPERHOST_CHROMIUM (any path), Debian's /usr/bin/chromium,
 * then the binary shipped inside the npm package @sparticuz/chromium (no download needed).
 */
async function chromiumExecutable(): Promise<{ path: string; args: string[] }> {
  const common = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  const named = process.env.SUPPERHOST_CHROMIUM;
  if (named) return { path: named, args: common };
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return { path: candidate, args: common };
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  // Its defaults include --single-process, which is fragile with several pages; keep the rest.
  const args = sparticuz.args.filter((a: string) => !a.startsWith('--single-process') && !a.startsWith('--headless'));
  return { path: await sparticuz.executablePath(), args: [...new Set([...args, ...common])] };
}

let browserPromise: Promise<Browser> | undefined;

export function launchBrowser(): Promise<Browser> {
  browserPromise ??= chromiumExecutable().then(({ path, args }) => chromium.launch({ executablePath: path, args, headless: true }));
  return browserPromise;
}

export async function closeBrowser() {
  if (browserPromise) await (await browserPromise).close();
  browserPromise = undefined;
}

export const viewports = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 900 },
} as const;

/** A fresh page in a fresh context; console errors are collected for assertions. */
export async function newPage(options: BrowserContextOptions = {}): Promise<{ page: Page; consoleErrors: string[]; close(): Promise<void> }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: viewports.desktop, ...options });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  return { page, consoleErrors, close: () => context.close() };
}
