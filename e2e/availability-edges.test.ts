/**
 * What any page or dialog offers is what the server sells at that moment: one event, capped at
 * 12 guests while its ticket types add up to 14, sold to the edge through each surface — the
 * host page's card and form, staff's Add booking dialog, the event overview's Remaining, and the
 * party-size edit (where a booking's own seats are free to it). Every number comes from
 * event_availability.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, expectToast, newPage, viewports } from './support/browser';
import { payTotalWithTestCard } from './support/ticket-booking';
import { sql } from '../tests/support/db';
import { createEvent, type createOrg, createReservation, reservationsFor, uniqueEmail, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Awaited<ReturnType<typeof createOrg>>;
let eventId: string;
let counter: string;
let table: string;
let editMe: string;
const title = 'Edge Supper';

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('edges', { name: 'Edge Kitchen', branding: { brand_name: 'Edge Kitchen' } }));
  const event = await createEvent(org.id, {
    title,
    max_guests: 12,
    ticketTypes: [
      { name: 'Counter', price: 3000, quantity: 9 },
      { name: 'Table', price: 3000, quantity: 5 },
    ],
  });
  eventId = event.id;
  [counter, table] = event.ticketTypes.map((t) => t.id);
  // 10 of 12 seats taken: Counter keeps 1 of its own, Table 3 of its own; the cap leaves 2.
  await createReservation(eventId, { ticket_type_id: counter, num_guests: 6, name: 'Six Counter' });
  await createReservation(eventId, { ticket_type_id: table, num_guests: 2, name: 'Two Table' });
  editMe = (await createReservation(eventId, { ticket_type_id: counter, num_guests: 2, name: 'Edit Me' })).id;
});

const overviewUrl = () => `${stackEnv().siteUrl}/admin/events/${eventId}`;

/** The overview's Remaining per line, as staff read it (a table from 768 px, cards below). */
async function remaining(page: Page): Promise<Record<string, string>> {
  await page.goto(overviewUrl());
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  const list = page.getByRole(wide ? 'table' : 'list', { name: 'Capacity' });
  await list.waitFor();
  const out: Record<string, string> = {};
  for (const name of ['Counter', 'Table']) {
    const line = list.getByRole(wide ? 'row' : 'listitem').filter({ hasText: name });
    out[name] = (await line.getByTestId('capacity-remaining').innerText()).replace(/\D/g, '');
  }
  return out;
}

/** The Add booking dialog's ticket type choices. */
async function staffChoices(page: Page): Promise<string[]> {
  await page.goto(`${stackEnv().siteUrl}/admin?org=${org.id}&tab=events`);
  const more = page.getByRole('button', { name: `More actions for ${title}` });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await page.getByRole('button', { name: `Add booking to ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add booking' });
  const select = dialog.getByLabel('Ticket type', { exact: true });
  // The numbers arrive with the dialog's fresh read of event_availability.
  await select.locator('option', { hasText: 'left' }).first().waitFor({ state: 'attached' });
  const options = (await select.locator('option').allTextContents()).slice(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  return options;
}

async function editGuests(page: Page, guests: string) {
  await page.goto(`${stackEnv().siteUrl}/admin?org=${org.id}&tab=reservations`);
  await page.getByRole('button', { name: 'Edit reservation of Edit Me' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Guests', { exact: true }).fill(guests);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  return dialog;
}

describe('one event sold to the edge through every surface', () => {
  it('staff see what is left within the cap, and a booking grows into its own seats plus what is free', async () => {
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    expect(await staffChoices(page)).toEqual(['Counter · $30.00 · 1 ticket left', 'Table · $30.00 · 2 tickets left']);
    expect(await remaining(page)).toEqual({ Counter: '1', Table: '2' });

    // Edit Me (2 at the Counter) can have 3: its own 2 and the Counter's last one.
    await editGuests(page, '4');
    await expectToast(
      page,
      'Error',
      'Failed to update reservation: Only 1 more ticket is available for Counter: this booking can have at most 3 guests.',
    );
    expect((await sql<{ num_guests: number }>('select num_guests from public.reservations where id = $1', [editMe]))[0].num_guests).toBe(2);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await editGuests(page, '3');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await sql<{ num_guests: number }>('select num_guests from public.reservations where id = $1', [editMe]))[0].num_guests).toBe(3);
    expect(await remaining(page)).toEqual({ Counter: '0', Table: '1' });
  });

  for (const [layout, viewport] of [
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const) {
    it(`the host page offers the last seat, sells it, and then offers nothing (${layout})`, async () => {
      const { page } = await newPage({ viewport });
      await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
      const card = page.getByTestId('event-card').filter({ hasText: title });
      const [taken] = await sql<{ n: number }>(
        `select coalesce(sum(num_guests), 0)::int as n from public.reservations where event_id = $1 and status = 'confirmed'`,
        [eventId],
      );
      if (taken.n >= 12) {
        // The other layout sold the last seat: nothing is offered.
        await card.getByText('Fully Booked').first().waitFor();
        expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
        return;
      }
      await card.getByText('1 spot left').waitFor();
      await page.getByRole('option', { name: 'Counter - $30.00 per person (Sold Out)' }).waitFor({ state: 'attached' });
      await page.getByLabel('Ticket type', { exact: true }).selectOption({ label: 'Table - $30.00 per person (1 available)' });
      expect(await page.getByRole('option', { name: '2 Guests (unavailable)' }).isDisabled()).toBe(true);
      const email = uniqueEmail(`edge-${layout}`);
      await page.getByLabel('Full name').fill('Last Seat');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Number of guests').selectOption('1');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await payTotalWithTestCard(page, '$30.00');
      await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
      expect((await reservationsFor({ email })).map((r) => r.status)).toEqual(['confirmed']);
      // The page reads its events again after the booking: the card says the event is full, and
      // the guest who took its last seat keeps the confirmation.
      await card.getByText('Fully Booked').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Reservation Confirmed' }).isVisible()).toBe(true);

      const staffView = await adminPage(staff, org.id, 'events', { viewport });
      expect(await remaining(staffView.page)).toEqual({ Counter: '0', Table: '0' });
      await staffView.page.goto(`${stackEnv().siteUrl}/${org.slug}`);
      await staffView.page.getByTestId('event-card').filter({ hasText: title }).getByText('Fully Booked').first().waitFor();
    });
  }
});
