import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, newPage, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import {
  createEvent,
  createOrg,
  createStaff,
  createTicketType,
  futureDate,
  guest,
  reservationsFor,
  type Staff,
  uniqueEmail,
} from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { continueToPayment, fillTicketForm, payTotalWithTestCard } from './support/ticket-booking';

/** An organization with one ticketed dinner under the given policy. */
async function dinner(policy: { refund_window_hours: number | null; late_refund_percent: number }, daysAhead = 30, members: Staff[] = []) {
  const org = await createOrg({ name: 'Manage Test Kitchen', branding: { primary_color: '#14532d' }, members });
  const event = await createEvent(org.id, { title: 'Autumn Harvest Supper', daysAhead, ...policy });
  const ticket = await createTicketType(event.id, { name: 'Chef Tasting', price: 15750, quantity: 20 });
  return { org, eventId: event.id, ticket };
}

/** Books and pays through the paying call (as the browser does) and answers the manage token. */
async function bookByApi(eventId: string, ticketTypeId: string, guests: number, priceCents: number) {
  const answer = await payByCard({
    amount: guests * priceCents,
    reservationData: { ...guest(), eventId, num_guests: guests, guests, ticketTypeId },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.bookingCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(answer.body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { token: answer.body.manageToken as string, code: answer.body.bookingCode as string };
}

async function cancelThroughPage(page: Page) {
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await page.getByTestId('booking-cancelled').waitFor();
}

describe('the manage link /booking/{token}', () => {
  it('comes from the confirmation and the email; inside the window a cancellation refunds everything', async () => {
    const { siteUrl } = stackEnv();
    const { org, ticket } = await dinner({ refund_window_hours: 48, late_refund_percent: 0 });
    const email = uniqueEmail('manage');
    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });

    // Book through the org page: the form and the payment step say the policy.
    await page.goto(`${siteUrl}/${org.slug}`);
    await page
      .getByTestId('event-refund-policy')
      .filter({ hasText: 'Full refund until 48 hours before the dinner; non-refundable after that' })
      .waitFor();
    await page.getByRole('heading', { name: 'Reserve: Autumn Harvest Supper' }).waitFor();
    await page.getByTestId('booking-refund-policy').filter({ hasText: 'Full refund until 48 hours before the dinner' }).waitFor();
    await fillTicketForm(page, { name: 'Ada Lovelace', email, ticketTypeId: ticket, guests: '2' });
    await continueToPayment(page);
    await page.getByTestId('payment-refund-policy').filter({ hasText: 'Full refund until 48 hours before the dinner' }).waitFor();
    await page.getByText('Test mode — no real card is charged').waitFor();
    await payTotalWithTestCard(page, '$315.00');
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();

    // The confirmation: the booking code and the private link.
    const [row] = await reservationsFor({ email });
    const code = (await sql<{ booking_code: string }>(`select booking_code from public.reservations where id = $1`, [row.id]))[0].booking_code;
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const handle = page.getByTestId('booking-handle');
    expect(await handle.textContent()).toContain(`Booking code ${code}`);
    await page.getByTestId('confirmation-refund-policy').filter({ hasText: 'Full refund until 48 hours before the dinner' }).waitFor();
    const link = handle.getByRole('link', { name: 'Manage or cancel your booking' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}$/);

    // The confirmation email carries the same link.
    const mail = await mailFor(email);
    const emailed = mail.map((m) => /\/booking\/([A-Za-z0-9_-]{43})/.exec(m.body_text)?.[0]).find(Boolean);
    expect(emailed).toBe(href);

    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Autumn Harvest Supper' }).waitFor();
    await expect.poll(() => page.title()).toContain('Your booking: Autumn Harvest Supper');
    expect(await page.getByTestId('booking-code').textContent()).toBe(code);
    const body = await page.locator('main').innerText();
    expect(body).toContain('2 guests');
    expect(body).toContain('Chef Tasting');
    expect(body).toContain('7:00 PM E'); // EST or EDT: the event's own timezone
    expect(await page.getByTestId('paid-amount').textContent()).toBe('$315.00');
    expect(await page.getByTestId('manage-refund-policy').textContent()).toBe(
      'Full refund until 48 hours before the dinner; non-refundable after that',
    );
    expect(await page.getByTestId('refund-now').textContent()).toBe('Cancelling now refunds $315.00.');
    expect(body).toContain('Full refund if you cancel before');
    expect(await seriousViolations(page)).toEqual([]);

    await cancelThroughPage(page);
    await expectToast(page, 'Booking cancelled', 'Refunded $315.00 to your card.');
    expect(await page.getByTestId('cancelled-refund').innerText()).toContain('Refunded $315.00 to your card');
    expect(await page.getByTestId('refunded-amount').textContent()).toBe('$315.00');
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect((await reservationsFor({ email }))[0].status).toBe('cancelled');

    // Opened later (here: from the email's link), it shows it is cancelled and offers nothing to do.
    await page.goto(`${siteUrl}${emailed}`);
    await page.getByTestId('booking-cancelled').waitFor();
    expect(await page.getByTestId('booking-cancelled').innerText()).toContain('You cancelled this booking.');
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(consoleErrors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });

  it('outside the window refunds the late percentage, and says so before the guest confirms', async () => {
    const { siteUrl } = stackEnv();
    // Tomorrow evening with a 48-hour window: the window has closed, 50% is left.
    const { eventId, ticket } = await dinner({ refund_window_hours: 48, late_refund_percent: 50 }, 1);
    await sql(`update public.events set date = $2::date where id = $1`, [eventId, futureDate(1)]);
    const { token, code } = await bookByApi(eventId, ticket, 2, 15750);

    const { page } = await newPage();
    await page.goto(`${siteUrl}/booking/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Autumn Harvest Supper' }).waitFor();
    expect(await page.getByTestId('booking-code').textContent()).toBe(code);
    expect(await page.getByTestId('manage-refund-policy').textContent()).toBe('Full refund until 48 hours before the dinner; 50% after that');
    expect(await page.getByTestId('refund-now').textContent()).toBe('Cancelling now refunds $157.50.');
    expect(await page.locator('main').innerText()).not.toContain('Full refund if you cancel before');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.innerText()).toContain('Cancelling now refunds $157.50.');
    await dialog.getByRole('button', { name: 'Keep booking' }).click();
    await dialog.waitFor({ state: 'detached' });

    await cancelThroughPage(page);
    await expectToast(page, 'Booking cancelled', 'Refunded $157.50 to your card.');
    expect(await page.getByTestId('cancelled-refund').innerText()).toContain('Refunded $157.50 to your card');
    expect(await page.getByTestId('paid-amount').textContent()).toBe('$315.00');
    expect(await page.getByTestId('refunded-amount').textContent()).toBe('$157.50');
  });

  it('a non-refundable booking says a cancellation refunds nothing', async () => {
    const { siteUrl } = stackEnv();
    const { eventId, ticket } = await dinner({ refund_window_hours: null, late_refund_percent: 0 });
    const { token } = await bookByApi(eventId, ticket, 1, 15750);
    const { page } = await newPage();
    await page.goto(`${siteUrl}/booking/${token}`);
    await page.getByTestId('refund-now').waitFor();
    expect(await page.getByTestId('refund-now').textContent()).toBe('Cancelling now refunds nothing (Non-refundable).');
    await cancelThroughPage(page);
    await expectToast(page, 'Booking cancelled', 'No refund is due under the cancellation policy.');
    expect(await page.getByTestId('cancelled-refund').innerText()).toContain('No refund under the cancellation policy (Non-refundable)');
  });

  it('a tampered or unknown token shows that the link is not valid, and no booking data', async () => {
    const { siteUrl } = stackEnv();
    const { eventId, ticket } = await dinner({ refund_window_hours: 48, late_refund_percent: 0 });
    const { token, code } = await bookByApi(eventId, ticket, 1, 15750);
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    for (const bad of [tampered, 'not-a-real-token']) {
      const { page } = await newPage({ viewport: viewports.phone });
      await page.goto(`${siteUrl}/booking/${bad}`);
      await page.getByRole('heading', { level: 1, name: 'This booking link is not valid' }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(code);
      expect(text).not.toContain('Autumn Harvest Supper');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${siteUrl}/`);
    }
  });
});

describe('changing plans on the manage page', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`comes with fewer guests, then more (paying for them), then gives the booking to a friend whose link works while this one stops (${viewport.width} px)`, async () => {
      const { siteUrl } = stackEnv();
      const staff = await createStaff(`plans-${name}`);
      const { org, eventId, ticket } = await dinner({ refund_window_hours: 48, late_refund_percent: 0 }, 30, [staff]);
      const { token } = await bookByApi(eventId, ticket, 3, 15750);
      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(`${siteUrl}/booking/${token}`);
      await page.getByRole('heading', { name: 'Change your plans' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Fewer guests: the choice says what comes back before the guest confirms.
      await page.getByRole('button', { name: 'Fewer guests' }).click();
      const reduce = page.getByRole('dialog', { name: 'Come with fewer guests' });
      await reduce.getByText('You get $157.50 back.').waitFor();
      await reduce.getByLabel('Guests').selectOption('1');
      await reduce.getByText('You get $315.00 back.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await reduce.getByRole('button', { name: 'Change booking' }).click();
      await expectToast(page, 'Your booking is now for 1 guest', 'Refunded $315.00 to your card.');
      await page.getByText('1 guest', { exact: true }).waitFor();
      await page.getByTestId('refunded-amount').filter({ hasText: '$315.00' }).waitFor();
      await page.getByText('A booking for 1 guest cannot come with fewer guests.').waitFor();

      // More guests: each pays what each guest paid, by card, and the page shows the new party.
      await page.getByRole('button', { name: 'More guests' }).click();
      const more = page.getByRole('dialog', { name: 'Bring more guests' });
      await more.getByText('You pay $157.50 now.').waitFor();
      await more.getByLabel('Guests').selectOption('3');
      await more.getByText('You pay $315.00 now.').waitFor();
      await more.getByLabel('Guests').selectOption('2');
      expect(await seriousViolations(page)).toEqual([]);
      await payTotalWithTestCard(more, '$157.50');
      await expectToast(page, 'Your booking is now for 2 guests', 'We charged $157.50 to your card. A receipt is on its way.');
      await page.getByText('2 guests', { exact: true }).waitFor();

      // Handing over: the form checks the email first, then the booking changes hands.
      const friend = uniqueEmail(`friend-${name}`);
      await page.getByRole('button', { name: 'Give to someone else' }).click();
      const handOver = page.getByRole('dialog', { name: 'Give this booking to someone else' });
      await handOver.getByLabel('Their name').fill('Grace Hopper');
      await handOver.getByLabel('Their email').fill('grace@');
      await handOver.getByRole('button', { name: 'Give the booking' }).click();
      await handOver.getByText('Enter a valid email address').waitFor();
      await handOver.getByLabel('Their email').fill(friend);
      await handOver.getByRole('button', { name: 'Give the booking' }).click();
      await page.getByRole('heading', { name: "The booking is now Grace Hopper's" }).waitFor();
      await page.getByText(`We have emailed ${friend} the booking and its own link.`, { exact: false }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The old link opens nothing; the friend's emailed link opens the booking in their name.
      await page.goto(`${siteUrl}/booking/${token}`);
      await page.getByRole('heading', { level: 1, name: 'This booking link is not valid' }).waitFor();
      const welcome = (await mailFor(friend)).find((m) => m.subject.includes('is confirmed'))!;
      const newLink = /\/booking\/[A-Za-z0-9_-]{43}/.exec(welcome.body_text)![0];
      await page.goto(`${siteUrl}${newLink}`);
      await page.getByText('Booked by Grace Hopper').waitFor();
      expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);

      // Staff see what the guest changed in the booking's history.
      const admin = await adminPage(staff, org.id, 'reservations', { viewport });
      await admin.page.getByRole('button', { name: 'Edit reservation of Grace Hopper' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByText('History (4)').click();
      const history = dialog.getByTestId('booking-history');
      await history.getByText('The guest changed the party from 3 to 1 guest, refunding $315.00').waitFor();
      await history.getByText('The guest changed the party from 1 to 2 guests, paying $157.50').waitFor();
      await history.getByText(`to Grace Hopper (${friend})`, { exact: false }).waitFor();
      expect(await seriousViolations(admin.page)).toEqual([]);
    });
  }
});

/** 'Saturday, January 2, 2027': a calendar date as the page writes it. */
const pageDate = (date: string, weekday = true) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: weekday ? 'long' : undefined,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

describe('moving to another date of the series', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`lists the series' other dates, moves the booking to one with seats, and staff see it in the history (${viewport.width} px)`, async () => {
      const { siteUrl } = stackEnv();
      const staff = await createStaff(`move-${name}`);
      const { org, eventId, ticket } = await dinner({ refund_window_hours: 48, late_refund_percent: 0 }, 30, [staff]);
      const { token, code } = await bookByApi(eventId, ticket, 2, 15750);
      const { page, consoleErrors } = await newPage({ viewport });

      // No other date yet: the button is off and the page says why.
      await page.goto(`${siteUrl}/booking/${token}`);
      await page.getByText('There is no other date of this dinner at the same price to move to.').waitFor();
      expect(await page.getByRole('button', { name: 'Another date' }).isDisabled()).toBe(true);

      // Staff repeat the dinner on two dates; the later one has a single seat left.
      const { data, error } = await staff.client.rpc('staff_duplicate_event', { p_event_id: eventId, p_dates: [futureDate(37), futureDate(44)] });
      expect(error).toBeNull();
      const [open, small] = data as string[];
      await sql(`update public.capacity_pools set size = 1 where id = (select pool_id from public.ticket_types where event_id = $1)`, [small]);

      await page.reload();
      await page.getByRole('button', { name: 'Another date' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move to another date' });
      const dates = dialog.getByTestId('other-date');
      await dates.first().waitFor();
      expect(await dates.count()).toBe(2);
      expect(await dates.nth(0).innerText()).toMatch(new RegExp(`${pageDate(futureDate(37))} at 7:00 PM E[SD]T`));
      expect(await dates.nth(0).innerText()).toContain('20 seats left');
      expect(await dates.nth(1).innerText()).toContain('Only 1 seat left: not enough for 2 guests');
      expect(await dialog.getByRole('radio', { name: new RegExp(pageDate(futureDate(44))) }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('radio', { name: new RegExp(pageDate(futureDate(37))) }).isChecked()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Move booking' }).click();
      await expectToast(page, `Your booking is now for ${pageDate(futureDate(37))}`);
      await page
        .getByText(pageDate(futureDate(37)))
        .first()
        .waitFor();
      expect(await page.getByTestId('booking-code').textContent()).toBe(code);
      expect(await page.getByTestId('paid-amount').textContent()).toBe('$315.00');
      // Back to the first date is on offer now; the full one still is not.
      await page.getByRole('button', { name: 'Another date' }).click();
      await page.getByRole('dialog', { name: 'Move to another date' }).getByTestId('other-date').first().waitFor();
      expect(await page.getByRole('dialog').innerText()).toContain(pageDate(futureDate(30)));
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      expect((await sql<{ event_id: string }>(`select event_id from public.reservations where booking_code = $1`, [code]))[0].event_id).toBe(open);

      // Staff see the move in the booking's history.
      const admin = await adminPage(staff, org.id, 'reservations', { viewport });
      await admin.page
        .getByRole('button', { name: /^Edit reservation of / })
        .first()
        .click();
      const edit = admin.page.getByRole('dialog');
      await edit.getByText('History (2)').click();
      await edit
        .getByTestId('booking-history')
        .getByText(`The guest moved the booking from ${pageDate(futureDate(30), false)} to ${pageDate(futureDate(37), false)}`)
        .waitFor();
      expect(await seriousViolations(admin.page)).toEqual([]);
    });
  }
});
