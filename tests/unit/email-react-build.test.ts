/**
 * The email renderer's React build (Deno). React's npm packages choose their build by NODE_ENV
 * when first loaded; hosted Edge Runtime leaves it unset and refuses environment writes, and
 * the packages' "exports" keep their production files from being imported by path
 * (stack/functions-runner/README.md). So a deployed function renders with React's development
 * build, and setting NODE_ENV=production (a secret) switches to the production build: both
 * must give the same email, byte for byte.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DENO_LOCK, denoEnv, denoExecutable } from '../../stack/functions-runner.ts';
import { ROOT } from '../../stack/postgres.ts';
import { denoEval, npmPinned } from '../support/deno.ts';

const script = () => `
import { renderEmail } from './supabase/functions/_shared/email/render.tsx';
import { createElement } from '${npmPinned('react')}';
import process from 'node:process';
const data = {
  kind: 'team_invitation',
  org: { name: 'Build Kitchen', slug: 'build-kitchen', logo_url: null, primary_color: null, secondary_color: null },
  guest: { name: '', email: 'ada@example.com' },
  invitation: { inviter: 'Grace', join_path: '/join/abc', expires_at: '2026-12-01T12:00:00Z' },
};
const { html, text } = await renderEmail(data, 'https://example.com');
// A development build's elements carry _store (its key-warning bookkeeping); production's do not.
console.log(JSON.stringify({ env: process.env.NODE_ENV ?? null, devElements: '_store' in createElement('div'), html, text }));
`;

describe("the email renderer's React build (Deno)", () => {
  it('renders with NODE_ENV unset (development build) the same email as with NODE_ENV=production', async () => {
    const run = async (env: Record<string, string>) => JSON.parse((await denoEval(script(), { env, ext: 'ts' })).trim().split('\n').at(-1)!);
    const unset = await run({});
    const production = await run({ NODE_ENV: 'production' });
    expect({ env: unset.env, devElements: unset.devElements }).toEqual({ env: null, devElements: true });
    expect({ env: production.env, devElements: production.devElements }).toEqual({ env: 'production', devElements: false });
    expect(unset.html).toContain('Build Kitchen');
    expect(unset.html).toBe(production.html);
    expect(unset.text).toBe(production.text);
  }, 120_000);

  it("loads only the components it uses: not @react-email/components, whose bundle brings Tailwind's compiler, Prism and Marked", async () => {
    // Every function that can send an email (the booking functions among them) loads the
    // renderer at its cold start: the bundle cost about 280 ms there (docs/BENCHMARKS.md).
    await denoEval('');
    const { stdout } = await promisify(execFile)(
      denoExecutable(),
      ['info', '--json', '--no-config', '--node-modules-dir=none', `--lock=${DENO_LOCK}`, 'supabase/functions/_shared/email/render.tsx'],
      { cwd: ROOT, env: denoEnv(), maxBuffer: 20 * 1024 * 1024 },
    );
    const info = JSON.parse(stdout) as { npmPackages: Record<string, unknown> };
    const packages = Object.keys(info.npmPackages);
    expect(packages.some((p) => p.startsWith('@react-email/html@'))).toBe(true);
    expect(packages.filter((p) => /^(@react-email\/(components|tailwind|code-block|markdown)|prismjs|marked)@/.test(p))).toEqual([]);
  }, 120_000);
});
