/**
 * Pop-up chef inquiries reach someone, in real Chromium at 1280 and 375 px: a chef sends the
 * form and gets the acknowledgement in the mailbox; the super admin finds the inquiry in the
 * "Pop-up chefs" inbox, reads it, replies (the chef gets the reply in the mailbox, the inquiry
 * reads Replied) and archives it (it moves to Archived). Staff who are not the super admin
 * never see the inbox, and the database refuses them.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, field, fitsWidth, newPage, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createOrg, createStaff, uniq, uniqueEmail } from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';
import { ORG, SUPER_ADMIN } from '../tests/support/seed';
import { stackEnv } from '../tests/support/stack-env';

/** Sends the pop-up chef form as a visitor and waits for the thank-you. */
async function sendInquiry(viewport: { width: number; height: number }, chef: { name: string; email: string }) {
  const { page } = await newPage({ viewport });
  await page.goto(`${stackEnv().siteUrl}/pop-up-chef`);
  await page.getByRole('heading', { name: 'Host a pop-up dinner' }).waitFor();
  await field(page, 'Name').fill(chef.name);
  await field(page, 'Email').fill(chef.email);
  await field(page, 'Concept').fill('Oaxacan tasting menu with mezcal pairings, twelve seats.');
  await field(page, 'Ideal dates (optional)').fill('Fridays in March');
  await page.getByRole('button', { name: 'Submit inquiry' }).click();
  await page.getByText('Thanks for your interest! We’ll review your submission shortly.').waitFor();
}

describe('the pop-up chef inbox', () => {
  for (const [width, viewport] of [
    [1280, viewports.desktop],
    [375, viewports.phone],
  ] as const) {
    it(`a chef is acknowledged; the super admin reads, replies and archives; the chef gets the reply (${width} px)`, async () => {
      const chef = { name: `Rosa ${uniq('chef')}`, email: uniqueEmail('chef', 'chef-e2e.test') };
      await sendInquiry(viewport, chef);

      const [ack] = await mailFor(chef.email);
      expect(ack?.subject).toBe('We received your pop-up inquiry');
      expect(ack.body_text).toContain(`Hi ${chef.name},`);
      expect(ack.body_text).toContain('We typically respond within a few days.');
      // Rendered in the platform's layout (React Email), not the plain fallback alone.
      expect(ack.body_html).toContain(`SupperHost · sent to ${chef.email}`);

      const { page } = await adminPage(SUPER_ADMIN, ORG.eatathome, 'chef-inquiries', { viewport });
      await page.getByRole('heading', { name: 'Pop-up chefs', level: 2 }).waitFor();
      // The way in: the sidebar, or the drawer on a phone.
      if (width === 375) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Pop-up chefs' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      } else {
        expect(await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Pop-up chefs' }).isVisible()).toBe(true);
      }

      const newList = page.getByRole('list', { name: 'New inquiries' });
      await newList.getByRole('button', { name: new RegExp(chef.name) }).click();
      const inquiry = page.getByRole('article', { name: chef.name });
      await inquiry.getByText('Oaxacan tasting menu with mezcal pairings, twelve seats.').waitFor();
      for (const text of [chef.email, 'Fridays in March', '127.0.0.1', 'No reply yet.'])
        await inquiry.getByText(text, { exact: true }).first().waitFor();
      expect(await inquiry.getByText('New', { exact: true }).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);

      // The reply form states its limits before anything is sent.
      expect(await page.getByTestId('chef-reply-subject-count').textContent()).toBe('34/200');
      expect(await page.getByTestId('chef-reply-message-count').textContent()).toBe('0/10000');
      await inquiry.getByRole('button', { name: 'Send reply' }).click();
      await inquiry.getByText('Message is required').waitFor();
      const message = `Hi Rosa,\n\nThanks for writing. Could you cook for 12 on ${uniq('a Friday')}?`;
      await field(page, 'Subject').fill('Your pop-up dinner with SupperHost');
      await field(page, 'Message').fill(message);
      await inquiry.getByRole('button', { name: 'Send reply' }).click();
      await expectToast(page, 'Reply sent', `We emailed your reply to ${chef.email}.`);
      await inquiry.getByText('Replied', { exact: true }).first().waitFor();
      await inquiry.getByRole('heading', { name: 'Replies (1)' }).waitFor();
      await inquiry.getByText('Could you cook for 12', { exact: false }).waitFor();
      // The inquiry now sits under Replied (on a phone, back in the list: the list and the inquiry take turns).
      if (width === 375) await inquiry.getByRole('button', { name: 'All inquiries' }).click();
      expect(await page.getByRole('tab', { name: /^Replied/ }).getAttribute('aria-selected')).toBe('true');
      const repliedItem = page.getByRole('list', { name: 'Replied inquiries' }).getByRole('button', { name: new RegExp(chef.name) });
      await repliedItem.waitFor();
      if (width === 375) await repliedItem.click();

      const mail = await mailFor(chef.email, 2);
      const sent = mail.find((m) => m.subject === 'Your pop-up dinner with SupperHost');
      expect(sent, 'the reply in the mailbox').toBeDefined();
      expect(sent!.body_text).toContain(message.split('\n').pop()!);
      expect(sent!.body_html).toContain('Could you cook for 12');
      const [stored] = await sql<{ status: string }>(`select status from public.chef_signups where email = $1`, [chef.email]);
      expect(stored.status).toBe('replied');

      // Archive: out of the inbox, into Archived.
      await inquiry.getByRole('button', { name: 'Archive' }).click();
      await expectToast(page, 'Inquiry archived');
      await page.getByRole('article', { name: chef.name }).waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: /^Archived/ }).click();
      await page
        .getByRole('list', { name: 'Archived inquiries' })
        .getByRole('button', { name: new RegExp(chef.name) })
        .click();
      await page.getByRole('article', { name: chef.name }).getByText('Archived', { exact: true }).first().waitFor();
      await page.getByRole('article', { name: chef.name }).getByText('Delivered', { exact: true }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('is not offered to staff who are not the super admin, and the database refuses them', async () => {
    const staff = await createStaff('chef-inbox-staff');
    const org = await createOrg({ name: 'Chef Inbox Bistro', members: [staff] });
    const { page } = await adminPage(staff, org.id, 'chef-inquiries');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Events' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pop-up chefs' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pop-up chefs' }).count()).toBe(0);
    const { data, error } = await staff.client.rpc('super_admin_list_chef_inquiries', {});
    expect(data).toBeNull();
    expect(error?.message).toBe('Only the SupperHost team can read pop-up chef inquiries');
    const direct = await staff.client.from('chef_signups').select('id');
    expect(direct.data).toEqual([]);
  });
});
