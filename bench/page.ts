/**
 * Public page payload and round trips for /{orgSlug} (`npm run bench -- --only page`).
 *
 * On a throwaway stack (seeded: /eatathome has upcoming events):
 *  (a) builds the site with Vite's JS API into a temporary folder, pointed at the stack, and
 *      adds up from .vite/manifest.json the JavaScript needed before the first render of
 *      /{orgSlug}: the entry chunk, the org-page route chunk (src/app/routes/org-page.tsx)
 *      and their static imports, transitively (dynamic imports are left out: they load
 *      later). Sizes are gzip (node:zlib, default level), compared with the budget of
 *      110 kB. The same for / , /magnolia-supper-club and
 *      /eat-at-home (reported, no budget), and the code each booking form of the org page adds
 *      after the first render (budget 60 kB: lazyPayload). Over budget is reported, not failed.
 *  (b) serves that build with `vite preview` (which gzips like a CDN would) and loads
 *      /{orgSlug} in real headless Chromium, each load in a fresh browser context (a first
 *      visit: empty cache), counting the requests to the API (/rest/v1, /functions/v1,
 *      /auth/v1, /storage/v1) and the bytes on the wire until the page shows 'Upcoming
 *      Experiences', and the time to that content. One warm-up load, then --loads measured.
 *      Not ok when the page does not show its content or needs other than --expect-round-trips
 *      API requests before it does.
 *
 * Options: --loads N (5) --expect-round-trips N (1); the slug is fixed: eatathome (seeded).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../stack/ports.ts';
import { buildAndPreview as buildSite, type BuiltSite } from '../stack/site.ts';
import { asJson, onCleanup, option, percentile, round, say, startBenchStack, type BenchResult } from './lib.ts';

const SLUG = 'eatathome';
const LOADS = Math.max(1, Math.floor(option('loads', 5)));
const EXPECTED_ROUND_TRIPS = Math.floor(option('expect-round-trips', 1));
const BUDGET_KB = 110; // gzip JS before the first render of /{orgSlug}
const BOOKING_BUDGET_KB = 60; // gzip: the booking form's own code, once the page has rendered
const ROUTE_MODULE = 'src/app/routes/org-page.tsx';
/** The other public pages whose first render is reported (not budgeted). */
const OTHER_ROUTES: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  '/magnolia-supper-club': 'src/app/routes/supper-club.tsx',
  '/eat-at-home': 'src/app/routes/dinner-series.tsx',
};
/** The org page's booking forms (lazy chunks of src/app/booking-panel.tsx). */
const BOOKING_PANEL = 'src/app/booking-panel.tsx';
const BOOKING_FORMS: Record<string, string> = {
  ticketed: 'src/features/ticket-booking/components/ticket-booking.tsx',
  rsvp: 'src/features/rsvp/components/rsvp-booking.tsx',
};
const CONTENT_TEXT = 'Upcoming Experiences';
const API_PATHS = ['/rest/v1', '/functions/v1', '/auth/v1', '/storage/v1'];

const kb = (bytes: number) => round(bytes / 1000, 1); // kB = 1,000 bytes, as Vite prints them

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface FileSize {
  file: string;
  role: string;
  bytes: number;
  gzip: number;
}

