/**
 * Editing an event after it is created, in the Edit Event dialog (real Chromium, real stack):
 * ticket types renamed, repriced and added after a sale; a capacity below what is sold refused
 * with the server's number and nothing of that save kept; an RSVP event's slots edited, added and
 * deactivated and its deposit changed. At 1280 px and at 375 px (rows stacked, axe clean).
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createReservation, createRsvpEvent, type Org, publicOrgPage, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { openEventEditor } from './support/event-dialog';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('event-editing', { name: 'Event Editing Kitchen' }));
});

async function ticketTypesOf(eventId: string) {
  return sql<{ name: string; price: number; quantity: number }>(
    'select name, price, public.capacity_pool_left(pool_id) as quantity from public.ticket_types where event_id = $1 order by created_at, name',
    [eventId],
  );
}

/** Saves the edit dialog and reads the success toast. */
async function saveSucceeds(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Event updated successfully');
}

/** Saves the edit dialog and reads the refusal's toast: 'Failed to update event: ' and the server's `reason`. */
async function saveRefused(page: Page, dialog: Locator, reason: string) {
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Error', `Failed to update event: ${reason}`);
}

/** A row's controls sit one above the other (phone layout) rather than side by side. */
async function expectStacked(first: Locator, second: Locator) {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b).toBeTruthy();
  expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height);
}

