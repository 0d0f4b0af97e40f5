import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SUPER_ADMIN_EMAIL } from '../../stack/config.ts';
import { anonClient as client } from '../support/db.ts';
import { stackEnv } from '../support/stack-env.ts';
import { GOTRUE_USER_FIELDS } from '../support/gotrue.ts';

// supabase-js against the local GoTrue subset (/auth/v1).

const env = stackEnv();
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

describe('sign up', () => {
  it('creates a confirmed user and returns a session (autoconfirm, as the CLI default)', async () => {
    const email = uniqueEmail('Signup');
    const { data, error } = await client().auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { full_name: 'Ada' }, emailRedirectTo: 'http://localhost/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    const user = data.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toEqual({ full_name: 'Ada' });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });
    expect(Object.keys(user).sort()).toEqual(GOTRUE_USER_FIELDS);

    const claims = decode(data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${env.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { full_name: 'Ada' },
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect(claims.amr[0].method).toBe('password');
  });

  it('does not disclose an email that is already registered (a user without identities and no session)', async () => {
    // GoTrue answers so with email confirmations on; the local server does in every mode
    // (stack/gateway/README.md). The app tells a repeated sign-up by `identities: []`.
    const email = uniqueEmail('dup');
    expect((await client().auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
    const { data, error } = await client().auth.signUp({ email: email.toUpperCase(), password: 'secret-456' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.email).toBe(email.toLowerCase());
  });

  it('refuses a weak password and an invalid email', async () => {
    const weak = await client().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 8 characters.'); // [auth] minimum_password_length

    const invalid = await client().auth.signUp({ email: 'not-an-email', password: 'secret-123' });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.code).toBe('validation_failed');
  });
});

describe('sign in', () => {
  it('signs in a seeded user with the demo password', async () => {
    const sb = client();
    const { data, error } = await sb.auth.signInWithPassword({ email: 'owner@eatathome.test', password: DEMO_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('owner@eatathome.test');
    expect(data.session?.access_token).toBeTruthy();
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const wrong = await client().auth.signInWithPassword({ email: 'owner@eatathome.test', password: 'wrong-password' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'whatever-1' });
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });
});

describe('sessions', () => {
  it('getUser returns the signed-in user', async () => {
    const sb = client();
    await sb.auth.signInWithPassword({ email: 'owner@magnolia.test', password: DEMO_PASSWORD });
    const { data, error } = await sb.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe('owner@magnolia.test');
  });

  it('refresh rotates the refresh token; the old one is refused and its session family revoked', async () => {
    const email = uniqueEmail('refresh');
    const sb = client();
    const first = (await sb.auth.signUp({ email, password: 'secret-123' })).data.session!;
    const { data, error } = await sb.auth.refreshSession();
    expect(error).toBeNull();
    const second = data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decode(second.access_token).session_id).toBe(decode(first.access_token).session_id);

    const reuse = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.status).toBe(400);
    // Reusing a rotated token is treated as a leak: the newer token of that session is revoked too.
    const after = await client().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(after.error?.code).toBe('refresh_token_already_used');

    const unknown = await client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('sign out revokes the session: its refresh token and access token stop working', async () => {
    const sb = client();
    const session = (await sb.auth.signUp({ email: uniqueEmail('logout'), password: 'secret-123' })).data.session!;
    expect((await sb.auth.signOut()).error).toBeNull();
    const refresh = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    const res = await fetch(`${env.apiUrl}/auth/v1/user`, {
      headers: { apikey: env.anonKey, authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('sign out with scope "others" keeps the current session only', async () => {
    const email = uniqueEmail('others');
    const a = client();
    await a.auth.signUp({ email, password: 'secret-123' });
    const b = client();
    const bSession = (await b.auth.signInWithPassword({ email, password: 'secret-123' })).data.session!;
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await client().auth.refreshSession({ refresh_token: bSession.refresh_token })).error?.code).toBe('refresh_token_not_found');
  });

  it('updateUser changes metadata and password', async () => {
    const email = uniqueEmail('update');
    const sb = client();
    await sb.auth.signUp({ email, password: 'secret-123', options: { data: { a: 1, b: 2 } } });
    const { data, error } = await sb.auth.updateUser({ password: 'secret-456', data: { b: null, c: 3 } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 3 });
    expect((await client().auth.signInWithPassword({ email, password: 'secret-123' })).error?.message).toBe('Invalid login credentials');
    expect((await client().auth.signInWithPassword({ email, password: 'secret-456' })).error).toBeNull();
  });
});

describe('error shapes (GoTrue)', () => {
  it('answers the 2024-01-01 shape when asked, and the legacy shape otherwise', async () => {
    const modern = await fetch(`${env.apiUrl}/auth/v1/user`, { headers: { apikey: env.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect(modern.status).toBe(401);
    expect(modern.headers.get('x-sb-error-code')).toBe('no_authorization');
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await modern.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });

    const legacy = await fetch(`${env.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@eatathome.test', password: 'nope-nope' }),
    });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('GET /user with a bad or sub-less JWT is 403 bad_jwt', async () => {
    for (const token of ['not.a.jwt', env.anonKey]) {
      const res = await fetch(`${env.apiUrl}/auth/v1/user`, {
        headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('bad_jwt');
    }
  });

  it('GET /settings describes the local auth configuration', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/settings`, { headers: { apikey: env.anonKey } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.external.email).toBe(true);
    expect(body.mailer_autoconfirm).toBe(true);
    expect(body.disable_signup).toBe(false);
  });
});

describe('the access token drives row-level security (auth.uid())', () => {
  it('grant_super_admin_by_email succeeds only for the configured account itself', async () => {
    const admin = client();
    expect((await admin.auth.signInWithPassword({ email: SUPER_ADMIN_EMAIL, password: DEMO_PASSWORD })).error).toBeNull();
    const granted = await admin.rpc('grant_super_admin_by_email', { target_email: SUPER_ADMIN_EMAIL });
    expect(granted.error).toBeNull();
    expect(granted.data).toBe(true);

    const owner = client();
    await owner.auth.signInWithPassword({ email: 'owner@eatathome.test', password: DEMO_PASSWORD });
    const refused = await owner.rpc('grant_super_admin_by_email', { target_email: SUPER_ADMIN_EMAIL });
    expect(refused.data).toBe(false);
  });

  it('a stranger signing up with the configured address gets no session and no role', async () => {
    const stranger = client();
    const signUp = await stranger.auth.signUp({ email: SUPER_ADMIN_EMAIL, password: 'correct-horse-battery' });
    expect(signUp.data.session).toBeNull();
    expect((await stranger.rpc('grant_super_admin_by_email', { target_email: SUPER_ADMIN_EMAIL })).data).toBe(false);
    // The real owner still signs in and still is the super admin.
    const admin = client();
    expect((await admin.auth.signInWithPassword({ email: SUPER_ADMIN_EMAIL, password: DEMO_PASSWORD })).error).toBeNull();
    expect((await admin.from('user_roles').select('role')).data).toEqual([{ role: 'super_admin' }]);
  });

  it('a stranger changing their email to the configured address is refused and gets nothing', async () => {
    const stranger = client();
    expect((await stranger.auth.signUp({ email: uniqueEmail('stranger'), password: 'correct-horse-battery' })).error).toBeNull();
    const change = await stranger.auth.updateUser({ email: SUPER_ADMIN_EMAIL });
    expect(change.error).not.toBeNull();
    expect((await stranger.rpc('grant_super_admin_by_email', { target_email: SUPER_ADMIN_EMAIL })).data).toBe(false);
    expect((await stranger.from('user_roles').select('role')).data).toEqual([]);
    expect((await stranger.from('reservations').select('id')).data).toEqual([]);
  });

  it('a member sees only their own memberships', async () => {
    const owner = client();
    const { data: signIn } = await owner.auth.signInWithPassword({ email: 'owner@garden-table.test', password: DEMO_PASSWORD });
    const { data, error } = await owner.from('user_memberships').select('user_id');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(new Set(data!.map((r) => r.user_id))).toEqual(new Set([signIn.user!.id]));
  });
});
