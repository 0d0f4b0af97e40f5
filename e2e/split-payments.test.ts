/**
 * Each guest pays their own seat, end to end: the host allows it on the event overview, the
 * booker chooses it on the payment step and pays one seat, a guest claims and pays their seat
 * from its link, the manage page shows who has paid, and the guest gives the seat up again. Real stack, real Chromium, both widths.
 */
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, layouts, newPage } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createStaff, createTicketType, uniqueEmail } from '../tests/support/fixtures';
import { continueToPayment, fillTicketForm, payTotalWithTestCard } from './support/ticket-booking';

describe('everyone pays their own seat', () => {
  for (const [layout, viewport] of layouts) {
    it(`the host allows it, the booker pays one seat, a guest pays theirs from the seat link (${layout})`, async () => {
      const { siteUrl } = stackEnv();
      const staff = await createStaff(`split-${layout}`);
      const org = await createOrg({ name: 'Split Table Kitchen', members: [staff] });
      const event = await createEvent(org.id, { title: 'Shared Table Supper', daysAhead: 20, refund_window_hours: 48, late_refund_percent: 0 });
      const ticket = await createTicketType(event.id, { name: 'Dinner', price: 6000, quantity: 12 });

      // The host allows it on the event's overview, holding unpaid seats for 24 hours.
      const admin = await adminPage(staff, org.id, 'events', { viewport });
      await admin.page.goto(`${siteUrl}/admin/events/${event.id}`);
      await admin.page.getByRole('heading', { name: 'Split payments' }).waitFor();
      await admin.page.getByLabel('Guests may each pay their own seat').check();
      await admin.page.getByLabel('Hold unpaid seats for (hours after booking)').fill('24');
      await admin.page.getByRole('button', { name: 'Save' }).click();
      await expectToast(admin.page, 'Guests can pay their own seats');
      expect(await seriousViolations(admin.page)).toEqual([]);
      expect(await sql(`select cutoff_hours from public.event_split_payments where event_id = $1`, [event.id])).toEqual([{ cutoff_hours: 24 }]);

      // The booker of 3 chooses it on the payment step: the total becomes one seat.
      const email = uniqueEmail(`split-booker-${layout}`);
      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(`${siteUrl}/${org.slug}`);
      await fillTicketForm(page, { name: 'Ada Lovelace', email, ticketTypeId: ticket, guests: '3' });
      await continueToPayment(page);
      await page.getByTestId('payment-total').filter({ hasText: '$180.00' }).waitFor();
      await page.getByLabel('Everyone pays their own seat').check();
      await page.getByTestId('payment-total').filter({ hasText: '$60.00' }).waitFor();
      // The party's rows stay; what the other two pay later is said, and the total is one seat's.
      expect((await page.getByTestId('payment-split-rest').innerText()).replace(/\s+/g, ' ')).toBe(
        'Your guests pay from their seat links 2 × $60.00',
      );
      await page.getByText('Due now for your seat').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await payTotalWithTestCard(page, '$60.00');
      await page.getByRole('heading', { name: 'Reservation Confirmed' }).waitFor();

      // The manage page: the seats, who has paid, and until when the others are held.
      const [{ manage_token: manageToken, seat_token: seatToken }] = await sql<{ manage_token: string; seat_token: string }>(
        `select public.manage_token_of(r.id) as manage_token, public.link_token_of('seat', s.id) as seat_token
         from public.reservations r join public.reservation_seats s on s.reservation_id = r.id and s.seat_no = 2
         where r.email = $1`,
        [email],
      );
      await page.goto(`${siteUrl}/booking/${manageToken}`);
      await page.getByTestId('split-note').filter({ hasText: 'Each guest pays their own seat ($60.00) from their link.' }).waitFor();
      await page.getByTestId('seat-2').getByText('Not paid yet').waitFor();
      await page.getByTestId('split-plans').waitFor();
      await page.getByText('Cancelling now refunds $60.00, each payment to the card that paid it.').waitFor();

      // A guest claims seat 2 and pays it.
      const friend = await newPage({ viewport });
      await friend.page.goto(`${siteUrl}/seat/${seatToken}`);
      await friend.page.getByTestId('seat-pay-note').filter({ hasText: 'Claim your seat, then pay for it here' }).waitFor();
      await friend.page.getByLabel('Full name').fill('Grace Hopper');
      await friend.page.getByLabel('Email').fill(uniqueEmail(`split-grace-${layout}`));
      await friend.page.getByLabel('Gluten').check();
      await friend.page.getByRole('button', { name: 'Claim my seat' }).click();
      await friend.page.getByRole('heading', { name: 'Pay for your seat' }).waitFor();
      expect(await seriousViolations(friend.page)).toEqual([]);
      expect(await fitsWidth(friend.page)).toBe(true);
      await payTotalWithTestCard(friend.page, '$60.00');
      await expectToast(friend.page, 'Your seat is paid', 'We charged $60.00 to your card. A receipt is on its way.');
      await friend.page.getByTestId('seat-paid').waitFor();
      expect(friend.consoleErrors).toEqual([]);

      await page.reload();
      await page.getByTestId('seat-2').getByText('Paid', { exact: true }).waitFor();
      await page.getByTestId('seat-3').getByText('Not paid yet').waitFor();

      // The guest gives the seat up: their own payment comes back, nobody else's.
      await friend.page.getByRole('button', { name: 'Give up my seat' }).click();
      await friend.page.getByRole('alertdialog').getByText('You get $60.00 back. The seat goes back and this link stops working.').waitFor();
      await friend.page.getByRole('button', { name: 'Yes, give up my seat' }).click();
      await friend.page.getByRole('heading', { name: 'You gave up your seat' }).waitFor();
      await friend.page.getByText('We are refunding $60.00 to the card you paid with.', { exact: false }).waitFor();
      expect(await seriousViolations(friend.page)).toEqual([]);
      await page.reload();
      await page.getByTestId('seat-3').getByText('Not paid yet').waitFor();
      expect(await page.getByTestId('seat-2').count()).toBe(0);
      expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    });
  }
});
