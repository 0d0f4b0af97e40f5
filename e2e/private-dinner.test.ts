import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hexToHslVar } from '../src/features/org-page/lib/theme';
import { anonClient, sql } from '../tests/support/db';
import { createOrg, createStaff } from '../tests/support/fixtures';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations, TOASTER } from './support/axe';
import { expectToast, field, fieldMessage, fitsWidth, newPage, viewports } from './support/browser';

// A host's private dinner requests, at 375 px, through the real stack: its page links to the
// request form (only while it takes requests), the form checks each field with the server's own
// words, a request is stored and emailed (to the team and to the guest), the fourth request of
// a day from one address is refused in a toast that leaves the form as typed, and a host that
// takes none says so instead of showing the form.

const PRIMARY = '#7c2d12';
const NOTE = 'Dinners at your home or office, for 6 to 40 guests.\n<b>Menus</b> from $85 a head.';
const TOO_MANY = 'You have already sent this host 3 requests today. They will be in touch.';

/** 'YYYY-MM-DD', `days` after the browser's today. */
const browserDate = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

/** The rpc requests the page sends to request_private_dinner (watched, never intercepted). */
function countRequests(page: Page): { count: number } {
  const sent = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/rest/v1/rpc/request_private_dinner')) sent.count++;
  });
  return sent;
}

async function fillRequest(page: Page, values: { name: string; email: string; phone?: string; date: string; guests: string; message: string }) {
  await field(page, 'Your name').fill(values.name);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Phone (optional)').fill(values.phone ?? '');
  await field(page, 'Date').fill(values.date);
  await field(page, 'Guests').fill(values.guests);
  await field(page, 'Tell us about your dinner').fill(values.message);
}

const requestsFrom = (email: string) =>
  sql<{ name: string; email: string; phone: string | null; preferred_date: string; guests: number; message: string; status: string }>(
    `select name, email, phone, to_char(preferred_date, 'YYYY-MM-DD') as preferred_date, guests, message, status
     from public.private_dinner_requests where email = $1 order by created_at`,
    [email],
  );

