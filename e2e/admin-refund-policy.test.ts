import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast } from './support/browser';
import { serviceClient } from '../tests/support/db';
import { createEvent, futureDate, type Org, publicOrgPage, type Staff } from '../tests/support/fixtures';
import { openEventEditor, startTicketedEvent } from './support/event-dialog';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('policy', { name: 'Policy Test Kitchen' }));
});

async function eventRow(title: string) {
  const { data } = await serviceClient()
    .from('events')
    .select('id, refund_window_hours, late_refund_percent')
    .eq('org_id', org.id)
    .eq('title', title);
  return data?.[0] ?? null;
}

describe('the cancellation policy in the events tab', () => {
  it('is set when creating an event, previewed as guests will read it, and shown on the public card', async () => {
    const title = 'Policy Harvest Dinner';
    const { page, dialog } = await startTicketedEvent(staff, org.id, title);

    const preview = dialog.getByTestId('refund-policy-preview');
    // Defaults: no window, nothing back.
    expect(await preview.innerText()).toContain('Non-refundable');
    await dialog.getByLabel('Full refund window (hours before the dinner)').fill('48');
    await preview.filter({ hasText: 'Full refund until 48 hours before the dinner; non-refundable after that' }).waitFor();
    await dialog.getByLabel('Refund after that (%)').fill('50');
    await preview.filter({ hasText: 'Full refund until 48 hours before the dinner; 50% after that' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An impossible percentage is refused with a clear message.
    await dialog.getByLabel('Refund after that (%)').fill('150');
    await dialog.getByRole('button', { name: 'Create Reservation Event' }).click();
    await dialog.getByText('Enter a whole percent from 0 to 100').waitFor();
    await dialog.getByLabel('Refund after that (%)').fill('50');

    await dialog.getByRole('button', { name: 'Create Reservation Event' }).click();
    await expectToast(page, 'Reservation event created successfully');
    expect(await eventRow(title)).toMatchObject({ refund_window_hours: 48, late_refund_percent: 50 });

    const pub = await publicOrgPage(org.slug);
    expect(pub.events.find((e) => e.title === title)).toMatchObject({
      refund_policy: 'Full refund until 48 hours before the dinner; 50% after that',
    });
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    const card = page.getByTestId('event-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card.getByTestId('event-refund-policy').filter({ hasText: 'Full refund until 48 hours before the dinner; 50% after that' }).waitFor();
  });

  it('is changed in the Edit Event dialog (empty window = none)', async () => {
    const title = 'Policy Edit Dinner';
    const event = await createEvent(org.id, {
      title,
      date: futureDate(60),
      location_name: 'The Loft',
      refund_window_hours: 24,
      late_refund_percent: 0,
    });
    const { page } = await adminPage(staff, org.id, 'events');
    const dialog = await openEventEditor(page, title);
    expect(await dialog.getByLabel('Full refund window (hours before the dinner)').inputValue()).toBe('24');
    expect(await dialog.getByTestId('refund-policy-preview').innerText()).toContain(
      'Full refund until 24 hours before the dinner; non-refundable after that',
    );
    await dialog.getByLabel('Full refund window (hours before the dinner)').fill('');
    await dialog.getByLabel('Refund after that (%)').fill('25');
    await dialog.getByTestId('refund-policy-preview').filter({ hasText: '25% refund if you cancel' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Event updated successfully');
    const { data: saved } = await serviceClient().from('events').select('refund_window_hours, late_refund_percent').eq('id', event.id).single();
    expect(saved).toEqual({ refund_window_hours: null, late_refund_percent: 25 });
  });
});