describe('editing a reservation event after a sale', () => {
  it('renames, reprices and adds ticket types; a capacity below what is sold is refused and nothing of that save is kept', async () => {
    const event = await createEvent(org.id, {
      title: 'Editable Harvest Dinner',
      max_guests: 20,
      ticketTypes: [
        { name: 'General', price: 5000, quantity: 10 },
        { name: 'Counter', price: 3000, quantity: 6 },
      ],
    });
    const general = event.ticketTypes[0].id;
    const sale = await createReservation(event.id, { ticket_type_id: general, num_guests: 3, amount_cents: 15000 });
    expect(await ticketTypesOf(event.id)).toEqual([
      { name: 'General', price: 5000, quantity: 7 },
      { name: 'Counter', price: 3000, quantity: 6 },
    ]);

    const { page } = await adminPage(staff, org.id, 'events');
    let dialog = await openEventEditor(page, 'Editable Harvest Dinner');
    // Capacity is "tickets in all" (sold + remaining), with what is taken beside it.
    expect(await dialog.getByLabel('Capacity of General').inputValue()).toBe('10');
    await dialog.getByText('Tickets in all; 3 sold, 0 held: at least 3.').waitFor();
    await dialog.getByText('Tickets in all; 0 sold, 0 held: at least 0.').waitFor();
    expect(await dialog.getByLabel('Price of General').inputValue()).toBe('50.00');

    await dialog.getByLabel('Name of General').fill('Chef table');
    await dialog.getByLabel('Price of General').fill('65');
    await dialog.getByLabel('Capacity of Counter').fill('8');
    await dialog.getByRole('button', { name: 'Add ticket type' }).click();
    await dialog.getByLabel('Name of new ticket type 1').fill('Late seat');
    await dialog.getByLabel('Price of new ticket type 1').fill('20.50');
    await dialog.getByLabel('Capacity of new ticket type 1').fill('4');
    expect(await dialog.getByTestId('edit-ticket-total').innerText()).toBe('22');
    expect(await seriousViolations(page)).toEqual([]);
    await saveSucceeds(page, dialog);
    await dialog.waitFor({ state: 'detached' });

    expect(await ticketTypesOf(event.id)).toEqual([
      { name: 'Chef table', price: 6500, quantity: 7 },
      { name: 'Counter', price: 3000, quantity: 8 },
      { name: 'Late seat', price: 2050, quantity: 4 },
    ]);
    // The guest who booked keeps what they paid.
    expect(await sql('select amount_cents from public.reservations where id = $1', [sale.id])).toEqual([{ amount_cents: 15000 }]);
    expect((await publicOrgPage(org.slug)).events.find((e) => e.id === event.id)?.ticket_types.map((t) => [t.name, t.price])).toEqual([
      ['Chef table', 6500],
      ['Counter', 3000],
      ['Late seat', 2050],
    ]);

    // Below what is sold: the server's refusal, with its number; the reprice of the same save is not kept.
    dialog = await openEventEditor(page, 'Editable Harvest Dinner');
    await dialog.getByLabel('Price of Chef table').fill('70');
    await dialog.getByLabel('Title').fill('Should Not Stick');
    await dialog.getByLabel('Capacity of Chef table').fill('2');
    await saveRefused(page, dialog, '3 tickets of Chef table are already sold or held: its capacity cannot be lower than that');
    expect(await ticketTypesOf(event.id)).toEqual([
      { name: 'Chef table', price: 6500, quantity: 7 },
      { name: 'Counter', price: 3000, quantity: 8 },
      { name: 'Late seat', price: 2050, quantity: 4 },
    ]);
    expect(await sql('select title from public.events where id = $1', [event.id])).toEqual([{ title: 'Editable Harvest Dinner' }]);
    // The dialog stays open with what was typed, to be corrected.
    expect(await dialog.getByLabel('Capacity of Chef table').inputValue()).toBe('2');

    // The same dialog on a phone (the panel lays itself out anew: the dialog is opened again):
    // each row's inputs stacked, nothing wider than the screen, nothing serious for axe.
    await page.setViewportSize(viewports.phone);
    dialog = await openEventEditor(page, 'Editable Harvest Dinner');
    await dialog.getByText('Tickets in all; 3 sold, 0 held: at least 3.').waitFor();
    await expectStacked(dialog.getByLabel('Name of Chef table'), dialog.getByLabel('Price of Chef table'));
    await expectStacked(dialog.getByLabel('Price of Chef table'), dialog.getByLabel('Capacity of Chef table'));
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('editing an RSVP event (375 px)', () => {
  it('edits a slot, adds one, deactivates one and changes the deposit', async () => {
    const event = await createRsvpEvent(org.id, 'Editable Garden RSVP', { deposit_amount: 500, times: ['18:00', '20:00'] });
    const [early, late] = event.slots.map((s) => s.id);
    await createReservation(event.id, { rsvp_slot_id: early, num_guests: 4 });

    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    const dialog = await openEventEditor(page, 'Editable Garden RSVP');
    expect(await dialog.getByLabel('Deposit per guest ($)').inputValue()).toBe('5.00');
    await dialog.getByText('4 taken: at least 4.').waitFor();
    await expectStacked(dialog.getByLabel('Label of 6:00pm slot'), dialog.getByLabel('Time of 6:00pm slot'));
    await expectStacked(dialog.getByLabel('Time of 6:00pm slot'), dialog.getByLabel('Capacity of 6:00pm slot'));
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Label of 6:00pm slot').fill('Early seating');
    await dialog.getByLabel('Time of 6:00pm slot').fill('18:30');
    await dialog.getByLabel('Capacity of 6:00pm slot').fill('12');
    const lateSwitch = dialog.getByRole('switch', { name: 'Active: 8:00pm slot' });
    expect(await lateSwitch.getAttribute('aria-checked')).toBe('true');
    await lateSwitch.click();
    expect(await lateSwitch.getAttribute('aria-checked')).toBe('false');
    await dialog.getByText('Inactive: hidden from guests').waitFor();
    await dialog.getByRole('button', { name: 'Add slot' }).click();
    await dialog.getByLabel('Label of new slot 1').fill('Late seating');
    await dialog.getByLabel('Time of new slot 1').fill('21:30');
    await dialog.getByLabel('Capacity of new slot 1').fill('6');
    await dialog.getByLabel('Deposit per guest ($)').fill('12.50');
    expect(await seriousViolations(page)).toEqual([]);
    await saveSucceeds(page, dialog);

    expect(
      await sql(
        `select s.id, s.slot_label, to_char(s.slot_time, 'HH24:MI') as slot_time, u.size as max_capacity, u.taken as current_rsvps, s.is_active
           from public.rsvp_slots s join public.capacity_pool_use(s.event_id) u on u.pool_id = s.pool_id
          where s.event_id = $1 order by s.slot_time`,
        [event.id],
      ),
    ).toEqual([
      { id: early, slot_label: 'Early seating', slot_time: '18:30', max_capacity: 12, current_rsvps: 4, is_active: true },
      { id: late, slot_label: '8:00pm', slot_time: '20:00', max_capacity: 10, current_rsvps: 0, is_active: false },
      { id: expect.any(String), slot_label: 'Late seating', slot_time: '21:30', max_capacity: 6, current_rsvps: 0, is_active: true },
    ]);
    expect(await sql('select deposit_amount from public.events where id = $1', [event.id])).toEqual([{ deposit_amount: 1250 }]);

    // Below the taken spots: refused with the number, the dialog says the server's words.
    const again = await openEventEditor(page, 'Editable Garden RSVP');
    await again.getByLabel('Capacity of Early seating slot').fill('3');
    await again.getByLabel('Deposit per guest ($)').fill('');
    await saveRefused(page, again, '4 spots of the Early seating slot are already taken: its capacity cannot be lower than that');
    expect(await sql('select deposit_amount from public.events where id = $1', [event.id])).toEqual([{ deposit_amount: 1250 }]);
  });
});
