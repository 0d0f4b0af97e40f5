/**
 * Function code run in Deno outside the runner, as the runner loads it: npm packages from the
 * Deno cache as supabase/functions/deno.lock pins them (filled first, once per test file).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDenoModules, DENO_RUN_FLAGS, denoEnv, denoExecutable, functionEntrypoints } from '../../stack/functions-runner.ts';
import { ROOT } from '../../stack/postgres.ts';

let cached: Promise<string | undefined> | undefined;

/** Runs `script` with `deno eval` from the project's root; answers its stdout. */
export async function denoEval(script: string, opts: { env?: Record<string, string>; ext?: 'ts' | 'tsx' } = {}): Promise<string> {
  const problem = await (cached ??= cacheDenoModules(functionEntrypoints()));
  if (problem) throw new Error(`deno cache failed: ${problem}`);
  const args = ['eval', ...DENO_RUN_FLAGS, ...(opts.ext ? [`--ext=${opts.ext}`] : []), script];
  const { stdout } = await promisify(execFile)(denoExecutable(), args, { cwd: ROOT, env: denoEnv(opts.env), maxBuffer: 20 * 1024 * 1024 });
  return stdout;
}

/** `npm:<name>@<version>` with the version package-lock.json installs (the one the functions pin). */
export function npmPinned(name: string): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  return `npm:${name}@${lock.packages[`node_modules/${name}`].version}`;
}
