/**
 * Promo codes fully managed (1280 and 375 px): edit (max uses never below what was used, with
 * the server's reason), reactivate, a validity window and a limit to some events — enforced at
 * checkout, where a code outside them is refused like any invalid code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, expectToast, viewports } from './support/browser';
import { serviceClient } from '../tests/support/db';
import { createEvent, guest, type Org, type Staff, type TestEvent } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;
let dinner: TestEvent;
let lunch: TestEvent;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('promo-admin', { name: 'Promo Kitchen' }));
  dinner = await createEvent(org.id, { title: 'Promo Dinner', ticketTypes: [{ name: 'Seat', price: 10000, quantity: 20 }] });
  lunch = await createEvent(org.id, { title: 'Promo Lunch', ticketTypes: [{ name: 'Seat', price: 10000, quantity: 20 }] });
  const { error } = await serviceClient()
    .from('promo_codes')
    .insert([
      { org_id: org.id, code: 'USED3', discount_type: 'percent', discount_amount: 10, times_redeemed: 3, max_uses: 10, active: true },
      { org_id: org.id, code: 'SLEEPY', discount_type: 'fixed', discount_amount: 500, times_redeemed: 0, max_uses: null, active: false },
    ]);
  if (error) throw new Error(error.message);
});

const promoRow = async (code: string) =>
  (await serviceClient().from('promo_codes').select('*').eq('org_id', org.id).eq('code', code).maybeSingle()).data;

const pay = (event: TestEvent, amount: number, promoCode: string) =>
  payByCard({
    amount,
    promoCode,
    reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 1, ...guest('promo') },
  });

describe('promo codes, fully managed', () => {
  it('edits a code; max uses cannot go below what was used; reactivates one', async () => {
    const { page } = await adminPage(staff, org.id, 'settings-promo-codes');
    await page.getByRole('button', { name: 'Edit USED3' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Max uses').fill('2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Error', 'Failed to update promo code: This code was already used 3 times: max uses cannot be lower than that');
    await dialog.getByLabel('Max uses').fill('20');
    await dialog.getByLabel('Discount (%)').fill('25');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Promo code updated');
    await dialog.waitFor({ state: 'detached' });
    expect(await promoRow('USED3')).toMatchObject({ discount_amount: 25, max_uses: 20, times_redeemed: 3 });
    await page.getByRole('table', { name: 'Promo codes' }).getByRole('row').filter({ hasText: 'USED3' }).filter({ hasText: '3 / 20' }).waitFor();

    await page.getByRole('button', { name: 'Reactivate SLEEPY' }).click();
    await expectToast(page, 'Promo code reactivated');
    expect((await promoRow('SLEEPY'))?.active).toBe(true);
  });

  it('a window that has not started and a limit to one event are enforced at checkout (375 px)', async () => {
    const { page } = await adminPage(staff, org.id, 'settings-promo-codes', { viewport: viewports.phone });
    await page.getByRole('button', { name: 'Edit SLEEPY' }).click();
    const dialog = page.getByRole('dialog');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:00`;
    await dialog.getByLabel('Valid from').fill(local);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Promo code updated');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/^Starts /)
      .first()
      .waitFor();
    expect(await pay(dinner, 9500, 'SLEEPY')).toMatchObject({ status: 400, body: { error: 'Invalid promo code' } });

    await page.getByRole('button', { name: 'Edit USED3' }).click();
    await dialog.getByLabel('Promo Dinner').check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // The first save's toast may still be showing: wait for this save itself.
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await promoRow('USED3'))?.event_ids, { timeout: 10_000 }).toEqual([dinner.id]);
    expect(await pay(lunch, 7500, 'USED3')).toMatchObject({ status: 400, body: { error: 'Invalid promo code' } });
    expect((await pay(dinner, 7500, 'USED3')).body).toMatchObject({ success: true, amountCents: 7500 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
