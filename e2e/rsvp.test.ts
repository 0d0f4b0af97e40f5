import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { expectToast, newPage, viewports } from './support/browser';
import { payTotalWithTestCard } from './support/ticket-booking';
import { seriousViolations } from './support/axe';
import { createEvent, createOrg, createPromo, createSlot, promoRedeemed, reservationsFor, slotTaken, uniqueEmail } from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';

interface RsvpFixture {
  slug: string;
  orgId: string;
  eventId: string;
  fullSlot: string;
  nearlyFullSlot: string;
  openSlot: string;
}

/** An RSVP organization: one event, $5 deposit per guest, slots full / 2 left / 20 open. */
async function rsvpOrg(): Promise<RsvpFixture> {
  const org = await createOrg({ name: 'RSVP Garden', branding: { reservation_mode: 'rsvp', primary_color: '#14532d' } });
  const eventId = (await createEvent(org.id, { title: 'Supper in the Garden', rsvp_mode: true, deposit_amount: 500, event_time: '18:00' })).id;
  const fullSlot = await createSlot(eventId, { slot_time: '18:00', slot_label: 'Early seating', max_capacity: 10, current_rsvps: 10 });
  const nearlyFullSlot = await createSlot(eventId, { slot_time: '19:00', slot_label: 'Main seating', max_capacity: 10, current_rsvps: 8 });
  const openSlot = await createSlot(eventId, { slot_time: '20:00', slot_label: 'Late seating', max_capacity: 20 });
  return { slug: org.slug, orgId: org.id, eventId, fullSlot, nearlyFullSlot, openSlot };
}

/** The confirmation shows the booking's code and its private manage link, as a ticket confirmation does. */
async function expectBookingHandle(page: Page, email: string) {
  const [row] = await reservationsFor({ email });
  const handle = page.getByTestId('booking-handle');
  expect(await handle.textContent()).toContain(`Booking code ${row.booking_code}`);
  const href = await handle.getByRole('link', { name: 'Manage or cancel your booking' }).getAttribute('href');
  expect(href).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}$/);
  // Neither the link nor the page's address carries the guest's email.
  for (const url of [href!, page.url()]) expect(decodeURIComponent(url)).not.toContain(email);
  return href!;
}

const slot = (page: Page, label: string) => page.getByTestId('rsvp-slot').filter({ hasText: label });

async function openRsvp(page: Page, slug: string) {
  await page.goto(`${stackEnv().siteUrl}/${slug}`);
  await page.getByRole('heading', { name: 'RSVP: Supper in the Garden' }).waitFor();
}

async function fillGuest(page: Page, email: string, guests: string) {
  await page.getByLabel('Name', { exact: true }).fill('Katherine Johnson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Number of Guests').fill(guests);
}

