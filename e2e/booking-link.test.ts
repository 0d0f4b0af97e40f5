import { describe, expect, it } from 'vitest';
import { createEvent } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, expectToast, fitsWidth, newPage, viewports } from './support/browser';

// One dinner's own booking link: staff copy it from the dinner's overview, and a guest who opens
// it lands on the organization's page with that dinner chosen and in view (not the first one with
// seats), and the embed opens with it chosen too. At 375 px.

describe("a dinner's booking link", () => {
  it('is copied from the overview and opens the page with that dinner chosen, in view; the embed chooses it too', async () => {
    const { staff, org } = await createStaffOrg('booking-link', { name: 'Linked Table' });
    const seat = [{ name: 'Seat', price: 6000, quantity: 12 }];
    await createEvent(org.id, { title: 'First Linked Supper', daysAhead: 10, ticketTypes: seat });
    await createEvent(org.id, { title: 'Second Linked Supper', daysAhead: 20, ticketTypes: seat });
    const third = await createEvent(org.id, { title: 'Third Linked Supper', daysAhead: 30, ticketTypes: seat });

    const { page: admin } = await adminPage(staff, org.id, 'events', {
      viewport: viewports.phone,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await admin.goto(`${stackEnv().siteUrl}/admin/events/${third.id}`);
    await admin.getByRole('button', { name: 'Copy booking link' }).click();
    const link = `${stackEnv().siteUrl}/${org.slug}?event=${third.id}`;
    await expectToast(admin, 'Booking link copied', link);
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await fitsWidth(admin)).toBe(true);

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(link);
    // Without the link the first dinner with seats would be chosen.
    await page.getByRole('heading', { name: 'Reserve: Third Linked Supper' }).waitFor();
    const card = page.getByRole('article', { name: 'Third Linked Supper' });
    // Its card is scrolled into view.
    await page.waitForFunction((id) => {
      const r = document.getElementById(`event-${id}-title`)?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.bottom <= window.innerHeight;
    }, third.id);
    expect(await card.getAttribute('class')).toContain('ring-2');

    await page.goto(`${stackEnv().siteUrl}/${org.slug}/embed?event=${third.id}`);
    await page.getByRole('heading', { name: 'Reserve: Third Linked Supper' }).waitFor();
    expect(await page.getByLabel('Choose an event').inputValue()).toBe(third.id);

    // A link to a dinner that is not listed (gone, or another host's) falls back to the first with seats.
    await page.goto(`${stackEnv().siteUrl}/${org.slug}?event=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Reserve: First Linked Supper' }).waitFor();
  });
});