/** The JS (and CSS) needed before the first render of /{orgSlug}, from the build manifest. */
export function firstRenderPayload(outDir: string, routeModule = ROUTE_MODULE) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry chunk');
  if (!manifest[routeModule]) throw new Error(`The build manifest has no chunk for ${routeModule}`);

  const roles = new Map<string, string>();
  const visit = (key: string, role: string) => {
    if (roles.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    roles.set(key, role);
    for (const imported of chunk.imports ?? []) visit(imported, `static import of ${chunk.src ?? chunk.file}`);
  };
  visit(entryKey, 'entry');
  visit(routeModule, routeModule === ROUTE_MODULE ? 'org-page route' : `route ${routeModule}`);

  const size = (file: string, role: string): FileSize => {
    const content = readFileSync(join(outDir, file));
    return { file, role, bytes: content.length, gzip: gzipSync(content).length };
  };
  const js = [...roles].map(([key, role]) => size(manifest[key].file, role)).sort((a, b) => b.gzip - a.gzip);
  const cssFiles = new Set([...roles.keys()].flatMap((key) => manifest[key].css ?? []));
  const css = [...cssFiles].map((file) => size(file, 'css')).sort((a, b) => b.gzip - a.gzip);
  const html = size('index.html', 'document');
  const sum = (files: FileSize[], k: 'bytes' | 'gzip') => files.reduce((n, f) => n + f[k], 0);
  const allJs = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
  return {
    js,
    css,
    html,
    jsBytes: sum(js, 'bytes'),
    jsGzip: sum(js, 'gzip'),
    cssBytes: sum(css, 'bytes'),
    cssGzip: sum(css, 'gzip'),
    chunksInBuild: allJs.length,
    jsGzipInBuild: allJs.reduce((n, c) => n + gzipSync(readFileSync(join(outDir, c.file))).length, 0),
  };
}

/**
 * The code a lazy module (a booking form) adds once /{orgSlug} has rendered: the chunks of its
 * static import graph and of the booking panel's (which loads it) not already loaded for the
 * first render. `afterRender` lists those the app requests right after its first render anyway
 * (the toaster, src/app/provider.tsx: the entry's dynamic imports that are not routes), which
 * the form then shares; `ownGzip` leaves them out.
 */
