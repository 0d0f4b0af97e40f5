import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env';

describe('app environment', () => {
  const good = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321/', VITE_SUPABASE_ANON_KEY: 'x'.repeat(40) };

  it('accepts the two required values and defaults Square to sandbox', () => {
    expect(parseEnv(good)).toEqual({
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: 'x'.repeat(40),
      SQUARE_APPLICATION_ID: undefined,
      SQUARE_LOCATION_ID: undefined,
      SQUARE_ENVIRONMENT: 'sandbox',
    });
  });

  it('lists every missing or wrong variable in one readable error', () => {
    expect(() => parseEnv({ VITE_SQUARE_ENVIRONMENT: 'live' })).toThrowError(
      /VITE_SUPABASE_URL[\s\S]*VITE_SUPABASE_ANON_KEY[\s\S]*VITE_SQUARE_ENVIRONMENT/,
    );
    expect(() => parseEnv({ ...good, VITE_SUPABASE_URL: 'ftp://x' })).toThrowError(/VITE_SUPABASE_URL/);
  });
});
