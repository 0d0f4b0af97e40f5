/**
 * The email renderer runs React's production build without NODE_ENV being set
 * (supabase/functions/_shared/email/react-production.ts): Deno runtimes leave it unset, and
 * React's development build renders the same HTML at about three times the CPU. Run in Deno
 * with NODE_ENV removed from the environment, as a deployed function would be.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DENO_DIR, denoExecutable } from '../../stack/functions-runner.ts';
import { ROOT } from '../../stack/postgres.ts';

const script = `
import { renderEmail } from './supabase/functions/_shared/email/render.tsx';
import { createElement } from 'npm:react@19';
import process from 'node:process';
const data = {
  kind: 'team_invitation',
  org: { name: 'Build Kitchen', slug: 'build-kitchen', logo_url: null, primary_color: null, secondary_color: null },
  guest: { name: '', email: 'ada@example.com' },
  invitation: { inviter: 'Grace', join_path: '/join/abc', expires_at: '2026-12-01T12:00:00Z' },
};
let rendered = null;
try {
  rendered = (await renderEmail(data, 'https://example.com')).html.includes('Build Kitchen');
} catch (error) {
  rendered = String(error);
}
// A development build's elements carry _store (its key-warning bookkeeping); production's do not.
console.log(JSON.stringify({ env: process.env.NODE_ENV ?? null, devElements: '_store' in createElement('div'), rendered }));
`;

describe("the email renderer's React build (Deno)", () => {
  it('is the production build when NODE_ENV is not set', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(denoExecutable(), ['eval', '--cached-only', '--node-modules-dir=manual', '--no-lock', '--ext=ts', script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, DENO_DIR, NO_COLOR: '1' },
      maxBuffer: 10 * 1024 * 1024,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ env: 'production', devElements: false, rendered: true });
  }, 120_000);

  it("loads only the components it uses: not @react-email/components, whose bundle brings Tailwind's compiler, Prism and Marked", async () => {
    // Every function that can send an email (the booking functions among them) loads the
    // renderer at its cold start: the bundle cost about 280 ms there (docs/BENCHMARKS.md).
    const run = promisify(execFile);
    const { stdout } = await run(
      denoExecutable(),
      ['info', '--json', '--node-modules-dir=manual', '--no-lock', 'supabase/functions/_shared/email/render.tsx'],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, DENO_DIR, NO_COLOR: '1' }, maxBuffer: 20 * 1024 * 1024 },
    );
    const modules = (JSON.parse(stdout) as { modules: { specifier: string }[] }).modules.map((m) => m.specifier);
    expect(modules.some((m) => m.includes('/@react-email/html/'))).toBe(true);
    expect(modules.filter((m) => /@react-email\/(components|tailwind|code-block|markdown)\/|\/prismjs\/|\/marked\//.test(m))).toEqual([]);
  }, 120_000);
});
