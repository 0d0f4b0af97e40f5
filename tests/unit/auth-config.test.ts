import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../supabase/functions/_shared/product.ts';
import { signUpSchema } from '../../src/features/auth/schemas.ts';

describe('staff password rules', () => {
  it('the sign-up form asks for the minimum_password_length that supabase/config.toml gives GoTrue', () => {
    const toml = readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
    const configured = Number(toml.match(/^\s*minimum_password_length\s*=\s*(\d+)/m)?.[1]);
    expect(configured).toBe(MIN_PASSWORD_LENGTH);
    const short = signUpSchema.safeParse({ email: 'a@example.com', password: 'x'.repeat(configured - 1) });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0].message).toBe(`Password must be at least ${configured} characters`);
    expect(signUpSchema.safeParse({ email: 'a@example.com', password: 'x'.repeat(configured) }).success).toBe(true);
    // bcrypt's 72 bytes, counted in bytes: 37 two-byte letters are too many.
    expect(signUpSchema.safeParse({ email: 'a@example.com', password: 'é'.repeat(37) }).success).toBe(false);
  });
});
