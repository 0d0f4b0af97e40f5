import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDurationSeconds, readGatewayConfig } from '../../stack/gateway/server.ts';
import { mailboxAuthMailer } from '../../stack/mailbox.ts';
import { apiClient, db } from '../support/db.ts';
import { createStaff, PASSWORD, uniqueEmail } from '../support/fixtures.ts';
import { startGatewayFor } from '../support/functions.ts';
import { mailFor, mailboxMessages } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

// Password recovery on the local GoTrue, as GoTrue's recover.go and verify.go do it: POST
// /recover answers 200 {} for any address and mails only a registered one; the emailed link
// (GET /verify?type=recovery) works once, for otp_expiry, and signs in with type=recovery in
// the fragment; PUT /user then sets the new password and ends the other sessions. Through
// supabase-js, on the test stack's gateway and mailbox.

const env = stackEnv();
const client = (url = env.apiUrl): SupabaseClient => apiClient(env.anonKey, url);
const RESET_PAGE = () => `${env.siteUrl}/auth/reset-password`;
const NEW_PASSWORD = 'a-brand-new-password';

const recoveryMail = async (email: string) => (await mailboxMessages(email)).filter((m) => m.subject === 'Reset your password');

/** The link of the newest recovery email to an address, once `count` of them have arrived. */
async function recoveryLink(email: string, count = 1): Promise<URL> {
  const messages = (await mailFor(email, count)).filter((m) => m.subject === 'Reset your password');
  expect(messages.length).toBe(count);
  const link = messages[0].body_text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  expect(link, messages[0].body_text).toBeTruthy();
  return new URL(link!);
}

const follow = async (link: URL | string) => new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
const fragmentOf = (location: URL) => new URLSearchParams(location.hash.slice(1));

async function postVerify(body: Record<string, unknown>) {
  const res = await fetch(`${env.apiUrl}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: env.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/**
 * The 6-digit code whose GoTrue token hash, sha224(email + code), is `tokenHash`; '' when none.
 * Searched in slices that yield to the event loop, so that the test worker stays responsive.
 */
async function codeOf(email: string, tokenHash: string): Promise<string> {
  for (let from = 0; from < 1_000_000; from += 20_000) {
    for (let n = from; n < from + 20_000; n++) {
      const candidate = String(n).padStart(6, '0');
      if (
        createHash('sha224')
          .update(email + candidate)
          .digest('hex') === tokenHash
      )
        return candidate;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return '';
}

/** Backdates the last recovery email, as if it had been sent `seconds` ago. */
const sentSecondsAgo = (email: string, seconds: number) =>
  db().query(`update auth.users set recovery_sent_at = now() - make_interval(secs => $2) where lower(email) = $1`, [email, seconds]);

describe('supabase/config.toml', () => {
  it('gives the link lifetime (otp_expiry) and the least time between two emails (max_frequency)', () => {
    expect(readGatewayConfig().auth).toMatchObject({ otpExpirySeconds: 3600, maxFrequencySeconds: 60 });
    expect(parseDurationSeconds('1m0s')).toBe(60);
    expect(parseDurationSeconds('1h30m')).toBe(5400);
    expect(parseDurationSeconds('500ms')).toBe(0.5);
    expect(parseDurationSeconds('soon')).toBeNull();
  });
});

describe('POST /recover', () => {
  it('answers an unknown address exactly as a registered one, and mails only the registered one', async () => {
    const staff = await createStaff('recover-known');
    const unknown = uniqueEmail('recover-nobody', 'admin-tests.test');
    const known = await client().auth.resetPasswordForEmail(staff.email, { redirectTo: RESET_PAGE() });
    const missing = await client().auth.resetPasswordForEmail(unknown, { redirectTo: RESET_PAGE() });
    expect(known).toEqual({ data: {}, error: null });
    expect(missing).toEqual({ data: {}, error: null });
    // The raw answer too: 200 and {}.
    const res = await fetch(`${env.apiUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: unknown }),
    });
    expect([res.status, await res.json()]).toEqual([200, {}]);

    const [message] = await mailFor(staff.email);
    expect(message.subject).toBe('Reset your password');
    expect(message.body_text).toContain('We received a request to reset your password.');
    const link = await recoveryLink(staff.email);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(RESET_PAGE());
    // Nothing went to the address without an account.
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailboxMessages(unknown)).toEqual([]);
  });

  it('refuses a missing or malformed address in GoTrue words', async () => {
    const missing = await client().auth.resetPasswordForEmail('');
    expect(missing.error?.code).toBe('validation_failed');
    expect(missing.error?.message).toBe('Password recovery requires an email');
    const malformed = await client().auth.resetPasswordForEmail('not-an-address');
    expect(malformed.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('sends at most one email per user within max_frequency (60 s), then a new link that replaces the old one', async () => {
    const staff = await createStaff('recover-often');
    expect((await client().auth.resetPasswordForEmail(staff.email)).error).toBeNull();
    const first = await recoveryLink(staff.email);
    const again = await client().auth.resetPasswordForEmail(staff.email);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await recoveryMail(staff.email)).toHaveLength(1);

    await sentSecondsAgo(staff.email, 61);
    expect((await client().auth.resetPasswordForEmail(staff.email)).error).toBeNull();
    const second = await recoveryLink(staff.email, 2);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    // Only the newest link works.
    expect(fragmentOf(await follow(first)).get('error_code')).toBe('otp_expired');
    expect(fragmentOf(await follow(second)).get('type')).toBe('recovery');
  });

  it('refuses PKCE loudly rather than answering a flow it does not run', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@eatathome.test', code_challenge: 'x'.repeat(43), code_challenge_method: 's256' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/PKCE/);
  });
});

