/**
 * Private dinner requests, the host's side, at 375 px: turning them on with a note in Branding
 * (saved with the rest of the branding), the requests guests send (made with the real
 * request_private_dinner, as the public form does) listed newest first with their details, the
 * status (new, replied, archived) filed through staff_set_private_dinner_status, archived ones
 * hidden until asked for, the empty state, and what another organization's member sees: nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';

// A timezone west of UTC: a calendar date read as UTC midnight would show the day before.
const phone = { viewport: viewports.phone, timezoneId: 'America/Los_Angeles' };
const NOTE = 'Parties of 8 to 20, $95 per guest.\nI cook in your kitchen or at our studio.';

/** A guest's request, as the public form sends it; answers its id and the date asked for, as the database writes it. */
async function requestDinner(
  slug: string,
  r: { name: string; email: string; phone?: string | null; days: number; guests: number; message: string },
): Promise<{ id: string; date: string; shown: string }> {
  const [{ id }] = await sql<{ id: string }>('select public.request_private_dinner($1, $2, $3, $4, (current_date + $5::int)::date, $6, $7) as id', [
    slug,
    r.name,
    r.email,
    r.phone ?? null,
    r.days,
    r.guests,
    r.message,
  ]);
  const [row] = await sql<{ id: string; date: string; shown: string }>(
    `select id, preferred_date::text as date, to_char(preferred_date, 'Dy, Mon FMDD, YYYY') as shown from public.private_dinner_requests where id = $1`,
    [id],
  );
  return row;
}

/** Turns requests on (or off) in the organization's branding, as a saved Branding form does. */
async function takeRequests(orgId: string, on: boolean) {
  await sql(
    `insert into public.org_branding (org_id, private_dinners) values ($1, $2)
     on conflict (org_id) do update set private_dinners = excluded.private_dinners`,
    [orgId, on],
  );
}

const statusOf = async (id: string) =>
  (await sql<{ status: string }>('select status from public.private_dinner_requests where id = $1', [id]))[0]?.status;

const requestList = (page: Page) => page.getByRole('list', { name: 'Private dinner requests' });
const requestCard = (page: Page, name: string) => requestList(page).getByRole('article', { name, exact: true });

describe('turning private dinner requests on (375 px)', () => {
  let owner: Staff;
  let org: Org;
  beforeAll(async () => {
    ({ staff: owner, org } = await createStaffOrg('pd-branding', { name: 'Private Branding Bistro', branding: { brand_name: 'Private Branding' } }));
  });

  it('the owner turns them on with a note in Branding and saves; a guest may then ask', async () => {
    // Off by default: the function refuses a guest.
    await expect(
      requestDinner(org.slug, { name: 'Too Early', email: uniqueEmail('pd-early'), days: 30, guests: 4, message: 'Is this open yet?' }),
    ).rejects.toThrow('This host does not take private dinner requests.');

    const { page } = await adminPage(owner, org.id, 'settings-branding', phone);
    await page.getByRole('heading', { name: 'Branding', exact: true }).waitFor();
    const toggle = page.getByRole('switch', { name: 'Take private dinner requests' });
    // The stored branding is in the form before anything is changed.
    await expect.poll(() => page.getByLabel('Brand name').inputValue()).toBe('Private Branding');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const link = page.getByText(`/${org.slug}/private-dinner`, { exact: false });
    expect(await link.count()).toBe(0);

    // On: the page's request link is shown (the form's own state, before saving).
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await link.waitFor();
    expect((await link.textContent())?.endsWith(`/${org.slug}/private-dinner`)).toBe(true);

    // Too long a note: the form says so and nothing is saved (the form saves all or nothing).
    const note = page.getByLabel('What you offer');
    await note.fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await page.getByText('What you offer must be at most 1000 characters').waitFor();
    const stored = () =>
      sql<{ private_dinners: boolean; private_dinner_note: string | null }>(
        'select private_dinners, private_dinner_note from public.org_branding where org_id = $1',
        [org.id],
      );
    expect(await stored()).toEqual([{ private_dinners: false, private_dinner_note: null }]);

    await note.fill(NOTE);
    await page.getByLabel('Brand name').fill('Private Branding Kitchen');
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');
    expect(await stored()).toEqual([{ private_dinners: true, private_dinner_note: NOTE }]);
    // Saved together with the rest of the form.
    expect((await sql('select brand_name from public.org_branding where org_id = $1', [org.id]))[0].brand_name).toBe('Private Branding Kitchen');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Read back as saved.
    await page.reload();
    await toggle.waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await note.inputValue()).toBe(NOTE);
    await link.waitFor();

    // Now the function takes a guest's request.
    const asked = await requestDinner(org.slug, {
      name: 'Now Open',
      email: uniqueEmail('pd-open'),
      days: 30,
      guests: 4,
      message: 'A dinner for four.',
    });
    expect(asked.id).toBeTruthy();

    // Off again, the note kept; an empty note is stored as null.
    await toggle.click();
    await link.waitFor({ state: 'detached' });
    await note.fill('   ');
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');
    await expect.poll(stored).toEqual([{ private_dinners: false, private_dinner_note: null }]);
  });
});

