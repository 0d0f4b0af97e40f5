import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../stack/ports.ts';
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
  const ports = { db: await freePort(), api: await freePort(), functions: await freePort(), mailbox: await freePort() };
  const site = await freePort();
  const stack = await startStack({
    dataDir,
    ports,
    siteUrl: `http://127.0.0.1:${site}`,
    ephemeral: true,
    seed: true,
    only: process.env.SUPPERHOST_TEST_STACK === 'db' ? 'db' : undefined,
  });
  const { stop, migrations: _m, ...info } = stack;
  project.provide('stack', info);
  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