describe('the recovery link (GET /verify?type=recovery)', () => {
  it('signs in once, on the page asked for; the new password then works and the old one does not', async () => {
    const staff = await createStaff('recover-flow');
    // A session signed in elsewhere before the reset: the new password signs it out.
    const elsewhere = client();
    const before = await elsewhere.auth.signInWithPassword({ email: staff.email, password: PASSWORD });
    expect(before.error).toBeNull();

    await client().auth.resetPasswordForEmail(staff.email, { redirectTo: RESET_PAGE() });
    const link = await recoveryLink(staff.email);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(RESET_PAGE());
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');

    // The session from the fragment sets the new password, with sign-up's rules.
    const session = client();
    const set = await session.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    const short = await session.auth.updateUser({ password: 'short' });
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.message).toBe('Password should be at least 8 characters.');
    const same = await session.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect((await session.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();

    const old = await client().auth.signInWithPassword({ email: staff.email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email: staff.email, password: NEW_PASSWORD })).error).toBeNull();
    // The session that changed it goes on; the one signed in before is over.
    expect((await session.auth.refreshSession()).error).toBeNull();
    expect((await elsewhere.auth.refreshSession()).error).not.toBeNull();

    // The link worked once.
    const reused = fragmentOf(await follow(link));
    expect(reused.get('error')).toBe('access_denied');
    expect(reused.get('error_code')).toBe('otp_expired');
    expect(reused.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('refuses a wrong token and an expired link (otp_expiry, 3600 s), on the page asked for', async () => {
    const staff = await createStaff('recover-old');
    await client().auth.resetPasswordForEmail(staff.email, { redirectTo: RESET_PAGE() });
    const link = await recoveryLink(staff.email);

    const wrong = new URL(link);
    wrong.searchParams.set('token', createHash('sha224').update('someone-else').digest('hex'));
    const refused = await follow(wrong);
    expect(`${refused.origin}${refused.pathname}`).toBe(RESET_PAGE());
    expect(fragmentOf(refused).get('error_code')).toBe('otp_expired');

    await sentSecondsAgo(staff.email, 3601);
    expect(fragmentOf(await follow(link)).get('error_code')).toBe('otp_expired');
    // Nothing changed: the password is the old one.
    expect((await client().auth.signInWithPassword({ email: staff.email, password: PASSWORD })).error).toBeNull();
  });

  it('never sends the browser off the site', async () => {
    const staff = await createStaff('recover-redirect');
    await client().auth.resetPasswordForEmail(staff.email, { redirectTo: 'https://evil.example/steal' });
    const link = await recoveryLink(staff.email);
    expect(new URL(link.searchParams.get('redirect_to')!).origin).toBe(new URL(env.siteUrl).origin);
    const location = await follow(link);
    expect(location.origin).toBe(new URL(env.siteUrl).origin);
  });

  it('asks for a type and a token, as GoTrue does', async () => {
    const noType = await fetch(`${env.apiUrl}/auth/v1/verify?token=abc`, { redirect: 'manual' });
    expect([noType.status, ((await noType.json()) as { msg: string }).msg]).toEqual([400, 'Verify requires a verification type']);
    const noToken = await fetch(`${env.apiUrl}/auth/v1/verify?type=recovery`, { redirect: 'manual' });
    expect([noToken.status, ((await noToken.json()) as { msg: string }).msg]).toEqual([400, 'Verify requires a token or a token hash']);
  });
});

describe('POST /verify {type: recovery}', () => {
  it('takes the token hash once and answers the session', async () => {
    const staff = await createStaff('recover-post');
    await client().auth.resetPasswordForEmail(staff.email);
    const tokenHash = (await recoveryLink(staff.email)).searchParams.get('token')!;
    const verified = await client().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email).toBe(staff.email);
    const again = await client().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
  });

  it("takes the address and the emailed code (GoTrue's token hash is sha224(email + code))", async () => {
    const staff = await createStaff('recover-code');
    await client().auth.resetPasswordForEmail(staff.email);
    const tokenHash = (await recoveryLink(staff.email)).searchParams.get('token')!;
    // The default email carries only the link; its code is found from the hash, as GoTrue makes it.
    const code = await codeOf(staff.email, tokenHash);
    expect(code, `no 6-digit code hashes with ${staff.email} to ${tokenHash}`).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await postVerify({ type: 'recovery', email: staff.email, token: wrongCode });
    expect([wrong.status, wrong.body.error_code, wrong.body.msg]).toEqual([403, 'otp_expired', 'Token has expired or is invalid']);
    const other = await postVerify({ type: 'recovery', email: 'owner@eatathome.test', token: code });
    expect(other.status).toBe(403);
    const right = await client().auth.verifyOtp({ type: 'recovery', email: staff.email, token: code });
    expect(right.error?.message ?? null).toBeNull();
    expect(right.data.user?.email).toBe(staff.email);
  }, 30_000);

  it('refuses what GoTrue refuses', async () => {
    expect((await postVerify({ token_hash: 'abc' })).body.msg).toBe('Verify requires a verification type');
    expect((await postVerify({ type: 'recovery' })).body.msg).toBe('Verify requires either a token or a token hash');
    expect((await postVerify({ type: 'recovery', token_hash: 'abc', email: 'a@b.test' })).body.msg).toBe(
      'Only the token_hash and type should be provided',
    );
    const unknown = await postVerify({ type: 'recovery', token_hash: 'f'.repeat(56) });
    expect([unknown.status, unknown.body.error_code, unknown.body.msg]).toEqual([403, 'otp_expired', 'Email link is invalid or has expired']);
  });
});

describe('requests per client address', () => {
  let gateway: Awaited<ReturnType<typeof startGatewayFor>>;
  beforeAll(async () => {
    gateway = await startGatewayFor(env.functionsUrl, undefined, {
      auth: { enableConfirmations: false, requestsPerAddress: 3 },
      authMailer: mailboxAuthMailer(env.mailboxUrl),
    });
  });
  afterAll(() => gateway?.close());

  it('are limited on /recover and on /verify (429 over_request_rate_limit with Retry-After)', async () => {
    const recover = () => client(gateway.url).auth.resetPasswordForEmail(uniqueEmail('limit', 'admin-tests.test'));
    for (let i = 0; i < 3; i++) expect((await recover()).error).toBeNull();
    const limited = await recover();
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');

    const verify = () => fetch(`${gateway.url}/auth/v1/verify?type=recovery&token=${'f'.repeat(56)}`, { redirect: 'manual' });
    for (let i = 0; i < 3; i++) expect((await verify()).status).toBe(303);
    const refused = await verify();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
