/**
 * The team section (Settings → Team) and the invitation link (/admin/join/:token): inviting by
 * email, the email in the mailbox, signing up through the link, removing members (never the
 * last one), and the refusals the database gives (another organization, an expired link, another
 * address).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { adminPage, closeBrowser, expectToast, newPage, signInThroughUi, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createReservation, createStaff, PASSWORD, uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';

afterAll(closeBrowser);

let owner: Staff;
let org: Org;

beforeAll(async () => {
  owner = await createStaff('team-owner');
  org = await createOrg({ name: 'Team Test Bistro', members: [owner] });
});

/** The invitation link in the newest invitation email to `email`. */
async function invitationLink(email: string): Promise<string> {
  const mail = (await mailFor(email)).find((m) => m.subject === `You are invited to join ${org.name} on SupperHost`);
  expect(mail, `the invitation email to ${email}`).toBeDefined();
  const link = mail!.body_text.match(/https?:\/\/\S+\/admin\/join\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail!.body_text).toBeDefined();
  expect(link!.startsWith(`${stackEnv().siteUrl}/admin/join/`)).toBe(true);
  return link!;
}

/** Invites through the Team section's form and waits for the pending row. */
async function inviteThroughUi(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Invitation sent', `We emailed an invitation link to ${email}. It works for 7 days.`);
  await page
    .getByRole('list', { name: /Pending invitations/ })
    .getByText(email)
    .waitFor();
}

const members = (page: Page) => page.getByRole('list', { name: /^Members/ });

describe('inviting a staff member', () => {
  it('invites by email (1280 px); the invitee signs up through the emailed link and lands in the organization', async () => {
    const { page } = await adminPage(owner, org.id, 'settings-team');
    await members(page).getByText(owner.email).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The form checks the address before the server does.
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Enter a valid email').waitFor();

    const invitee = uniqueEmail('invitee', 'team-e2e.test');
    await inviteThroughUi(page, invitee);
    const link = await invitationLink(invitee);

    const guest = await newPage();
    await guest.page.goto(link);
    await guest.page.getByText(`Sign in or create an account with ${invitee} to join ${org.name}.`).waitFor();
    await guest.page.getByRole('link', { name: 'Create an account' }).click();
    await guest.page.waitForURL(/\/auth\?next=/);
    // The invited address is filled in, read from the invitation (not carried in the URL).
    await expect.poll(() => guest.page.getByLabel('Email').inputValue()).toBe(invitee);
    expect(guest.page.url()).not.toContain(invitee.split('@')[0]);
    await guest.page.getByLabel('Password').fill(PASSWORD);
    await guest.page.getByRole('button', { name: 'Create account' }).click();
    await guest.page.waitForURL(`${stackEnv().siteUrl}/admin?org=${org.id}`);
    await expectToast(guest.page, `You joined ${org.name}`);
    await guest.page.getByText(org.name).first().waitFor();

    const [row] = await sql<{ accepted: boolean }>(
      `select accepted_at is not null as accepted from public.team_invitations where org_id = $1 and email = $2`,
      [org.id, invitee],
    );
    expect(row.accepted).toBe(true);
    await page.reload();
    await members(page).getByText(invitee).waitFor();
    expect(await page.getByRole('list', { name: /Pending invitations/ }).count()).toBe(0);
  });

  it('at 375 px the invitation fills in the invited email on Sign up and on Login; it stays editable', async () => {
    const { page } = await adminPage(owner, org.id, 'settings-team', { viewport: viewports.phone });
    await members(page).getByText(owner.email).waitFor();
    const invitee = uniqueEmail('prefill', 'team-e2e.test');
    await inviteThroughUi(page, invitee);
    const link = await invitationLink(invitee);

    const visitor = await newPage({ viewport: viewports.phone });
    await visitor.page.goto(link);
    await visitor.page.getByRole('link', { name: 'Create an account' }).click();
    await visitor.page.waitForURL(/\/auth\?next=/);
    expect(visitor.page.url()).not.toContain(invitee.split('@')[0]);
    const signUp = visitor.page.getByRole('tabpanel', { name: 'Sign up' });
    await expect.poll(() => signUp.getByLabel('Email').inputValue()).toBe(invitee);
    await visitor.page.getByRole('tab', { name: 'Login' }).click();
    const login = visitor.page.getByRole('tabpanel', { name: 'Login' });
    expect(await login.getByLabel('Email').inputValue()).toBe(invitee);
    await login.getByLabel('Email').fill('someone-else@team-e2e.test');
    expect(await login.getByLabel('Email').inputValue()).toBe('someone-else@team-e2e.test');
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(visitor.page)).toEqual([]);

    // Without an invitation, nothing is filled in.
    await visitor.page.goto(`${stackEnv().siteUrl}/auth?tab=signup`);
    await visitor.page.getByRole('button', { name: 'Create account' }).waitFor();
    expect(await visitor.page.getByLabel('Email').inputValue()).toBe('');

    // The organization's list of pending invitations is as it was (the next test counts it).
    await page.getByRole('button', { name: `Revoke the invitation of ${invitee}` }).click();
    await expectToast(page, 'Invitation revoked');
  });

  it('invites and revokes at 375 px; the revoked link is refused', async () => {
    const { page } = await adminPage(owner, org.id, 'settings-team', { viewport: viewports.phone });
    await members(page).getByText(owner.email).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const email = uniqueEmail('revoked', 'team-e2e.test');
    await inviteThroughUi(page, email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const link = await invitationLink(email);

    await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    await expectToast(page, 'Invitation revoked');
    await page.getByRole('list', { name: /Pending invitations/ }).waitFor({ state: 'detached' });

    const visitor = await newPage({ viewport: viewports.phone });
    await visitor.page.goto(link);
    await visitor.page.getByText('This invitation was revoked or replaced by a newer one').waitFor();
  });
});

