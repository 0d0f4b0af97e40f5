/**
 * The waitlist in Chromium: a sold-out ticket type on an organization page offers 'Join the
 * waitlist' (1280 px and 375 px); a cancellation offers the seat to the first party by email; the
 * claim page (/waitlist/{token}) shows the offer and takes the test card; lapsed, claimed and
 * unknown links get pages of their own; staff see an event's waitlist and remove a party.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../tests/support/db';
import { brandedAs, uniqueEmail } from '../tests/support/fixtures';
import { callFunction, sellOutEvent } from '../tests/support/functions';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, expectToast, fitsWidth, layouts, newPage, viewports } from './support/browser';
import { payTotalWithTestCard } from './support/ticket-booking';
import { seriousViolations } from './support/axe';
import { createStaffOrg } from '../tests/support/staff-org';

const { staff, org } = await createStaffOrg('e2e-waitlist-staff', brandedAs('Waitlist Kitchen', '#7c2d12'));

/** An event whose one ticket type is sold out: its `seats` booked through process-square-payment. */
const soldOutEvent = (title: string, seats: number, price: number) =>
  sellOutEvent(org.id, seats, price, { title, refund_window_hours: 48, late_refund_percent: 50 }, 'wl-seated');

const join = (eventId: string, ticketTypeId: string, name: string, email = uniqueEmail('wl-api')) =>
  callFunction('join-waitlist', { eventId, ticketTypeId, name, email, partySize: 1 }).then((a) => {
    expect(a.body.success).toBe(true);
    return email;
  });

