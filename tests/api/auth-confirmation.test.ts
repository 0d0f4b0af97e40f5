import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConfirmingGateway } from '../support/functions.ts';
import { mailFor, mailboxMessages } from '../support/mailbox.ts';
import { apiClient } from '../support/db.ts';
import { stackEnv } from '../support/stack-env.ts';

// Staff sign-up with email confirmations on (supabase/config.toml, and what production must
// keep): no session until the emailed link is followed; the answer for a registered address
// looks like the answer for a new one; the link confirms once and signs in through the URL
// fragment, as GoTrue does. A gateway of its own with confirmations on, on the test stack's
// database and mailbox (the shared test stack auto-confirms so that fixtures sign in at once).

const env = stackEnv();
let gateway: Awaited<ReturnType<typeof startConfirmingGateway>>;
const client = (): SupabaseClient => apiClient(env.anonKey, gateway.url);
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@confirm.test`;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  gateway = await startConfirmingGateway();
});
afterAll(() => gateway?.close());

/** The confirmation link of the one email an address received. */
async function confirmationLink(email: string): Promise<string> {
  const [message] = await mailFor(email);
  expect(message.subject).toBe('Confirm your signup');
  const link = message.body_text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  expect(link, message.body_text).toBeTruthy();
  return link!;
}

const follow = (link: string) => fetch(link, { redirect: 'manual' });

describe('sign-up with email confirmations on', () => {
  it('gives no session until the emailed link is followed; the link signs in once, on the site', async () => {
    const email = uniqueEmail('new');
    const signUp = await client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${env.siteUrl}/auth` } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    // Not confirmed yet: signing in is refused.
    const early = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');

    const link = await confirmationLink(email);
    const confirmed = await follow(link);
    expect(confirmed.status).toBe(303);
    const location = new URL(confirmed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${env.siteUrl}/auth`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const session = client();
    const { data: user } = await session.auth.getUser(fragment.get('access_token')!);
    expect(user.user?.email).toBe(email);
    expect(user.user?.email_confirmed_at).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    // A link works once.
    const again = new URL((await follow(link)).headers.get('location')!);
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('answers a registered address as a new one (no session, no error), and mails nothing to it', async () => {
    const fresh = await client().auth.signUp({ email: uniqueEmail('fresh'), password: PASSWORD });
    const registered = await client().auth.signUp({ email: 'owner@eatathome.test', password: PASSWORD });
    expect(registered.error).toBeNull();
    expect(registered.data.session).toBeNull();
    expect(fresh.data.session).toBeNull();
    // The same fields, as GoTrue's obfuscated answer (only `identities` differs, as on hosted GoTrue).
    expect(
      Object.keys(registered.data.user!)
        .filter((k) => k !== 'identities')
        .sort(),
    ).toEqual(expect.arrayContaining(['id', 'aud', 'email', 'app_metadata', 'user_metadata', 'created_at', 'updated_at']));
    expect((await mailboxMessages('owner@eatathome.test')).filter((m) => m.subject === 'Confirm your signup')).toEqual([]);
    // The owner's account is untouched.
    expect((await client().auth.signInWithPassword({ email: 'owner@eatathome.test', password: 'supperhost-demo' })).error).toBeNull();
  });

  it('never sends the browser off the site, and refuses an unknown token', async () => {
    const email = uniqueEmail('redirect');
    await client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = await confirmationLink(email);
    const location = new URL((await follow(link)).headers.get('location')!);
    expect(location.origin).toBe(new URL(env.siteUrl).origin);

    const forged = new URL(link);
    forged.searchParams.set('token', 'not-a-real-token');
    const refused = new URL((await follow(forged.toString())).headers.get('location')!);
    expect(new URLSearchParams(refused.hash.slice(1)).get('error')).toBe('access_denied');
  });
});
