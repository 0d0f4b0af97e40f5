import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, TOASTER } from './support/axe';
import { adminPage, expectToast, field, fitsWidth, layouts, newPage, viewports } from './support/browser';
import { insertRow, sql } from '../tests/support/db';
import { createEvent, reservationsFor, uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';
import { continueToPayment, fillTicketForm, payTotalWithTestCard } from './support/ticket-booking';

// Add-ons (real Chromium, real stack): the host adds one in the event editor; a guest chooses a
// wine pairing per guest and corkage per booking at the ticket checkout, at 1280 and 375 px, and
// pays them, and on the supper club's page too; staff see them on the door list, the kitchen
// report and the overview.

let staff: Staff;
let org: Org;
let dinner: { id: string; ticketTypeId: string };

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('addons', { name: 'Addon Test Kitchen', branding: { brand_name: 'Addon Test Kitchen' } }));
  const event = await createEvent(org.id, { title: 'Pairing Supper', ticketTypes: [{ name: 'Dinner', price: 5000, quantity: 40 }] });
  dinner = { id: event.id, ticketTypeId: event.ticketTypes[0].id };
  await insertRow('event_addons', { event_id: dinner.id, name: 'Wine pairing', price_cents: 3500, per: 'guest', sort: 1 });
  await insertRow('event_addons', { event_id: dinner.id, name: 'Corkage', price_cents: 2000, per: 'booking', quantity_limit: 5, sort: 2 });
});

describe('a guest books with add-ons', () => {
  for (const [layout, viewport] of layouts) {
    it(`chooses them at checkout, pays them and sees them on the confirmation (${layout})`, async () => {
      const email = uniqueEmail(`addons-${layout}`);
      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
      await page.getByRole('heading', { name: 'Reserve: Pairing Supper' }).waitFor();
      await fillTicketForm(page, { name: 'Wendy Wine', email, ticketTypeId: dinner.ticketTypeId, guests: '2' });
      await page.getByTestId('booking-total').getByText('$100.00').waitFor();
      await page.getByRole('checkbox', { name: /Wine pairing/ }).check();
      await page.getByRole('checkbox', { name: /Corkage/ }).check();
      // 2 × $50.00 + 2 × $35.00 + $20.00: the server's quote.
      await page.getByTestId('booking-total').getByText('$190.00').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await continueToPayment(page);
      await page.getByText('2 × Wine pairing, 1 × Corkage').waitFor();
      expect(await page.getByTestId('payment-total').innerText()).toBe('$190.00');
      expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
      await payTotalWithTestCard(page, '$190.00');

      const confirmed = page.getByRole('status').filter({ hasText: 'Reservation Confirmed' });
      await confirmed.waitFor();
      expect(await confirmed.innerText()).toMatch(/Add-ons\s+2 × Wine pairing, 1 × Corkage/);
      expect(await fitsWidth(page)).toBe(true);
      const [row] = await reservationsFor({ email });
      expect(row).toMatchObject({ status: 'confirmed', amount_cents: 19000 });
      expect(
        await sql(
          `select a.name, ra.quantity, ra.unit_price_cents from public.reservation_addons ra join public.event_addons a on a.id = ra.addon_id
           where ra.reservation_id = $1 order by a.sort`,
          [row.id],
        ),
      ).toEqual([
        { name: 'Wine pairing', quantity: 2, unit_price_cents: 3500 },
        { name: 'Corkage', quantity: 1, unit_price_cents: 2000 },
      ]);
      expect(consoleErrors).toEqual([]);
    });
  }
});

