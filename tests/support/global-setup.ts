import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from '../../e2e/support/chromium.ts';
import { freePort } from '../../stack/ports.ts';
import { buildAndPreview } from '../../stack/site.ts';
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
  const sitePort = await freePort();
  const stack = await startStack({
    dataDir,
    ports,
    siteUrl: `http://127.0.0.1:${sitePort}`,
    ephemeral: true,
    seed: true,
    only: process.env.SUPPERHOST_TEST_STACK === 'db' ? 'db' : undefined,
    // Fixtures sign staff up and in at once; the confirmation flow has its own tests.
    emailConfirmations: false,
  });
  const { stop, migrations: _m, ...info } = stack;
  let closeSite: (() => Promise<void>) | undefined;
  if (process.env.SUPPERHOST_TEST_STACK !== 'db') {
    // Test files that import the app's own modules (its Supabase client) read these.
    process.env.VITE_SUPABASE_URL = info.apiUrl;
    process.env.VITE_SUPABASE_PUBLISHABLE_KEY = info.publishableKey;
    // The site as it ships (a production build, served by `vite preview`), pointed at this
    // stack's gateway.
    const site = await buildAndPreview(info, sitePort);
    closeSite = () => site.close();
    // The browser binary, unpacked once here rather than by two workers at once.
    await chromiumExecutable();
  }
  project.provide('stack', info);
  return async () => {
    await closeSite?.();
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