describe('RSVP on /{orgSlug}', () => {
  let fx: RsvpFixture;
  beforeAll(async () => {
    fx = await rsvpOrg();
  });

  it('shows each slot with its state; full and too-small slots cannot be chosen', async () => {
    const { page } = await newPage();
    await openRsvp(page, fx.slug);
    await page.getByRole('group', { name: 'Select Your RSVP Time' }).waitFor();

    expect(await slot(page, 'Early seating').getAttribute('data-status')).toBe('full');
    expect(await slot(page, 'Early seating').textContent()).toContain('Full');
    expect(await slot(page, 'Early seating').textContent()).toContain('10/10 spots filled');
    expect(await slot(page, 'Early seating').getByRole('radio').isDisabled()).toBe(true);
    await slot(page, 'Early seating').click({ force: true });
    expect(await slot(page, 'Early seating').getByRole('radio').isChecked()).toBe(false);

    expect(await slot(page, 'Main seating').textContent()).toContain('2 left');
    expect(await slot(page, 'Main seating').getByRole('radio').isDisabled()).toBe(false);
    expect(await slot(page, 'Late seating').textContent()).toContain('20 available');
    expect(await slot(page, 'Late seating').textContent()).toContain('0/20 spots filled');
    expect(await slot(page, '6:00 PM').count()).toBe(1);

    // A party of 3 does not fit the 2 spots left: the slot is no longer selectable.
    await slot(page, 'Main seating').click();
    await page.getByLabel('Number of Guests').fill('3');
    await page.getByText('Only time slots with enough open spots for all 3 guests in your party can be selected.').waitFor();
    expect(await slot(page, 'Main seating').getAttribute('data-status')).toBe('insufficient');
    expect(await slot(page, 'Main seating').textContent()).toContain('Not enough spots');
    expect(await slot(page, 'Main seating').getByRole('radio').isDisabled()).toBe(true);
    expect(await slot(page, 'Main seating').getByRole('radio').isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is usable at 375 px: no horizontal scroll, no serious accessibility violations', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    await openRsvp(page, fx.slug);
    await slot(page, 'Late seating').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('takes a deposit: pricing from the server, Complete Your RSVP, card, confirmation, fresh counts', async () => {
    const email = uniqueEmail('rsvp-deposit');
    const { page } = await newPage();
    await openRsvp(page, fx.slug);
    expect(await page.getByRole('button', { name: 'Calculate Total' }).isVisible()).toBe(true);
    await slot(page, 'Late seating').click();
    await fillGuest(page, email, '2');
    await page.getByRole('button', { name: 'Reserve Spot - $10.00' }).waitFor();
    const total = page.getByTestId('rsvp-total');
    expect(await total.textContent()).toContain('Deposit for 2 guests$10.00');
    expect(await total.textContent()).toContain('Total due$10.00');

    await page.getByRole('button', { name: 'Reserve Spot - $10.00' }).click();
    await page.getByRole('heading', { name: 'Complete Your RSVP' }).waitFor();
    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back to RSVP Form' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Reserve Spot - $10.00' }).click();
    await page.getByRole('heading', { name: 'Complete Your RSVP' }).waitFor();
    expect(await page.getByLabel('Special code').count()).toBe(0); // the code was part of the RSVP form
    expect(await seriousViolations(page)).toEqual([]);

    await payTotalWithTestCard(page, '$10.00');
    await expectToast(page, 'RSVP Confirmed!', 'Your deposit has been processed and your spot is reserved.');
    await page.getByRole('heading', { name: 'RSVP Confirmed' }).waitFor();
    await expectBookingHandle(page, email);

    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', num_guests: 2, amount_cents: 1000, rsvp_slot_id: fx.openSlot });
    expect(await slotTaken(fx.openSlot)).toBeGreaterThanOrEqual(2);
    expect((await mailFor(email)).length).toBeGreaterThanOrEqual(1);

    // The page refetched its data: the slot shows the new count.
    await page.getByRole('button', { name: 'RSVP for another time' }).click();
    const filled = `${await slotTaken(fx.openSlot)}/20 spots filled`;
    await slot(page, 'Late seating').getByText(filled).waitFor();
  });

  it("confirms a 100% promo only from its summary, with 'Confirm Free RSVP' and no card; the confirmation has the code and manage link", async () => {
    const promoId = await createPromo(fx.orgId, { code: 'GARDENFREE', discount_type: 'percent', discount_amount: 100 });
    const email = uniqueEmail('rsvp-free');
    const { page } = await newPage({ viewport: viewports.phone });
    let paymentSteps = 0;
    await openRsvp(page, fx.slug);
    await slot(page, 'Late seating').click();
    await fillGuest(page, email, '1');
    await page.getByLabel('Promo Code (optional)').fill('gardenfree');
    expect(await page.getByLabel('Promo Code (optional)').inputValue()).toBe('GARDENFREE');
    await page.getByRole('button', { name: 'Confirm Free RSVP' }).waitFor();
    const total = page.getByTestId('rsvp-total');
    expect(await total.textContent()).toContain('Discount-$5.00');
    expect(await total.textContent()).toContain('Total due$0.00');

    page.on('request', (r) => {
      if (r.url().includes('/functions/v1/square-config')) paymentSteps += 1;
    });
    // The form's button books nothing: it shows the summary the free RSVP is confirmed from.
    await page.getByRole('button', { name: 'Confirm Free RSVP' }).click();
    await page.getByRole('heading', { name: 'Complete Your RSVP' }).waitFor();
    expect(await reservationsFor({ email })).toHaveLength(0);
    const summary = page.getByRole('region', { name: 'Order summary' });
    for (const shown of ['Supper in the Garden', '8:00 PM (Late seating)', 'Deposit for 1 guest$5.00', 'Discount (GARDENFREE)-$5.00', 'Total$0.00'])
      expect(await summary.textContent()).toContain(shown);
    await page.getByText('No deposit is due for this RSVP: nothing is charged.').waitFor();
    expect(await page.getByLabel('Test card number').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Back keeps what was typed; the summary again, then confirm.
    await page.getByRole('button', { name: 'Back to RSVP Form' }).click();
    expect(await page.getByLabel('Promo Code (optional)').inputValue()).toBe('GARDENFREE');
    await page.getByRole('button', { name: 'Confirm Free RSVP' }).click();
    await page.getByRole('heading', { name: 'Complete Your RSVP' }).waitFor();
    await page.getByRole('button', { name: 'Confirm Free RSVP' }).click();

    await expectToast(page, 'RSVP Confirmed!', 'Your spot has been reserved. Check your email for confirmation.');
    await page.getByRole('heading', { name: 'RSVP Confirmed' }).waitFor();
    expect(await page.getByText('None (free RSVP)').count()).toBe(1);
    await expectBookingHandle(page, email);
    expect(paymentSteps).toBe(0);

    const rows = await reservationsFor({ email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', amount_cents: 0, discount_cents: 500, promo_code_id: promoId });
    expect(await promoRedeemed(promoId)).toBe(1);
  });

  it('a quote not yet shown is never booked at once: the submit shows the free summary first', async () => {
    await createPromo(fx.orgId, { code: 'GARDENGIFT', discount_type: 'percent', discount_amount: 100 });
    const email = uniqueEmail('rsvp-free-fast');
    const { page } = await newPage();
    await openRsvp(page, fx.slug);
    // The live quote is held back: the button still reads 'Calculate Total' when the guest submits.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/functions/v1/process-rsvp-payment', async (route) => {
      if ((route.request().postDataJSON() as { validateOnly?: boolean } | null)?.validateOnly) await held;
      await route.continue();
    });
    await slot(page, 'Late seating').click();
    await fillGuest(page, email, '1');
    await page.getByLabel('Promo Code (optional)').fill('GARDENGIFT');
    await page.getByRole('button', { name: 'Calculate Total' }).click();
    release();
    await page.getByRole('heading', { name: 'Complete Your RSVP' }).waitFor();
    expect(await page.getByTestId('payment-total').textContent()).toBe('$0.00');
    expect(await reservationsFor({ email })).toHaveLength(0);
    await page.getByRole('button', { name: 'Confirm Free RSVP' }).click();
    await page.getByRole('heading', { name: 'RSVP Confirmed' }).waitFor();
    await expectBookingHandle(page, email);
  });

  it('re-prices with a percent code and refuses a bad code on submit with the server message', async () => {
    await createPromo(fx.orgId, { code: 'HALFOFF', discount_type: 'percent', discount_amount: 50 });
    await createPromo(fx.orgId, { code: 'GONE', discount_type: 'fixed', discount_amount: 100, active: false });
    const email = uniqueEmail('rsvp-codes');
    const { page } = await newPage();
    await openRsvp(page, fx.slug);
    await slot(page, 'Late seating').click();
    await fillGuest(page, email, '2');
    await page.getByRole('button', { name: 'Reserve Spot - $10.00' }).waitFor();
    await page.getByLabel('Promo Code (optional)').fill('HALFOFF');
    await page.getByRole('button', { name: 'Reserve Spot - $5.00' }).waitFor();

    // A failed re-pricing is silent: the total is cleared.
    await page.getByLabel('Promo Code (optional)').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Calculate Total' }).waitFor();
    expect(await page.getByTestId('rsvp-total').textContent()).not.toContain('Total due');
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.getByRole('button', { name: 'Calculate Total' }).click();
    await expectToast(page, 'RSVP Failed', 'Invalid promo code');

    await page.getByLabel('Promo Code (optional)').fill('GONE');
    await page.getByRole('button', { name: 'Calculate Total' }).click();
    await expectToast(page, 'RSVP Failed', 'Invalid promo code');
    expect(await reservationsFor({ email })).toHaveLength(0);
  });

  it("validates with the product's messages", async () => {
    const { page } = await newPage();
    await openRsvp(page, fx.slug);
    await page.getByLabel('Number of Guests').fill('');
    await page.getByRole('button', { name: 'Calculate Total' }).click();
    await page.getByText('Please select a time slot').waitFor();
    expect(await page.getByText('Name is required').isVisible()).toBe(true);
    expect(await page.getByText('Valid email is required').isVisible()).toBe(true);
    expect(await page.getByText('At least 1 guest required').isVisible()).toBe(true);
    await page.getByLabel('Number of Guests').fill('11');
    await page.getByRole('button', { name: 'Calculate Total' }).click();
    await page.getByText('Maximum 10 guests').waitFor();
  });

  it('says when an RSVP event has no time slots', async () => {
    const org = await createOrg({ name: 'Slotless', branding: { reservation_mode: 'rsvp' } });
    await createEvent(org.id, { title: 'Supper in the Garden', rsvp_mode: true, deposit_amount: 500, max_guests: 12 });
    const { page } = await newPage();
    await openRsvp(page, org.slug);
    await page.getByText('No RSVP time slots available for this event.').waitFor();
  });
});