describe('removing members', () => {
  it('removes a member, who can no longer read the reservations; the last member cannot be removed', async () => {
    const team = await createStaff('team-remove-owner');
    const second = await createStaff('team-remove-second');
    const bistro = await createOrg({ name: 'Removal Test Bistro', members: [team, second] });
    const event = await createEvent(bistro.id, { ticketTypes: [{ name: 'Dinner', price: 5000, quantity: 10 }] });
    await createReservation(event.id, { ticket_type_id: event.ticketTypes[0].id });
    const readReservations = async () => {
      const { data, error } = await second.client.from('reservations').select('id').eq('org_id', bistro.id);
      expect(error).toBeNull();
      return data!.length;
    };
    expect(await readReservations()).toBe(1);

    const { page } = await adminPage(team, bistro.id, 'settings-team', { viewport: viewports.phone });
    await page.getByRole('button', { name: `Remove ${second.email}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Remove ${second.email}?`).waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, 'Member removed');
    await members(page).getByText(second.email).waitFor({ state: 'detached' });
    expect(await readReservations()).toBe(0);

    // The one member left: the server says no, and the toast says why.
    await page.getByRole('button', { name: `Remove ${team.email}` }).click();
    await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
    await expectToast(page, 'Could not remove the member', 'An organization needs at least one member');
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.user_memberships where org_id = $1`, [bistro.id]);
    expect(n).toBe(1);
  });
});

describe('what the database refuses', () => {
  it('does not let a member of another organization invite into this one', async () => {
    const stranger = await createStaff('team-stranger');
    await createOrg({ name: 'Another Bistro', members: [stranger] });
    const { data, error } = await stranger.client.rpc('staff_invite_member', { p_org_id: org.id, p_email: uniqueEmail('sneaky', 'team-e2e.test') });
    expect(data).toBeNull();
    expect(error?.message).toBe('You can only manage the team of your own organization');
    expect(error?.code).toBe('SH403');
  });

  it('refuses an expired invitation with a clear message', async () => {
    const invitee = await createStaff('team-expired');
    const { data, error } = await owner.client.rpc('staff_invite_member', { p_org_id: org.id, p_email: invitee.email }).single();
    expect(error).toBeNull();
    const { invitation_id, token } = data as { invitation_id: string; token: string };
    await sql(`update public.team_invitations set expires_at = now() - interval '1 minute' where id = $1`, [invitation_id]);

    const { page } = await newPage();
    await signInThroughUi(page, invitee.email, invitee.password);
    await page.goto(`${stackEnv().siteUrl}/admin/join/${token}`);
    await page.getByText('This invitation has expired. Ask for a new one.').waitFor();
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.user_memberships where org_id = $1 and user_id = $2`, [
      org.id,
      invitee.userId,
    ]);
    expect(n).toBe(0);
  });

  it('refuses a sign-in with another address through the link, and offers to sign out', async () => {
    const invited = uniqueEmail('team-right', 'team-e2e.test');
    const other = await createStaff('team-wrong');
    const { data, error } = await owner.client.rpc('staff_invite_member', { p_org_id: org.id, p_email: invited }).single();
    expect(error).toBeNull();
    const { token } = data as { token: string };

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/admin/join/${token}`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(other.email);
    await page.getByLabel('Password').fill(other.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${stackEnv().siteUrl}/admin/join/${token}`);
    await page.getByText('This invitation is for another email address').waitFor();
    await page.getByText(`You are signed in as ${other.email}.`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText(`Sign in or create an account with ${invited} to join ${org.name}.`).waitFor();
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.user_memberships where org_id = $1 and user_id = $2`, [
      org.id,
      other.userId,
    ]);
    expect(n).toBe(0);
  });
});