describe('the Private dinners tab (375 px)', () => {
  let owner: Staff;
  let org: Org;
  let pat: { id: string; date: string; shown: string };
  let sam: { id: string; date: string; shown: string };

  beforeAll(async () => {
    ({ staff: owner, org } = await createStaffOrg('pd-inbox', { name: 'Private Inbox Bistro' }));
    await takeRequests(org.id, true);
    pat = await requestDinner(org.slug, {
      name: 'Pat Party',
      email: 'pat@example.com',
      days: 30,
      guests: 12,
      message: 'A birthday dinner for twelve\n<b>No nuts</b>, please.',
    });
    // Sent an hour before the next one: the list is newest first.
    await sql(`update public.private_dinner_requests set created_at = now() - interval '1 hour' where id = $1`, [pat.id]);
    sam = await requestDinner(org.slug, {
      name: 'Sam Company',
      email: uniqueEmail('pd-sam'),
      phone: '+1 (555) 010-2000',
      days: 60,
      guests: 1,
      message: 'Our team dinner, with a vegetarian menu.',
    });
  });

  it('is in the phone navigation; lists the requests newest first with their details', async () => {
    const { page } = await adminPage(owner, org.id, 'events', phone);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    const entry = drawer.getByRole('button', { name: 'Private dinners' });
    await entry.waitFor();
    // The drawer still holds every entry and Sign Out on a phone's screen, nothing off its side.
    for (const control of [entry, drawer.getByRole('button', { name: 'Settings' }), drawer.getByRole('button', { name: 'Sign Out' })]) {
      const box = (await control.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewports.phone.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
    }
    expect(await drawer.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await entry.click();
    await page.getByRole('heading', { level: 2, name: 'Private dinners', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('private-dinners');

    const list = requestList(page);
    await list.waitFor();
    expect(await list.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Sam Company', 'Pat Party']);

    const card = requestCard(page, 'Pat Party');
    // The calendar date as asked, in a browser west of UTC too.
    await card.getByText(pat.shown, { exact: true }).waitFor();
    expect(pat.shown).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await card.getByText('12 guests', { exact: true }).waitFor();
    await card.getByText('pat@example.com', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
      'mailto:pat@example.com?subject=Your%20private%20dinner%20request',
    );
    // No phone given: none shown.
    expect(await card.getByText('Phone', { exact: true }).count()).toBe(0);
    expect(await card.locator('a[href^="tel:"]').count()).toBe(0);
    // The message as the guest typed it: plain text (never HTML), its lines kept.
    const message = card.getByText('<b>No nuts</b>, please.', { exact: false });
    await message.waitFor();
    expect(await card.locator('b').count()).toBe(0);
    expect(await message.evaluate((p) => getComputedStyle(p).whiteSpace)).toBe('pre-wrap');
    expect(await message.innerText()).toBe('A birthday dinner for twelve\n<b>No nuts</b>, please.');
    await card.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/).waitFor();
    await card.getByText('New', { exact: true }).and(card.locator('span')).waitFor();
    expect(await card.getByLabel("Status of Pat Party's request").inputValue()).toBe('new');

    const other = requestCard(page, 'Sam Company');
    await other.getByText(sam.shown, { exact: true }).waitFor();
    await other.getByText('1 guest', { exact: true }).waitFor();
    expect(await other.getByRole('link', { name: '+1 (555) 010-2000' }).getAttribute('href')).toBe('tel:+15550102000');
    // Requests are on: no hint to turn them on.
    expect(await page.getByText('Turn them on in Branding', { exact: false }).count()).toBe(0);

    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is in the sidebar at 1280 px, beside the other lists', async () => {
    const { page } = await adminPage(owner, org.id, 'events', { viewport: viewports.desktop });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Private dinners' }).click();
    await requestCard(page, 'Pat Party').waitFor();
    expect(await nav.getByRole('button', { name: 'Private dinners' }).getAttribute('aria-current')).toBe('page');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('files a request as replied, then archived: hidden until "Show archived"', async () => {
    const { page } = await adminPage(owner, org.id, 'private-dinners', phone);
    const card = requestCard(page, 'Pat Party');
    const status = card.getByLabel("Status of Pat Party's request");
    await status.waitFor();

    await status.selectOption('replied');
    await expectToast(page, 'Marked replied');
    expect(await statusOf(pat.id)).toBe('replied');
    await card.getByText('Replied', { exact: true }).and(card.locator('span')).waitFor();
    expect(await status.inputValue()).toBe('replied');
    expect(await statusOf(sam.id)).toBe('new');

    await status.selectOption('archived');
    await expectToast(page, 'Archived', 'Show archived to see it again.');
    expect(await statusOf(pat.id)).toBe('archived');
    await card.waitFor({ state: 'detached' });
    await requestCard(page, 'Sam Company').waitFor();

    const showArchived = page.getByRole('checkbox', { name: 'Show archived (1)' });
    expect(await showArchived.isChecked()).toBe(false);
    await showArchived.check();
    await card.getByText('Archived', { exact: true }).and(card.locator('span')).waitFor();
    expect(await status.inputValue()).toBe('archived');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the inbox.
    await status.selectOption('new');
    await expectToast(page, 'Marked new');
    expect(await statusOf(pat.id)).toBe('new');
    await page.getByRole('checkbox', { name: 'Show archived (0)' }).waitFor();
    await card.waitFor();
  });

  it("says the server's refusal, and shows the stored status again", async () => {
    const gone = await requestDinner(org.slug, {
      name: 'Gone Guest',
      email: uniqueEmail('pd-gone'),
      days: 10,
      guests: 3,
      message: 'A small dinner.',
    });
    const { page } = await adminPage(owner, org.id, 'private-dinners', phone);
    const status = requestCard(page, 'Gone Guest').getByLabel("Status of Gone Guest's request");
    await status.waitFor();
    await sql('delete from public.private_dinner_requests where id = $1', [gone.id]);
    await status.selectOption('replied');
    await expectToast(page, 'Could not change the request', 'Private dinner request not found');
    await expect.poll(() => status.inputValue()).toBe('new');
    expect(await statusOf(gone.id)).toBeUndefined();
  });

  it('another organization sees none of them', async () => {
    const { staff: outsider, org: theirs } = await createStaffOrg('pd-outsider', { name: 'Elsewhere Dinners' });
    const { data, error } = await outsider.client.from('private_dinner_requests').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    // Nor can they file one.
    const refused = await outsider.client.rpc('staff_set_private_dinner_status', { p_request_id: sam.id, p_status: 'archived' });
    expect(refused.error?.message).toBe('Private dinner request not found');
    expect(await statusOf(sam.id)).toBe('new');
    // The owner's own client reads them (the RLS check above is not merely an empty table).
    const own = await owner.client.from('private_dinner_requests').select('id').eq('org_id', org.id);
    expect(own.data?.map((r) => r.id)).toContain(sam.id);

    // Their own tab: empty, with the way to turn requests on.
    const { page } = await adminPage(outsider, theirs.id, 'private-dinners', phone);
    await page.getByText('No private dinner requests yet.').waitFor();
    await page.getByText('Turn them on in Branding to invite requests from your page.').waitFor();
    expect(await page.getByText('Pat Party').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open Branding' }).click();
    await page.getByRole('switch', { name: 'Take private dinner requests' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('settings-branding');
  });
});
