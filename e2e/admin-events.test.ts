import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectRequiredField, expectToast, fillAndSubmit, newPage, viewports } from './support/browser';
import { serviceClient, sql } from '../tests/support/db';
import { createEvent, createOrg, createReservation, createStaff, futureDate, type Org, publicOrgPage, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { openEventEditor } from './support/event-dialog';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('events', { name: 'Events Test Kitchen' }));
});

async function fillBasics(page: Page, title: string, date: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Time', { exact: true }).fill('18:30');
  await dialog.getByLabel('Location name').fill('The Loft');
  await dialog.getByLabel('Location address').fill('1 Main St');
}

/** The event's row with what it sells: max guests (its cap's size), ticket types' quantity left and slots' capacity. */
async function eventRow(title: string) {
  const { data } = await serviceClient().from('events').select('*').eq('org_id', org.id).eq('title', title);
  const row = data?.[0];
  if (!row) return null;
  const [capacity] = await sql(
    `select (select p.size from public.capacity_pools p where p.event_id = $1 and p.event_wide) as max_guests,
            (select coalesce(json_agg(json_build_object('name', t.name, 'price', t.price, 'quantity', public.capacity_pool_left(t.pool_id))), '[]')
               from public.ticket_types t where t.event_id = $1) as ticket_types,
            (select coalesce(json_agg(json_build_object('slot_time', s.slot_time, 'slot_label', s.slot_label, 'max_capacity', p.size)), '[]')
               from public.rsvp_slots s join public.capacity_pools p on p.id = s.pool_id where s.event_id = $1) as rsvp_slots`,
    [row.id],
  );
  return { ...row, ...capacity };
}

