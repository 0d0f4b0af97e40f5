/**
 * The site as it ships: `vite build` pointed at a stack (its API URL and publishable key),
 * served by `vite preview` (static files, gzip, index.html for every app route). The test
 * suite's browsers and the page benchmarks load this, not the dev server, so they run the
 * bundle a deploy serves (chunks, preloads, robots.txt) and each page is a few requests
 * instead of hundreds of unbundled modules.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './postgres.ts';

export interface BuiltSite {
  outDir: string;
  buildSeconds: number;
  /** Stops the preview server and deletes the build. */
  close(): Promise<void>;
}

/** Builds into a new temporary folder (with .vite/manifest.json) and serves it on `port`. */
export async function buildAndPreview(stack: { apiUrl: string; publishableKey: string }, port: number): Promise<BuiltSite> {
  const outDir = mkdtempSync(join(tmpdir(), 'supperhost-site-'));
  const removeBuild = () => rmSync(outDir, { recursive: true, force: true });
  // Vite reads VITE_* from the environment at build time; they are put back afterwards.
  const saved = { url: process.env.VITE_SUPABASE_URL, key: process.env.VITE_SUPABASE_PUBLISHABLE_KEY };
  const restore = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  try {
    process.env.VITE_SUPABASE_URL = stack.apiUrl;
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = stack.publishableKey;
    const vite = await import('vite');
    const configFile = join(ROOT, 'vite.config.ts');
    const t0 = performance.now();
    await vite.build({ root: ROOT, configFile, build: { outDir, manifest: true, emptyOutDir: true }, logLevel: 'silent' });
    const buildSeconds = (performance.now() - t0) / 1000;
    const server = await vite.preview({
      root: ROOT,
      configFile,
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
      logLevel: 'silent',
    });
    return {
      outDir,
      buildSeconds,
      close: async () => {
        try {
          await server.close();
        } finally {
          removeBuild();
        }
      },
    };
  } catch (error) {
    removeBuild();
    throw error;
  } finally {
    restore('VITE_SUPABASE_URL', saved.url);
    restore('VITE_SUPABASE_PUBLISHABLE_KEY', saved.key);
  }
}