describe('staff see the add-ons', () => {
  it('on the door list, the kitchen report and the overview', async () => {
    const { page, consoleErrors } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/admin/door/${dinner.id}`);
    const party = page.getByRole('article', { name: 'Wendy Wine' }).first();
    await party.getByText('Add-ons: 2 × Wine pairing, 1 × Corkage').waitFor();

    await page.goto(`${stackEnv().siteUrl}/admin/events/${dinner.id}/kitchen`);
    await page.getByTestId('kitchen-addons').waitFor();
    const counts = (await page.getByTestId('kitchen-addons').locator('dl > div').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(counts).toEqual(['Wine pairing 4', 'Corkage 2']);
    expect(await fitsWidth(page)).toBe(true);

    await page.goto(`${stackEnv().siteUrl}/admin/events/${dinner.id}`);
    const sales = page.getByTestId('addon-sales');
    await sales.first().waitFor();
    expect((await sales.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      'Wine pairing $35.00 per guest 4 sold · $140.00',
      'Corkage $20.00 per booking 2 sold of 5 · $40.00',
    ]);
    expect(await fitsWidth(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('the host adds, edits and switches off add-ons in the event editor', async () => {
    const { page, consoleErrors } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    await page.getByRole('button', { name: 'Edit Pairing Supper' }).first().click();
    const fieldset = page.getByRole('dialog').getByTestId('event-addons');
    await fieldset.getByTestId('edit-addon').first().waitFor();
    expect(await fieldset.getByText('4 sold, 0 held · $140.00').count()).toBe(1);
    await fieldset.getByRole('button', { name: 'Add add-on' }).click();
    const added = fieldset.getByTestId('edit-addon').nth(2);
    await added.getByLabel('Name').fill('Cheese course');
    await added.getByLabel('Price').fill('12.50');
    await added.getByLabel('Charged').selectOption('booking');
    await added.getByLabel('Limit').fill('8');
    // Corkage is no longer offered.
    await fieldset
      .getByTestId('edit-addon')
      .nth(1)
      .getByRole('checkbox', { name: /Offered to guests/ })
      .uncheck();
    await fieldset.getByRole('button', { name: 'Save add-ons' }).click();
    await expectToast(page, 'Add-ons saved');
    expect(
      await sql(`select name, price_cents, per, quantity_limit, is_active from public.event_addons where event_id = $1 order by sort`, [dinner.id]),
    ).toEqual([
      { name: 'Wine pairing', price_cents: 3500, per: 'guest', quantity_limit: null, is_active: true },
      { name: 'Corkage', price_cents: 2000, per: 'booking', quantity_limit: 5, is_active: false },
      { name: 'Cheese course', price_cents: 1250, per: 'booking', quantity_limit: 8, is_active: true },
    ]);
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe('the supper club', () => {
  let supper: string | null = null;
  afterAll(async () => {
    // The supper leaves the public page (booked events are never deleted).
    if (supper) await sql('update public.events set is_active = false where id = $1', [supper]);
  });

  it('offers a supper’s add-on beside its seats, and charges it with the club’s service charge (375 px)', async () => {
    const [club] = await sql<{ id: string }>("select id from public.organizations where slug = 'magnolia'");
    // A Monday far after the seeded suppers, with one seating.
    const [event] = await sql<{ id: string }>(
      `insert into public.events (org_id, title, date, event_time, event_timezone, location_name, is_active, seat_price_cents, max_party_size)
       values ($1, 'Magnolia Supper Club', (current_date + 500) - extract(isodow from current_date + 500)::int + 1, '17:30',
               'America/New_York', 'Magnolia Supper Club', true, 6500, 6)
       returning id`,
      [club.id],
    );
    supper = event.id;
    await sql(
      `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id) values ($1, '17:30', '5:30pm', public.new_capacity_pool($1, 20))`,
      [event.id],
    );
    await insertRow('event_addons', { event_id: event.id, name: 'Champagne toast', price_cents: 1200, per: 'guest' });

    const email = `supper-addon-${randomUUID()}@example.com`;
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/magnolia-supper-club`);
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    await field(page, 'Full name').fill('Cora Club');
    await field(page, 'Email').fill(email);
    await field(page, 'Date').selectOption(event.id);
    await field(page, 'Time slot').selectOption('5:30pm');
    await field(page, 'Number of tickets').selectOption('2');
    await page.getByRole('checkbox', { name: /Champagne toast/ }).check();
    // 2 × $65.00 + 2 × $12.00 = $154.00, and the club's 20 % service charge: $184.80.
    await page.getByTestId('supper-charges-line').filter({ hasText: '$184.80' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await continueToPayment(page);
    await page.getByText('2 × Champagne toast').waitFor();
    expect(await page.getByTestId('payment-total').innerText()).toBe('$184.80');
    await payTotalWithTestCard(page, '$184.80');
    const card = page.getByRole('region', { name: 'Reservation Confirmed' });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Add-ons\s+2 × Champagne toast/);
    const [row] = await reservationsFor({ email });
    expect(row).toMatchObject({ status: 'confirmed', amount_cents: 18480 });
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
