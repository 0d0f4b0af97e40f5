/**
 * Unlisted dinners (real Chromium, real stack, at 375 px): staff tick 'Unlisted' when they create
 * a dinner or edit one, and the events list badges it (its cards, and its table at 1280 px); the
 * organization's page and its embed do not offer it, while its own booking link
 * (/{slug}?event=<id>, and the embed's) shows it chosen, with a line saying it is private.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectToast, fitsWidth, newPage, viewports } from './support/browser';
import { openEventEditor, startTicketedEvent } from './support/event-dialog';
import { sql } from '../tests/support/db';
import { createEvent, type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';

const HINT = 'Hidden from your page and the home page. Anyone with its booking link (Copy booking link, on its overview) can see and book it.';
const PRIVATE_LINE = 'Private dinner: only people with its link see it';
const seat = [{ name: 'Dinner', price: 8000, quantity: 10 }];

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('unlisted-events', { name: 'Unlisted Table' }));
});

async function unlistedOf(eventId: string): Promise<boolean> {
  const [row] = await sql<{ unlisted: boolean }>('select unlisted from public.events where id = $1', [eventId]);
  return row.unlisted;
}

/** The 'Unlisted' badge on the event's card of the events tab (the phone layout). */
const unlistedBadge = (page: Page, eventId: string) => page.locator(`[data-event-id="${eventId}"]`).getByText('Unlisted', { exact: true });

describe('unlisted dinners', () => {
  it('are ticked in Create Event and Edit Event, badged in the list, kept off the page and the embed, and shown by their own link', async () => {
    // A listed dinner, and one staff will make unlisted in the Edit Event dialog.
    const listed = await createEvent(org.id, { title: 'Open Table Supper', daysAhead: 10, ticketTypes: seat });
    const edited = await createEvent(org.id, { title: 'Quiet Cellar Supper', daysAhead: 30, ticketTypes: seat });

    // Create Event: 'Unlisted' is offered unticked, with its hint; ticked, the dinner is saved unlisted.
    const { page: admin, dialog } = await startTicketedEvent(staff, org.id, 'Secret Garden Supper', { viewport: viewports.phone });
    const unlisted = dialog.getByLabel('Unlisted', { exact: true });
    expect(await unlisted.isChecked()).toBe(false);
    await dialog.getByText(HINT).waitFor();
    await unlisted.check();
    expect(await fitsWidth(admin)).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Reservation Event' }).click();
    await expectToast(admin, 'Reservation event created successfully');
    await dialog.waitFor({ state: 'detached' });

    const [secret] = await sql<{ id: string; unlisted: boolean }>('select id, unlisted from public.events where org_id = $1 and title = $2', [
      org.id,
      'Secret Garden Supper',
    ]);
    expect(secret.unlisted).toBe(true);
    await unlistedBadge(admin, secret.id).waitFor();
    expect(await unlistedBadge(admin, listed.id).count()).toBe(0);
    expect(await unlistedBadge(admin, edited.id).count()).toBe(0);

    // Reopened, the created dinner's box is ticked.
    let editor = await openEventEditor(admin, 'Secret Garden Supper');
    expect(await editor.getByLabel('Unlisted', { exact: true }).isChecked()).toBe(true);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });

    // Edit Event: ticked and saved, a listed dinner becomes unlisted.
    editor = await openEventEditor(admin, 'Quiet Cellar Supper');
    const box = editor.getByLabel('Unlisted', { exact: true });
    expect(await box.isChecked()).toBe(false);
    await editor.getByText(HINT).waitFor();
    await box.check();
    expect(await fitsWidth(admin)).toBe(true);
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(admin, 'Success', 'Event updated successfully');
    await editor.waitFor({ state: 'detached' });
    expect(await unlistedOf(edited.id)).toBe(true);
    expect(await unlistedOf(listed.id)).toBe(false);
    await unlistedBadge(admin, edited.id).waitFor();
    expect(await fitsWidth(admin)).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);
    // At 1280 px the table's row shows it too, and the badge does not widen the table past its box.
    await admin.setViewportSize(viewports.desktop);
    await admin.locator(`tr[data-event-id="${secret.id}"]`).getByText('Unlisted', { exact: true }).waitFor();
    expect(await admin.getByRole('table', { name: 'Events' }).evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);

    // The organization's page lists the listed dinner only.
    const { siteUrl } = stackEnv();
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${siteUrl}/${org.slug}`);
    await page.getByRole('heading', { name: 'Reserve: Open Table Supper' }).waitFor();
    await page.getByRole('article', { name: 'Open Table Supper' }).waitFor();
    expect(await page.getByTestId('event-card').count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Secret Garden Supper' }).count()).toBe(0);
    expect(await page.getByRole('article', { name: 'Quiet Cellar Supper' }).count()).toBe(0);
    expect(await page.getByText(PRIVATE_LINE).count()).toBe(0);

    // Its own link shows the unlisted dinner, chosen, and says it is private.
    await page.goto(`${siteUrl}/${org.slug}?event=${secret.id}`);
    await page.getByRole('heading', { name: 'Reserve: Secret Garden Supper' }).waitFor();
    const card = page.getByRole('article', { name: 'Secret Garden Supper' });
    await card.getByText(PRIVATE_LINE, { exact: true }).waitFor();
    expect(await card.getAttribute('class')).toContain('ring-2');
    expect(await card.getByRole('button', { name: 'Reserve Your Spot' }).isEnabled()).toBe(true);
    // Search engines are pointed at the page itself, never at a dinner's link.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteUrl}/${org.slug}`);
    // The listed dinner is not called private; the other unlisted one stays hidden.
    expect(await page.getByRole('article', { name: 'Open Table Supper' }).getByText(PRIVATE_LINE).count()).toBe(0);
    expect(await page.getByRole('article', { name: 'Quiet Cellar Supper' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The embed offers the listed dinner only; with the link, the unlisted one is chosen.
    await page.goto(`${siteUrl}/${org.slug}/embed`);
    await page.getByRole('heading', { name: 'Reserve: Open Table Supper' }).waitFor();
    const picker = page.getByLabel('Choose an event');
    expect(await picker.inputValue()).toBe(listed.id);
    expect(await picker.locator('option', { hasText: 'Secret Garden Supper' }).count()).toBe(0);
    expect(await picker.locator('option', { hasText: 'Quiet Cellar Supper' }).count()).toBe(0);

    await page.goto(`${siteUrl}/${org.slug}/embed?event=${secret.id}`);
    await page.getByRole('heading', { name: 'Reserve: Secret Garden Supper' }).waitFor();
    expect(await page.getByLabel('Choose an event').inputValue()).toBe(secret.id);
    expect(await fitsWidth(page)).toBe(true);
  });
});
