/**
 * "Online booking closes N hours before the dinner" (real Chromium, real stack): staff choose the
 * cutoff in the Edit Event dialog on a phone and it is kept; the organization's page then shows
 * an event past its cutoff as 'Booking Closed' (its button disabled, no waitlist), says when an
 * open event's online booking closes, and still offers an event without a cutoff; the embed's
 * event picker disables the closed event.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, expectToast, fitsWidth, newPage, viewports } from './support/browser';
import { openEventEditor } from './support/event-dialog';
import { sql } from '../tests/support/db';
import { createEvent, type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';
import { stackEnv } from '../tests/support/stack-env';
import { wallClockAt } from '../supabase/functions/_shared/event-time';

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('booking-cutoff', { name: 'Cutoff Kitchen' }));
});

/** Sets an event's cutoff (the fixtures leave it null: open until the start). */
async function setCutoff(eventId: string, hours: number | null) {
  await sql('update public.events set booking_cutoff_hours = $2 where id = $1', [eventId, hours]);
}

async function savedCutoff(eventId: string): Promise<number | null> {
  const [row] = await sql<{ booking_cutoff_hours: number | null }>('select booking_cutoff_hours from public.events where id = $1', [eventId]);
  return row.booking_cutoff_hours;
}

describe('the cutoff in the Edit Event dialog', () => {
  it('is chosen on a phone, saved, and shown again on reopen; an unusual saved cutoff is offered as it is', async () => {
    const title = 'Cutoff Harvest Dinner';
    const event = await createEvent(org.id, { title, ticketTypes: [{ name: 'Dinner', price: 8000, quantity: 10 }] });
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });

    let dialog = await openEventEditor(page, title);
    let cutoff = dialog.getByLabel('Online booking closes');
    expect(await cutoff.inputValue()).toBe('');
    expect(await cutoff.locator('option:checked').textContent()).toBe('When the dinner starts');
    await dialog.getByText('After this, guests can no longer book online or join the waitlist; your team can still add bookings.').waitFor();
    await cutoff.selectOption({ label: '24 hours before' });
    expect(await fitsWidth(page)).toBe(true);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Event updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await savedCutoff(event.id)).toBe(24);

    dialog = await openEventEditor(page, title);
    cutoff = dialog.getByLabel('Online booking closes');
    expect(await cutoff.inputValue()).toBe('24');
    expect(await cutoff.locator('option:checked').textContent()).toBe('24 hours before');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A cutoff set elsewhere (30 hours) is not one of the choices: it is offered, and kept by a save.
    await setCutoff(event.id, 30);
    await page.reload();
    dialog = await openEventEditor(page, title);
    cutoff = dialog.getByLabel('Online booking closes');
    expect(await cutoff.locator('option:checked').textContent()).toBe('30 hours before');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Event updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(await savedCutoff(event.id)).toBe(30);
  });
});

describe("the organization's public page", () => {
  it("shows an event past its cutoff as 'Booking Closed' with no waitlist, and still offers one without a cutoff", async () => {
    const { org: host } = await createStaffOrg('booking-cutoff-page', { name: 'Cutoff Supper Club' });
    // Starts in 12 hours in New York, online booking closes 24 hours before: closed 12 hours ago.
    // Sold out too, which would otherwise offer its waitlist.
    const soon = wallClockAt(new Date(Date.now() + 12 * 3_600_000), 'America/New_York');
    const closed = await createEvent(host.id, {
      title: 'Closed Tonight Supper',
      date: soon.date,
      event_time: soon.time.slice(0, 5),
      ticketTypes: [{ name: 'Dinner', price: 9000, quantity: 0 }],
    });
    await setCutoff(closed.id, 24);
    // Next month, with a 24-hour cutoff: still open, and says until when.
    const later = await createEvent(host.id, {
      title: 'Cutoff Later Supper',
      daysAhead: 30,
      ticketTypes: [{ name: 'Dinner', price: 9000, quantity: 20 }],
    });
    await setCutoff(later.id, 24);
    // No cutoff: open until it starts.
    await createEvent(host.id, { title: 'Open Supper', daysAhead: 40, ticketTypes: [{ name: 'Dinner', price: 9000, quantity: 20 }] });

    const { page } = await newPage({ viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/${host.slug}`);
    await page.getByRole('heading', { name: 'Upcoming Experiences' }).waitFor();
    const card = (title: string) => page.getByTestId('event-card').filter({ hasText: title });

    const closedCard = card('Closed Tonight Supper');
    await closedCard.getByRole('button', { name: 'Booking Closed' }).waitFor();
    expect(await closedCard.getByRole('button', { name: 'Booking Closed' }).isDisabled()).toBe(true);
    expect(await closedCard.getByText('Booking Closed', { exact: true }).count()).toBe(2); // the badge and the button
    expect(await closedCard.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0);
    expect(await closedCard.getByTestId('event-booking-closes').count()).toBe(0);

    const laterCard = card('Cutoff Later Supper');
    expect(await laterCard.getByRole('button', { name: 'Reserve Your Spot' }).isEnabled()).toBe(true);
    expect(await laterCard.getByTestId('event-booking-closes').innerText()).toMatch(
      /^Online booking closes [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4} at 7:00 PM E[SD]T$/,
    );

    const openCard = card('Open Supper');
    expect(await openCard.getByRole('button', { name: 'Reserve Your Spot' }).isEnabled()).toBe(true);
    expect(await openCard.getByTestId('event-booking-closes').count()).toBe(0);
    // The booking panel is for the first event still open.
    await page.getByRole('heading', { name: 'Reserve: Cutoff Later Supper' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // The embed's picker: the closed event is named so and cannot be chosen.
    await page.goto(`${stackEnv().siteUrl}/${host.slug}/embed`);
    const picker = page.getByLabel('Choose an event');
    await page.getByRole('heading', { name: 'Reserve: Cutoff Later Supper' }).waitFor();
    const closedOption = picker.locator('option', { hasText: 'Closed Tonight Supper' });
    expect(await closedOption.textContent()).toMatch(/ \(Booking Closed\)$/);
    expect(await closedOption.isDisabled()).toBe(true);
    expect(await picker.locator('option', { hasText: 'Open Supper' }).isDisabled()).toBe(false);

    // Its own link opens the closed dinner: the panel says booking has closed, and offers no form.
    await page.goto(`${stackEnv().siteUrl}/${host.slug}?event=${closed.id}`);
    await page.getByRole('status').filter({ hasText: 'Online booking for this dinner has closed. Please contact the host.' }).waitFor();
    expect(await page.getByRole('heading', { name: /^Reserve: / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Join the waitlist' }).count()).toBe(0);
  });
});
