import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env';

describe('app environment', () => {
  const good = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321/', VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_' + 'x'.repeat(32) };

  it('accepts the two required values and defaults Square to sandbox', () => {
    expect(parseEnv(good)).toEqual({
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_' + 'x'.repeat(32),
      SQUARE_APPLICATION_ID: undefined,
      SQUARE_LOCATION_ID: undefined,
      SQUARE_ENVIRONMENT: 'sandbox',
    });
  });

  it('takes the legacy anon key when no publishable key is set, and the publishable key over it', () => {
    const legacy = { VITE_SUPABASE_URL: good.VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY: 'eyJ' + 'x'.repeat(40) };
    expect(parseEnv(legacy).SUPABASE_PUBLISHABLE_KEY).toBe('eyJ' + 'x'.repeat(40));
    expect(parseEnv({ ...legacy, ...good }).SUPABASE_PUBLISHABLE_KEY).toBe(good.VITE_SUPABASE_PUBLISHABLE_KEY);
  });

  it('refuses a secret key: it must never reach a browser', () => {
    expect(() => parseEnv({ ...good, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_' + 'x'.repeat(32) })).toThrowError(/secret key/);
  });

  it('lists every missing or wrong variable in one readable error', () => {
    expect(() => parseEnv({ VITE_SQUARE_ENVIRONMENT: 'live' })).toThrowError(
      /VITE_SUPABASE_URL[\s\S]*VITE_SUPABASE_PUBLISHABLE_KEY[\s\S]*VITE_SQUARE_ENVIRONMENT/,
    );
    expect(() => parseEnv({ ...good, VITE_SUPABASE_URL: 'ftp://x' })).toThrowError(/VITE_SUPABASE_URL/);
  });
});
