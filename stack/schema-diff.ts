/**
 * The declarative schema (supabase/schemas/*.sql) against the deploy history (supabase/migrations).
 *
 *   npm run db:diff -- <name>     write the difference as supabase/migrations/<timestamp>_<name>.sql
 *   npm run db:diff -- --check    print the difference; exit 1 when there is one
 *
 * Two throwaway databases on one embedded PostgreSQL: one built from the migrations with the real
 * Supabase CLI (`supabase db push`, as a deploy), one from the schema files loaded in name order.
 * The migration is what @pgkit/migra (a maintained port of migra) writes to take the first to
 * the second, with privileges, its functions written as the schema files write them
 * (`inSchemaText`, with their grants and comments) and the function grants it misses added
 * (`functionPrivilegeStatements`). What else migra does not see (see docs/DATABASE.md), this
 * tool's own catalog comparison (`catalogDifferences`) reports, and --check fails on either;
 * those changes are written into the migration by hand.
 */
import { run as migra } from '@pgkit/migra';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from './ports.ts';
import { migrate, ROOT, startPostgres } from './postgres.ts';

export const SCHEMAS_DIR = join(ROOT, 'supabase', 'schemas');
const BOOTSTRAP_FILE = join(ROOT, 'stack', 'sql', 'bootstrap.sql');

/** The schemas the application declares (storage: its policies on storage.objects and its bucket). */
const APP_SCHEMAS = ['public', 'private', 'storage'];
/** What the platform (bootstrap.sql locally), the CLI's history and the local stack alone own. */
const NOT_APP_SCHEMAS = ['auth', 'extensions', 'supabase_migrations', 'test_processor'];

/** The schema files in the order they load. */
export function schemaFiles(dir = SCHEMAS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Loads the schema files, in name order, into an empty database prepared like the local stack's
 * (bootstrap.sql). Bodies are checked as they load, as a migration's are: an SQL function or a
 * view needs its tables in the same or an earlier file (a plpgsql body is only checked when run).
 */
export async function loadSchemaFiles(url: string, dir = SCHEMAS_DIR): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(readFileSync(BOOTSTRAP_FILE, 'utf8'));
    for (const file of schemaFiles(dir)) {
      try {
        await client.query(readFileSync(file, 'utf8'));
      } catch (error) {
        const e = error as Error & { position?: string };
        throw new Error(`${file}: ${e.message}${e.position ? ` (at character ${e.position})` : ''}`, { cause: error });
      }
    }
  } finally {
    await client.end();
  }
}

/** An ACL as sorted `grantee:PRIVILEGE` pairs (public for the pseudo-role), or `none` when unset. */
const acl = (column: string, none: string) => `coalesce((
    select string_agg(g, ',' order by g) from (
      select coalesce(nullif(x.grantee, 0)::regrole::text, 'public') || ':' || x.privilege_type as g from aclexplode(${column}) x) s), '${none}')`;

/**
 * What migra leaves out or compares loosely, as key → definition: functions with their source,
 * settings and grants; policies; triggers; table, column and function grants; default privileges;
 * comments; RLS flags; column order; buckets.
 */
