// `npm run db:drift`: would a database deployed at an earlier commit reach this schema with
// `supabase db push`? For every commit in git history that changed supabase/migrations (newest
// first): apply that commit's migrations, then the working tree's migrations whose version it
// did not have (what push does), and compare the catalog (functions with their grants, columns,
// constraints, indexes, triggers, policies, views, table grants, RLS flags, buckets) with the
// working tree's migrations applied from scratch, on a throwaway PostgreSQL. Prints, per commit,
// how many objects differ (or why the upgrade fails), then each drifted object; exits 1 when an
// upgradable commit drifts: an edited landed migration shows here (supabase/migrations.lock
// refuses one up front). Needs the git history (not a shallow clone). The oldest commits, whose
// migrations were rewritten after them, cannot be upgraded by push at all: the scan prints
// "upgrade fails" for them, and such a database is reset instead.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.ts';
import { migrate, ROOT, startPostgres } from './postgres.ts';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });

/** Puts that commit's supabase/migrations into `workdir`/supabase/migrations (a project directory for the CLI). */
function checkoutMigrations(commit: string, workdir: string) {
  const dir = join(workdir, 'supabase', 'migrations');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const path of git('ls-tree', '--name-only', commit, 'supabase/migrations/').split('\n')) {
    if (/\/\d+_.+\.sql$/.test(path.trim())) writeFileSync(join(dir, basename(path.trim())), git('show', `${commit}:${path.trim()}`));
  }
}

const CATALOG = `
  select 'function ' || p.oid::regprocedure::text as key, pg_get_functiondef(p.oid) || coalesce(p.proacl::text, '') as def
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  union all
  select 'column ' || table_schema || '.' || table_name || '.' || column_name,
         data_type || ' ' || coalesce(column_default, '') || ' ' || is_nullable || ' ' || coalesce(generation_expression, '')
  from information_schema.columns where table_schema in ('public', 'private')
  union all
  select 'constraint ' || c.conrelid::regclass::text || '.' || c.conname, pg_get_constraintdef(c.oid)
  from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname in ('public', 'private', 'storage')
    and c.conrelid <> 0
  union all
  select 'index ' || schemaname || '.' || indexname, indexdef from pg_indexes where schemaname in ('public', 'private')
  union all
  select 'trigger ' || t.tgrelid::regclass::text || '.' || t.tgname, pg_get_triggerdef(t.oid)
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where not t.tgisinternal and n.nspname in ('public', 'private', 'storage', 'auth')
  union all
  select 'policy ' || schemaname || '.' || tablename || '.' || policyname,
         permissive || ' ' || roles::text || ' ' || cmd || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '')
  from pg_policies where schemaname in ('public', 'private', 'storage')
  union all
  select 'view ' || schemaname || '.' || viewname, definition from pg_views where schemaname in ('public', 'private')
  union all
  select 'grant ' || table_schema || '.' || table_name || ' ' || grantee, string_agg(privilege_type, ',' order by privilege_type)
  from information_schema.role_table_grants
  where table_schema in ('public', 'private', 'storage') and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
  group by table_schema, table_name, grantee
  union all
  select 'rls ' || c.oid::regclass::text, c.relrowsecurity::text || c.relforcerowsecurity::text
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'private') and c.relkind = 'r'
  union all
  select 'bucket ' || id, public::text || ' ' || coalesce(file_size_limit::text, '') || ' ' || coalesce(allowed_mime_types::text, '') from storage.buckets
`;

async function catalog(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return new Map((await client.query<{ key: string; def: string }>(CATALOG)).rows.map((r) => [r.key, r.def]));
  } finally {
    await client.end();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'supperhost-drift-'));
// The CLI's project directory for an earlier commit's migrations.
const older = mkdtempSync(join(tmpdir(), 'supperhost-drift-project-'));
const port = await freePort();
const server = await startPostgres({ dataDir: dir, port, throwaway: true, persistent: false });
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
const urlOf = (db: string) => server.url.replace(/\/[^/]*$/, `/${db}`);
try {
  await admin.query('create database fresh');
  await migrate(urlOf('fresh'), { seed: false, local: false });
  const want = await catalog(urlOf('fresh'));
  const commits = git('log', '--format=%h', '--', 'supabase/migrations').split('\n').filter(Boolean).slice(1);
  const drifted = new Map<string, string[]>();
  for (const commit of commits) {
    const db = `up_${commit}`;
    await admin.query(`create database ${db}`);
    try {
      // Deployed at that commit, then pushed: `supabase db push` applies only the versions not recorded yet.
      checkoutMigrations(commit, older);
      await migrate(urlOf(db), { seed: false, workdir: older, local: false });
      await migrate(urlOf(db), { seed: false, local: false });
    } catch (error) {
      console.log(`${commit}: upgrade fails: ${(error as Error).message.split('\n')[0]}`);
      await admin.query(`drop database ${db}`);
      continue;
    }
    const got = await catalog(urlOf(db));
    const diff = [...new Set([...want.keys(), ...got.keys()])].filter((k) => want.get(k) !== got.get(k)).sort();
    console.log(`${commit}: ${diff.length} object(s) differ`);
    for (const k of diff) drifted.set(k, [...(drifted.get(k) ?? []), commit]);
    await admin.query(`drop database ${db}`);
  }
  console.log(drifted.size ? '\nDrifted objects (with the base commits showing it):' : '\nNo upgradable commit drifts.');
  for (const [k, cs] of [...drifted].sort()) console.log(`${k}\t${want.has(k) ? '' : '(not at HEAD) '}${cs.length} base(s), latest ${cs[0]}`);
  if (drifted.size) process.exitCode = 1;
} finally {
  await admin.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(older, { recursive: true, force: true });
}
