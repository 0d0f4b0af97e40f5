/**
 * The deploy and the tests load the same package versions: every npm:/jsr: specifier of the
 * edge functions (imports, re-exports, dynamic imports, @ts-types) names an exact version, the
 * one package-lock.json installs, and supabase/functions/deno.lock (which the runner loads with
 * --frozen) resolves every npm package to a version package-lock.json installs too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DENO_LOCK } from '../../stack/functions-runner.ts';
import { ROOT } from '../../stack/postgres.ts';

const FUNCTION_DIRS = [join(ROOT, 'supabase', 'functions'), join(ROOT, 'tests', 'fixtures', 'functions')];
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function files(dir: string, match: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), match) : match(e.name) ? [join(dir, e.name)] : [],
  );
}

/** `npm:@scope/name@1.2.3/sub` → { registry, name, version }; version '' when there is none. */
function parseSpecifier(specifier: string): { registry: string; name: string; version: string } {
  const [registry, rest] = [specifier.slice(0, 4), specifier.slice(4).replace(/^\//, '')];
  const scoped = rest.startsWith('@');
  const parts = rest.split('/');
  const head = scoped ? `${parts[0]}/${parts[1] ?? ''}` : parts[0];
  const at = head.indexOf('@', scoped ? 1 : 0);
  return at === -1 ? { registry, name: head, version: '' } : { registry, name: head.slice(0, at), version: head.slice(at + 1) };
}

/** Every npm:/jsr: specifier a source file names, with its line. */
function specifiersIn(file: string): { specifier: string; where: string }[] {
  const found: { specifier: string; where: string }[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/(?:from\s*|import\s*\(?\s*|@ts-types=|@deno-types=)["']((?:npm|jsr):[^"']+)["']/g)) {
        found.push({ specifier: m[1], where: `${relative(ROOT, file)}:${i + 1}` });
      }
    });
  return found;
}

const lockPackages = (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> })
  .packages;

/** The versions of `name` package-lock.json installs (top level first). */
function installed(name: string): string[] {
  return Object.entries(lockPackages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([, p]) => p.version ?? '');
}

/** Problems with one specifier: not exact, or not the version package-lock.json installs. */
function pinProblem(specifier: string): string | undefined {
  const { registry, name, version } = parseSpecifier(specifier);
  if (!EXACT.test(version)) return `${specifier} is not pinned to an exact version`;
  if (registry === 'jsr:') return undefined;
  const top = lockPackages[`node_modules/${name}`]?.version;
  if (top !== version) return `${specifier}: package-lock.json installs ${name}@${top ?? '(nothing)'}`;
  return undefined;
}

describe('npm and jsr specifiers of the edge functions', () => {
  it('the check catches an unpinned specifier and a version package-lock.json does not install', () => {
    expect(pinProblem('npm:zod@4')).toMatch(/not pinned/);
    expect(pinProblem('npm:zod')).toMatch(/not pinned/);
    expect(pinProblem('npm:@supabase/supabase-js@^2.109.0')).toMatch(/not pinned/);
    expect(pinProblem('jsr:@std/path@1')).toMatch(/not pinned/);
    expect(pinProblem('npm:zod@4.0.0')).toMatch(/package-lock.json installs zod@/);
    expect(pinProblem(`npm:react-dom@${lockPackages['node_modules/react-dom'].version}/server`)).toBeUndefined();
  });

  it('are pinned to exactly the versions package-lock.json installs', () => {
    const sources = FUNCTION_DIRS.flatMap((dir) => files(dir, (n) => /\.(ts|tsx|js|mjs)$/.test(n)));
    const found = sources.flatMap(specifiersIn);
    expect(found.length).toBeGreaterThan(20);
    const problems = found.flatMap(({ specifier, where }) => {
      const problem = pinProblem(specifier);
      return problem ? [`${where}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('import maps (deno.json, import_map.json), if any, pin exactly as well', () => {
    const maps = FUNCTION_DIRS.flatMap((dir) => files(dir, (n) => ['deno.json', 'deno.jsonc', 'import_map.json'].includes(n)));
    const problems = maps.flatMap((file) => {
      const { imports = {}, scopes = {} } = JSON.parse(readFileSync(file, 'utf8')) as {
        imports?: Record<string, string>;
        scopes?: Record<string, Record<string, string>>;
      };
      const targets = [...Object.values(imports), ...Object.values(scopes).flatMap((s) => Object.values(s))];
      return targets
        .filter((t) => t.startsWith('npm:') || t.startsWith('jsr:'))
        .flatMap((t) => {
          const problem = pinProblem(t);
          return problem ? [`${relative(ROOT, file)}: ${problem}`] : [];
        });
    });
    expect(problems).toEqual([]);
  });

  it('deno.lock resolves every npm package to a version package-lock.json installs', () => {
    expect(existsSync(DENO_LOCK)).toBe(true);
    const lock = JSON.parse(readFileSync(DENO_LOCK, 'utf8')) as { npm?: Record<string, unknown> };
    const entries = Object.keys(lock.npm ?? {});
    expect(entries.length).toBeGreaterThan(10);
    const problems = entries.flatMap((entry) => {
      // "name@1.2.3" or "name@1.2.3_peer@4.5.6"
      const at = entry.indexOf('@', 1);
      const name = entry.slice(0, at);
      const version = entry.slice(at + 1).split('_')[0];
      return installed(name).includes(version) ? [] : [`${name}@${version} (package-lock.json: ${installed(name).join(', ') || 'none'})`];
    });
    expect(problems).toEqual([]);
  });
});
