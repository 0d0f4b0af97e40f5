/**
 * Lighthouse on the public pages (`npm run bench -- --only lighthouse`).
 *
 * On a throwaway stack (seeded), builds the site and serves the build with `vite preview`
 * (bench/page.ts's buildAndPreview: gzip, as a CDN would), then runs Lighthouse's mobile
 * audit (its default config: a Moto G Power-sized screen, simulated slow 4G and a 4x slower
 * CPU — "simulated throttling", computed from the trace, so mostly independent of this
 * machine's load) for the performance and SEO categories on /eatathome (an organization page
 * with upcoming events), /magnolia-supper-club, /eat-at-home and /, in headless Chromium
 * ($SUPPERHOST_CHROMIUM, else Debian's /usr/bin/chromium, else @sparticuz/chromium's binary, as
 * the e2e tests pick it; the flags below either way), with no network beyond this machine
 * (nothing the pages need is external). Prints each page's scores with FCP, LCP, TBT, CLS and
 * Speed Index (the median run by performance score when --runs > 1) and, under --target, the
 * audits that cost it (opportunities and diagnostics with a score under 0.9).
 *
 * Options: --runs N (1) runs per page; --target N (95) the performance score wanted.
 * $LIGHTHOUSE_REPORTS_DIR, when set, keeps each run's full report there (<page>-<run>.json).
 * Not ok when a page cannot be audited, or scores under --target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { freePort } from '../stack/ports.ts';
import { asJson, onCleanup, option, round, say, startBenchStack, type BenchResult } from './lib.ts';
import { buildAndPreview } from './page.ts';

const PAGES = ['/eatathome', '/magnolia-supper-club', '/eat-at-home', '/'];
const RUNS = Math.max(1, Math.floor(option('runs', 1)));
const TARGET = option('target', 95);
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** As e2e/support/browser.ts: $SUPPERHOST_CHROMIUM, Debian's Chromium, else the binary inside @sparticuz/chromium (with the flags above only). */
async function chromiumPath(): Promise<string> {
  const named = process.env.SUPPERHOST_CHROMIUM;
  if (named) return named;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(candidate)) return candidate;
  return (await import('@sparticuz/chromium')).default.executablePath();
}

let chromiumUsed = '';

/** Chromium with a DevTools port for Lighthouse; resolves when it listens. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'supperhost-lighthouse-profile-'));
  const port = await freePort();
  const executable = await chromiumPath();
  chromiumUsed = executable;
  const child: ChildProcess = spawn(executable, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const close = onCleanup(
    async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(profile, { recursive: true, force: true });
    },
    () => {
      child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port in 30 s: ${output.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('DevTools listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before listening: ${output.slice(-500)}`));
    });
  }).catch(async (error) => {
    await close();
    throw error;
  });
  child.stderr!.resume();
  return { port, close };
}

interface PageFigures {
  performance: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** What costs the score: opportunities and diagnostics scored under 0.9, worst first. */
  issues: { id: string; title: string; score: number | null; display?: string }[];
  seoFailures: string[];
}

function figures(lhr: Result): PageFigures {
  const audit = (id: string) => lhr.audits[id];
  const ms = (id: string) => round(audit(id)?.numericValue ?? NaN, 0);
  const perfRefs = lhr.categories.performance.auditRefs;
  const issues = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.details?.type === 'opportunity' || perfRefs.some((r) => r.id === a.id && r.group !== 'metrics') || a.scoreDisplayMode === 'metricSavings'),
    )
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
    .map((a) => ({ id: a.id, title: a.title, score: a.score, display: a.displayValue }));
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: round(audit('cumulative-layout-shift')?.numericValue ?? NaN, 3),
    speedIndexMs: ms('speed-index'),
    issues,
    seoFailures: lhr.categories.seo.auditRefs
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id),
  };
}

export async function runLighthouse(): Promise<BenchResult> {
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const { stack, stop } = await startBenchStack({ siteUrl });
  let site: Awaited<ReturnType<typeof buildAndPreview>> | undefined;
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    site = await buildAndPreview(stack, sitePort);
    chromium = await launchChromium();
    const flags: Flags = {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'seo'],
      // Lighthouse's defaults otherwise: mobile form factor and screen, simulated throttling.
    };
    // A warm-up run: the preview server, the database and Chromium's own start-up.
    say(`  Lighthouse (mobile, simulated throttling) on ${PAGES.join(', ')}: ${RUNS} run(s) each, after one warm-up...`);
    await lighthouse(`${siteUrl}${PAGES[0]}`, flags);
    const pages: (PageFigures & { path: string; runs: number[] })[] = [];
    for (const path of PAGES) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${siteUrl}${path}`, flags);
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${result.lhr.runtimeError.message}`);
        runs.push(figures(result.lhr));
        const reports = process.env.LIGHTHOUSE_REPORTS_DIR;
        if (reports) {
          mkdirSync(reports, { recursive: true });
          writeFileSync(join(reports, `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
      }
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
      pages.push({ path, ...median, runs: runs.map((r) => r.performance) });
    }
    const below = pages.filter((p) => p.performance < TARGET);
    const result = {
      command: `npx tsx bench/run.ts --only lighthouse --runs ${RUNS}`,
      lighthouse: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
      settings: `mobile (Lighthouse defaults: Moto G Power screen, simulated slow 4G, 4x CPU slowdown), headless ${chromiumUsed}`,
      target: TARGET,
      pages,
    };
    if (!asJson) {
      console.log('');
      console.log(`Lighthouse ${result.lighthouse} on the built site: ${result.command}`);
      console.log(`  ${result.settings}`);
      for (const p of pages) {
        console.log(
          `  ${p.path.padEnd(22)} performance ${String(p.performance).padStart(3)}${RUNS > 1 ? ` (runs ${p.runs.join('/')})` : ''}  SEO ${String(p.seo).padStart(3)}  FCP ${p.fcpMs} ms  LCP ${p.lcpMs} ms  TBT ${p.tbtMs} ms  CLS ${p.cls}  SI ${p.speedIndexMs} ms`,
        );
        if (p.seoFailures.length) console.log(`    SEO audits failed: ${p.seoFailures.join(', ')}`);
        if (p.performance < TARGET) {
          for (const issue of p.issues.slice(0, 8))
            console.log(`    - ${issue.title}${issue.display ? ` (${issue.display})` : ''} [${issue.id}, score ${issue.score}]`);
        }
      }
      console.log(
        below.length
          ? `\nFAILED: under ${TARGET}: ${below.map((p) => `${p.path} ${p.performance}`).join(', ')}`
          : `\nOK: every page scores ${TARGET} or more for mobile performance.`,
      );
    }
    return { ...result, ok: below.length === 0 };
  } finally {
    await chromium?.close();
    await site?.close();
    await stop();
  }
}