const CATALOG = `
  with app as (select oid, nspname, nspacl from pg_namespace where nspname = any($1::text[]))
  select 'function ' || p.oid::regprocedure::text as key,
         pg_get_functiondef(p.oid) || ' acl ' || ${acl('p.proacl', 'default')} as def
  from pg_proc p join app n on n.oid = p.pronamespace
  where p.prokind in ('f', 'p') and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  union all
  select 'column ' || c.oid::regclass::text || '.' || a.attname,
         row_number() over (partition by c.oid order by a.attnum) || ' ' || format_type(a.atttypid, a.atttypmod)
         || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(ad.adbin, ad.adrelid), '') || ' ' || a.attgenerated::text
         || ' acl ' || ${acl('a.attacl', '')}
  from pg_attribute a join pg_class c on c.oid = a.attrelid join app n on n.oid = c.relnamespace
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm') and n.nspname <> 'storage'
  union all
  select 'constraint ' || c.conrelid::regclass::text || '.' || c.conname, pg_get_constraintdef(c.oid)
  from pg_constraint c join app n on n.oid = c.connamespace where c.conrelid <> 0
  union all
  select 'index ' || schemaname || '.' || indexname, indexdef from pg_indexes where schemaname = any($1::text[])
  union all
  select 'trigger ' || t.tgrelid::regclass::text || '.' || t.tgname, pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where not t.tgisinternal and (n.nspname = any($1::text[]) or n.nspname = 'auth')
  union all
  select 'policy ' || schemaname || '.' || tablename || '.' || policyname,
         permissive || ' ' || roles::text || ' ' || cmd || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '')
  from pg_policies where schemaname = any($1::text[])
  union all
  select 'view ' || schemaname || '.' || viewname, definition from pg_views where schemaname = any($1::text[])
  union all
  select 'relation ' || c.oid::regclass::text,
         c.relkind::text || ' rls ' || c.relrowsecurity || ' ' || c.relforcerowsecurity || ' ' || coalesce(array_to_string(c.reloptions, ','), '')
         || ' acl ' || ${acl('c.relacl', 'default')}
  from pg_class c join app n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname <> 'storage'
  union all
  select 'comment ' || pg_describe_object(d.classoid, d.objoid, d.objsubid), d.description
  from pg_description d
  where d.classoid in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_type'::regclass, 'pg_namespace'::regclass, 'pg_trigger'::regclass, 'pg_policy'::regclass, 'pg_constraint'::regclass)
    and pg_describe_object(d.classoid, d.objoid, d.objsubid) ~ ('(^| )(' || array_to_string($1::text[], '|') || ')\\.')
  union all
  select 'schema ' || n.nspname, ${acl('n.nspacl', 'default')}
  from app n
  union all
  select 'default privileges of ' || d.defaclrole::regrole::text || ' in ' || coalesce(n.nspname, 'every schema') || ' on ' || d.defaclobjtype::text,
         ${acl('d.defaclacl', 'none')}
  from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
  union all
  select 'extension ' || e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
  union all
  select 'bucket ' || id, public::text || ' ' || coalesce(file_size_limit::text, '') || ' ' || coalesce(allowed_mime_types::text, '')
  from storage.buckets
`;

/** The catalog of the application's schemas at `url`, as key → definition. */
export async function catalog(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Every name schema-qualified (pg_describe_object leaves out what the search path finds).
    await client.query("set search_path to ''");
    const { rows } = await client.query<{ key: string; def: string }>(CATALOG, [APP_SCHEMAS]);
    return new Map(rows.map((r) => [r.key, r.def]));
  } finally {
    await client.end();
  }
}

async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Each object whose definition differs between two catalogs (`catalog`), with both definitions. */
export function catalogDifferences(from: Map<string, string>, to: Map<string, string>): string[] {
  return [...new Set([...from.keys(), ...to.keys()])]
    .filter((key) => from.get(key) !== to.get(key))
    .sort()
    .map((key) => `${key}\n  migrations: ${from.get(key) ?? '(none)'}\n  schema:     ${to.get(key) ?? '(none)'}`);
}

/** The SQL migra writes to take the database at `fromUrl` to the one at `toUrl` (empty: none). */
export async function migraDiff(fromUrl: string, toUrl: string): Promise<string> {
  const migration = await migra(fromUrl, toUrl, { unsafe: true, withPrivileges: true, excludeSchema: NOT_APP_SCHEMAS });
  return migration.sql.trim();
}

