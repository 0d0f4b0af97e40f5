/**
 * Errors before the card: the booking form refuses what the server would (a 300-character name,
 * a 3,000-character request, the phone "abc") on blur and before the payment step, with the
 * server's words; a refusal made before any charge is never titled 'Payment Failed'; the chef
 * form states its limits and refuses a 10,000-character concept with the limit's words.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { db } from '../tests/support/db';
import { createEvent, createOrg, createReservation, createSlot, createTicketType, reservationsFor, uniqueEmail } from '../tests/support/fixtures';
import { stackEnv } from '../tests/support/stack-env';
import { expectToast, field, newPage, viewports, widths } from './support/browser';
import { continueToPayment, fillTicketForm, payWithTestCard } from './support/ticket-booking';

const NAME_WORDS = 'Name must be at most 200 characters';
const REQUEST_WORDS = 'Special requests must be at most 2000 characters';
const PHONE_WORDS = 'Phone must be a phone number of 7 to 15 digits, e.g. +1 555 010 2000';
const CONCEPT_WORDS = 'Concept must be at most 5000 characters';

/** A field's message under it (the form's role="alert" paragraphs). */
const fieldMessage = (page: Page, text: string) => page.locator('form [role="alert"]', { hasText: text });

/** The paying calls of a payment function (the ticket one unless told), not its validation calls. */
function watchPayingCalls(page: Page, fn = 'process-square-payment'): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(`/functions/v1/${fn}`) && !request.postData()?.includes('"validateOnly":true')) {
      calls.push(request.postData() ?? '');
    }
  });
  return calls;
}

let slug: string;
let ticketTypeId: string;

beforeAll(async () => {
  const org = await createOrg({ name: 'Input Limits Kitchen' });
  const eventId = (await createEvent(org.id, { title: 'Limits Supper' })).id;
  ticketTypeId = await createTicketType(eventId, { name: 'Food Only', price: 12500, quantity: 40 });
  slug = org.slug;
});

async function openBookingForm(page: Page) {
  await page.goto(`${stackEnv().siteUrl}/${slug}`);
  await page.getByRole('heading', { name: 'Reserve: Limits Supper' }).waitFor();
}

async function fillValidBooking(page: Page, email: string) {
  await fillTicketForm(page, { name: 'Grace Hopper', email, ticketTypeId, guests: '1' });
}

describe('the booking form checks what the server enforces before the card', () => {
  for (const [width, viewport] of widths) {
    it(`refuses a 300-character name, a 3,000-character request and the phone "abc" on blur and before the payment step (${width} px)`, async () => {
      const { page } = await newPage({ viewport });
      const paying = watchPayingCalls(page);
      const email = uniqueEmail('limits');
      await openBookingForm(page);

      // Each field says what is wrong as soon as it is left, in the server's words.
      await page.getByLabel('Full name').fill('N'.repeat(300));
      await page.getByLabel('Full name').blur();
      await fieldMessage(page, NAME_WORDS).waitFor();
      await page.getByLabel('Phone (optional)').fill('abc');
      await page.getByLabel('Phone (optional)').blur();
      await fieldMessage(page, PHONE_WORDS).waitFor();
      await page.getByLabel('Special requests (optional)').fill('R'.repeat(3000));
      await page.getByLabel('Special requests (optional)').blur();
      await fieldMessage(page, REQUEST_WORDS).waitFor();

      // The rest is valid: Continue stops at the form with every message at once.
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Ticket type').selectOption(ticketTypeId);
      await page.getByLabel('Number of guests').selectOption('1');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      for (const words of [NAME_WORDS, PHONE_WORDS, REQUEST_WORDS]) await fieldMessage(page, words).waitFor();
      expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('heading', { name: 'Complete Your Reservation' }).count()).toBe(0);
      expect(await page.getByLabel('Test card number').count()).toBe(0);
      expect(paying).toEqual([]);

      // Fixed, the same form goes on to the card and the phone is stored normalized.
      await page.getByLabel('Full name').fill('Grace Hopper');
      await page.getByLabel('Phone (optional)').fill('+1 (555) 010-2000');
      await page.getByLabel('Special requests (optional)').fill('A quiet table');
      for (const words of [NAME_WORDS, PHONE_WORDS, REQUEST_WORDS]) await fieldMessage(page, words).waitFor({ state: 'detached' });
      await continueToPayment(page);
      await payWithTestCard(page);
      await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
      const [row] = await reservationsFor({ email });
      expect(row).toMatchObject({ status: 'confirmed', phone: '+15550102000', special_requests: 'A quiet table' });
    });
  }

  it("titles a refusal of the guest's details 'Please check your details' with every field at once, never 'Payment Failed' (375 px)", async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    const email = uniqueEmail('refused');
    // The paying request leaves the browser with details the form would not have let through (an
    // older page, another client): the real function answers it.
    await page.route('**/functions/v1/process-square-payment', async (route: Route) => {
      const body = route.request().postDataJSON() as { validateOnly?: boolean; reservationData: Record<string, unknown> };
      if (body.validateOnly) return route.continue();
      body.reservationData = { ...body.reservationData, name: 'N'.repeat(300), phone: 'abc', specialRequests: 'R'.repeat(3000) };
      await route.continue({ postData: JSON.stringify(body) });
    });
    await openBookingForm(page);
    await fillValidBooking(page, email);
    await continueToPayment(page);
    await payWithTestCard(page);

    await expectToast(page, 'Please check your details', `${NAME_WORDS}. ${PHONE_WORDS}. ${REQUEST_WORDS}.`);
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Payment Failed' }).count()).toBe(0);
    expect(await reservationsFor({ email })).toEqual([]);
  });

  it("titles seats gone before the charge 'Reservation Failed', not 'Payment Failed' (1280 px)", async () => {
    const org = await createOrg({ name: 'Input Sold Kitchen' });
    const eventId = (await createEvent(org.id, { title: 'Limits Supper' })).id;
    const last = await createTicketType(eventId, { name: 'Food Only', price: 12500, quantity: 2 });
    const { page } = await newPage({ viewport: viewports.desktop });
    const email = uniqueEmail('gone');
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await page.getByRole('heading', { name: 'Reserve: Limits Supper' }).waitFor();
    await fillTicketForm(page, { name: 'Grace Hopper', email, ticketTypeId: last, guests: '2' });
    await continueToPayment(page);
    // Someone else takes the seats while the guest types the card.
    await createReservation(eventId, { ticket_type_id: last, num_guests: 2 });
    await payWithTestCard(page);

    await expectToast(page, 'Reservation Failed');
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Payment Failed' }).count()).toBe(0);
    expect((await reservationsFor({ email })).filter((r) => r.status === 'confirmed')).toEqual([]);
  });
});

