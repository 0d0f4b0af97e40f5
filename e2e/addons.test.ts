import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, TOASTER } from './support/axe';
import { adminPage, expectToast, field, fitsWidth, layouts, newPage, viewports } from './support/browser';
import { insertRow, sql } from '../tests/support/db';
import {
  brandedAs,
  createEvent,
  createOrg,
  createSlot,
  magnoliaSupper,
  reservationsFor,
  uniqueEmail,
  type Org,
  type Staff,
} from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';
import { ORG } from '../tests/support/seed';
import {
  continueToPayment,
  fillSeriesGuest,
  fillSupperClubGuest,
  fillTicketForm,
  openDinnerSeries,
  openSupperClub,
  payTotalWithTestCard,
} from './support/ticket-booking';

// Add-ons (real Chromium, real stack): the host adds one in the event editor; a guest chooses a
// wine pairing per guest and corkage per booking at the ticket checkout, at 1280 and 375 px, and
// pays them, and on the RSVP, supper club and dinner series pages too; staff see them on the door
// list, the kitchen report and the overview.

let staff: Staff;
let org: Org;
let dinner: { id: string; ticketTypeId: string };

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('addons', brandedAs('Addon Test Kitchen')));
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

/**
 * Events a block adds to a seeded venue's page: `retire` each, and after the block it leaves the
 * public page (booked events are never deleted).
 */
function retiredAfterwards(): (eventId: string) => void {
  const made: string[] = [];
  afterAll(() => sql('update public.events set is_active = false where id = any($1::uuid[])', [made]));
  return (eventId) => void made.push(eventId);
}

describe('the supper club', () => {
  const retire = retiredAfterwards();

  it('offers a supper’s add-on beside its seats, and charges it with the club’s service charge (375 px)', async () => {
    // A Monday far after the seeded suppers, with one seating.
    const event = await createEvent(ORG.magnolia, magnoliaSupper(500, { slots: [{ slot_time: '17:30', slot_label: '5:30pm', max_capacity: 20 }] }));
    retire(event.id);
    await insertRow('event_addons', { event_id: event.id, name: 'Champagne toast', price_cents: 1200, per: 'guest' });

    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await openSupperClub(page);
    const { email } = await fillSupperClubGuest(page, 'Cora Club');
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

describe('an RSVP', () => {
  let slug: string;
  let eventId: string;
  let slotId: string;
  beforeAll(async () => {
    const rsvpOrg = await createOrg({ name: 'Addon Garden', branding: { reservation_mode: 'rsvp' } });
    slug = rsvpOrg.slug;
    eventId = (await createEvent(rsvpOrg.id, { title: 'Garden Supper', rsvp_mode: true, deposit_amount: 1000, event_time: '18:00' })).id;
    slotId = await createSlot(eventId, { slot_time: '18:00', slot_label: 'Early seating', max_capacity: 30 });
    await insertRow('event_addons', { event_id: eventId, name: 'Flower crown', price_cents: 1500, per: 'guest', sort: 1 });
    await insertRow('event_addons', { event_id: eventId, name: 'Picnic blanket', price_cents: 800, per: 'booking', sort: 2 });
  });

  for (const [layout, viewport] of layouts) {
    it(`chooses add-ons beside the deposit, sees them apart and pays both (${layout})`, async () => {
      const email = uniqueEmail(`rsvp-addons-${layout}`);
      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(`${stackEnv().siteUrl}/${slug}`);
      await page.getByRole('heading', { name: 'RSVP: Garden Supper' }).waitFor();
      await page.getByTestId('rsvp-slot').filter({ hasText: 'Early seating' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Rosa Rsvp');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Number of Guests').fill('2');
      await page.getByRole('button', { name: 'Reserve Spot - $20.00' }).waitFor();
      await page.getByRole('checkbox', { name: /Flower crown/ }).check();
      await page.getByRole('checkbox', { name: /Picnic blanket/ }).check();
      // The deposit 2 × $10.00, and the add-ons 2 × $15.00 + $8.00, priced by the server.
      const total = page.getByRole('button', { name: 'Reserve Spot - $58.00' });
      await total.waitFor();
      expect((await page.getByTestId('rsvp-total').innerText()).replace(/\s+/g, ' ')).toBe(
        'Deposit for 2 guests $20.00 Add-ons $38.00 Total due $58.00',
      );
      expect(await fitsWidth(page)).toBe(true);
      await total.click();
      await page.getByRole('heading', { name: 'Complete Your RSVP' }).waitFor();
      await page.getByText('2 × Flower crown, 1 × Picnic blanket').waitFor();
      expect(await page.getByTestId('payment-total').innerText()).toBe('$58.00');
      expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
      await payTotalWithTestCard(page, '$58.00');
      await page.getByRole('heading', { name: 'RSVP Confirmed' }).waitFor();
      expect(await page.getByText('Total paid').count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);

      const [row] = await reservationsFor({ email });
      expect(row).toMatchObject({ status: 'confirmed', num_guests: 2, amount_cents: 5800, rsvp_slot_id: slotId });
      expect(
        await sql(
          `select a.name, ra.quantity from public.reservation_addons ra join public.event_addons a on a.id = ra.addon_id
           where ra.reservation_id = $1 order by a.sort`,
          [row.id],
        ),
      ).toEqual([
        { name: 'Flower crown', quantity: 2 },
        { name: 'Picnic blanket', quantity: 1 },
      ]);
      expect(consoleErrors).toEqual([]);
    });
  }
});

describe('the dinner series', () => {
  const retire = retiredAfterwards();

  it('offers a dinner’s add-on under its tickets and books it (375 px)', async () => {
    const event = await createEvent(ORG.eatathome, {
      title: `Add-on Dinner ${randomUUID().slice(0, 8)}`,
      daysAhead: 520,
      isoWeekday: 6,
      ticketTypes: [{ name: 'Dinner', price: 12500, quantity: 20 }],
    });
    retire(event.id);
    await insertRow('event_addons', { event_id: event.id, name: 'Natural wine flight', price_cents: 4000, per: 'guest' });

    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await openDinnerSeries(page);
    const email = await fillSeriesGuest(page);
    await field(page, 'Upcoming dinner').selectOption(event.id);
    await field(page, 'Ticket type').selectOption(event.ticketTypes[0].id);
    await field(page, 'Number of guests').selectOption('2');
    await page.getByTestId('series-summary-total').filter({ hasText: '$250.00' }).waitFor();
    await page.getByRole('checkbox', { name: /Natural wine flight/ }).check();
    expect(await page.getByTestId('series-summary-line').innerText()).toBe('2 guests x $125.00 each + add-ons');
    await page.getByTestId('series-summary-total').filter({ hasText: '$330.00' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await page.getByText('2 × Natural wine flight').waitFor();
    expect(await page.getByTestId('payment-total').innerText()).toBe('$330.00');
    expect(await seriousViolations(page, { exclude: [TOASTER] })).toEqual([]);
    await payTotalWithTestCard(page, '$330.00');
    const details = page.getByTestId('series-confirmation-details');
    await details.waitFor();
    expect(await details.innerText()).toMatch(/Add-ons\s+2 × Natural wine flight/);
    const [row] = await reservationsFor({ email });
    expect(row).toMatchObject({ status: 'confirmed', num_guests: 2, amount_cents: 33000 });
    expect(consoleErrors).toEqual([]);
  });
});
