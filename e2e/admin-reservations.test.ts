import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectRequiredField, expectToast, fillAndSubmit, viewports } from './support/browser';
import { serviceClient } from '../tests/support/db';
import {
  createEvent,
  createReservation,
  type Org,
  publicOrgPage,
  type Staff,
  type TestEvent as SeededEvent,
  type TestReservation as SeededReservation,
  uniq,
} from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;
let dinner: SeededEvent;
let rsvpEvent: SeededEvent;
let ada: SeededReservation;
let grace: SeededReservation;
let rsvpGuest: SeededReservation;

async function ticketsLeft(): Promise<number> {
  const event = (await publicOrgPage(org.slug)).events.find((e) => e.id === dinner.id)!;
  return event.ticket_types[0].quantity;
}

async function reservation(id: string) {
  const { data } = await serviceClient().from('reservations').select('*').eq('id', id).single();
  return data!;
}

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('resv', { name: 'Reservations Test Supper' }));
  dinner = await createEvent(org.id, { title: 'Chef Table Night', ticketTypes: [{ name: 'Chef Table', price: 10000, quantity: 10 }] });
  rsvpEvent = await createEvent(org.id, {
    title: 'Porch RSVP',
    rsvp_mode: true,
    slots: [{ slot_time: '18:00', slot_label: 'Sunset', max_capacity: 12 }],
  });
  const older = new Date(Date.now() - 3600_000).toISOString();
  ada = await createReservation(dinner.id, {
    name: 'Ada Lovelace',
    email: `${uniq('ada')}@example.com`,
    num_guests: 2,
    ticket_type_id: dinner.ticketTypes[0].id,
  });
  grace = await createReservation(dinner.id, {
    name: 'Grace Hopper',
    email: `${uniq('grace')}@example.com`,
    num_guests: 3,
    ticket_type_id: dinner.ticketTypes[0].id,
  });
  rsvpGuest = await createReservation(rsvpEvent.id, {
    name: 'Rosa Parks',
    email: `${uniq('rosa')}@example.com`,
    num_guests: 1,
    rsvp_slot_id: rsvpEvent.slots[0].id,
  });
  // Older filler rows so the list has a second page (25 per page).
  const filler = await createEvent(org.id, { title: 'Filler Feast' });
  const { error } = await serviceClient()
    .from('reservations')
    .insert(
      Array.from({ length: 26 }, (_, i) => ({
        org_id: org.id,
        event_id: filler.id,
        name: `Filler Guest ${i + 1}`,
        email: `${uniq('filler')}@example.com`,
        num_guests: 1,
        status: 'confirmed',
        created_at: older,
      })),
    );
  if (error) throw new Error(error.message);
});