describe('the RSVP form checks the same limits', () => {
  it('refuses a 300-character name, the phone "abc" and 2,001 characters of dietary restrictions before any RSVP is sent (375 px)', async () => {
    const org = await createOrg({ name: 'Input RSVP Garden', branding: { reservation_mode: 'rsvp' } });
    const eventId = (await createEvent(org.id, { title: 'Limits in the Garden', rsvp_mode: true, deposit_amount: 500, event_time: '18:00' })).id;
    await createSlot(eventId, { slot_time: '20:00', slot_label: 'Late seating', max_capacity: 20 });
    const { page } = await newPage({ viewport: viewports.phone });
    const sent = watchPayingCalls(page, 'process-rsvp-payment');
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await page.getByRole('heading', { name: 'RSVP: Limits in the Garden' }).waitFor();
    await page.getByTestId('rsvp-slot').filter({ hasText: 'Late seating' }).click();
    await page.getByLabel('Name', { exact: true }).fill('N'.repeat(300));
    await page.getByLabel('Name', { exact: true }).blur();
    await fieldMessage(page, NAME_WORDS).waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('rsvp-limits'));
    await page.getByLabel('Phone (optional)').fill('abc');
    await page.getByLabel('Phone (optional)').blur();
    await fieldMessage(page, PHONE_WORDS).waitFor();
    await page.getByLabel('Dietary Restrictions (optional)').fill('D'.repeat(2001));
    await page.getByLabel('Dietary Restrictions (optional)').blur();
    await fieldMessage(page, 'Dietary restrictions must be at most 2000 characters').waitFor();

    await page.locator('form').getByRole('button').last().click();
    for (const words of [NAME_WORDS, PHONE_WORDS, 'Dietary restrictions must be at most 2000 characters']) await fieldMessage(page, words).waitFor();
    expect(await page.getByRole('heading', { name: 'Complete Your RSVP' }).count()).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('the pop-up chef form states and checks its limits', () => {
  async function openChefForm(page: Page) {
    await page.goto(`${stackEnv().siteUrl}/pop-up-chef`);
    await page.getByRole('heading', { name: 'Host a pop-up dinner' }).waitFor();
  }

  for (const [width, viewport] of widths) {
    it(`shows each field's limit and refuses a 10,000-character concept with the limit's words, sending nothing (${width} px)`, async () => {
      const { page } = await newPage({ viewport });
      let posts = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/rest/v1/chef_signups')) posts++;
      });
      await openChefForm(page);
      expect(await page.getByTestId('chef-concept-count').textContent()).toBe('0/5000');
      expect(await page.getByTestId('chef-name-count').textContent()).toBe('0/200');
      expect(await page.getByTestId('chef-dates-count').textContent()).toBe('0/1000');
      expect(await page.getByTestId('chef-email-count').textContent()).toBe('0/320');
      await page.getByText('5 to 5000 characters', { exact: false }).waitFor();
      await page.getByText('At most 320 characters').waitFor();

      await field(page, 'Name').fill('Rosa Martinez');
      await field(page, 'Email').fill(`chef-${randomUUID()}@example.com`);
      await field(page, 'Concept').fill('x'.repeat(10_000));
      await field(page, 'Concept').blur();
      await fieldMessage(page, CONCEPT_WORDS).waitFor();
      expect(await page.getByTestId('chef-concept-count').textContent()).toBe('10000/5000');
      await page.getByRole('button', { name: 'Submit inquiry' }).click();
      await fieldMessage(page, CONCEPT_WORDS).waitFor();
      expect(await page.getByText('Thanks for your interest!', { exact: false }).count()).toBe(0);
      expect(posts).toBe(0);
    });
  }

  it('says which limit the database refused, not "Please try again" (375 px)', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    const email = `chef-${randomUUID()}@example.com`;
    // The insert leaves the browser with a concept over the limit (an older page): the database answers.
    await page.route('**/rest/v1/chef_signups*', async (route: Route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, concept: 'x'.repeat(10_000) }) });
    });
    await openChefForm(page);
    await field(page, 'Name').fill('Rosa Martinez');
    await field(page, 'Email').fill(email);
    await field(page, 'Concept').fill('Oaxacan tasting menu');
    await page.getByRole('button', { name: 'Submit inquiry' }).click();
    await expectToast(page, 'Submission failed', 'Concept must be 5 to 5000 characters');
    expect(await page.getByText('Please try again or email us directly.').count()).toBe(0);
    expect(await field(page, 'Concept').inputValue()).toBe('Oaxacan tasting menu');
    const { rows } = await db().query('select 1 from public.chef_signups where email = $1', [email]);
    expect(rows).toEqual([]);
  });
});
