/**
 * Cancelling a whole dinner from its overview, on the real stack in real Chromium at 1280 and
 * 375 px: the dialog states what will happen (bookings, money, waitlist), asks for a message and
 * a confirmation, then the page shows the result (bookings cancelled, refunds sent) and the
 * events list marks the dinner cancelled; the guest's mailbox holds the message and the refund,
 * the waiting party's the closing. axe finds nothing serious on the dialog or the result.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, fitsWidth, viewports } from './support/browser';
import { insertRow } from '../tests/support/db';
import { createEvent, createOrg, createStaff, type Org, type Staff, uniqueEmail } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';

const PRICE = 9500; // $95.00

let staff: Staff;
let org: Org;

beforeAll(async () => {
  staff = await createStaff('cancel-dinner-staff');
  org = await createOrg({ name: 'Lantern Table', members: [staff], branding: { brand_name: 'Lantern Table' } });
}, 120_000);

/** A dinner with one paid booking of two and one party on its waitlist. */
async function dinner(title: string) {
  const event = await createEvent(org.id, { title, ticketTypes: [{ name: 'Dinner', price: PRICE, quantity: 12 }] });
  const guestEmail = uniqueEmail('cancel-dinner-guest');
  const paid = await payByCard({
    amount: PRICE * 2,
    reservationData: {
      eventId: event.id,
      ticketTypeId: event.ticketTypes[0].id,
      num_guests: 2,
      name: 'Ada Guest',
      email: guestEmail,
      phone: '+1 555 0100',
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const waitingEmail = uniqueEmail('cancel-dinner-waiting');
  await insertRow('waitlist_entries', {
    org_id: org.id,
    event_id: event.id,
    ticket_type_id: event.ticketTypes[0].id,
    name: 'Wren Waiting',
    email: waitingEmail,
    party_size: 2,
  });
  return { id: event.id, title, guestEmail, waitingEmail };
}

async function cancelFromOverview(viewport: (typeof viewports)[keyof typeof viewports], title: string, message: string) {
  const d = await dinner(title);
  const { page } = await adminPage(staff, org.id, 'events', { viewport });
  await page.goto(`${stackEnv().siteUrl}/admin/events/${d.id}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();

  await page.getByRole('button', { name: 'Cancel this dinner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this dinner?' });
  await dialog.waitFor();
  const consequences = await dialog.getByTestId('cancel-event-consequences').innerText();
  expect(consequences).toContain('1 booking will be cancelled, and each guest emailed your message.');
  expect(consequences).toContain('Guests paid $190.00: $190.00 will be refunded to the cards they paid with.');
  expect(consequences).toContain('The waitlist of 1 party will be closed, and each party told.');
  expect(await dialog.getByRole('radio', { name: /A full refund/ }).isChecked()).toBe(true);

  // The message is required.
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByText('Write a message to your guests: it is sent with every cancellation').waitFor();
  await dialog.getByLabel('Message to your guests').fill(message);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Review' }).click();

  const confirm = page.getByRole('dialog', { name: 'Cancel the whole dinner now?' });
  await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
  await confirm.getByText(message).waitFor();
  if (viewport.width < 400) expect(await fitsWidth(page)).toBe(true);
  await confirm.getByRole('button', { name: 'Cancel the dinner' }).click();

  const result = page.getByTestId('event-cancellation');
  await result.getByRole('heading', { name: 'This dinner is cancelled' }).waitFor({ timeout: 20_000 });
  expect(await result.getByTestId('cancelled-bookings').innerText()).toBe('1');
  expect(await result.getByTestId('refunds-sent').innerText()).toBe('1 · $190.00');
  expect(await result.getByTestId('refunds-pending').innerText()).toBe('0 · $0.00');
  expect(await result.getByTestId('waitlist-closed').innerText()).toBe('1');
  expect(await result.innerText()).toContain(message);
  expect(await page.getByRole('button', { name: 'Cancel this dinner' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);

  // The events list marks it cancelled, and it cannot be switched back on.
  await page.getByRole('link', { name: 'Back to events' }).click();
  await page.waitForURL(/tab=events/);
  const row = page.locator(`[data-event-id="${d.id}"]`);
  await row.getByText('Cancelled', { exact: true }).waitFor();
  expect(await row.getByRole('switch').isDisabled()).toBe(true);

  const mail = (await mailFor(d.guestEmail, 2)).find((m) => m.subject === `Your reservation at Lantern Table is cancelled: ${title}`);
  expect(mail?.body_text).toContain(`A message from Lantern Table:\n${message}`);
  expect(mail?.body_text).toContain('We have refunded $190.00 to the card you paid with.');
  expect(mail?.body_html).toContain('A message from Lantern Table');
  const closing = (await mailFor(d.waitingEmail)).find((m) => m.subject === `Cancelled: ${title}`);
  expect(closing?.body_text).toContain(`Lantern Table has cancelled ${title}`);
  expect(closing?.body_text).toContain(message);
}

describe('cancel a whole dinner from the admin', () => {
  it('at 1280 px: full refund and a message; the result, the events list and the mailbox agree', async () => {
    await cancelFromOverview(
      viewports.desktop,
      'Lantern Midsummer Supper',
      'The kitchen flooded last night. Every guest gets a full refund, and first pick of our next date.',
    );
  });

  it('at 375 px: the same, on a phone', async () => {
    await cancelFromOverview(
      viewports.phone,
      'Lantern Harvest Table',
      'Our chef is unwell. You are refunded in full; we will write as soon as we can cook again.',
    );
  });
});

describe('a dinner that has started', () => {
  it('is not offered to be cancelled as a whole: its overview has the door list, not "Cancel this dinner"', async () => {
    const past = await createEvent(org.id, {
      title: 'Lantern Last Week',
      daysAhead: -3,
      ticketTypes: [{ name: 'Dinner', price: PRICE, quantity: 12 }],
    });
    const upcoming = await createEvent(org.id, { title: 'Lantern Next Week', ticketTypes: [{ name: 'Dinner', price: PRICE, quantity: 12 }] });
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    const overviewUrl = (id: string) => `${stackEnv().siteUrl}/admin/events/${id}`;
    await page.goto(overviewUrl(upcoming.id));
    await page.getByRole('button', { name: 'Cancel this dinner' }).waitFor({ timeout: 20_000 });
    await page.goto(overviewUrl(past.id));
    await page.getByRole('heading', { name: 'Lantern Last Week' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: /Door list/i }).waitFor();
    // Every read of the page has answered (the button would come with the cancellation's).
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Cancel this dinner' }).count()).toBe(0);
  });
});