describe('reservations tab (desktop)', () => {
  it('lists reservations a page at a time and finds a guest by email', async () => {
    const { page } = await adminPage(staff, org.id, 'reservations');
    const table = page.getByRole('table', { name: 'Reservations' });
    await table.getByText('Grace Hopper', { exact: true }).waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Guest',
      'Event',
      'Contact',
      'Guests',
      'Date',
      'Status',
      'Payment',
      'Actions',
    ]);
    // A booking nobody paid for: $0.00 and the 'Free' badge.
    const graceRow = table.getByRole('row').filter({ hasText: 'Grace Hopper' });
    await graceRow.getByTestId('money-badge').getByText('Free', { exact: true }).waitFor();
    await page.getByText('1–25 of 29').waitFor();
    expect(await table.getByRole('row').count()).toBe(26); // header + 25
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('26–29 of 29').waitFor();

    await page.getByRole('searchbox', { name: 'Search reservations by guest name, email or booking code' }).fill(grace.email.toUpperCase());
    await page.getByText('1–1 of 1').waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await table.getByText(grace.email, { exact: true }).waitFor();
    // Name search, partial.
    await page.getByRole('searchbox').fill('lovela');
    await table.getByText('Ada Lovelace', { exact: true }).waitFor();
    await page.getByText('1–1 of 1').waitFor();
  });

  it('edits a reservation: guest details saved, extra guests take seats', async () => {
    expect(await ticketsLeft()).toBe(5);
    const { page } = await adminPage(staff, org.id, 'reservations');
    await page.getByRole('button', { name: 'Edit reservation of Ada Lovelace' }).click();
    const dialog = page.getByRole('dialog');
    // Every seat of the booking: the booker's, and the one nobody has claimed yet.
    const seats = dialog.getByTestId('reservation-seats');
    await seats.getByText('Seats (1 of 2 claimed)').waitFor();
    expect(await seats.locator('li').allInnerTexts()).toEqual([`Ada Lovelace · ${ada.email}`, 'Guest of Ada Lovelace']);
    await expectRequiredField(dialog, 'Name', 'Save Changes', 'Name is required');
    await fillAndSubmit(
      dialog,
      { Name: 'Ada King', Phone: '+1 212 555 0199', Guests: '4', 'Dietary restrictions': 'No nuts', 'Special requests': 'Window seat' },
      'Save Changes',
    );
    await expectToast(page, 'Reservation updated successfully');
    await page.getByText('Ada King', { exact: true }).waitFor();
    expect(await reservation(ada.id)).toMatchObject({
      name: 'Ada King',
      phone: '+12125550199',
      num_guests: 4,
      dietary_restrictions: 'No nuts',
      special_requests: 'Window seat',
      status: 'confirmed',
    });
    expect(await ticketsLeft()).toBe(3);
  });

  it('cancels a reservation: Cancelled badge, cancelled_at set, and the seats return to the public page', async () => {
    const { page } = await adminPage(staff, org.id, 'reservations');
    await page.getByRole('button', { name: 'Cancel reservation of Ada King' }).click();
    // Nothing was paid: a plain confirmation, no money decision.
    const dialog = page.getByRole('dialog', { name: 'Cancel this reservation?' });
    expect(await dialog.getByRole('group', { name: 'What happens to the money?' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel reservation', exact: true }).click();
    await expectToast(page, 'Success', 'Cancelled. No refund.');
    const row = page.getByRole('row').filter({ hasText: 'Ada King' });
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Grace Hopper' }).getByText('Confirmed', { exact: true }).count()).toBe(1);
    const after = await reservation(ada.id);
    expect(after.status).toBe('cancelled');
    expect(after.cancelled_at).not.toBeNull();
    expect(await ticketsLeft()).toBe(7);
    // A cancelled reservation cannot be edited or cancelled again.
    expect(await row.getByRole('button', { name: 'Cancel reservation of Ada King' }).isDisabled()).toBe(true);
  });

  it('emails a guest through send-guest-email; it arrives in the mailbox', async () => {
    const { mailboxUrl } = stackEnv();
    const { page } = await adminPage(staff, org.id, 'reservations');
    await page.getByRole('button', { name: 'Email Grace Hopper' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Recipient').inputValue()).toBe(grace.email);
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Regarding your reservation');
    const body = await dialog.getByLabel('Message').inputValue();
    expect(body.startsWith('Hi Grace,')).toBe(true);
    expect(body.trimEnd().endsWith(`The ${org.name} Team`)).toBe(true);

    await expectRequiredField(dialog, 'Subject', 'Send Email', 'Subject is required');
    await fillAndSubmit(
      dialog,
      { Subject: 'Your table on Friday', Message: 'Hi Grace,\n\nWe saved the corner table <b>for you</b>.\n\nBest regards,\nThe team' },
      'Send Email',
    );
    await expectToast(page, 'Email sent successfully');

    const messages = (await (await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(grace.email)}`)).json()) as {
      subject: string;
      body_text: string;
      body_html: string;
      kind: string;
      org_id: string;
      reservation_id: string;
    }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ subject: 'Your table on Friday', kind: 'guest_email', org_id: org.id, reservation_id: grace.id });
    expect(messages[0].body_text).toContain('We saved the corner table <b>for you</b>.');
    // Guest-typed text is escaped in the HTML body.
    expect(messages[0].body_html).toContain('&lt;b&gt;for you&lt;/b&gt;');
  });

  it("defaults the subject to 'Regarding your RSVP' for an RSVP", async () => {
    const { page } = await adminPage(staff, org.id, 'reservations');
    await page.getByRole('button', { name: 'Email Rosa Parks' }).click();
    expect(await page.getByRole('dialog').getByLabel('Subject').inputValue()).toBe('Regarding your RSVP');
  });
});

describe('reservations tab (mobile)', () => {
  it('shows confirmed reservations as cards; cancelled ones are hidden', async () => {
    const { page } = await adminPage(staff, org.id, 'reservations', { viewport: viewports.phone });
    const cards = page.getByRole('list', { name: 'Reservations' });
    await cards.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    expect(await cards.getByRole('heading', { name: 'Ada King' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByText('1–25 of 28').waitFor();
    await page.getByRole('searchbox').fill(rsvpGuest.email);
    await cards.getByRole('heading', { name: 'Rosa Parks' }).waitFor();
    await page.getByText('1–1 of 1').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
