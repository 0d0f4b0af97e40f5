import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createJwtKeys, newSigningKey, signJwt } from '../../stack/jwt.ts';
import { DENO_LOCKED_FLAGS, denoEnv, denoExecutable, parseDotenv } from '../../stack/functions-runner.ts';
import { verifyFunctionJwt } from '../../stack/gateway/functions.ts';
import { escapeHtml, LOCAL_EMAIL_API_KEY, mailboxProviderEnv, readSendRequest } from '../../stack/mailbox.ts';
import { ROOT } from '../../stack/postgres.ts';

describe('parseDotenv', () => {
  it('reads KEY=VALUE lines with comments, export, quotes and escapes', () => {
    const text = [
      '# comment',
      '',
      'A=1',
      'export B = two words ',
      "C='single # not a comment'",
      'D="line\\nbreak"',
      'E=value # trailing comment',
      'F="multi',
      'line"',
      'bad line',
      'G=',
    ].join('\n');
    expect(parseDotenv(text)).toEqual({ A: '1', B: 'two words', C: 'single # not a comment', D: 'line\nbreak', E: 'value', F: 'multi\nline', G: '' });
  });
});

describe('verify_jwt (functions relay)', () => {
  const secret = 'test-secret-test-secret-test-secret-42';
  it('needs a Bearer JWT signed with the signing key or the legacy secret, and not expired', async () => {
    const keys = await createJwtKeys({ secret, signingKey: await newSigningKey() });
    const other = await createJwtKeys({ secret, signingKey: await newSigningKey() });
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(await verifyFunctionJwt(undefined, keys)).toEqual({ status: 401, body: { msg: 'Error: Missing authorization header' } });
    expect((await verifyFunctionJwt('Basic abc', keys))?.body.msg).toBe('Error: Missing authorization header');
    expect(await verifyFunctionJwt('Bearer nope', keys)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
    expect((await verifyFunctionJwt(`Bearer ${await signJwt({ role: 'anon' }, 'another-secret-another-secret-another')}`, keys))?.body.msg).toBe(
      'Invalid JWT',
    );
    expect((await verifyFunctionJwt(`Bearer ${await signJwt({ role: 'anon', exp: 1 }, secret)}`, keys))?.body.msg).toBe('Invalid JWT');
    expect((await verifyFunctionJwt(`Bearer ${await other.sign({ role: 'authenticated', exp })}`, keys))?.body.msg).toBe('Invalid JWT');
    expect((await verifyFunctionJwt(`Bearer ${await keys.sign({ role: 'authenticated', exp: 1 })}`, keys))?.body.msg).toBe('Invalid JWT');
    expect(await verifyFunctionJwt(`Bearer ${await signJwt({ role: 'anon' }, secret)}`, keys)).toBeNull();
    expect(await verifyFunctionJwt(`Bearer ${await keys.sign({ role: 'authenticated', exp })}`, keys)).toBeNull();
  });
});

describe('mailbox', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
  });

  it("is the functions' email provider: Resend's endpoint, its key and a sender", () => {
    expect(mailboxProviderEnv('http://127.0.0.1:54324/')).toEqual({
      EMAIL_PROVIDER_URL: 'http://127.0.0.1:54324/emails',
      EMAIL_PROVIDER_API_KEY: LOCAL_EMAIL_API_KEY,
      EMAIL_FROM: 'SupperHost <bookings@supperhost.test>',
    });
  });

  it('reads a Resend send request: recipients, bodies, attachments and the outbox tags', () => {
    const m = readSendRequest({
      from: 'SupperHost <bookings@supperhost.test>',
      to: 'Ada <ada@example.test>',
      cc: ['cc@example.test'],
      subject: 'Hi',
      text: 'Hello',
      attachments: [{ filename: 'a.txt', content: Buffer.from('abc').toString('base64'), content_type: 'text/plain' }],
      tags: [
        { name: 'outbox_id', value: '0b6f3c1e-9d59-4a4b-8f4e-1d2c3b4a5f60' },
        { name: 'kind', value: 'guest_email' },
      ],
    });
    expect(m).toMatchObject({
      to_email: 'ada@example.test',
      to: ['Ada <ada@example.test>'],
      cc: ['cc@example.test'],
      subject: 'Hi',
      body_text: 'Hello',
      body_html: null,
      outbox_id: '0b6f3c1e-9d59-4a4b-8f4e-1d2c3b4a5f60',
      kind: 'guest_email',
      org_id: null,
      reservation_id: null,
      status: 'sent',
      attachments: [{ filename: 'a.txt', content_type: 'text/plain', size: 3 }],
    });
  });

  it('refuses what Resend refuses (422): missing fields, line breaks in header fields, bad tags', () => {
    const ok = { from: 'a@example.test', to: ['b@example.test'], subject: 'Hi', text: 'x' };
    const bad: unknown[] = [
      null,
      [],
      { ...ok, from: undefined },
      { ...ok, to: [] },
      { ...ok, to: ['not an address'] },
      { ...ok, subject: undefined },
      { ...ok, text: undefined },
      { ...ok, subject: 'Hi\r\nBcc: x@example.test' },
      { ...ok, to: ['b@example.test\nBcc: x@example.test'] },
      { ...ok, headers: { 'X-A': 'one\ntwo' } },
      { ...ok, tags: [{ name: 'kind', value: 'has space' }] },
      { ...ok, attachments: [{ filename: 'a.txt' }] },
    ];
    for (const body of bad) expect(() => readSendRequest(body), JSON.stringify(body)).toThrow();
    expect(readSendRequest(ok).to_email).toBe('b@example.test');
  });
});

describe('Deno', () => {
  it('the binary from the npm package is found', () => {
    expect(existsSync(denoExecutable())).toBe(true);
  });

  it('type-checks the edge functions, the shared helpers, the runner main and the fixtures offline', async () => {
    const functionsDir = join(ROOT, 'supabase', 'functions');
    const entries = readdirSync(functionsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) =>
        e.name === '_shared'
          ? readdirSync(join(functionsDir, e.name))
              .filter((f) => f.endsWith('.ts'))
              .map((f) => join(functionsDir, e.name, f))
          : existsSync(join(functionsDir, e.name, 'index.ts'))
            ? [join(functionsDir, e.name, 'index.ts')]
            : [],
      );
    const fixtures = join(ROOT, 'tests', 'fixtures', 'functions');
    const fixtureFiles = readdirSync(fixtures, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(fixtures, e.name, 'index.ts'));
    const runner = ['main.ts', 'function.ts'].map((f) => join(ROOT, 'stack', 'functions-runner', f));
    const files = [...entries, ...fixtureFiles, ...runner];
    const run = promisify(execFile);
    const result = await run(denoExecutable(), ['check', ...DENO_LOCKED_FLAGS, ...files], {
      cwd: ROOT,
      env: denoEnv(),
      maxBuffer: 10 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: `FAILED\n${error.stderr ?? ''}` }));
    expect(result.stderr).not.toContain('FAILED');
  }, 180_000);
});
