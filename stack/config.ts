import { signJwt } from './jwt.ts';

/**
 * Local-only secrets. These are the well-known values of the Supabase CLI's local
 * stack (pkg/config/apikeys.go): they protect nothing and must never be used in production.
 */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The publishable key: stands for the anon role (browsers, public pages). */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
/** The secret key: stands for the service role (servers, the functions, scheduled jobs). */
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

const TEN_YEARS = 10 * 365 * 24 * 3600;
const issuedAt = 1_700_000_000;

/** The legacy anon and service_role keys: HS256 JWTs of the JWT secret, as the CLI makes them. */
export async function makeApiKeys(secret = LOCAL_JWT_SECRET) {
  return {
    anonKey: await signJwt({ iss: 'supabase-demo', role: 'anon', iat: issuedAt, exp: issuedAt + 3 * TEN_YEARS }, secret),
    serviceRoleKey: await signJwt({ iss: 'supabase-demo', role: 'service_role', iat: issuedAt, exp: issuedAt + 3 * TEN_YEARS }, secret),
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
