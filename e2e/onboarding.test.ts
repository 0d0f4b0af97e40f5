/**
 * Onboarding: a signed-in account without an organization creates one ("Create your
 * organization": name, a web address checked live, time zone, contact email), gets the admin's
 * checklist, and its page says "coming soon" until an owner publishes it with an active event (and,
 * when that event takes card payments, a connected Square account).
 * At 1280 and 375 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { expectToast, newPage, signInThroughUi, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createStaff } from '../tests/support/fixtures';
import { stackEnv } from '../tests/support/stack-env';

const unique = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills the web address and waits for the live check's verdict. */
async function typeSlug(page: Page, slug: string, verdict: string) {
  await page.getByLabel('Web address').fill(slug);
  await page.getByText(verdict, { exact: true }).waitFor();
}

describe('creating an organization', () => {
  it('at 1280 px: the live slug check, the checklist, "coming soon", then Publish with an event', async () => {
    const host = await createStaff('onboard-host');
    const { page } = await newPage({ viewport: viewports.desktop });
    await signInThroughUi(page, host.email, host.password);
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    expect(await page.getByLabel('Contact email').inputValue()).toBe(host.email);
    expect(await seriousViolations(page)).toEqual([]);

    // The web address follows the name, and is checked against taken and reserved ones.
    await page.getByLabel('Name').fill('Lantern Supper Club');
    expect(await page.getByLabel('Web address').inputValue()).toBe('lantern-supper-club');
    await typeSlug(page, 'magnolia', 'This web address is taken');
    expect(await page.getByRole('button', { name: 'Create organization' }).isDisabled()).toBe(true);
    await typeSlug(page, 'admin', 'This web address is reserved by SupperHost');
    const slug = unique('lantern');
    await typeSlug(page, slug, 'Available');
    await page.getByLabel('Time zone').selectOption('America/Chicago');
    await page.getByLabel('Contact email').fill('Hello@Lantern.test');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expectToast(page, 'Lantern Supper Club is created');

    const checklist = page.getByRole('region', { name: 'Get Lantern Supper Club ready' });
    await checklist.waitFor();
    const [org] = await sql<{ id: string; state: string; timezone: string; role: string; contact: string }>(
      `select o.id, o.state, o.timezone, m.role, s.contact_email as contact
         from public.organizations o
         join public.user_memberships m on m.org_id = o.id
         join private.organization_signups s on s.org_id = o.id
        where o.slug = $1 and m.user_id = $2`,
      [slug, host.userId],
    );
    expect(org).toMatchObject({ state: 'unpublished', timezone: 'America/Chicago', role: 'owner', contact: 'hello@lantern.test' });
    expect(await checklist.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await checklist.getByText('Card payments need a connected account; RSVPs with no deposit do not.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The page is not open yet.
    const visitor = await newPage({ viewport: viewports.desktop });
    await visitor.page.goto(`${stackEnv().siteUrl}/${slug}`);
    await visitor.page.getByText('Coming soon').waitFor();
    await visitor.page.getByRole('heading', { name: 'Lantern Supper Club' }).waitFor();

    // An active event that takes card payments needs an account to take them.
    await createEvent(org.id, { title: 'Opening supper', ticketTypes: [{ name: 'Dinner', price: 6000, quantity: 12 }] });
    await page.reload();
    const publish = checklist.getByRole('button', { name: 'Publish' });
    await checklist.getByText('Connect Square before publishing: Opening supper takes card payments').waitFor();
    expect(await publish.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // With a connected account and a chosen location (as the OAuth callback and the owner's choice store them) it is ready.
    await sql(
      `insert into public.square_accounts (org_id, merchant_id, access_token_ciphertext, refresh_token_ciphertext, access_token_expires_at, locations, location_id)
       values ($1, $2, 'v1.a.b', 'v1.c.d', now() + interval '30 days', '[{"id": "L-LANTERN", "name": "Lantern", "currency": "USD", "status": "ACTIVE"}]', 'L-LANTERN')`,
      [org.id, `MERCH_${org.id}`],
    );
    await page.reload();
    await checklist.getByText('Card payments are set up.').waitFor();
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await expectToast(page, 'Lantern Supper Club is published');
    await checklist.waitFor({ state: 'detached' });
    const [{ state }] = await sql<{ state: string }>(`select state from public.organizations where id = $1`, [org.id]);
    expect(state).toBe('published');

    await visitor.page.reload();
    await visitor.page.getByText('Opening supper').first().waitFor();
    expect(await visitor.page.getByText('Coming soon').count()).toBe(0);
  });

  it('at 375 px: creates an organization, the checklist fits, and the page says "coming soon"', async () => {
    const host = await createStaff('onboard-phone');
    const { page } = await newPage({ viewport: viewports.phone });
    await signInThroughUi(page, host.email, host.password);
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByLabel('Name').fill('Phone Pop-up');
    const slug = unique('phone-pop-up');
    await typeSlug(page, slug, 'Available');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await expectToast(page, 'Phone Pop-up is created');
    const checklist = page.getByRole('region', { name: 'Get Phone Pop-up ready' });
    await checklist.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await checklist.getByRole('button', { name: 'Open Branding' }).click();
    await page.waitForURL(/tab=settings-branding/);

    const visitor = await newPage({ viewport: viewports.phone });
    await visitor.page.goto(`${stackEnv().siteUrl}/${slug}`);
    await visitor.page.getByText('Phone Pop-up is getting ready. Its events will be here soon.').waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(visitor.page)).toEqual([]);
  });
});