/** The claim token from the offer email's link. */
async function claimToken(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await mailFor(email, 1);
    const token = mails.map((m) => m.body_text.match(/\/waitlist\/([A-Za-z0-9_-]{43})/)?.[1]).find(Boolean);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no offer email for ${email}: ${mails.map((m) => m.subject).join(' | ')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function joinThroughPage(page: Page, title: string, name: string, email: string, partySize: string): Promise<string> {
  await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
  const card = page.getByTestId('event-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Join the waitlist' }).click();
  const prompt = page.getByTestId('waitlist-prompt');
  await prompt.getByText('Seat').first().waitFor();
  await prompt.getByRole('button', { name: 'Join the waitlist: Seat' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Party size').selectOption(partySize);
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  const joined = dialog.getByTestId('waitlist-joined');
  await joined.waitFor();
  return (await joined.textContent()) ?? '';
}

describe('joining and claiming', () => {
  it('joins a sold-out ticket type at 1280 and 375 px; a cancellation offers the seat; the claim page takes the test card', async () => {
    const full = await soldOutEvent('Waitlist Harvest', 1, 8000);
    const first = uniqueEmail('wl-first');
    const second = uniqueEmail('wl-second');

    const desktop = await newPage({ viewport: viewports.desktop });
    expect(await joinThroughPage(desktop.page, 'Waitlist Harvest', 'Ada Waiting', first, '1')).toBe(
      "You're on the waitlist — number 1. We'll email you if seats free up.",
    );

    const phone = await newPage({ viewport: viewports.phone });
    expect(await joinThroughPage(phone.page, 'Waitlist Harvest', 'Bo Waiting', second, '2')).toBe(
      "You're on the waitlist — number 2. We'll email you if seats free up.",
    );
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    expect(await fitsWidth(phone.page)).toBe(true);
    expect(await seriousViolations(phone.page)).toEqual([]);
    expect(
      await sql(`select email, party_size, status from public.waitlist_entries where event_id = $1 order by created_at`, [full.eventId]),
    ).toEqual([
      { email: first, party_size: 1, status: 'waiting' },
      { email: second, party_size: 2, status: 'waiting' },
    ]);

    // Staff cancel the one booking: the seat is held for the first party, who is emailed the claim link.
    const cancelled = await staff.client.rpc('staff_cancel_reservation', { p_reservation_id: full.bookings[0], p_refund: 'full' });
    expect(cancelled.error).toBeNull();
    const token = await claimToken(first);

    const { page, consoleErrors } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/waitlist/${token}`);
    await page.getByRole('heading', { name: 'Seats are held for you' }).waitFor();
    expect(await page.getByTestId('offer-held-until').textContent()).toMatch(/Held for you until .+ (EST|EDT)/);
    const summary = page.getByRole('region', { name: 'Order summary' });
    expect(await summary.textContent()).toContain('Waitlist Harvest');
    expect(await summary.textContent()).toContain('1 guest');
    expect(await page.getByTestId('payment-total').textContent()).toBe('$80.00');
    expect(await page.getByTestId('payment-refund-policy').textContent()).toContain('Full refund');
    // The organization's color.
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'))).not.toBe('');
    expect(await fitsWidth(page)).toBe(true);

    await page.getByText('Test mode — no real card is charged').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await payTotalWithTestCard(page, '$80.00');
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    const handle = page.getByTestId('booking-handle');
    expect(await handle.textContent()).toMatch(/Booking code [A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect(await handle.getByRole('link', { name: 'Manage or cancel your booking' }).getAttribute('href')).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}$/);
    expect(await sql(`select status from public.waitlist_entries where event_id = $1 order by created_at`, [full.eventId])).toEqual([
      { status: 'claimed' },
      { status: 'waiting' },
    ]);
    expect(consoleErrors).toEqual([]);

    // The link again: already claimed, with the way to the booking.
    await page.goto(`${stackEnv().siteUrl}/waitlist/${token}`);
    await page.getByRole('heading', { name: 'Already claimed' }).waitFor();
    await page.getByRole('link', { name: 'Manage or cancel your booking' }).click();
    await page.waitForURL(/\/booking\//);
    await page.getByText('Waitlist Harvest').first().waitFor();
  });

  it('a lapsed offer has its own page; the next party claims a free seat with one button; an unknown link is not valid', async () => {
    const full = await soldOutEvent('Waitlist Free Supper', 1, 0);
    const first = await join(full.eventId, full.ticketTypeId, 'Cy Late');
    const second = await join(full.eventId, full.ticketTypeId, 'Di Next');
    await sql(`update public.reservations set status = 'cancelled' where id = $1`, [full.bookings[0]]);
    const lapsed = await claimToken(first);
    await sql(
      `update public.reservations set hold_expires_at = now() - interval '1 minute'
       where id = (select reservation_id from public.waitlist_entries where email = $1)`,
      [first],
    );
    await sql(`select public.release_expired_holds()`);

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/waitlist/${lapsed}`);
    await page.getByRole('heading', { name: 'This offer has expired' }).waitFor();
    await page.getByText('This offer has expired and the seats have gone to the next party on the waitlist.').waitFor();

    await page.goto(`${stackEnv().siteUrl}/waitlist/${await claimToken(second)}`);
    await page.getByRole('heading', { name: 'Seats are held for you' }).waitFor();
    expect(await page.getByTestId('test-card-form').count()).toBe(0);
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();
    expect(await page.getByTestId('booking-handle').textContent()).toMatch(/Booking code [A-Z0-9]{4}-[A-Z0-9]{4}/);

    await page.goto(`${stackEnv().siteUrl}/waitlist/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This waitlist link is not valid' }).waitFor();
  });
});

/** The "Leave the waitlist" link of the email of `kind` to `email`, as the mailbox has it. */
async function leaveLink(email: string, kind: 'waitlist_joined' | 'waitlist_offer'): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await mailFor(email, 1)) as { kind?: string | null; body_html?: string | null }[];
    const mail = mails.find((m) => m.kind === kind);
    const href = mail?.body_html?.match(/href="([^"]*\/waitlist\/leave\/[A-Za-z0-9_-]{43})"/)?.[1];
    if (href) return href;
    if (Date.now() > deadline) throw new Error(`no ${kind} email with a leave link for ${email}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('leaving the waitlist', () => {
  it('at 1280 px the link in the "on the waitlist" email opens a page with one button; opening it changes nothing; leaving is for good', async () => {
    const full = await soldOutEvent('Waitlist Leave Desktop', 1, 0);
    const first = await join(full.eventId, full.ticketTypeId, 'Hal Leaving');
    const second = await join(full.eventId, full.ticketTypeId, 'Ida Staying');
    const link = await leaveLink(first, 'waitlist_joined');
    expect(link.startsWith(`${stackEnv().siteUrl}/waitlist/leave/`)).toBe(true);

    const { page, consoleErrors } = await newPage({ viewport: viewports.desktop });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Leave the waitlist?' }).waitFor();
    expect(await page.getByText('Waitlist Leave Desktop').count()).toBeGreaterThan(0);
    expect(await page.getByText('1 guest', { exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Opening the link (as a mail scanner would) took nobody off the list.
    expect(await sql(`select status from public.waitlist_entries where event_id = $1 order by created_at`, [full.eventId])).toEqual([
      { status: 'waiting' },
      { status: 'waiting' },
    ]);

    await page.getByRole('button', { name: 'Leave the waitlist' }).click();
    await page.getByRole('heading', { name: 'You have left the waitlist' }).waitFor();
    expect(await page.getByTestId('leave-status').textContent()).toBe(
      'Your place in line is freed, and we will not email you about this dinner again.',
    );
    expect(await sql(`select email, status from public.waitlist_entries where event_id = $1 order by created_at`, [full.eventId])).toEqual([
      { email: first, status: 'removed' },
      { email: second, status: 'waiting' },
    ]);
    // The link again: already off the list, no button.
    await page.goto(link);
    await page.getByRole('heading', { name: 'You have left the waitlist' }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave the waitlist' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);

    await page.goto(`${stackEnv().siteUrl}/waitlist/leave/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This waitlist link is not valid' }).waitFor();
  });

  it('at 375 px the link in the offer email gives the held seats to the next party', async () => {
    const full = await soldOutEvent('Waitlist Leave Phone', 1, 0);
    const first = await join(full.eventId, full.ticketTypeId, 'Jo Offered');
    const second = await join(full.eventId, full.ticketTypeId, 'Kit Next');
    await sql(`update public.reservations set status = 'cancelled' where id = $1`, [full.bookings[0]]);
    const link = await leaveLink(first, 'waitlist_offer');

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Leave the waitlist?' }).waitFor();
    await page.getByText('Seats are held for you right now. If you leave, they go to the next party on the waitlist.').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Leave the waitlist' }).click();
    await page.getByRole('heading', { name: 'You have left the waitlist' }).waitFor();

    expect(await sql(`select email, status from public.waitlist_entries where event_id = $1 order by created_at`, [full.eventId])).toEqual([
      { email: first, status: 'removed' },
      { email: second, status: 'offered' },
    ]);
    // The next party is emailed its offer; the first party's claim link has lapsed.
    await claimToken(second);
    const lapsed = await claimToken(first);
    await page.goto(`${stackEnv().siteUrl}/waitlist/${lapsed}`);
    await page.getByRole('heading', { name: 'This offer has expired' }).waitFor();
  });
});

describe('when an offer lapses', () => {
  it('an offer made at 4:19 PM is held until 9:00 AM the next morning, never past the start (1280 and 375 px)', async () => {
    const full = await soldOutEvent('Waitlist Overnight', 1, 0);
    const first = await join(full.eventId, full.ticketTypeId, 'Lu Overnight');
    await sql(`update public.reservations set status = 'cancelled' where id = $1`, [full.bookings[0]]);
    const token = await claimToken(first);

    // The offer as made by the SQL at 4:19 PM on the event's clock, three days before the dinner.
    const [made] = await sql<{ local_end: string; local_day: string; capped: string }>(
      `with x as (
         select e.date, e.event_time, e.event_timezone as tz,
                ((e.date - 3) + time '16:19') at time zone e.event_timezone as made_at,
                (e.date + e.event_time) at time zone e.event_timezone as starts
         from public.events e where e.id = $1)
       update public.reservations r
          set hold_expires_at = public.waitlist_offer_expiry(x.made_at, x.starts, x.tz)
         from x
        where r.id = (select reservation_id from public.waitlist_entries where email = $2)
       returning to_char(r.hold_expires_at at time zone x.tz, 'HH24:MI') as local_end,
                 to_char((r.hold_expires_at at time zone x.tz)::date - x.date, 'FM999') as local_day,
                 to_char(public.waitlist_offer_expiry(x.starts - interval '40 minutes', x.starts, x.tz) at time zone x.tz, 'HH24:MI') as capped`,
      [full.eventId, first],
    );
    // 12 hours would be 4:19 AM: it runs on to 9:00 AM, two days before the dinner.
    expect(made).toEqual({ local_end: '09:00', local_day: '-2', capped: '18:30' });

    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { page } = await newPage({ viewport });
      await page.goto(`${stackEnv().siteUrl}/waitlist/${token}`);
      await page.getByRole('heading', { name: 'Seats are held for you' }).waitFor();
      expect(await page.getByTestId('offer-held-until').textContent()).toMatch(
        /Held for you until [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 9:00 AM (EST|EDT)/,
      );
    }
  });
});

describe('refusals', () => {
  it("shows the server's words in the dialog when seats freed up meanwhile", async () => {
    const full = await soldOutEvent('Waitlist Reopened', 1, 0);
    const { page } = await newPage({ viewport: viewports.desktop });
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    const card = page.getByTestId('event-card').filter({ hasText: 'Waitlist Reopened' });
    await card.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByTestId('waitlist-prompt').getByRole('button', { name: 'Join the waitlist: Seat' }).click();
    // Staff add seats while the guest types.
    await sql(`update public.capacity_pools set size = size + 4 where id = (select pool_id from public.ticket_types where id = $1)`, [
      full.ticketTypeId,
    ]);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Gus Late');
    await dialog.getByLabel('Email').fill(uniqueEmail('wl-reopened'));
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await expectToast(page, 'Could not join the waitlist', 'There are seats for your party: you can book them now.');
    await page.getByText('There are seats for your party: you can book them now.').first().waitFor();
    expect(await sql(`select 1 from public.waitlist_entries where event_id = $1`, [full.eventId])).toEqual([]);
  });
});

describe('staff', () => {
  for (const [layout, viewport] of layouts) {
    it(`see an event's waitlist, cannot offer seats that are not free, and remove a party (${layout})`, async () => {
      const title = `Waitlist Staff ${layout}`;
      const full = await soldOutEvent(title, 1, 0);
      const firstEmail = await join(full.eventId, full.ticketTypeId, 'Eve First');
      await join(full.eventId, full.ticketTypeId, 'Fay Second');

      const { page } = await adminPage(staff, org.id, 'events', { viewport });
      // At 1280 px the waitlist is among the row's less common actions, under 'More'.
      if (layout === 'desktop') await page.getByRole('button', { name: `More actions for ${title}` }).click();
      await page.getByRole('button', { name: `Waitlist of ${title}` }).click();
      const dialog = page.getByTestId('waitlist-dialog');
      const entries = dialog.getByTestId('waitlist-entry');
      await entries.nth(1).waitFor();
      expect(await entries.count()).toBe(2);
      expect(await entries.nth(0).textContent()).toContain('Eve First');
      expect(await entries.nth(0).textContent()).toContain(firstEmail);
      expect(await entries.nth(0).textContent()).toContain('#1');
      expect(await entries.nth(1).textContent()).toContain('#2');
      if (layout === 'phone') expect(await fitsWidth(page)).toBe(true);

      await dialog.getByRole('button', { name: 'Offer now: Eve First' }).click();
      await expectToast(page, 'Could not offer the seats', 'There are not enough free seats for a party of 1 right now');

      await dialog.getByRole('button', { name: 'Remove Fay Second' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expectToast(page, 'Success', 'Fay Second was removed from the waitlist.');
      await dialog.getByText('Fay Second').waitFor({ state: 'detached' });
      expect(await entries.count()).toBe(1);
      expect(await sql(`select name, status from public.waitlist_entries where event_id = $1 order by created_at`, [full.eventId])).toEqual([
        { name: 'Eve First', status: 'waiting' },
        { name: 'Fay Second', status: 'removed' },
      ]);
    });
  }
});
