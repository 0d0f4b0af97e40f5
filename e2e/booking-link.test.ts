import { describe, expect, it } from 'vitest';
import { sql } from '../tests/support/db';
import { createEvent } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, expectToast, fitsWidth, newPage, viewports } from './support/browser';

// One dinner's own booking link: staff copy it from the dinner's overview (which says the dinner is
// unlisted and when its online booking closes), and a guest who opens it lands on the
// organization's page with that dinner chosen and in view (not the first one with seats), even
// unlisted, and the embed opens with it chosen too. At 375 px.

describe("a dinner's booking link", () => {
  it('is copied from the overview and opens the page with that dinner chosen, in view; the embed chooses it too', async () => {
    const { staff, org } = await createStaffOrg('booking-link', { name: 'Linked Table' });
    const seat = [{ name: 'Seat', price: 6000, quantity: 12 }];
    await createEvent(org.id, { title: 'First Linked Supper', daysAhead: 10, ticketTypes: seat });
    await createEvent(org.id, { title: 'Second Linked Supper', daysAhead: 20, ticketTypes: seat });
    const third = await createEvent(org.id, { title: 'Third Linked Supper', daysAhead: 30, ticketTypes: seat });
    // A private dinner whose online booking closes a day before: its overview says both.
    await sql('update public.events set unlisted = true, booking_cutoff_hours = 24 where id = $1', [third.id]);

    const { page: admin } = await adminPage(staff, org.id, 'events', {
      viewport: viewports.phone,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await admin.goto(`${stackEnv().siteUrl}/admin/events/${third.id}`);
    expect(await admin.getByTestId('overview-booking-rules').innerText()).toMatch(
      /^Unlisted: only its booking link shows it · Online booking closes [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4} at 7:00 PM E[SD]T$/,
    );
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
