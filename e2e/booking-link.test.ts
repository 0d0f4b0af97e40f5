import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../stack/config';
import { sql } from '../tests/support/db';
import { createEvent, magnoliaSupper } from '../tests/support/fixtures';
import { eatathomeEvent, ORG } from '../tests/support/seed';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, expectToast, fitsWidth, newPage, viewports } from './support/browser';

// One dinner's own booking link: staff copy it from the dinner's overview (which says the dinner is
// unlisted and when its online booking closes), and a guest who opens it lands on the
// organization's page with that dinner chosen and in view (not the first one with seats), even
// unlisted, and the embed opens with it chosen too. A dinner of an organization with an alias page
// of its kind (the supper club's seatings) is linked on that page, which preselects its date. At 375 px.

const magnoliaEvents: string[] = [];

afterAll(async () => {
  // Our own suppers leave the public pages (booked events are never deleted).
  if (magnoliaEvents.length) await sql('update public.events set is_active = false where id = any($1)', [magnoliaEvents]);
});

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

  it("links a supper club's seatings to its own page, which preselects the supper's date (unlisted too)", async () => {
    // A private supper of the seeded supper club on a Monday far after the seeded ones, with the
    // supper club's two seatings: unlisted, so no other page (nor any other test) shows it.
    const supper = await createEvent(
      ORG.magnolia,
      magnoliaSupper(260, {
        unlisted: true,
        slots: [
          { slot_time: '17:30', slot_label: '5:30pm', max_capacity: 20 },
          { slot_time: '20:00', slot_label: '8:00pm', max_capacity: 20 },
        ],
      }),
    );
    // A ticketed dinner of the same organization (its own page sells it; the supper club's does not).
    const dinner = await createEvent(ORG.magnolia, {
      title: 'Linked Wine Dinner',
      daysAhead: 261,
      unlisted: true,
      ticketTypes: [{ name: 'Seat', price: 9000, quantity: 10 }],
    });
    magnoliaEvents.push(supper.id, dinner.id);

    const owner = { email: 'owner@magnolia.test', password: DEMO_PASSWORD };
    const { page: admin } = await adminPage(owner, ORG.magnolia, 'events', {
      viewport: viewports.phone,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await admin.goto(`${stackEnv().siteUrl}/admin/events/${supper.id}`);
    await admin.getByRole('button', { name: 'Copy booking link' }).click();
    const link = `${stackEnv().siteUrl}/magnolia-supper-club?event=${supper.id}`;
    await expectToast(admin, 'Booking link copied', link);
    // A kind the alias page does not sell is linked on the organization's own page.
    await admin.goto(`${stackEnv().siteUrl}/admin/events/${dinner.id}`);
    await admin.getByRole('button', { name: 'Copy booking link' }).click();
    await expectToast(admin, 'Booking link copied', `${stackEnv().siteUrl}/magnolia?event=${dinner.id}`);

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(link);
    const date = page.getByLabel('Date', { exact: true });
    await page.waitForFunction((id) => (document.activeElement as HTMLSelectElement | null)?.value === id, supper.id);
    expect(await date.inputValue()).toBe(supper.id);
    // Its seatings are offered at once.
    expect(await page.getByLabel('Time slot').isEnabled()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);

    // Linking the ticketed dinner there preselects nothing, and the page still shows its suppers.
    await page.goto(`${stackEnv().siteUrl}/magnolia-supper-club?event=${dinner.id}`);
    await page.getByRole('heading', { name: 'Reserve your seats' }).waitFor();
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Date', { exact: true }).locator('option').count()).toBeGreaterThan(1);

    // The dinner series' page preselects a linked dinner the same way (a seeded one, not its first).
    await page.goto(`${stackEnv().siteUrl}/eat-at-home?event=${eatathomeEvent(3)}`);
    await page.waitForFunction((id) => (document.activeElement as HTMLSelectElement | null)?.value === id, eatathomeEvent(3));
    expect(await page.getByLabel('Upcoming dinner').inputValue()).toBe(eatathomeEvent(3));
  });
});
