import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { field, newPage, viewports } from './support/browser';

async function rowsFor(email: string) {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select name, email, concept, next_event_dates, source_domain from public.chef_signups where email = $1', [
      email,
    ]);
    return rows;
  } finally {
    await client.end();
  }
}

async function open(page: Page) {
  await page.goto(`${stackEnv().siteUrl}/pop-up-chef`);
  await page.getByRole('heading', { name: 'Host a pop-up dinner' }).waitFor();
}

describe('pop-up chef signup', () => {
  it('sets the title, description and canonical link and shows the labelled form', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.phone });
    await open(page);
    await page.waitForFunction(() => document.title === 'Pop-up Chef Signup | SupperHost');
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toMatch(/pop-up dinner/i);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteUrl}/`);
    for (const label of ['Name', 'Email', 'Concept', 'Ideal dates (optional)']) expect(await field(page, label).isVisible()).toBe(true);
    expect(await field(page, 'Concept').evaluate((el) => `${el.tagName}:${el.getAttribute('rows')}`)).toBe('TEXTAREA:5');
    expect(await page.getByRole('button', { name: 'Submit inquiry' }).isEnabled()).toBe(true);
  });

  it('validates each field when it loses focus, with the product messages', async () => {
    const { page } = await newPage();
    await open(page);
    // Values are trimmed before they are checked: "  A  " is one character, " tac " three.
    const expectations: [string, string, string][] = [
      ['Name', '  A  ', 'Please enter your full name'],
      ['Email', 'not-an-email', 'Enter a valid email'],
      ['Concept', ' tac ', 'Tell us a bit about your pop-up concept'],
    ];
    for (const [label, value, message] of expectations) {
      expect(await page.getByText(message).count()).toBe(0);
      await field(page, label).fill(value);
      await field(page, label).blur();
      await page.getByText(message).waitFor();
      expect(await field(page, label).getAttribute('aria-invalid')).toBe('true');
    }
    // Fixing a field clears its message.
    await field(page, 'Name').fill('Al');
    await field(page, 'Name').blur();
    await page.getByText('Please enter your full name').waitFor({ state: 'detached' });
    await field(page, 'Email').fill('  al@example.com ');
    await field(page, 'Email').blur();
    await page.getByText('Enter a valid email').waitFor({ state: 'detached' });
  });

  it('shows every message when an empty form is submitted, and sends nothing', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/rest/v1/chef_signups')) posts++;
    });
    await open(page);
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    for (const message of ['Please enter your full name', 'Enter a valid email', 'Tell us a bit about your pop-up concept']) {
      await page.getByText(message).waitFor();
    }
    expect(posts).toBe(0);
  });

  it('sends trimmed values with null dates and the hostname, then thanks the chef', async () => {
    const { page } = await newPage();
    const email = `chef-${randomUUID()}@example.com`;
    const posted: { url: string; body: unknown }[] = [];
    // Slow the network a little so the busy state can be seen.
    await page.route('**/rest/v1/chef_signups*', async (route) => {
      posted.push({ url: route.request().url(), body: route.request().postDataJSON() });
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await open(page);
    await field(page, 'Name').fill('  Rosa Martinez  ');
    await field(page, 'Email').fill(` ${email} `);
    await field(page, 'Concept').fill('  Oaxacan tasting menu with mezcal  ');
    await field(page, 'Ideal dates (optional)').fill('   ');
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    await page.getByRole('button', { name: 'Submitting…' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submitting…' }).isDisabled()).toBe(true);

    await page.getByText('Thanks for your interest! We’ll review your submission shortly.').waitFor();
    expect(await page.getByText('We typically respond within a few days.').isVisible()).toBe(true);
    expect(await page.getByText('Thanks!', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('We received your inquiry and will be in touch soon.').isVisible()).toBe(true);
    expect(await field(page, 'Name').count()).toBe(0);

    expect(posted).toHaveLength(1);
    expect(new URL(posted[0].url).searchParams.has('select')).toBe(false);
    expect(await rowsFor(email)).toEqual([
      { name: 'Rosa Martinez', email, concept: 'Oaxacan tasting menu with mezcal', next_event_dates: null, source_domain: '127.0.0.1' },
    ]);
  });

  it('keeps ideal dates when given', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    const email = `chef-${randomUUID()}@example.com`;
    await open(page);
    await field(page, 'Name').fill('Sam Lee');
    await field(page, 'Email').fill(email);
    await field(page, 'Concept').fill('Korean home cooking');
    await field(page, 'Ideal dates (optional)').fill('  Fridays in March ');
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    await page.getByText('We typically respond within a few days.').waitFor();
    const rows = await rowsFor(email);
    expect(rows.map((r) => r.next_event_dates)).toEqual(['Fridays in March']);
  });

  it('keeps the form editable with its values and shows the failure toast when the insert fails', async () => {
    const { page } = await newPage();
    const email = `chef-${randomUUID()}@example.com`;
    // The network drops the insert: a real failure of the request, not a mocked answer.
    await page.route('**/rest/v1/chef_signups*', (route) => route.abort('connectionfailed'));
    await open(page);
    await field(page, 'Name').fill('Jo Park');
    await field(page, 'Email').fill(email);
    await field(page, 'Concept').fill('Natural wine and small plates');
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    await page.getByText('Submission failed').waitFor();
    expect(await page.getByText('Please try again or email us directly.').isVisible()).toBe(true);
    expect(await page.getByText('Thanks for your interest!', { exact: false }).count()).toBe(0);
    expect(await field(page, 'Name').inputValue()).toBe('Jo Park');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    expect(await field(page, 'Concept').inputValue()).toBe('Natural wine and small plates');
    expect(await field(page, 'Name').isEditable()).toBe(true);
    expect(await page.getByRole('button', { name: 'Submit inquiry' }).isEnabled()).toBe(true);
    expect(await rowsFor(email)).toEqual([]);

    // The network is back: the same values go through.
    await page.unroute('**/rest/v1/chef_signups*');
    await field(page, 'Concept').fill('Natural wine and small plates, family style');
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    await page.getByText('We typically respond within a few days.').waitFor();
    expect((await rowsFor(email)).map((r) => r.concept)).toEqual(['Natural wine and small plates, family style']);
  });
});
