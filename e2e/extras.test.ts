/**
 * Extras after booking: the booker adds an extra for the party from the manage page, and a guest
 * adds one for themselves from their seat, each paying by card; staff see them on the door list.
 * Real stack, real Chromium, both widths.
 */
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { expectToast, fitsWidth, layouts, newPage } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createTicketType, guest, uniqueEmail } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';
import { payTotalWithTestCard } from './support/ticket-booking';

describe('extras after booking', () => {
  for (const [layout, viewport] of layouts) {
    it(`the booker adds corkage from the manage page, a guest adds a wine pairing from their seat (${layout})`, async () => {
      const { siteUrl } = stackEnv();
      const org = await createOrg({ name: 'Extras Kitchen' });
      const event = await createEvent(org.id, { title: 'Vintage Supper', daysAhead: 15 });
      const ticket = await createTicketType(event.id, { name: 'Dinner', price: 7000, quantity: 10 });
      await sql(
        `insert into public.event_addons (event_id, name, price_cents, per, sort) values ($1, 'Wine pairing', 3000, 'guest', 0), ($1, 'Corkage', 1500, 'booking', 1)`,
        [event.id],
      );
      const answer = await payByCard({
        amount: 2 * 7000,
        reservationData: { ...guest(), name: 'Ada Lovelace', eventId: event.id, num_guests: 2, guests: 2, ticketTypeId: ticket },
      });
      expect(answer.status).toBe(200);
      const manageToken = answer.body.manageToken as string;

      const { page, consoleErrors } = await newPage({ viewport });
      await page.goto(`${siteUrl}/booking/${manageToken}`);
      const extras = page.getByTestId('booking-extras');
      await extras.getByText('No extras yet.').waitFor();
      await extras.getByRole('button', { name: 'Add extras' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add extras' });
      await dialog.getByLabel('Corkage · $15.00 each').selectOption('1');
      await dialog.getByTestId('extras-total').filter({ hasText: 'Total $15.00' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await payTotalWithTestCard(dialog, '$15.00');
      await expectToast(page, 'Extras added', 'We charged $15.00 to your card. A receipt is on its way.');
      await extras.getByText('1 × Corkage').waitFor();
      expect(await fitsWidth(page)).toBe(true);

      // A guest of the party adds a wine pairing for themselves from their seat.
      const [{ seat_token: seatToken }] = await sql<{ seat_token: string }>(`select seat_token from public.booking_seats($1) where seat_no = 2`, [
        manageToken,
      ]);
      const friend = await newPage({ viewport });
      await friend.page.goto(`${siteUrl}/seat/${seatToken}`);
      await friend.page.getByLabel('Full name').fill('Grace Hopper');
      await friend.page.getByLabel('Email').fill(uniqueEmail(`extras-grace-${layout}`));
      await friend.page.getByRole('button', { name: 'Claim my seat' }).click();
      const mine = friend.page.getByRole('region', { name: 'Extras for you' });
      await mine.getByLabel('Wine pairing · $30.00').check();
      await mine.getByTestId('extras-total').filter({ hasText: 'Total $30.00' }).waitFor();
      expect(await seriousViolations(friend.page)).toEqual([]);
      expect(await fitsWidth(friend.page)).toBe(true);
      await payTotalWithTestCard(mine, '$30.00');
      await expectToast(friend.page, 'Extras added', 'We charged $30.00 to your card. A receipt is on its way.');
      expect(friend.consoleErrors).toEqual([]);

      await page.reload();
      await extras.getByText('1 × Wine pairing').waitFor();
      expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    });
  }
});
