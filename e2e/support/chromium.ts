import { existsSync } from 'node:fs';

/**
 * Real headless Chromium. Order: $SUPPERHOST_CHROMIUM (any path), Debian's /usr/bin/chromium,
 * then the binary shipped inside the npm package @sparticuz/chromium (no download needed), which
 * it unpacks to /tmp/chromium on first use. The global setup resolves it once before the test
 * workers start: two workers unpacking it at once made one of them spawn a half-written file
 * (ETXTBSY) on a fresh machine.
 */
export async function chromiumExecutable(): Promise<{ path: string; args: string[] }> {
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
