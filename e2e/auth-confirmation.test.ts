import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConfirmingGateway } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';
import { newPage } from './support/browser';

// The emailed confirmation link, followed in a real browser: it lands on /auth with the
// session in the URL fragment, and the app takes it and opens the admin panel. The sign-up
// goes through a gateway with confirmations on (config.toml's setting) on the test stack's
// database and mailbox; the site the link lands on is the test stack's.

let gateway: Awaited<ReturnType<typeof startConfirmingGateway>>;

beforeAll(async () => {
  gateway = await startConfirmingGateway();
});
afterAll(async () => {
  await gateway?.close();
});

describe('confirming a staff sign-up', () => {
  it('the link from the email signs the new staff member in and opens /admin', async () => {
    const env = stackEnv();
    const email = `confirm-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@admin-tests.test`;
    const signUp = await fetch(`${gateway.url}/auth/v1/signup?redirect_to=${encodeURIComponent(`${env.siteUrl}/auth`)}`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-battery' }),
    });
    expect(signUp.status).toBe(200);
    expect(((await signUp.json()) as { access_token?: string }).access_token).toBeUndefined();

    const [message] = await mailFor(email);
    const link = message.body_text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)![0];
    const { page } = await newPage();
    await page.goto(link);
    await page.waitForURL(`${env.siteUrl}/admin`);
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);
  });
});
