/**
 * Every admin tab at 375 and 1280 px, with data in it: one h1, no serious or critical axe
 * violation, nothing running off the side of the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, viewports } from './support/browser';
import { createEvent, createPromo, guest, type Org, type Staff } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { createStaffOrg } from '../tests/support/staff-org';

const TABS: { tab: string; heading: string }[] = [
  { tab: 'events', heading: 'Events' },
  { tab: 'reservations', heading: 'Reservations' },
  { tab: 'rsvps', heading: 'RSVPs' },
  { tab: 'guests', heading: 'Guests' },
  { tab: 'settings-branding', heading: 'Branding' },
  { tab: 'settings-promo-codes', heading: 'Promo Codes' },
  { tab: 'settings-email-templates', heading: 'Email Templates' },
  { tab: 'settings-embed-form', heading: 'Embed Form' },
  { tab: 'settings-team', heading: 'Team' },
  { tab: 'settings-books', heading: 'Books' },
];

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('admin-a11y', { name: 'Accessible Kitchen', branding: { brand_name: 'Accessible Kitchen' } }));
  const event = await createEvent(org.id, {
    title: 'A Long-Titled Autumn Harvest Tasting Dinner',
    ticketTypes: [{ name: 'Seat', price: 9500, quantity: 10 }],
  });
  await createPromo(org.id, { code: 'WELCOMEBACK15', discount_type: 'percent', discount_amount: 15 });
  const answer = await payByCard({
    amount: 19000,
    reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 2, ...guest('a11y') },
  });
  expect(answer.body.success).toBe(true);
});

describe('the admin, tab by tab', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it.each(TABS)(`$tab at ${viewport.width} px`, async ({ tab, heading }) => {
      const { page } = await adminPage(staff, org.id, tab, { viewport });
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).first().waitFor();
      // Let the tab's data arrive before scanning.
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('heading', { level: 1 }).count(), `${name}: one h1`).toBe(1);
      expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
    });
  }
});
