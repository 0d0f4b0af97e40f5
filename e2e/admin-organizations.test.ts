/**
 * The super admin's Organizations screen: create an organization and invite its owner by email
 * (the team invitation with role owner), see each organization's state, suspend one (its page
 * says it is closed, its staff see why, nothing is deleted) and reactivate it, say whether the
 * platform's own Square account takes an organization's payments. At 1280 and
 * 375 px; nobody else may use it.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, newPage, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createStaff } from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';
import { ORG, SUPER_ADMIN } from '../tests/support/seed';
import { stackEnv } from '../tests/support/stack-env';

const unique = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('the Organizations screen', () => {
  it('creates an organization and invites its owner at 1280 px; the owner joins as owner', async () => {
    const owner = await createStaff('platform-owner');
    const { page } = await adminPage(SUPER_ADMIN, ORG.eatathome, 'organizations', { viewport: viewports.desktop });
    await page.getByRole('heading', { name: 'Organizations', level: 2 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const slug = unique('harbor');
    await page.getByLabel('Organization name').fill('Harbor Table');
    await page.getByLabel('Web address').fill(slug);
    await page.getByLabel('Time zone').selectOption('America/Los_Angeles');
    await page.getByLabel("Owner's email").fill(owner.email);
    await page.getByRole('button', { name: 'Create and invite the owner' }).click();
    await expectToast(page, `Harbor Table is created; we emailed ${owner.email} an invitation to own it`);
    const row = page
      .getByRole('list', { name: 'All organizations' })
      .getByRole('listitem')
      .filter({ hasText: `/${slug}` });
    await row.getByText('Unpublished', { exact: true }).waitFor();
    await row.getByText(/No owner yet/).waitFor();

    // The invitation arrives; its link makes the invitee an owner.
    const mail = (await mailFor(owner.email)).find((m) => m.subject === 'You are invited to join Harbor Table on SupperHost');
    expect(mail?.body_text).toContain('as an owner');
    const token = mail!.body_text.match(/\/admin\/join\/([A-Za-z0-9_-]+)/)![1];
    const joined = await owner.client.rpc('accept_team_invitation', { p_token: token }).single();
    expect(joined.error).toBeNull();
    const [{ role, state }] = await sql<{ role: string; state: string }>(
      `select m.role, o.state from public.user_memberships m join public.organizations o on o.id = m.org_id where o.slug = $1 and m.user_id = $2`,
      [slug, owner.userId],
    );
    expect({ role, state }).toEqual({ role: 'owner', state: 'unpublished' });
    await page.reload();
    await row.getByText(`Owners: ${owner.email}`).waitFor();

    // A host's guests pay into its own account: SupperHost's only if the team says it runs it.
    const platform = row.getByRole('checkbox', { name: "Paid into SupperHost's Square account: Harbor Table" });
    expect(await platform.isChecked()).toBe(false);
    await platform.click();
    await expectToast(page, "Harbor Table's guests can pay into SupperHost's Square account");
    await expect.poll(() => platform.isChecked()).toBe(true);
    expect(await sql(`select platform_payments from public.organizations where slug = $1`, [slug])).toEqual([{ platform_payments: true }]);
    await platform.click();
    await expectToast(page, "Harbor Table's guests pay only into its own Square account");
    await expect.poll(() => platform.isChecked()).toBe(false);
    expect(await sql(`select platform_payments from public.organizations where slug = $1`, [slug])).toEqual([{ platform_payments: false }]);

    // A taken address is refused with the server's words.
    await page.getByLabel('Organization name').fill('Copycat');
    await page.getByLabel('Web address').fill('magnolia');
    await page.getByLabel("Owner's email").fill('copy@cat.test');
    await page.getByRole('button', { name: 'Create and invite the owner' }).click();
    await expectToast(page, 'Could not create the organization', 'This web address is taken');
  });

  it('suspends and reactivates at 375 px: the page says closed, staff see why, nothing is deleted', async () => {
    const staff = await createStaff('platform-suspended');
    const org = await createOrg({ name: unique('Suspend Bistro'), members: [staff] });
    const event = await createEvent(org.id, { title: 'Suspended supper', ticketTypes: [{ name: 'Dinner', price: 5000, quantity: 8 }] });

    const { page } = await adminPage(SUPER_ADMIN, ORG.eatathome, 'organizations', { viewport: viewports.phone });
    const row = page
      .getByRole('list', { name: 'All organizations' })
      .getByRole('listitem')
      .filter({ hasText: `/${org.slug}` });
    await row.getByText('Published', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: `Suspend ${org.name}` }).click();
    await expectToast(page, `${org.name} is suspended`);
    await row.getByText('Suspended', { exact: true }).waitFor();

    const visitor = await newPage({ viewport: viewports.phone });
    await visitor.page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await visitor.page.getByText(`${org.name} is closed. Nothing can be booked here at the moment.`).waitFor();
    expect(await visitor.page.getByText('Suspended supper').count()).toBe(0);

    const staffView = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    await staffView.page.getByText(`${org.name} is suspended by the SupperHost team.`).waitFor();
    await staffView.page.getByText('Suspended supper').first().waitFor();
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.events where id = $1`, [event.id]);
    expect(n).toBe(1);

    await row.getByRole('button', { name: `Reactivate ${org.name}` }).click();
    await expectToast(page, `${org.name} is reactivated`);
    await row.getByText('Published', { exact: true }).waitFor();
    await visitor.page.reload();
    await visitor.page.getByText('Suspended supper').first().waitFor();
  });

  it('is not offered to anyone else, and the database refuses them', async () => {
    const staff = await createStaff('platform-nobody');
    const org = await createOrg({ name: unique('Nobody Bistro'), members: [staff] });
    const { page } = await adminPage(staff, org.id, 'organizations');
    await page.getByRole('heading', { name: 'Events', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: 'Organizations' }).count()).toBe(0);
    const { error } = await staff.client.rpc('super_admin_set_org_state', { p_org_id: org.id, p_state: 'suspended' });
    expect(error?.code).toBe('SH403');
    const [{ state }] = await sql<{ state: string }>(`select state from public.organizations where id = $1`, [org.id]);
    expect(state).toBe('published');
  });
});
