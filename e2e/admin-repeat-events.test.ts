/**
 * Repeat events in Chromium: staff duplicate an event to one new date at 1280 px (the copy has
 * the same ticket types, policy and private details, nothing sold, in the same organization, and
 * shows in the list), and make a 4-week weekly series at 375 px (4 new events on the 4 dates the
 * dialog listed); the dialog checks its fields, lists monthly dates clamped to short months, and
 * is axe clean at 375 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, futureDate, guest, type Org, type Staff } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('repeat-staff', { name: 'Repeat Kitchen' }));
});

/** The organization's events of a title other than `exceptId`, with what they sell and what is sold. */
async function copiesOf(title: string, exceptId: string) {
  return sql<{
    id: string;
    org_id: string;
    date: string;
    refund_window_hours: number | null;
    late_refund_percent: number;
    tickets: { name: string; price: number; quantity: number }[] | null;
    slots: { label: string; capacity: number; taken: number }[] | null;
    reservations: number;
    private_address: string | null;
  }>(
    `select e.id, e.org_id, to_char(e.date, 'YYYY-MM-DD') as date, e.refund_window_hours, e.late_refund_percent,
            (select json_agg(json_build_object('name', t.name, 'price', t.price, 'quantity', public.capacity_pool_left(t.pool_id)) order by t.created_at)
               from public.ticket_types t where t.event_id = e.id) as tickets,
            (select json_agg(json_build_object('label', s.slot_label, 'capacity', u.size, 'taken', u.taken) order by s.slot_time)
               from public.rsvp_slots s join public.capacity_pool_use(e.id) u on u.pool_id = s.pool_id where s.event_id = e.id) as slots,
            (select count(*)::int from public.reservations r where r.event_id = e.id) as reservations,
            (select d.private_address from public.event_private_details d where d.event_id = e.id) as private_address
       from public.events e where e.org_id = $1 and e.title = $2 and e.id <> $3 order by e.date`,
    [org.id, title, exceptId],
  );
}

