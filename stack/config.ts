import { signJwt } from './jwt.ts';

/**
 * Local-only secrets. These are the well-known values of the Supabase CLI's local
 * stack: they protect nothing and must never be used in production.
 */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const TEN_YEARS = 10 * 365 * 24 * 3600;
const issuedAt = 1_700_000_000;

export function makeApiKeys(secret = LOCAL_JWT_SECRET) {
  return {
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', iat: issuedAt, exp: issuedAt + 3 * TEN_YEARS }, secret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', iat: issuedAt, exp: issuedAt + 3 * TEN_YEARS }, secret),
  };
}

export const SUPER_ADMIN_EMAIL = 'admin@supperhost.test';
export const DEMO_PASSWORD = 'supperhost-demo';

export const DEFAULT_PORTS = {
  db: 54322,
  api: 54321,
  functions: 54329,
  mailbox: 54324,
  site: 5173,
};
