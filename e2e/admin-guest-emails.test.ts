/**
 * The event's guest-email settings in the admin (1280 and 375 px): the reminder hours and the
 * private address with when it is sent, saved with the event (create and edit) and never on
 * the public page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, expectToast, fillAndSubmit, viewports } from './support/browser';
import { serviceClient } from '../tests/support/db';
import { createTicketedEvent, futureDate, type Org, type Staff } from '../tests/support/fixtures';
import { openEventEditor, startTicketedEvent } from './support/event-dialog';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('guest-emails', { name: 'Address Test Kitchen' }));
});

async function saved(title: string) {
  const { data: events } = await serviceClient().from('events').select('id, reminder_hours').eq('org_id', org.id).eq('title', title);
  const event = events?.[0];
  const { data: details } = await serviceClient()
    .from('event_private_details')
    .select('private_address, address_delivery')
    .eq('event_id', event?.id ?? '');
  return { reminder_hours: event?.reminder_hours, ...(details?.[0] ?? {}) };
}

describe('guest-email settings of an event', () => {
  it('creates an event with a private address sent with the reminder, 48 hours before; the public page never shows it', async () => {
    const title = 'Secret Garden Supper';
    const { page, dialog } = await startTicketedEvent(staff, org.id, title);
    await dialog.getByLabel('Private address', { exact: true }).fill('12 Orchard Lane, buzz #3');
    await dialog.getByLabel('With the reminder').check();
    await fillAndSubmit(dialog, { 'Reminder (hours before the dinner)': '0' }, 'Create Reservation Event');
    await dialog.getByText('Reminders are off: send the address with the confirmation, or set a reminder').waitFor();
    await fillAndSubmit(dialog, { 'Reminder (hours before the dinner)': '48' }, 'Create Reservation Event');
    await expectToast(page, 'Reservation event created successfully');
    expect(await saved(title)).toEqual({ reminder_hours: 48, private_address: '12 Orchard Lane, buzz #3', address_delivery: 'reminder' });

    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await page.getByRole('heading', { name: title }).first().waitFor();
    expect(await page.content()).not.toContain('Orchard Lane');
  });

  it('edits them at 375 px', async () => {
    const title = 'Edited Address Dinner';
    await createTicketedEvent(org.id, { name: 'Seat', price: 5000, quantity: 5 }, { title, date: futureDate(50), location_name: 'The Loft' });
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    const dialog = await openEventEditor(page, title);
    expect(await dialog.getByLabel('Reminder (hours before the dinner)').inputValue()).toBe('24');
    await dialog.getByLabel('Private address', { exact: true }).fill('4 Quiet Mews');
    await dialog.getByLabel('Reminder (hours before the dinner)').fill('6');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Event updated successfully');
    expect(await saved(title)).toEqual({ reminder_hours: 6, private_address: '4 Quiet Mews', address_delivery: 'confirmation' });
  });
});