describe('duplicating an event', () => {
  it('copies an event to one new date at 1280 px: same tickets and policy, nothing sold, listed', async () => {
    const title = 'Repeat Harvest Supper';
    const event = await createEvent(org.id, {
      title,
      refund_window_hours: 48,
      late_refund_percent: 25,
      ticketTypes: [
        { name: 'Seat', price: 6500, quantity: 10 },
        { name: 'Chef counter', price: 9000, quantity: 4 },
      ],
    });
    await sql(`insert into public.event_private_details (event_id, org_id, private_address) values ($1, $2, '12 Secret Lane')`, [event.id, org.id]);
    // Two seats sold on the original: the copy still sells all ten.
    const sold = await payByCard({
      amount: 13000,
      reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 2, ...guest('repeat') },
    });
    expect(sold.body.success).toBe(true);

    const { page, consoleErrors } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    // The less common actions are under 'More', on a line of their own under the row.
    await page.getByRole('button', { name: `More actions for ${title}` }).click();
    expect(await page.getByRole('button', { name: `More actions for ${title}` }).getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Duplicate ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate event' });
    await dialog.waitFor();

    // One new date by default, checked before anything is sent.
    expect(await dialog.getByLabel('One new date', { exact: true }).isChecked()).toBe(true);
    await dialog.getByLabel('New date', { exact: true }).fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await dialog.getByText('The new date cannot be in the past').waitFor();
    expect(await seriousViolations(page, { include: ['[data-testid="duplicate-event-dialog"]'] })).toEqual([]);

    const newDate = futureDate(45);
    await dialog.getByLabel('New date', { exact: true }).fill(newDate);
    expect(
      await dialog
        .getByTestId('duplicate-dates')
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-date'))),
    ).toEqual([newDate]);
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await expectToast(page, 'Success', `Created 1 event from ${title}.`);
    await dialog.waitFor({ state: 'detached' });

    const copies = await copiesOf(title, event.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      org_id: org.id,
      date: newDate,
      refund_window_hours: 48,
      late_refund_percent: 25,
      reservations: 0,
      private_address: '12 Secret Lane',
      tickets: [
        { name: 'Seat', price: 6500, quantity: 10 },
        { name: 'Chef counter', price: 9000, quantity: 4 },
      ],
    });
    // The list shows the copy (the events query was refreshed).
    await page.locator(`tr[data-event-id="${copies[0].id}"]`).waitFor();
    expect(await page.locator(`tr[data-event-id="${copies[0].id}"]`).textContent()).toContain(title);
    // The actions of a row stay on one line in the table, which does not scroll sideways at 1280 px.
    const overflow = await page.locator('table[aria-label="Events"]').evaluate((table) => {
      const box = table.parentElement!;
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  });

  it('makes a 4-week weekly series at 375 px on the dates it lists; monthly dates clamp to short months; axe clean', async () => {
    const title = 'Repeat Sunday Supper';
    const event = await createEvent(org.id, {
      title,
      rsvp_mode: true,
      deposit_amount: 1500,
      slots: [
        { slot_time: '17:30', slot_label: 'Early seating', max_capacity: 12, current_rsvps: 5 },
        { slot_time: '20:00', slot_label: 'Late seating', max_capacity: 10 },
      ],
    });

    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    // At a phone's width every action of the card is visible.
    await page.getByRole('button', { name: `Duplicate ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate event' });
    await dialog.waitFor();
    await dialog.getByLabel('A series of dates', { exact: true }).check();
    expect(await dialog.getByLabel('Every week', { exact: true }).isChecked()).toBe(true);
    // The first date defaults to a week after the event.
    const weekAfter = new Date(`${event.date}T12:00:00Z`);
    weekAfter.setUTCDate(weekAfter.getUTCDate() + 7);
    expect(await dialog.getByLabel('First date', { exact: true }).inputValue()).toBe(weekAfter.toISOString().slice(0, 10));

    await dialog.getByLabel('Number of dates', { exact: true }).fill('30');
    await dialog.getByRole('button', { name: /^Create/ }).click();
    await dialog.getByText('Enter a number of dates from 2 to 26').waitFor();

    // Monthly from a 31st: a shorter month gets its last day, the next month the 31st again.
    const year = new Date().getUTCFullYear() + 1;
    const febLast = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    await dialog.getByLabel('Every month', { exact: true }).check();
    await dialog.getByLabel('Number of dates', { exact: true }).fill('3');
    await dialog.getByLabel('First date', { exact: true }).fill(`${year}-01-31`);
    const listed = () =>
      dialog
        .getByTestId('duplicate-dates')
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-date')));
    await expect.poll(listed).toEqual([`${year}-01-31`, `${year}-02-${febLast}`, `${year}-03-31`]);
    expect(await dialog.getByTestId('duplicate-dates').locator('li').nth(1).textContent()).toContain('(last day of the month)');

    // Back to weekly, 4 dates from a chosen first date.
    const first = futureDate(60);
    const expected = [futureDate(60), futureDate(67), futureDate(74), futureDate(81)];
    await dialog.getByLabel('Every week', { exact: true }).check();
    await dialog.getByLabel('Number of dates', { exact: true }).fill('4');
    await dialog.getByLabel('First date', { exact: true }).fill(first);
    await expect.poll(listed).toEqual(expected);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, { include: ['[data-testid="duplicate-event-dialog"]'] })).toEqual([]);

    await dialog.getByRole('button', { name: 'Create 4 events' }).click();
    await expectToast(page, 'Success', `Created 4 events from ${title}.`);

    const copies = await copiesOf(title, event.id);
    expect(copies.map((c) => c.date)).toEqual(expected);
    for (const copy of copies) {
      expect(copy).toMatchObject({
        org_id: org.id,
        reservations: 0,
        tickets: null,
        slots: [
          { label: 'Early seating', capacity: 12, taken: 0 },
          { label: 'Late seating', capacity: 10, taken: 0 },
        ],
      });
    }
    // The new events show as cards.
    for (const copy of copies) await page.locator(`[data-event-id="${copy.id}"]`).waitFor();
  });
});
