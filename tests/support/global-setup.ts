import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../stack/ports.ts';
import { ROOT } from '../../stack/postgres.ts';
import { startStack, type StackInfo } from '../../stack/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Starts one throwaway stack (fresh database, free ports) for the whole test run.
 * SUPPERHOST_TEST_STACK=db starts PostgreSQL only.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'supperhost-test-'));
  // As root, initdb runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const ports = { db: await freePort(), api: await freePort(), functions: await freePort(), mailbox: await freePort() };
  const site = await freePort();
  const stack = await startStack({
    dataDir,
    ports,
    siteUrl: `http://127.0.0.1:${site}`,
    ephemeral: true,
    seed: true,
    only: process.env.SUPPERHOST_TEST_STACK === 'db' ? 'db' : undefined,
    // Fixtures sign staff up and in at once; the confirmation flow has its own tests.
    emailConfirmations: false,
  });
  const { stop, migrations: _m, ...info } = stack;
  let closeSite: (() => Promise<void>) | undefined;
  if (process.env.SUPPERHOST_TEST_STACK !== 'db') {
    // The site, served by Vite and pointed at this stack's gateway.
    process.env.VITE_SUPABASE_URL = info.apiUrl;
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = info.publishableKey;
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      // Its own cache of pre-bundled dependencies: a site running from `npm start` at the same
      // time keeps node_modules/.vite, and neither invalidates the other's chunks.
      cacheDir: join(ROOT, 'node_modules', '.vite-test'),
      server: { host: '127.0.0.1', port: site, strictPort: true, hmr: false, watch: null },
      logLevel: 'error',
    });
    await vite.listen();
    closeSite = () => vite.close();
  }
  project.provide('stack', info);
  return async () => {
    await closeSite?.();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