describe('private dinner requests', () => {
  it('are linked from the host page, checked, sent, stored and emailed; the fourth of a day is refused in a toast', async () => {
    const { siteUrl } = stackEnv();
    const owner = await createStaff('private-dinner-owner');
    const org = await createOrg({
      name: 'Ember Kitchen LLC',
      members: [owner],
      branding: { brand_name: 'Ember Kitchen', primary_color: PRIMARY, private_dinners: true, private_dinner_note: NOTE },
    });
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    const sent = countRequests(page);

    // The host's page links to the form.
    await page.goto(`${siteUrl}/${org.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Ember Kitchen' }).waitFor();
    const link = page.getByRole('link', { name: 'Plan a private dinner' });
    expect(await link.getAttribute('href')).toBe(`/${org.slug}/private-dinner`);
    expect(await fitsWidth(page)).toBe(true);
    await link.click();
    await page.waitForURL(`${siteUrl}/${org.slug}/private-dinner`);

    // The host's name in its colors, and its note as text (line breaks kept, no markup).
    await page.getByRole('heading', { level: 1, name: 'Private dinners' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Ember Kitchen' }).getAttribute('href')).toBe(`/${org.slug}`);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'))).toBe(hexToHslVar(PRIMARY));
    const note = page.getByTestId('private-dinner-note');
    expect(await note.innerText()).toBe(NOTE);
    expect(await note.locator('b').count()).toBe(0);
    await page.waitForFunction(() => document.title === 'Private dinner · Ember Kitchen | SupperHost');

    // The labelled fields; dates from today (the browser's) on.
    expect(await field(page, 'Date').getAttribute('type')).toBe('date');
    expect(await field(page, 'Date').getAttribute('min')).toBe(await browserDate(page, 0));
    expect(await field(page, 'Guests').getAttribute('type')).toBe('number');
    expect(await field(page, 'Tell us about your dinner').evaluate((el) => el.tagName)).toBe('TEXTAREA');

    // An empty form says what each required field needs, in the server's words, and sends nothing.
    await page.getByRole('button', { name: 'Send request' }).click();
    for (const message of [
      'Name must be between 2 and 200 characters',
      'Please enter a valid email address',
      'Choose a date from today on',
      'Guests must be between 1 and 500',
      'Tell the host about your dinner in 5 to 5000 characters',
    ]) {
      await fieldMessage(page, message).waitFor();
    }
    expect(await field(page, 'Your name').getAttribute('aria-invalid')).toBe('true');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);

    // Values out of range, each refused in its own words (a fixed value clears its message).
    const expectRefused = async (label: string, valid: string, invalid: string, words: string) => {
      await field(page, label).fill(valid);
      await fieldMessage(page, words).waitFor({ state: 'detached' });
      await field(page, label).fill(invalid);
      await fieldMessage(page, words).waitFor();
    };
    await expectRefused('Date', await browserDate(page, 0), await browserDate(page, -1), 'Choose a date from today on');
    await expectRefused('Date', await browserDate(page, 730), await browserDate(page, 731), 'Choose a date within the next two years');
    await expectRefused('Guests', '500', '501', 'Guests must be between 1 and 500');
    await expectRefused('Guests', '1', '0', 'Guests must be between 1 and 500');
    await expectRefused('Phone (optional)', '5'.repeat(40), '5'.repeat(41), 'Phone must be at most 40 characters');
    await expectRefused('Your name', 'Al', ' A ', 'Name must be between 2 and 200 characters');
    await expectRefused('Email', 'al@example.com', 'al@example', 'Please enter a valid email address');
    await expectRefused('Tell us about your dinner', ' Fish! ', ' Fish ', 'Tell the host about your dinner in 5 to 5000 characters');
    await page.getByRole('button', { name: 'Send request' }).click();
    expect(sent.count).toBe(0);

    // A request: the button says it is sending, and is disabled meanwhile; a double press sends once.
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const date = await browserDate(page, 45);
    const message = 'A 40th birthday at home in Decatur.\nOne guest is vegetarian.';
    await fillRequest(page, { name: '  Robin Guest ', email: ` ${email} `, phone: '+1 404 555 0100', date, guests: '12', message: `  ${message}  ` });
    await page.evaluate(() => {
      const button = document.querySelector('form button[type="submit"]') as HTMLButtonElement;
      const seen: string[] = [];
      (window as unknown as { buttonStates: string[] }).buttonStates = seen;
      new MutationObserver(() => seen.push(`${button.textContent}|${button.disabled}`)).observe(button, {
        attributes: true,
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    // Two presses in a row, the second before the page has drawn anything after the first.
    await page.evaluate(() => {
      const button = document.querySelector('form button[type="submit"]') as HTMLButtonElement;
      button.click();
      button.click();
    });

    const confirmation = page.getByTestId('private-dinner-sent');
    await confirmation.getByRole('heading', { name: 'Request sent' }).waitFor();
    expect(await confirmation.getByText('Thank you, Robin Guest! Ember Kitchen will reply to', { exact: false }).innerText()).toBe(
      `Thank you, Robin Guest! Ember Kitchen will reply to ${email}.`,
    );
    expect(await confirmation.getByRole('link', { name: 'Back to Ember Kitchen' }).getAttribute('href')).toBe(`/${org.slug}`);
    expect(await page.evaluate(() => (window as unknown as { buttonStates: string[] }).buttonStates)).toContain('Sending…|true');
    expect(sent.count).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);

    // Stored as sent (trimmed), once.
    expect(await requestsFrom(email)).toEqual([
      { name: 'Robin Guest', email, phone: '+1 404 555 0100', preferred_date: date, guests: 12, message, status: 'new' },
    ]);
    // Emailed to the team, and acknowledged to the guest.
    const outbox = await sql<{ kind: string; to_email: string; subject: string; body_text: string }>(
      'select kind, to_email, subject, body_text from public.email_outbox where org_id = $1 order by kind',
      [org.id],
    );
    expect(outbox.map(({ kind, to_email }) => ({ kind, to_email }))).toEqual([
      { kind: 'private_dinner_ack', to_email: email },
      { kind: 'private_dinner_request', to_email: owner.email },
    ]);
    expect(outbox[0].subject).toBe('Your private dinner request to Ember Kitchen');
    expect(outbox[1].body_text).toContain('One guest is vegetarian.');
    expect(outbox[1].body_text).toContain(`Email: ${email}`);

    // Two more from the same address today (the API, as the page sends them) reach the limit...
    for (let i = 0; i < 2; i++) {
      const more = await anonClient().rpc('request_private_dinner', {
        p_slug: org.slug,
        p_name: 'Robin Guest',
        p_email: email,
        p_phone: '',
        p_date: date,
        p_guests: 4,
        p_message: 'Another idea for a dinner.',
      });
      expect(more.error).toBeNull();
    }
    // ...and the fourth, from the page, is refused in a toast; the form keeps what was typed.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Private dinners' }).waitFor();
    await fillRequest(page, { name: 'Robin Guest', email, date, guests: '6', message: 'A fourth request, one too many.' });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, 'Could not send your request', TOO_MANY);
    await page.getByRole('button', { name: 'Send request' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send request' }).isEnabled()).toBe(true);
    expect(await field(page, 'Your name').inputValue()).toBe('Robin Guest');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    expect(await field(page, 'Date').inputValue()).toBe(date);
    expect(await field(page, 'Guests').inputValue()).toBe('6');
    expect(await field(page, 'Tell us about your dinner').inputValue()).toBe('A fourth request, one too many.');
    expect(await page.getByTestId('private-dinner-sent').count()).toBe(0);
    expect(await requestsFrom(email)).toHaveLength(3);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, { include: [TOASTER] })).toEqual([]);
    // The refusal is an answer, not a crash (the browser logs the failed request itself).
    expect(consoleErrors.filter((e) => !/status of 429/.test(e))).toEqual([]);
  });

  it('are not offered by a host that takes none: no link on its page, and its form page says so', async () => {
    const { siteUrl } = stackEnv();
    const org = await createOrg({
      name: 'Quiet Table LLC',
      branding: { brand_name: 'Quiet Table', private_dinner_note: 'Not this season.' },
    });
    const { page } = await newPage({ viewport: viewports.phone });

    await page.goto(`${siteUrl}/${org.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Quiet Table' }).waitFor();
    await page.getByRole('heading', { name: 'Upcoming Experiences' }).waitFor();
    expect(await page.getByRole('link', { name: 'Plan a private dinner' }).count()).toBe(0);

    await page.goto(`${siteUrl}/${org.slug}/private-dinner`);
    const closed = page.getByTestId('private-dinner-closed');
    await closed.getByText('This host does not take private dinner requests.', { exact: true }).waitFor();
    expect(await closed.getByRole('link', { name: 'Back to Quiet Table' }).getAttribute('href')).toBe(`/${org.slug}`);
    expect(await page.getByRole('button', { name: 'Send request' }).count()).toBe(0);
    expect(await page.getByText('Not this season.').count()).toBe(0);
    await page.waitForFunction(() => document.title === 'Private dinner · Quiet Table | SupperHost');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);

    // Turned on, the page links to the form, which opens.
    await sql('update public.org_branding set private_dinners = true where org_id = $1', [org.id]);
    await page.goto(`${siteUrl}/${org.slug}`);
    await page.getByRole('link', { name: 'Plan a private dinner' }).click();
    await page.getByRole('button', { name: 'Send request' }).waitFor();
    expect(await page.getByTestId('private-dinner-note').innerText()).toBe('Not this season.');

    // No such host: the same words, and the way home.
    await page.goto(`${siteUrl}/no-such-host-${randomUUID().slice(0, 8)}/private-dinner`);
    await closed.getByText('This host does not take private dinner requests.', { exact: true }).waitFor();
    expect(await closed.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
