import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../../stack/functions-runner.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const configToml = read('supabase/config.toml');
const deployDoc = read('docs/DEPLOY.md');

/** The lines of one `[section]` of config.toml (comments dropped). */
function section(name: string): string[] {
  const lines = configToml.split('\n').map((line) => line.replace(/\s+#.*$/, '').replace(/^#.*$/, ''));
  const start = lines.findIndex((line) => line.trim() === `[${name}]`);
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

function value(sectionName: string, key: string): string | undefined {
  const body = section(sectionName).join('\n');
  return body.match(new RegExp(`^\\s*${key}\\s*=\\s*(\\[[^\\]]*\\]|[^\\n]+)`, 'm'))?.[1].trim();
}

describe('deploying to a hosted project', () => {
  it('declares the site URL, redirect URLs and SMTP as per-environment env() values', () => {
    expect(value('auth', 'site_url')).toBe('"env(SUPPERHOST_SITE_URL)"');
    const redirects = value('auth', 'additional_redirect_urls') ?? '';
    expect(redirects).toMatch(/"env\(SUPPERHOST_SITE_URL\)"/);
    expect(redirects).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(value('auth.email.smtp', 'enabled')).toBe('true');
    for (const key of ['host', 'user', 'pass', 'admin_email', 'sender_name']) {
      expect(value('auth.email.smtp', key), key).toMatch(/^"env\([A-Z_]+\)"$/);
    }
  });

  it('gives every env() name of config.toml a development value in supabase/.env.development, and no secret', () => {
    const names = [...configToml.matchAll(/"env\(([A-Z0-9_]+)\)"/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    const development = parseDotenv(read('supabase/.env.development'));
    for (const name of names) expect(development[name], name).toBeTruthy();
    for (const text of Object.values(development)) expect(text).not.toMatch(/^(re_|sb_secret_|sk_)/);
  });

  it('never seeds the demo accounts into a linked project', () => {
    expect(value('db.seed', 'enabled')).toBe('false');
    const commands = [...deployDoc.matchAll(/```(?:bash|sh)?\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
    expect(commands).not.toMatch(/db reset/);
    expect(commands).not.toMatch(/--include-seed/);
    expect(commands).not.toMatch(/seed\.sql/);
    expect(commands).toMatch(/supabase db push/);
    expect(commands).toMatch(/supabase config push/);
    expect(commands).toMatch(/supabase functions deploy/);
  });

  it('schedules only functions and SQL functions that exist, with the secret key in the apikey header', () => {
    const functions = readdirSync(new URL('../../supabase/functions/', import.meta.url)).filter((name) => !name.startsWith('_'));
    const called = [...deployDoc.matchAll(/\/functions\/v1\/([a-z-]+)'/g)].map((m) => m[1]);
    expect(called.length).toBeGreaterThanOrEqual(2);
    for (const name of called) expect(functions, name).toContain(name);
    const migrations = readdirSync(new URL('../../supabase/migrations/', import.meta.url))
      .map((file) => read(`supabase/migrations/${file}`))
      .join('\n');
    const sqlCalls = [...deployDoc.matchAll(/select public\.([a-z_]+)\(\)/g)].map((m) => m[1]);
    expect(sqlCalls.length).toBeGreaterThanOrEqual(3);
    for (const name of sqlCalls) expect(migrations, name).toMatch(new RegExp(`function public\\.${name}\\(`, 'i'));
    expect(deployDoc).not.toMatch(/'Authorization', 'Bearer '/);
    expect(deployDoc).toMatch(/'apikey', \(select decrypted_secret/);
  });

  it('is linked from the README', () => {
    expect(read('README.md')).toMatch(/\(docs\/DEPLOY\.md\)/);
  });
});
