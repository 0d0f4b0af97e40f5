/**
 * The kitchen report page (/admin/events/:eventId/kitchen), opened from the event overview:
 * guests per ticket type, allergens and needs from the seats the guests claimed, every seat by
 * party, printable; the host sets when it is emailed. Real stack, real Chromium, both widths.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, layouts, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import {
  createEvent,
  createOrg,
  createReservation,
  createStaff,
  createTicketType,
  type Org,
  type Staff,
  type TestEvent,
} from '../tests/support/fixtures';
import { stackEnv } from '../tests/support/stack-env';

let staff: Staff;
let org: Org;
let dinner: TestEvent;

const claim = (reservationId: string, seatNo: number, name: string, allergens: string[], notes: string | null = null) =>
  sql(
    `select public.claim_seat(public.link_token_of('seat', s.id), $3, $4, $5, $6)
     from public.reservation_seats s where s.reservation_id = $1 and s.seat_no = $2`,
    [reservationId, seatNo, name, `${name.split(' ')[0].toLowerCase()}@example.com`, allergens, notes],
  );

beforeAll(async () => {
  staff = await createStaff('kitchen');
  org = await createOrg({ name: 'Kitchen Report Kitchen', members: [staff] });
  dinner = await createEvent(org.id, { title: 'Nose to Tail Supper', daysAhead: 10 });
  const tasting = await createTicketType(dinner.id, { name: 'Tasting Menu', price: 9000, quantity: 20 });
  const veg = await createTicketType(dinner.id, { name: 'Garden Menu', price: 8000, quantity: 20 });
  const ada = await createReservation(dinner.id, {
    name: 'Ada Lovelace',
    num_guests: 3,
    ticket_type_id: tasting,
    dietary_restrictions: 'Anniversary',
  });
  const bob = await createReservation(dinner.id, { name: 'Bob Kahn', num_guests: 2, ticket_type_id: veg });
  await claim(ada.id, 1, 'Ada Lovelace', ['milk']);
  await claim(ada.id, 2, 'Grace Hopper', ['sesame', 'milk'], 'Vegetarian');
  await claim(bob.id, 2, 'Vint Cerf', ['peanuts'], 'vegetarian');
}, 60_000);

describe('the kitchen report page', () => {
  for (const [layout, viewport] of layouts) {
    it(`is opened from the overview and counts what the kitchen must know (${layout})`, async () => {
      const { page, consoleErrors } = await adminPage(staff, org.id, 'events', { viewport });
      await page.goto(`${stackEnv().siteUrl}/admin/events/${dinner.id}`);
      await page.getByRole('link', { name: 'Kitchen report' }).click();
      await page.getByRole('heading', { name: 'Nose to Tail Supper' }).waitFor();
      await page.getByTestId('kitchen-when').filter({ hasText: '5 guests' }).waitFor();

      const rows = async (testId: string) => (await page.getByTestId(testId).locator('dl > div').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
      expect(await rows('kitchen-tickets')).toEqual(['Tasting Menu 3', 'Garden Menu 2']);
      expect(await rows('kitchen-allergens')).toEqual(['Milk 2', 'Peanuts 1', 'Sesame 1']);
      expect(await rows('kitchen-needs')).toEqual(['Vegetarian 2']);
      const partiesShown = page.getByTestId('kitchen-party');
      expect(await partiesShown.count()).toBe(2);
      expect(await partiesShown.nth(0).getByTestId('kitchen-seat').allInnerTexts()).toEqual([
        'Ada Lovelace: Milk',
        'Grace Hopper: Milk, Sesame · Vegetarian',
        'Guest of Ada Lovelace',
      ]);
      await partiesShown.nth(0).getByText('Party note: Anniversary').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);

      // On paper: the counts and the parties, not the controls.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await page.getByRole('form', { name: 'When the report is emailed' }).isVisible()).toBe(false);
      expect(await page.getByTestId('kitchen-allergens').isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });
      expect(consoleErrors).toEqual([]);
    });
  }

  it('the host sets when it is emailed on the dinner’s day', async () => {
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/admin/events/${dinner.id}/kitchen`);
    await page.getByTestId('kitchen-sent').filter({ hasText: 'Not sent yet' }).waitFor();
    const time = page.getByLabel('Emailed to your team on the day, at');
    expect(await time.inputValue()).toBe('09:00');
    await time.fill('07:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved', 'The report is emailed at 7:30 AM on the day of the dinner.');
    const [row] = await sql<{ send_at: string }>(`select send_at::text from public.kitchen_reports where event_id = $1`, [dinner.id]);
    expect(row.send_at).toBe('07:30:00');
  });
});
