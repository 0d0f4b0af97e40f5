/**
 * The team section (Settings → Team) and the invitation link (/admin/join/:token): inviting by
 * email with a role, the email in the mailbox, signing up through the link, changing roles,
 * removing members (never the last owner), what staff see, and the refusals the database gives
 * (staff, another organization, an expired link, another address).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, newPage, signInThroughUi, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createReservation, createStaff, PASSWORD, uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';
import { createStaffOrg } from '../tests/support/staff-org';

let owner: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff: owner, org } = await createStaffOrg('team-owner', { name: 'Team Test Bistro' }));
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
    expect(await fitsWidth(visitor.page)).toBe(true);
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
  it('removes a member, who can no longer read the reservations; the last owner cannot leave', async () => {
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

    // The one owner left: the server says no, and the toast says why.
    await page.getByRole('button', { name: `Leave ${bistro.name}` }).click();
    await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
    await expectToast(page, 'Could not remove the member', 'An organization needs at least one owner');
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

describe('owners and staff', () => {
  const roleOf = async (orgId: string, userId: string) =>
    (await sql<{ role: string }>(`select role from public.user_memberships where org_id = $1 and user_id = $2`, [orgId, userId]))[0]?.role;

  it('an owner invites with a role and changes roles at 1280 px; the last owner cannot step down', async () => {
    const boss = await createStaff('roles-owner');
    const cook = await createStaff('roles-cook');
    const bistro = await createOrg({ name: 'Roles Test Bistro', members: [boss, { ...cook, role: 'staff' }] });
    const { page } = await adminPage(boss, bistro.id, 'settings-team', { viewport: viewports.desktop });
    await members(page).getByText(cook.email).waitFor();
    expect(await page.getByLabel(`Role of ${cook.email}`).inputValue()).toBe('staff');
    expect(await page.getByLabel(`Role of ${boss.email}`).inputValue()).toBe('owner');
    expect(await seriousViolations(page)).toEqual([]);

    // An invitation as an owner: the pending row says so, and so does the email.
    const partner = uniqueEmail('roles-partner', 'team-e2e.test');
    const role = page.getByLabel('Role', { exact: true });
    expect(await role.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText())).toBe(
      'Staff run events, reservations and the door.',
    );
    await role.selectOption('owner');
    await page.getByText('Owners also manage the team, payments and publishing.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(partner);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(page, 'Invitation sent');
    const pending = page
      .getByRole('list', { name: /Pending invitations/ })
      .getByRole('listitem')
      .filter({ hasText: partner });
    await pending.getByText(/^Owner · Expires/).waitFor();
    const mail = (await mailFor(partner)).find((m) => m.subject === `You are invited to join ${bistro.name} on SupperHost`);
    expect(mail?.body_text).toContain(`invited you to join ${bistro.name} on SupperHost as an owner`);
    const [{ role: invitedAs }] = await sql<{ role: string }>(`select role from public.team_invitations where org_id = $1 and email = $2`, [
      bistro.id,
      partner,
    ]);
    expect(invitedAs).toBe('owner');

    // Promote the cook, then step down: two owners allow it.
    await page.getByLabel(`Role of ${cook.email}`).selectOption('owner');
    await expectToast(page, `${cook.email} is now an owner`);
    expect(await roleOf(bistro.id, cook.userId)).toBe('owner');
    await page.getByLabel(`Role of ${cook.email}`).selectOption('staff');
    await expectToast(page, `${cook.email} is now staff`);
    expect(await roleOf(bistro.id, cook.userId)).toBe('staff');

    // The last owner: the server refuses, the toast says why, and the choice goes back.
    await page.getByLabel(`Role of ${boss.email}`).selectOption('staff');
    await expectToast(page, 'Could not change the role', 'An organization needs at least one owner');
    await expect.poll(() => page.getByLabel(`Role of ${boss.email}`).inputValue()).toBe('owner');
    expect(await roleOf(bistro.id, boss.userId)).toBe('owner');
  });

  it('staff see the team with roles at 375 px, without the owner-only actions, and the database refuses them too', async () => {
    const boss = await createStaff('roles-boss');
    const waiter = await createStaff('roles-waiter');
    const bistro = await createOrg({ name: 'Staff View Bistro', members: [boss, { ...waiter, role: 'staff' }] });
    const { error: inviteError } = await boss.client.rpc('staff_invite_member', {
      p_org_id: bistro.id,
      p_email: uniqueEmail('roles-pending', 'team-e2e.test'),
      p_role: 'staff',
    });
    expect(inviteError).toBeNull();

    const { page } = await adminPage(waiter, bistro.id, 'settings-team', { viewport: viewports.phone });
    const bossRow = members(page).getByRole('listitem').filter({ hasText: boss.email });
    await bossRow.getByText(/^Owner · Joined/).waitFor();
    await members(page)
      .getByRole('listitem')
      .filter({ hasText: waiter.email })
      .getByText(/^Staff · Joined/)
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Invite by email' }).count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await page.getByRole('list', { name: /Pending invitations/ }).count()).toBe(0);
    await page.getByRole('button', { name: `Leave ${bistro.name}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // What the screen hides, the database refuses.
    const refusals = await Promise.all([
      waiter.client.rpc('staff_invite_member', { p_org_id: bistro.id, p_email: uniqueEmail('roles-sneaky', 'team-e2e.test'), p_role: 'owner' }),
      waiter.client.rpc('staff_set_member_role', { p_org_id: bistro.id, p_user_id: waiter.userId, p_role: 'owner' }),
      waiter.client.rpc('staff_remove_member', { p_org_id: bistro.id, p_user_id: boss.userId }),
      waiter.client.rpc('staff_list_team_invitations', { p_org_id: bistro.id }),
    ]);
    for (const { error } of refusals)
      expect({ code: error?.code, message: error?.message }).toEqual({ code: 'SH403', message: 'Only an owner can manage the team' });
    expect(await roleOf(bistro.id, waiter.userId)).toBe('staff');
    expect(await roleOf(bistro.id, boss.userId)).toBe('owner');

    // Staff may leave.
    await page.getByRole('button', { name: `Leave ${bistro.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave', exact: true }).click();
    await expectToast(page, 'Member removed');
    expect(await roleOf(bistro.id, waiter.userId)).toBeUndefined();
  });
});

describe('booking emails', () => {
  it('each member turns their own on or off at 375 px; the others see who gets them', async () => {
    const chef = await createStaff('emails-chef');
    const runner = await createStaff('emails-runner');
    const bistro = await createOrg({ name: 'Emails Bistro', members: [chef, { ...runner, role: 'staff' }] });
    const setting = async (userId: string) =>
      (
        await sql<{ on: boolean }>('select booking_emails as on from public.user_memberships where org_id = $1 and user_id = $2', [bistro.id, userId])
      )[0].on;

    const { page } = await adminPage(runner, bistro.id, 'settings-team', { viewport: viewports.phone });
    const own = members(page).getByRole('listitem').filter({ hasText: runner.email }).getByRole('switch', { name: 'Booking emails' });
    await own.waitFor();
    expect(await own.getAttribute('aria-checked')).toBe('false');
    // Only your own row has the switch.
    expect(await page.getByRole('switch').count()).toBe(1);
    await own.click();
    await expectToast(page, 'You will be emailed each new booking and cancellation');
    expect(await own.getAttribute('aria-checked')).toBe('true');
    expect(await setting(runner.userId)).toBe(true);
    expect(await setting(chef.userId)).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The owner sees that the runner gets them, and keeps their own off.
    const owner = await adminPage(chef, bistro.id, 'settings-team', { viewport: viewports.phone });
    await members(owner.page).getByRole('listitem').filter({ hasText: runner.email }).getByText('Gets booking emails', { exact: false }).waitFor();

    // A morning summary instead of an email per booking: chosen, then seen by the owner.
    const how = members(page).getByLabel('How you get booking emails');
    expect(await how.inputValue()).toBe('each');
    await how.selectOption('daily');
    await expectToast(page, 'You will get one summary of bookings each morning');
    expect(
      (
        await sql('select booking_emails, booking_emails_daily from public.user_memberships where org_id = $1 and user_id = $2', [
          bistro.id,
          runner.userId,
        ])
      )[0],
    ).toEqual({ booking_emails: true, booking_emails_daily: true });
    expect(await fitsWidth(page)).toBe(true);
    await owner.page.reload();
    await members(owner.page)
      .getByRole('listitem')
      .filter({ hasText: runner.email })
      .getByText('Gets a morning summary of bookings', { exact: false })
      .waitFor();

    await own.click();
    await expectToast(page, 'Booking emails turned off');
    expect(await setting(runner.userId)).toBe(false);
    // The choice is kept for when they are on again; only then is it offered.
    expect(await how.count()).toBe(0);
    await own.click();
    await expectToast(page, 'You will get one summary of bookings each morning');
    expect(await how.inputValue()).toBe('daily');
  });
});
