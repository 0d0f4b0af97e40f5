/**
 * Every seat its own guest: the booker shares the party link from the manage page, a guest
 * claims a seat at /seat/{token} with their allergens, the booker sees who has claimed and adds
 * their own needs, and staff read every seat's needs. Real stack, real Chromium, both widths.
 */
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { fitsWidth, layouts, newPage, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createTicketType, guest } from '../tests/support/fixtures';
import { payByCard } from '../tests/support/functions';

async function bookedParty(guests: number) {
  const org = await createOrg({ name: 'Seat Test Kitchen', branding: { primary_color: '#14532d' } });
  const event = await createEvent(org.id, { title: 'Harvest Table', daysAhead: 20 });
  const ticket = await createTicketType(event.id, { name: 'Dinner', price: 6000, quantity: 20 });
  const answer = await payByCard({
    amount: guests * 6000,
    reservationData: { ...guest(), name: 'Ada Lovelace', eventId: event.id, num_guests: guests, guests, ticketTypeId: ticket },
  });
  expect(answer.status).toBe(200);
  return { manageToken: answer.body.manageToken as string };
}

const seatsOf = (manageToken: string) =>
  sql<{ seat_no: number; guest_name: string | null; allergens: string[]; dietary_notes: string | null }>(
    `select s.seat_no, s.guest_name, s.allergens, s.dietary_notes from public.reservation_seats s
     join public.reservations r on r.id = s.reservation_id
     where r.manage_token_hash = public.manage_token_hash($1) order by s.seat_no`,
    [manageToken],
  );

describe('the seats of a party', () => {
  for (const [layout, viewport] of layouts) {
    it(`a guest claims a seat from the party link and the booker sees it (${layout})`, async () => {
      const { siteUrl } = stackEnv();
      const { manageToken } = await bookedParty(3);
      const { page, consoleErrors } = await newPage({ viewport });

      await page.goto(`${siteUrl}/booking/${manageToken}`);
      const seats = page.getByTestId('party-seats');
      await seats.getByRole('heading', { name: "Your party's seats" }).waitFor();
      await seats.getByText('(0 of 2 claimed)').waitFor();
      expect(await seats.getByText('Guest of Ada Lovelace').count()).toBe(2);
      const partyLink = await page.getByLabel(/Party link/).inputValue();
      expect(partyLink).toMatch(new RegExp(`^${siteUrl}/seat/[A-Za-z0-9_-]{43}$`));
      // The link is a key and nothing else: no name, no email.
      expect(partyLink).not.toMatch(/ada|lovelace|@/i);

      // A friend opens the party link and claims the next free seat.
      const friend = await newPage({ viewport });
      await friend.page.goto(partyLink);
      await friend.page.getByRole('heading', { name: 'Ada saved you a seat' }).waitFor();
      // The host's band heads the page, in its color, as on the booking's page.
      const header = friend.page.getByTestId('seat-header');
      expect(await header.getByRole('link', { name: 'Seat Test Kitchen' }).getAttribute('href')).toMatch(/^\/seat-test-kitchen/);
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 83, 45)');
      expect(await seriousViolations(friend.page)).toEqual([]);
      expect(await fitsWidth(friend.page)).toBe(true);
      await friend.page.getByRole('button', { name: 'Claim my seat' }).click();
      await friend.page.getByText('Please enter your name.').waitFor();
      await friend.page.getByLabel('Full name').fill('Grace Hopper');
      await friend.page.getByLabel('Email').fill('grace@example.com');
      await friend.page.getByLabel('Sesame').check();
      await friend.page.getByLabel('Milk').check();
      await friend.page.getByLabel('Other dietary needs').fill('No coriander');
      await friend.page.getByRole('button', { name: 'Claim my seat' }).click();
      // Their page is now their own seat's, to come back to.
      await friend.page.getByTestId('seat-saved').waitFor();
      await friend.page.waitForURL((url) => url.pathname.startsWith('/seat/') && url.href !== partyLink);
      await friend.page.getByRole('heading', { name: "Grace Hopper's seat" }).waitFor();
      expect(await friend.page.getByLabel('Sesame').isChecked()).toBe(true);
      expect(friend.consoleErrors).toEqual([]);

      // The booker sees the claim, and adds their own needs from their seat.
      await page.reload();
      await seats.getByText('(1 of 2 claimed)').waitFor();
      await page.getByTestId('seat-2').getByText('Grace Hopper').waitFor();
      await page.getByTestId('seat-2').getByText('Claimed').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('link', { name: 'Add your dietary needs' }).click();
      await page.getByRole('heading', { name: 'Your seat' }).waitFor();
      await page.getByLabel('Peanuts').check();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByTestId('seat-saved').waitFor();

      expect(await seatsOf(manageToken)).toEqual([
        { seat_no: 1, guest_name: 'Ada Lovelace', allergens: ['peanuts'], dietary_notes: null },
        { seat_no: 2, guest_name: 'Grace Hopper', allergens: ['milk', 'sesame'], dietary_notes: 'No coriander' },
        { seat_no: 3, guest_name: null, allergens: [], dietary_notes: null },
      ]);
      expect(consoleErrors).toEqual([]);
    });
  }

  it('a link that opens no seat says so and shows nothing else', async () => {
    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/seat/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This seat link is not valid' }).waitFor();
    expect(await page.getByRole('form').count()).toBe(0);
  });
});