/** The schema files' text, in the order they load. */
function schemaText(dir = SCHEMAS_DIR): string {
  return schemaFiles(dir)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/**
 * A function's definition as the schema files write it: the comment lines right above it, its
 * `create or replace function … $$;`, then every grant, revoke and comment on it (they may sit
 * anywhere in the files). Null when the files do not define `schema.name` (or define it twice).
 */
function functionInSchemaText(text: string, schema: string, name: string): string | null {
  const starts = [...text.matchAll(new RegExp(`^create or replace function ${schema}\\.${name}\\(`, 'gm'))];
  if (starts.length !== 1) return null;
  const start = starts[0].index;
  const quote = /\bas (\$\w*\$)/.exec(text.slice(start));
  if (!quote) return null;
  const bodyStart = start + quote.index + quote[0].length;
  const close = text.indexOf(`${quote[1]};`, bodyStart);
  if (close < 0) return null;
  let from = start;
  for (;;) {
    const previous = text.lastIndexOf('\n', from - 2);
    const line = text.slice(previous + 1, from - 1);
    if (from === 0 || !line.startsWith('--')) break;
    from = previous + 1;
  }
  const mentions = new RegExp(`\\b${schema}\\.${name}\\(`);
  const statements = [...text.matchAll(/^(?:(?:grant|revoke) execute on function\b[\s\S]*?;|comment on function\b[\s\S]*?';)$/gm)]
    .map((m) => m[0])
    .filter((statement) => mentions.test(statement));
  return [text.slice(from, close + quote[1].length + 1), ...statements].join('\n\n');
}

/**
 * migra's SQL with each function it creates or replaces written as the schema files write it
 * (functionInSchemaText), not in PostgreSQL's uppercase printout: the migration then reads like
 * the schema, with its comments, and carries the function's grants and comment, which migra
 * leaves out. A function it drops is named as the schema files name it (`public.name`, not
 * `"public"."name"`). Anything else stays as migra wrote it.
 */
export function inSchemaText(sql: string, text = schemaText()): string {
  return sql
    .replace(
      /^CREATE OR REPLACE FUNCTION ("?)(\w+)\1\.("?)(\w+)\3\([\s\S]*?\$function\$\n;$/gm,
      (printout, _q1: string, schema: string, _q2: string, name: string) => functionInSchemaText(text, schema, name) ?? printout,
    )
    .replace(/^drop function if exists "([a-z_][a-z0-9_]*)"\."([a-z_][a-z0-9_]*)"\(/gm, 'drop function if exists $1.$2(');
}

/**
 * The grants and revokes that give each function of catalog `to` the privileges it has there,
 * where only those differ from catalog `from` (a function the schema leaves private, one
 * granted to a new role). Functions whose privileges are still PostgreSQL's defaults on either side are left out.
 */
export function functionPrivilegeStatements(from: Map<string, string>, to: Map<string, string>): string {
  const split = (def: string) => {
    const at = def.lastIndexOf(' acl ');
    return { body: def.slice(0, at), acl: def.slice(at + 5) };
  };
  const grantees = (acl: string) => new Set(acl.split(',').flatMap((entry) => (entry.endsWith(':EXECUTE') ? [entry.slice(0, -8)] : [])));
  const statements: string[] = [];
  for (const [key, toDef] of to) {
    const fromDef = from.get(key);
    if (!key.startsWith('function ') || !fromDef || fromDef === toDef) continue;
    const [a, b] = [split(fromDef), split(toDef)];
    if (a.body !== b.body || a.acl === 'default' || b.acl === 'default') continue;
    const [had, has] = [grantees(a.acl), grantees(b.acl)];
    const signature = key.slice('function '.length);
    const revoked = [...had].filter((role) => !has.has(role));
    const granted = [...has].filter((role) => !had.has(role));
    if (revoked.length) statements.push(`revoke execute on function ${signature} from ${revoked.join(', ')};`);
    if (granted.length) statements.push(`grant execute on function ${signature} to ${granted.join(', ')};`);
  }
  return statements.join('\n');
}

export interface SchemaComparison {
  /** migra's SQL from the migrations' database to the schema files' one. */
  migra: string;
  /** The migration to write: migra's SQL with its functions as the schema files write them (inSchemaText). */
  migration: string;
  /** Every object whose definition differs, by the catalog query. */
  catalog: string[];
  /**
   * What still differs once migra's SQL has run on the migrations' database: what a migration
   * must say by hand. Only computed on a database of the comparison's own (not `migrationsUrl`).
   */
  remaining?: string[];
}

/**
 * Builds both databases on a throwaway PostgreSQL (or on `serverUrl`'s server, in databases of
 * its own, dropped afterwards) and compares them. `migrationsUrl`: a database already built from
 * the migrations (with `migrate(url, { seed: false, local: false })`), used instead of a new one.
 */
export async function compareSchemaWithMigrations(
  opts: { serverUrl?: string; schemasDir?: string; migrationsUrl?: string } = {},
): Promise<SchemaComparison> {
  let tempDir: string | undefined;
  let server: { url: string; stop(): Promise<void> } | undefined;
  if (!opts.serverUrl) {
    tempDir = mkdtempSync(join(tmpdir(), 'supperhost-schema-'));
    // Run as root, PostgreSQL runs as its own user: it must be able to enter the temp dir.
    chmodSync(tempDir, 0o755);
    server = await startPostgres({ dataDir: join(tempDir, 'db'), port: await freePort(), persistent: false, throwaway: true });
  }
  const serverUrl = opts.serverUrl ?? server!.url;
  const suffix = `${process.pid}_${Date.now()}`;
  const created = [`from_schema_${suffix}`, ...(opts.migrationsUrl ? [] : [`from_migrations_${suffix}`])];
  const urlOf = (db: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${db}`;
    return url.toString();
  };
  const schemaUrl = urlOf(created[0]);
  const migrationsUrl = opts.migrationsUrl ?? urlOf(created[1]);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const db of created) await admin.query(`create database ${db}`);
    if (!opts.migrationsUrl) await migrate(migrationsUrl, { seed: false, local: false });
    await loadSchemaFiles(schemaUrl, opts.schemasDir);
    const sql = await migraDiff(migrationsUrl, schemaUrl);
    let migration = inSchemaText(sql, schemaText(opts.schemasDir));
    // The schema files' catalog does not change from here on: read once.
    const [deployed, declared] = await Promise.all([catalog(migrationsUrl), catalog(schemaUrl)]);
    const differences = catalogDifferences(deployed, declared);
    let remaining: string[] | undefined;
    if (!opts.migrationsUrl) {
      if (migration) {
        try {
          await runSql(migrationsUrl, migration);
        } catch (error) {
          // The differ's order is not always one PostgreSQL accepts (e.g. a column used by a
          // generated column added later): keep its SQL to fix by hand, and say why.
          throw Object.assign(new Error(`The differ's SQL does not apply as written: ${(error as Error).message}`), { sql: migration });
        }
      }
      const privileges = functionPrivilegeStatements(migration ? await catalog(migrationsUrl) : deployed, declared);
      if (privileges) {
        await runSql(migrationsUrl, privileges);
        migration = [migration, privileges].filter(Boolean).join('\n\n');
      }
      remaining = migration ? catalogDifferences(await catalog(migrationsUrl), declared) : differences;
    }
    return { migra: sql, migration, catalog: differences, remaining };
  } finally {
    for (const db of created) await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
    await server?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

/** UTC now as a migration version (YYYYMMDDHHMMSS), later than every existing one. */
function nextVersion(): string {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const latest = readdirSync(join(ROOT, 'supabase', 'migrations'))
    .map((f) => f.match(/^(\d{14})_/)?.[1])
    .filter((v): v is string => !!v)
    .sort()
    .at(-1);
  return latest && latest >= now ? String(BigInt(latest) + 1n) : now;
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const name = args.find((a) => !a.startsWith('--'));
  if (!check && !(name && /^[a-z0-9_]+$/.test(name))) {
    console.error('Usage: npm run db:diff -- <name>   (lowercase letters, digits and _)\n       npm run db:diff -- --check');
    process.exit(2);
  }
  const started = Date.now();
  const { migra, migration: sql, catalog, remaining } = await compareSchemaWithMigrations();
  const others = remaining ?? catalog;
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (others.length) {
    console.log(`-- Not in migra's diff (write these by hand${sql ? ', after the statements below' : ''}):`);
    for (const line of others) console.log(`--   ${line.replace(/\n/g, '\n--   ')}`);
  }
  if (check) {
    if (sql) console.log(sql);
    if (migra || catalog.length) {
      console.error(`supabase/schemas and supabase/migrations differ (${took}). Run \`npm run db:diff -- <name>\` and review the migration.`);
      process.exit(1);
    }
    console.log(`supabase/schemas and supabase/migrations declare the same schema (${took}).`);
    return;
  }
  if (!sql && !others.length) {
    console.log(`No difference: supabase/schemas and supabase/migrations declare the same schema (${took}). Nothing written.`);
    return;
  }
  const file = join(ROOT, 'supabase', 'migrations', `${nextVersion()}_${name}.sql`);
  const header = `-- Generated by \`npm run db:diff -- ${name}\` from supabase/schemas; reviewed before commit.\n\n`;
  const manual = others.length
    ? `-- TODO by hand (the diff tool does not carry these):\n${others.map((o) => `--   ${o.replace(/\n/g, '\n--   ')}`).join('\n')}\n`
    : '';
  writeFileSync(file, header + [sql, manual].filter(Boolean).join('\n\n') + (manual ? '' : '\n'));
  console.log(`Wrote ${file} (${took}). Review it, then \`npm run db:lock\`.`);
  if (others.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    if (error?.sql) {
      const file = join(ROOT, 'supabase', 'migrations', `${nextVersion()}_${process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'draft'}.sql`);
      writeFileSync(file, `-- DRAFT from \`npm run db:diff\`: it failed to apply (${error.message}). Reorder it by hand.\n\n${error.sql}\n`);
      console.error(`${error.message}\nWrote the draft to ${file}: fix its order, then \`npm run db:diff -- --check\`.`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  });
}