export function lazyPayload(outDir: string, moduleKey: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[moduleKey]) throw new Error(`The build manifest has no chunk for ${moduleKey}`);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  const firstRender = closure([entryKey, ROUTE_MODULE]);
  const afterRender = closure((manifest[entryKey].dynamicImports ?? []).filter((k) => !k.startsWith('src/app/routes/')));
  const gzip = (key: string) => gzipSync(readFileSync(join(outDir, manifest[key].file))).length;
  const chunks = [...closure([moduleKey, ...(manifest[BOOKING_PANEL] ? [BOOKING_PANEL] : [])])]
    .filter((k) => !firstRender.has(k))
    .map((k) => ({ file: manifest[k].file, gzip: gzip(k), afterRender: afterRender.has(k) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    chunks,
    gzip: chunks.reduce((n, c) => n + c.gzip, 0),
    ownGzip: chunks.filter((c) => !c.afterRender).reduce((n, c) => n + c.gzip, 0),
  };
}

interface LoadFigures {
  timeToContentMs: number;
  /** The app's API requests sent before the content showed (CORS preflights apart). */
  apiRequests: { method: string; path: string; status: number; bytes: number }[];
  preflights: number;
  /** Requests that had arrived when the content showed, and their bytes on the wire. */
  requestsBeforeContent: number;
  bytesBeforeContent: { total: number; js: number; css: number; api: number; document: number; other: number };
  jsFilesBeforeContent: number;
  filesBeforeContent: { path: string; kind: string; status: number; bytes: number }[];
  /** Asked for while the content rendered, arriving after it (the lazy booking form). */
  lazyJsFiles: number;
  lazyJsBytes: number;
  apiRequestsAfterIdle: number;
  requestsAfterIdle: number;
  failedAfterIdle: string[];
  bytesAfterIdle: number;
}

/** One cold load of url in a fresh context; what went over the wire until the content showed. */
async function measureLoad(url: string, apiUrl: string): Promise<LoadFigures> {
  const { newPage } = await import('../e2e/support/browser.ts');
  const { page, consoleErrors, close } = await newPage();
  try {
    // When the heading appears in the DOM, on the page's own clock (ms since navigation start).
    // (A string, not a function: tsx's compiled functions reference helpers the page lacks.)
    await page.addInitScript(`(() => {
      const text = ${JSON.stringify(CONTENT_TEXT)};
      const observer = new MutationObserver(() => {
        if (window.__contentAt !== undefined) return;
        for (const h of document.querySelectorAll('h2')) {
          if (h.textContent && h.textContent.includes(text)) {
            window.__contentAt = performance.now();
            observer.disconnect();
            return;
          }
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    })();`);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    interface Seen {
      url: string;
      method: string;
      type: string;
      sentWall: number;
      doneWall: number;
      status: number;
      bytes: number;
      failed?: string;
    }
    const seen = new Map<string, Seen>();
    let clock: { mono: number; wall: number } | undefined; // CDP monotonic seconds -> wall-clock ms
    const wall = (mono: number) => clock!.wall + (mono - clock!.mono) * 1000;
    cdp.on('Network.requestWillBeSent', (e) => {
      clock ??= { mono: e.timestamp, wall: e.wallTime * 1000 };
      seen.set(e.requestId, {
        url: e.request.url,
        method: e.request.method,
        type: e.type ?? 'Other',
        sentWall: wall(e.timestamp),
        doneWall: Infinity,
        status: 0,
        bytes: 0,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const s = seen.get(e.requestId);
      if (s) s.status = e.response.status;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = seen.get(e.requestId);
      if (s) {
        s.bytes = e.encodedDataLength;
        s.doneWall = wall(e.timestamp);
      } // on the wire: headers and (gzipped) body
    });
    cdp.on('Network.loadingFailed', (e) => {
      const s = seen.get(e.requestId);
      if (s) {
        s.doneWall = wall(e.timestamp);
        s.failed = e.errorText;
      }
    });

    await page.goto(url, { waitUntil: 'commit' });
    try {
      await page.waitForFunction('window.__contentAt !== undefined', undefined, { timeout: 30_000, polling: 10 });
    } catch (error) {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(0, 500);
      throw new Error(
        `${url} did not show '${CONTENT_TEXT}' within 30 s. The page said: ${JSON.stringify(text)}; console errors: ${JSON.stringify(consoleErrors.slice(0, 5))}`,
        { cause: error },
      );
    }
    const { contentAt, timeOrigin } = (await page.evaluate('({ contentAt: window.__contentAt, timeOrigin: performance.timeOrigin })')) as {
      contentAt: number;
      timeOrigin: number;
    };
    const contentWall = timeOrigin + contentAt;
    // Then let the page settle (the lazy booking form loads while the guest reads).
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);

    const all = [...seen.values()];
    // Data round trips only: public images (the demo's, served from Storage) are not.
    const isApi = (u: string) =>
      u.startsWith(apiUrl) &&
      API_PATHS.some((p) => new URL(u).pathname.startsWith(p)) &&
      !new URL(u).pathname.startsWith('/storage/v1/object/public/');
    const isPreflight = (s: Seen) => s.type === 'Preflight' || (s.method === 'OPTIONS' && isApi(s.url));
    const kind = (s: Seen) =>
      isApi(s.url) ? 'api' : s.type === 'Script' ? 'js' : s.type === 'Stylesheet' ? 'css' : s.type === 'Document' ? 'document' : 'other';
    const sentBefore = all.filter((s) => s.sentWall <= contentWall);
    const arrivedBefore = all.filter((s) => s.doneWall <= contentWall);
    const lazy = sentBefore.filter((s) => s.doneWall > contentWall && kind(s) === 'js');
    const bytes = { total: 0, js: 0, css: 0, api: 0, document: 0, other: 0 };
    for (const s of arrivedBefore) {
      bytes.total += s.bytes;
      bytes[kind(s) as keyof typeof bytes] += s.bytes;
    }
    return {
      timeToContentMs: contentAt,
      apiRequests: sentBefore
        .filter((s) => isApi(s.url) && !isPreflight(s))
        .map((s) => ({ method: s.method, path: new URL(s.url).pathname, status: s.status, bytes: s.bytes })),
      preflights: sentBefore.filter(isPreflight).length,
      requestsBeforeContent: arrivedBefore.length,
      bytesBeforeContent: bytes,
      jsFilesBeforeContent: arrivedBefore.filter((s) => kind(s) === 'js').length,
      filesBeforeContent: arrivedBefore.map((s) => ({
        path: s.url.startsWith('http') ? new URL(s.url).pathname : s.url.slice(0, 60),
        kind: isPreflight(s) ? 'preflight' : kind(s),
        status: s.status,
        bytes: s.bytes,
      })),
      lazyJsFiles: lazy.length,
      lazyJsBytes: lazy.reduce((n, s) => n + s.bytes, 0),
      apiRequestsAfterIdle: all.filter((s) => isApi(s.url) && !isPreflight(s)).length,
      requestsAfterIdle: all.length,
      failedAfterIdle: all.filter((s) => s.failed).map((s) => `${s.url.slice(0, 80)} (${s.failed})`),
      bytesAfterIdle: all.reduce((n, s) => n + s.bytes, 0),
    };
  } finally {
    await close();
  }
}

/**
 * @sparticuz/chromium's own flags include --disable-web-security, under which Chromium sends
 * no CORS preflights, and a guest's browser does. When the sparticuz binary is the one
 * e2e/support/browser.ts would pick, name it in $SUPPERHOST_CHROMIUM, which launches it
 * with the plain flags (web security on). Returns a function that restores the variable.
 */
async function chromiumWithWebSecurity(): Promise<() => void> {
  const saved = process.env.SUPPERHOST_CHROMIUM;
  if (saved || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => existsSync(p))) return () => undefined;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  process.env.SUPPERHOST_CHROMIUM = await sparticuz.executablePath();
  return () => {
    delete process.env.SUPPERHOST_CHROMIUM;
  };
}

/**
 * The site as it ships (stack/site.ts), pointed at `stack` and served on `sitePort`; stopped
 * and deleted on Ctrl-C too. (bench/page.ts and bench/lighthouse.ts.)
 */
export async function buildAndPreview(stack: { apiUrl: string; publishableKey: string }, sitePort: number): Promise<BuiltSite> {
  say('  Building the site (vite build)...');
  const site = await buildSite(stack, sitePort);
  const close = onCleanup(
    () => site.close(),
    () => rmSync(site.outDir, { recursive: true, force: true }),
  );
  return { ...site, close };
}

export async function runPage(): Promise<BenchResult> {
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const { stack, stop } = await startBenchStack({ siteUrl });
  let site: Awaited<ReturnType<typeof buildAndPreview>> | undefined;
  let closeChromium: (() => Promise<void>) | undefined;
  let restoreChromiumEnv = () => {};
  try {
    // (a) The build, pointed at this stack, and (b) served as it would be (vite preview gzips).
    site = await buildAndPreview(stack, sitePort);
    const { outDir, buildSeconds } = site;
    const payload = firstRenderPayload(outDir);
    const over = payload.jsGzip > BUDGET_KB * 1000;
    const otherPages = Object.entries(OTHER_ROUTES).map(([path, module]) => {
      const p = firstRenderPayload(outDir, module);
      return { path, jsChunks: p.js.length, jsGzipKb: kb(p.jsGzip), jsKb: kb(p.jsBytes) };
    });
    const bookingForms = Object.entries(BOOKING_FORMS).map(([form, module]) => {
      const p = lazyPayload(outDir, module);
      return {
        form,
        module,
        gzipKb: kb(p.gzip),
        ownGzipKb: kb(p.ownGzip),
        withinBudget: p.gzip <= BOOKING_BUDGET_KB * 1000,
        chunks: p.chunks.map((c) => ({ file: c.file, gzipKb: kb(c.gzip), ...(c.afterRender ? { loadedAfterRenderAnyway: true } : {}) })),
      };
    });

    // (b) The built site in real Chromium.
    restoreChromiumEnv = await chromiumWithWebSecurity();
    const browser = await import('../e2e/support/browser.ts');
    closeChromium = onCleanup(() => browser.closeBrowser());
    const url = `${siteUrl}/${SLUG}`;
    say(`  Loading ${url} in headless Chromium (1 warm-up + ${LOADS} measured loads, fresh context each)...`);
    await measureLoad(url, stack.apiUrl); // warm-up: Chromium, the preview server, the database's caches
    const loads: LoadFigures[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await measureLoad(url, stack.apiUrl));

    const times = loads.map((l) => l.timeToContentMs).sort((a, b) => a - b);
    const roundTrips = loads.map((l) => l.apiRequests.length);
    const first = loads[0];
    const broken = roundTrips.some((n) => n !== EXPECTED_ROUND_TRIPS) || first.apiRequests.some((r) => r.status !== 200);

    const result = {
      command: `npx tsx bench/run.ts --only page --loads ${LOADS}`,
      path: `/${SLUG}`,
      build: {
        seconds: round(buildSeconds, 1),
        chunksInBuild: payload.chunksInBuild,
        jsGzipKbInBuild: kb(payload.jsGzipInBuild),
      },
      firstRender: {
        jsChunks: payload.js.length,
        jsKb: kb(payload.jsBytes),
        jsGzipKb: kb(payload.jsGzip),
        cssKb: kb(payload.cssBytes),
        cssGzipKb: kb(payload.cssGzip),
        htmlGzipKb: kb(payload.html.gzip),
        budgetGzipKb: BUDGET_KB,
        withinBudget: !over,
        chunks: payload.js.map((f) => ({ file: f.file, role: f.role, kb: kb(f.bytes), gzipKb: kb(f.gzip) })),
        css: payload.css.map((f) => ({ file: f.file, kb: kb(f.bytes), gzipKb: kb(f.gzip) })),
      },
      otherPages,
      bookingForms: { budgetGzipKb: BOOKING_BUDGET_KB, forms: bookingForms },
      browser: {
        loads: LOADS,
        apiRoundTrips: Math.max(...roundTrips),
        apiRoundTripsPerLoad: roundTrips,
        apiRequests: first.apiRequests,
        corsPreflights: first.preflights,
        requestsBeforeContent: first.requestsBeforeContent,
        jsFilesBeforeContent: first.jsFilesBeforeContent,
        jsFetchedNotCounted: first.filesBeforeContent
          .filter((f) => f.kind === 'js' && !payload.js.some((c) => f.path.endsWith(c.file)))
          .map((f) => f.path),
        filesBeforeContent: first.filesBeforeContent,
        lazyJsDuringRender: { files: first.lazyJsFiles, kb: kb(first.lazyJsBytes) },
        kbTransferredBeforeContent: Object.fromEntries(Object.entries(first.bytesBeforeContent).map(([k, v]) => [k, kb(v)])),
        afterNetworkIdle: {
          requests: first.requestsAfterIdle,
          apiRequests: first.apiRequestsAfterIdle,
          kbTransferred: kb(first.bytesAfterIdle),
          failed: first.failedAfterIdle,
        },
        timeToContentMs: {
          median: round(percentile(times, 50)),
          min: round(times[0]),
          max: round(times.at(-1)!),
          all: loads.map((l) => round(l.timeToContentMs)),
        },
      },
    };

    if (!asJson) {
      const f = result.firstRender;
      const b = result.browser;
      console.log('');
      console.log(`Public page ${result.path}: ${result.command}`);
      console.log(
        `  build               ${result.build.seconds} s; ${result.build.chunksInBuild} JS chunks, ${result.build.jsGzipKbInBuild} kB gzip in all`,
      );
      console.log(`  JS before render    ${f.jsGzipKb} kB gzip (${f.jsKb} kB raw) in ${f.jsChunks} chunks: entry + org-page route + static imports`);
      console.log(`  budget              ${BUDGET_KB} kB gzip: ${over ? 'OVER' : 'UNDER'} by ${round(Math.abs(BUDGET_KB - f.jsGzipKb))} kB`);
      console.log(`  CSS                 ${f.cssGzipKb} kB gzip (${f.cssKb} kB raw); index.html ${f.htmlGzipKb} kB gzip`);
      for (const o of result.otherPages)
        console.log(`  JS before render    ${o.path}: ${o.jsGzipKb} kB gzip (${o.jsKb} kB raw) in ${o.jsChunks} chunks`);
      for (const form of result.bookingForms.forms) {
        console.log(
          `  booking form        ${form.form} (${form.module}): +${form.gzipKb} kB gzip after the page's first render, ${form.withinBudget ? 'UNDER' : 'OVER'} the ${BOOKING_BUDGET_KB} kB budget; ${form.ownGzipKb} kB of it its own (the rest is the toaster's, requested after the first render anyway)`,
        );
        console.log(
          `                      ${form.chunks.map((c) => `${c.file} ${c.gzipKb}${c.loadedAfterRenderAnyway ? ' (toaster)' : ''}`).join(', ')}`,
        );
      }
      console.log('  top chunks (gzip)');
      for (const c of f.chunks.slice(0, 8)) console.log(`    ${String(c.gzipKb).padStart(6)} kB  ${c.file}  (${c.role})`);
      if (f.chunks.length > 8)
        console.log(`    ...and ${f.chunks.length - 8} more, ${round(f.chunks.slice(8).reduce((n, c) => n + c.gzipKb, 0))} kB`);
      console.log(
        `  API round trips     ${b.apiRoundTrips} request(s) before '${CONTENT_TEXT}' (expected ${EXPECTED_ROUND_TRIPS}): ${b.apiRequests.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}; CORS preflights ${b.corsPreflights}`,
      );
      console.log(
        `  transferred         ${b.kbTransferredBeforeContent.total} kB on the wire before content, ${b.requestsBeforeContent} requests (JS ${b.kbTransferredBeforeContent.js} kB in ${b.jsFilesBeforeContent} files, CSS ${b.kbTransferredBeforeContent.css}, document ${b.kbTransferredBeforeContent.document}, API ${b.kbTransferredBeforeContent.api}, other ${b.kbTransferredBeforeContent.other})`,
      );
      if (b.jsFetchedNotCounted.length) console.log(`  JS not in the sum   ${b.jsFetchedNotCounted.join(', ')} arrived before content too`);
      console.log(
        `  lazy while reading  ${b.lazyJsDuringRender.files} JS files, ${b.lazyJsDuringRender.kb} kB (the booking form, asked for as the content renders)`,
      );
      console.log(
        `  after network idle  ${b.afterNetworkIdle.requests} requests (${b.afterNetworkIdle.apiRequests} API), ${b.afterNetworkIdle.kbTransferred} kB in all${b.afterNetworkIdle.failed.length ? `; ${b.afterNetworkIdle.failed.length} failed: ${[...new Set(b.afterNetworkIdle.failed.map((f) => f.replace(/^(https?:\/\/[^/]+).*?\((.*)\)$/, '$1 ($2)')))].join(', ')}` : ''}`,
      );
      console.log(
        `  time to content     median ${b.timeToContentMs.median} ms over ${LOADS} cold loads (min ${b.timeToContentMs.min}, max ${b.timeToContentMs.max}; ${b.timeToContentMs.all.join(', ')})`,
      );
      console.log(
        broken
          ? `\nFAILED: the page needed ${roundTrips.join('/')} API round trips (expected ${EXPECTED_ROUND_TRIPS}) or an API call failed.`
          : `\nOK: ${EXPECTED_ROUND_TRIPS} API round trip before content on every load; JS budget ${over ? 'OVER' : 'UNDER'} (reported, not enforced).`,
      );
    }
    return { ...result, ok: !broken };
  } finally {
    await closeChromium?.();
    restoreChromiumEnv();
    await site?.close();
    await stop();
  }
}