describe('events tab (desktop)', () => {
  const reservationTitle = 'Harvest Table Dinner';
  const rsvpTitle = 'Garden RSVP Evening';

  it('creates a reservation event with two ticket types (dollars → cents, total sets max guests)', async () => {
    const { page } = await adminPage(staff, org.id, 'events');
    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog');
    const create = dialog.getByRole('button', { name: 'Create Reservation Event' });
    expect(await create.isDisabled()).toBe(true);

    await fillBasics(page, reservationTitle, futureDate(40));
    // Title, date, time and location are not enough: a ticket type is required.
    expect(await create.isDisabled()).toBe(true);
    const add = dialog.getByRole('button', { name: 'Add ticket type' });
    await dialog.getByLabel('Ticket name').fill('Food Only');
    await dialog.getByLabel('Price ($)').fill('125');
    expect(await add.isDisabled()).toBe(true); // quantity missing
    await dialog.getByLabel('Quantity').fill('10');
    await add.click();
    await dialog.getByLabel('Ticket name').fill('Food + Wine');
    await dialog.getByLabel('Price ($)').fill('175.50');
    await dialog.getByLabel('Quantity').fill('6');
    await add.click();
    expect(await dialog.getByTestId('ticket-total').innerText()).toBe('16');
    // The timezone defaults to Eastern.
    expect(await dialog.getByLabel('Timezone').inputValue()).toBe('America/New_York');
    expect(await seriousViolations(page)).toEqual([]);

    await create.click();
    await expectToast(page, 'Reservation event created successfully');
    await page.getByRole('cell', { name: reservationTitle, exact: true }).waitFor();

    const row = await eventRow(reservationTitle);
    expect(row).toMatchObject({
      max_guests: 16,
      rsvp_mode: false,
      is_active: true,
      deposit_amount: 500,
      event_timezone: 'America/New_York',
      location_name: 'The Loft',
    });
    expect(row.event_time.slice(0, 5)).toBe('18:30');
    const tickets = [...row.ticket_types].sort((a: { price: number }, b: { price: number }) => a.price - b.price);
    expect(tickets).toEqual([
      { name: 'Food Only', price: 12500, quantity: 10 },
      { name: 'Food + Wine', price: 17550, quantity: 6 },
    ]);
  });

  it('creates an RSVP event with slots, and both appear on the public page', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await adminPage(staff, org.id, 'events');
    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'RSVP Event', exact: true }).click();
    const create = dialog.getByRole('button', { name: 'Create RSVP Event' });
    await fillBasics(page, rsvpTitle, futureDate(45));
    expect(await create.isDisabled()).toBe(true); // neither max guests nor a slot yet
    for (const [time, label, cap] of [
      ['18:00', 'Early seating', '10'],
      ['20:30', 'Late seating', '8'],
    ]) {
      await dialog.getByLabel('Slot time').fill(time);
      await dialog.getByLabel('Slot label').fill(label);
      await dialog.getByLabel('Capacity').fill(cap);
      await dialog.getByRole('button', { name: 'Add slot' }).click();
    }
    await create.click();
    await expectToast(page, 'RSVP event created successfully');
    await page.getByRole('cell', { name: rsvpTitle, exact: true }).waitFor();

    const row = await eventRow(rsvpTitle);
    expect(row).toMatchObject({ rsvp_mode: true, rsvp_open: true, is_active: true, deposit_amount: null, max_guests: null });
    expect(row.rsvp_slots.map((s: { slot_label: string; max_capacity: number }) => [s.slot_label, s.max_capacity]).sort()).toEqual([
      ['Early seating', 10],
      ['Late seating', 8],
    ]);

    // The organization's public page lists both (the page and the one-call API it reads).
    const pub = await publicOrgPage(org.slug);
    expect(pub.events.map((e) => e.title).sort()).toEqual([rsvpTitle, reservationTitle].sort());
    await page.goto(`${siteUrl}/${org.slug}`);
    await page.getByTestId('event-card').getByRole('heading', { name: reservationTitle, exact: true }).waitFor();
    await page.getByTestId('event-card').getByRole('heading', { name: rsvpTitle, exact: true }).waitFor();
  });

  it('toggles an event off (it leaves the public page) and back on', async () => {
    const { siteUrl } = stackEnv();
    const { page } = await adminPage(staff, org.id, 'events');
    await page.getByRole('switch', { name: `Active: ${rsvpTitle}` }).click();
    await expectToast(page, 'Event deactivated successfully');
    expect((await eventRow(rsvpTitle)).is_active).toBe(false);
    expect((await publicOrgPage(org.slug)).events.map((e) => e.title)).toEqual([reservationTitle]);
    const pub = await newPage();
    await pub.page.goto(`${siteUrl}/${org.slug}`);
    await pub.page.getByTestId('event-card').getByRole('heading', { name: reservationTitle, exact: true }).waitFor();
    expect(await pub.page.getByTestId('event-card').count()).toBe(1);
    await pub.close();

    await page.getByRole('switch', { name: `Active: ${rsvpTitle}` }).click();
    await expectToast(page, 'Event activated successfully');
    expect((await eventRow(rsvpTitle)).is_active).toBe(true);
  });

  it('edits an event (title and date are required)', async () => {
    const { page } = await adminPage(staff, org.id, 'events');
    const dialog = await openEventEditor(page, reservationTitle);
    await expectRequiredField(dialog, 'Title', 'Save Changes', 'Title is required');
    await fillAndSubmit(dialog, { Title: 'Harvest Table Dinner (Sold Out Soon)', 'Max guests': '14' }, 'Save Changes');
    await expectToast(page, 'Event updated successfully');
    await page.getByRole('cell', { name: 'Harvest Table Dinner (Sold Out Soon)', exact: true }).waitFor();
    const row = await eventRow('Harvest Table Dinner (Sold Out Soon)');
    expect(row.max_guests).toBe(14);
    expect((await publicOrgPage(org.slug)).events.map((e) => e.title)).toContain('Harvest Table Dinner (Sold Out Soon)');
  });

  it('refuses to delete an event with confirmed reservations, explains why and offers deactivation', async () => {
    const booked = await createEvent(org.id, { title: 'Booked Supper', max_guests: 20 });
    await createReservation(booked.id, { name: 'Ada Lovelace', num_guests: 2 });
    const { page } = await adminPage(staff, org.id, 'events');
    const row = page.getByRole('row').filter({ hasText: 'Booked Supper' });
    expect(await row.getByRole('cell').nth(5).innerText()).toBe('1'); // the Reservations column
    await page.getByRole('button', { name: 'Delete Booked Supper' }).click();
    // Said before any confirm: no Delete button is offered.
    const refusal = page.getByRole('alertdialog');
    await refusal.getByRole('heading', { name: "This event can't be deleted" }).waitFor();
    expect(await refusal.innerText()).toContain('This event has 1 reservation and cannot be deleted.');
    expect(await refusal.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await eventRow('Booked Supper')).not.toBeNull();

    await refusal.getByRole('button', { name: 'Deactivate event' }).click();
    await expectToast(page, 'Event deactivated successfully');
    expect((await eventRow('Booked Supper')).is_active).toBe(false);
  });

  it("a delete the database refuses (cancelled history) shows the server's reason", async () => {
    const past = await createEvent(org.id, { title: 'History Supper', max_guests: 20 });
    await createReservation(past.id, { name: 'Grace Hopper', num_guests: 1, status: 'cancelled', cancelled_at: new Date().toISOString() });
    const { page } = await adminPage(staff, org.id, 'events');
    await page.getByRole('button', { name: 'Delete History Supper' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Error', /^Failed to delete event: This event has reservation history \(1 cancelled or lapsed reservation\(s\)\)/);
    await page.getByRole('alertdialog').getByRole('heading', { name: "This event can't be deleted" }).waitFor();
    expect(await eventRow('History Supper')).not.toBeNull();
  });

  it('deletes an event without reservations after a confirm', async () => {
    await createEvent(org.id, { title: 'Cancelled Idea', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 4 }] });
    const { page } = await adminPage(staff, org.id, 'events');
    await page.getByRole('button', { name: 'Delete Cancelled Idea' }).click();
    // Cancel first: nothing happens.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await eventRow('Cancelled Idea')).not.toBeNull();
    await page.getByRole('button', { name: 'Delete Cancelled Idea' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Event deleted successfully');
    await page.getByRole('cell', { name: 'Cancelled Idea', exact: true }).waitFor({ state: 'detached' });
    expect(await eventRow('Cancelled Idea')).toBeNull();
  });
});

describe('events tab (mobile)', () => {
  it('shows cards with an active switch and the toggle message', async () => {
    const phoneStaff = await createStaff('events-phone');
    const phoneOrg = await createOrg({ name: 'Phone Events Co', members: [phoneStaff] });
    const event = await createEvent(phoneOrg.id, { title: 'Pocket Dinner', max_guests: 10 });
    await createReservation(event.id, { num_guests: 1 });
    const { page } = await adminPage(phoneStaff, phoneOrg.id, 'events', { viewport: viewports.phone });
    const card = page.getByRole('listitem').filter({ hasText: 'Pocket Dinner' });
    await card.getByText('1 reservation', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // No desktop table on a phone.
    expect(await page.getByRole('table').count()).toBe(0);
    await card.getByRole('switch', { name: 'Active' }).click();
    await expectToast(page, 'Event deactivated successfully');
    await card.getByRole('switch', { name: 'Active' }).click();
    await expectToast(page, 'Event activated successfully');
    const { data } = await serviceClient().from('events').select('is_active').eq('id', event.id).single();
    expect(data!.is_active).toBe(true);
  });
});
