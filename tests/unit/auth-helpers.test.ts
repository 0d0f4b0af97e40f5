import { describe, expect, it } from 'vitest';
import { accessTokenClaims, AuthError, authErrorBody, isValidEmail, parseApiVersion, userJson } from '../../stack/gateway/auth.ts';
import { GOTRUE_USER_FIELDS } from '../support/gotrue.ts';

describe('API version header', () => {
  it('parses YYYY-MM-DD and rejects anything else', () => {
    expect(parseApiVersion('2024-01-01')).toBe(Date.UTC(2024, 0, 1));
    expect(parseApiVersion(undefined)).toBeNull();
    expect(parseApiVersion('2024-1-1')).toBeNull();
    expect(parseApiVersion('yesterday')).toBeNull();
  });

  it('chooses the error shape from the version', () => {
    const error = new AuthError(422, 'user_already_exists', 'User already registered');
    expect(authErrorBody(error, parseApiVersion('2024-01-01'))).toEqual({ code: 'user_already_exists', message: 'User already registered' });
    expect(authErrorBody(error, parseApiVersion('2023-12-31'))).toEqual({
      code: 422,
      error_code: 'user_already_exists',
      msg: 'User already registered',
    });
    expect(authErrorBody(error, null)).toEqual({ code: 422, error_code: 'user_already_exists', msg: 'User already registered' });
    const weak = new AuthError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
    expect(authErrorBody(weak, Date.UTC(2024, 0, 1))).toMatchObject({ weak_password: { reasons: ['length'] } });
  });
});

describe('email format', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org', "o'neil@example.ie"]) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['', 'plain', 'a@b', '@b.co', 'a@-b.co', 'a b@c.co', 'a@b..co']) expect(isValidEmail(bad), bad).toBe(false);
  });
});

const user = {
  id: '11111111-1111-4111-8111-111111111111',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'a@b.co',
  phone: null,
  email_confirmed_at: new Date('2026-01-01T00:00:00Z'),
  confirmed_at: new Date('2026-01-01T00:00:00Z'),
  last_sign_in_at: null,
  raw_app_meta_data: { provider: 'email', providers: ['email'] },
  raw_user_meta_data: { name: 'A' },
  created_at: new Date('2026-01-01T00:00:00Z'),
  updated_at: new Date('2026-01-02T00:00:00Z'),
  is_anonymous: false,
};

describe('tokens and user JSON', () => {
  it("access-token claims are GoTrue's", () => {
    const claims = accessTokenClaims(user, 'sess', 'http://x/auth/v1', 1000, 2000);
    expect(claims).toEqual({
      iss: 'http://x/auth/v1',
      sub: user.id,
      aud: 'authenticated',
      exp: 5600,
      iat: 2000,
      email: 'a@b.co',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'A' },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 1000 }],
      session_id: 'sess',
      is_anonymous: false,
    });
  });

  it('user JSON has exactly the documented fields', () => {
    const json = userJson(user, []);
    expect(Object.keys(json).sort()).toEqual(GOTRUE_USER_FIELDS);
    expect(json.phone).toBe('');
    expect(json.email_confirmed_at).toBe('2026-01-01T00:00:00.000Z');
  });
});
