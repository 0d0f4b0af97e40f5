// `npm run db:advisors`: what hosted Supabase's Security and Performance Advisors would say of
// the schema. The advisors are splinter's lints (github.com/supabase/splinter); the Postgres
// Language Server (npm @postgres-language-server/cli, pinned) runs them against a database with
// `dblint`. This builds a throwaway PostgreSQL from supabase/migrations (as `supabase db push`
// builds a hosted project: no seed, no local test processor), runs the advisors on it, prints
// every warning and exits 1 when there is one. tests/db/advisors.test.ts holds the same line.
//
// Deliberate exceptions live in postgres-language-server.jsonc at the repository root, each with
// its reason. Information-level findings (an index not used yet, a foreign key without its own
// index, a service-role-only table with no policy) are not warnings and are not printed.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT, withMigratedThrowaway } from './postgres.ts';

export interface AdvisorFinding {
  /** The lint, e.g. `splinter/performance/multiplePermissivePolicies`. */
  category: string;
  severity: string;
  message: string;
}

// The CLI's launcher (it runs the binary of this platform's package, an optional dependency).
const BIN = join(dirname(createRequire(import.meta.url).resolve('@postgres-language-server/cli/package.json')), 'bin', 'postgres-language-server');

/**
 * The advisors' warnings and errors for the database at `url` (information-level findings left
 * out). The lints about what the API exposes look at the schemas named in `pgrst.db_schemas`, as
 * on a hosted project, whose PostgREST serves `public` and `graphql_public`: this names them on
 * the database first.
 */
export async function advisorWarnings(url: string): Promise<AdvisorFinding[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ db: string }>('select current_database() as db');
    await client.query(`alter database ${pg.escapeIdentifier(rows[0].db)} set pgrst.db_schemas = 'public, graphql_public'`);
  } finally {
    await client.end();
  }
  // dblint exits 1 when a finding is an error; its report is on stdout either way.
  const stdout = await promisify(execFile)(
    BIN,
    ['dblint', '--connection-string', url, '--reporter=json', '--max-diagnostics=none', '--diagnostic-level=warn', '--colors=off'],
    { cwd: ROOT, maxBuffer: 16 << 20, env: { ...process.env, PGT_LOG_LEVEL: 'none' } },
  ).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => {
      if (!failed.stdout) throw failed;
      return failed.stdout;
    },
  );
  const report = JSON.parse(stdout) as { diagnostics: AdvisorFinding[] };
  // A backslash escapes each backtick in splinter's Markdown messages.
  return report.diagnostics.map(({ category, severity, message }) => ({ category, severity, message: message.replaceAll('\\`', '`') }));
}

async function main() {
  const findings = await withMigratedThrowaway(advisorWarnings);
  for (const f of findings) console.log(`${f.severity.padEnd(7)} ${f.category}: ${f.message}`);
  console.log(findings.length === 0 ? 'Supabase advisors: no warnings.' : `Supabase advisors: ${findings.length} warning(s).`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
