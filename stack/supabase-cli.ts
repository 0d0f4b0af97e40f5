// The Supabase CLI from npm (devDependency `supabase`, pinned): the same `supabase db push` a deploy
// runs, so the local and test databases get the CLI's statement splitting, its transaction per
// migration and its history (supabase_migrations.schema_migrations, seed_files). With --db-url it
// talks to PostgreSQL directly; no Docker is involved.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The package's launcher (its `bin`), which starts the binary of the platform package @supabase/cli-<os>-<arch>. */
function launcher(): string {
  const manifest = createRequire(import.meta.url).resolve('supabase/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.supabase);
}

/**
 * Runs `supabase <args> --workdir <workdir> --yes --agent no` (plain text output, also under a
 * coding agent, whose environment would turn it into JSON) and answers its output; throws with
 * the CLI's own message when it fails. The developer's SUPABASE_* variables (an access token, a
 * project ref, a database password) are not passed on: they must not steer a push to a local
 * database.
 */
export async function supabaseCli(
  args: string[],
  workdir: string,
  settings: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SUPABASE_')));
  try {
    return await run(process.execPath, [launcher(), ...args, '--workdir', workdir, '--yes', '--agent', 'no'], {
      cwd: workdir,
      env: { ...env, ...settings, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
      timeout: 300_000,
      maxBuffer: 16 << 20,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    const lines = `${stderr ?? ''}\n${stdout ?? ''}`.split('\n').map((line) => line.trimEnd());
    // The file it was at, then its error without the progress lines and prompts around it.
    const at = [...lines]
      .reverse()
      .find((line) => /^(Applying migration|Seeding data from) /.test(line))
      ?.replace(/^\S+ \S+ (from )?|\.\.\.$/g, '');
    const said = lines.filter(
      (line) => line && !/^(Connecting to |Applying migration |Seeding data from |Do you want to |Try rerunning |Finished )|^ • |\[Y\/n\]/.test(line),
    );
    throw new Error(`supabase ${args.slice(0, 2).join(' ')} failed${at ? ` at ${at}` : ''}: ${said.join('\n') || (error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * `supabase db push --db-url <url> --include-all` from `workdir` (its supabase/migrations), with
 * `--include-seed` (config.toml's [db.seed] files, each run once: the CLI records it) when `seed`.
 */
export async function dbPush(url: string, opts: { workdir: string; seed: boolean }): Promise<void> {
  const dbUrl = new URL(url);
  // The CLI insists on TLS unless the URL says otherwise, and the local server has none.
  dbUrl.searchParams.set('sslmode', 'disable');
  // config.toml turns seeding off so that no command can seed a linked project; the CLI reads
  // SUPABASE_DB_SEED_ENABLED over it (flags > environment > config.toml) for this local push only.
  await supabaseCli(
    ['db', 'push', '--db-url', dbUrl.toString(), '--include-all', ...(opts.seed ? ['--include-seed'] : [])],
    opts.workdir,
    opts.seed ? { SUPABASE_DB_SEED_ENABLED: 'true' } : {},
  );
}
