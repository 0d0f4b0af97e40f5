/**
 * `npm start`     the whole local stack plus the Vite dev server
 * `npm run stack` the stack without Vite (for `vite build` previews or other front ends)
 * `npm run db:reset` deletes the local database; the next start migrates and seeds anew
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORTS, DEMO_PASSWORD, SUPER_ADMIN_EMAIL } from './config.ts';
import { isPortFree } from './ports.ts';
import { ROOT } from './postgres.ts';
import { PortInUseError, startStack, type RunningStack } from './stack.ts';

const DATA_DIR = process.env.SUPPERHOST_DATA_DIR ?? join(ROOT, '.supperhost', 'data');
const command = process.argv[2] ?? 'start';

function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    console.error(`${name} must be a port number, got "${value}"`);
    process.exit(1);
  }
  return n;
}

const ports = {
  db: port('SUPPERHOST_DB_PORT', DEFAULT_PORTS.db),
  api: port('SUPPERHOST_API_PORT', DEFAULT_PORTS.api),
  functions: port('SUPPERHOST_FUNCTIONS_PORT', DEFAULT_PORTS.functions),
  mailbox: port('SUPPERHOST_MAILBOX_PORT', DEFAULT_PORTS.mailbox),
};
const sitePort = port('SITE_PORT', DEFAULT_PORTS.site);
const siteUrl = `http://127.0.0.1:${sitePort}`;

async function main() {
  if (command === 'reset') {
    rmSync(DATA_DIR, { recursive: true, force: true });
    console.log('Local database deleted. The next `npm start` applies the migrations and the seed anew.');
    return;
  }
  if (command !== 'start' && command !== 'stack') {
    console.error(`Unknown command "${command}". Use start, stack or reset.`);
    process.exit(1);
  }
  const withSite = command === 'start';
  if (withSite && !(await isPortFree(sitePort))) {
    throw new PortInUseError(`Port ${sitePort} (site) is already in use. Stop whatever is using it or set SITE_PORT.`);
  }

  let stack: RunningStack | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await closeVite?.().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    console.log('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // A closed terminal: stop PostgreSQL too rather than leave it running (it ignores SIGHUP).
  process.on('SIGHUP', () => void shutdown(0));

  stack = await startStack({ dataDir: DATA_DIR, ports, siteUrl, seed: true, watchFunctions: true, log: (l) => console.log(`  ${l}`) });

  if (withSite) {
    try {
      process.env.VITE_SUPABASE_URL = stack.apiUrl;
      process.env.VITE_SUPABASE_PUBLISHABLE_KEY = stack.publishableKey;
      const { createServer } = await import('vite');
      const vite = await createServer({ root: ROOT, server: { host: '127.0.0.1', port: sitePort, strictPort: true }, logLevel: 'warn' });
      await vite.listen();
      closeVite = () => vite.close();
    } catch (error) {
      await stack.stop();
      throw error;
    }
  }

  console.log(`
SupperHost local stack is running.

         API URL: ${stack.apiUrl}
          DB URL: ${stack.dbUrl}
     Mailbox URL: ${stack.mailboxUrl}
        Site URL: ${withSite ? siteUrl : '(not started: `npm run stack` serves no site; use `npm start`)'}
   Functions URL: ${stack.apiUrl}/functions/v1
        JWKS URL: ${stack.apiUrl}/auth/v1/.well-known/jwks.json
 Publishable key: ${stack.publishableKey}
      Secret key: ${stack.secretKey}
        anon key: ${stack.anonKey}
service_role key: ${stack.serviceRoleKey}
      JWT secret: ${stack.jwtSecret}

Demo sign-in accounts (local only), password "${DEMO_PASSWORD}":
  ${SUPER_ADMIN_EMAIL}  (super admin)
  owner@eatathome.test, owner@magnolia.test, owner@garden-table.test

Press Ctrl-C to stop.`);
}

main().catch((error) => {
  console.error(error instanceof PortInUseError ? `\n${error.message}\n` : error);
  process.exit(1);
});
