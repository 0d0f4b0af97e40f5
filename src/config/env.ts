/**
 * The VITE_* variables, checked once at start-up; a missing or wrong one fails with a
 * readable list. Plain checks rather than zod: this module is on every page's critical
 * path and zod would add ~24 KB gzip before first render.
 */
export interface AppEnv {
  SUPABASE_URL: string;
  /** The publishable key (sb_publishable_…), or the legacy anon key. */
  SUPABASE_PUBLISHABLE_KEY: string;
  SQUARE_APPLICATION_ID?: string;
  SQUARE_LOCATION_ID?: string;
  SQUARE_ENVIRONMENT: 'sandbox' | 'production';
}

function optional(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const problems: string[] = [];
  const url = optional(raw.VITE_SUPABASE_URL);
  if (!url || !/^https?:\/\/[^\s/]+/.test(url)) {
    problems.push('- VITE_SUPABASE_URL: must be the API URL, e.g. http://127.0.0.1:54321');
  }
  // The legacy anon key still works (VITE_SUPABASE_ANON_KEY) until the project drops it.
  const publishableKey = optional(raw.VITE_SUPABASE_PUBLISHABLE_KEY) ?? optional(raw.VITE_SUPABASE_ANON_KEY);
  if (!publishableKey || publishableKey.length < 20) {
    problems.push('- VITE_SUPABASE_PUBLISHABLE_KEY: must be the publishable key (sb_publishable_…; the legacy VITE_SUPABASE_ANON_KEY also works)');
  } else if (publishableKey.startsWith('sb_secret_')) {
    problems.push('- VITE_SUPABASE_PUBLISHABLE_KEY: is a secret key, which must never reach a browser; use the publishable key');
  }
  const environment = optional(raw.VITE_SQUARE_ENVIRONMENT) ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production') {
    problems.push('- VITE_SQUARE_ENVIRONMENT: must be "sandbox" or "production"');
  }
  if (problems.length) {
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}\nSee .env.example and README.md.`);
  }
  return {
    SUPABASE_URL: url!.replace(/\/+$/, ''),
    SUPABASE_PUBLISHABLE_KEY: publishableKey!,
    SQUARE_APPLICATION_ID: optional(raw.VITE_SQUARE_APPLICATION_ID),
    SQUARE_LOCATION_ID: optional(raw.VITE_SQUARE_LOCATION_ID),
    SQUARE_ENVIRONMENT: environment as AppEnv['SQUARE_ENVIRONMENT'],
  };
}

export const env = parseEnv(import.meta.env);
