import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, fitsWidth, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createReservation, uniqueEmail, type Org, type Staff } from '../tests/support/fixtures';
import { mailFor } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';
import { createStaffOrg } from '../tests/support/staff-org';

// A message to everyone booked at a dinner, from its overview page at 375 px: the form's checks,
// one branded email per confirmed booking with each guest's own name, one to each guest who claimed
// a seat (with their seat's link, not the booker's), and the record of it.

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('guest-messages', { name: 'Message Kitchen' }));
});

describe('emailing everyone booked at a dinner (375 px)', () => {
  it('sends one email per confirmed booking and per claimed seat, greeting each guest by name, and lists what was sent', async () => {
    const event = await createEvent(org.id, { title: 'Message Supper', ticketTypes: [{ name: 'Seat', price: 5000, quantity: 20 }] });
    const ada = await createReservation(event.id, { name: 'Ada Lovelace', email: uniqueEmail('message-ada') });
    const grace = await createReservation(event.id, { name: 'Grace Hopper', email: uniqueEmail('message-grace'), num_guests: 1 });
    const gone = await createReservation(event.id, { name: 'Gone Guest', email: uniqueEmail('message-gone'), status: 'cancelled' });
    // Ada's second seat, claimed by her guest.
    const linus = uniqueEmail('message-linus');
    await sql(
      `update public.reservation_seats set guest_name = 'Linus Pauling', guest_email = $2, claimed_at = now() where reservation_id = $1 and seat_no = 2`,
      [ada.id, linus],
    );

    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.phone });
    await page.goto(`${stackEnv().siteUrl}/admin/events/${event.id}`);
    await page.getByRole('button', { name: 'Email guests' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email everyone booked' });
    await dialog.getByText('Every confirmed booking of Message Supper gets its own email').waitFor();

    // Nothing is sent while a field is missing.
    await dialog.getByRole('button', { name: 'Send to all guests' }).click();
    await dialog.getByText('Subject is required').waitFor();
    await dialog.getByText('Message is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Subject').fill('Parking tonight');
    await dialog.getByLabel('Message').fill('Hi {{guest_name}},\nPark on Elm Street; the door is the green one.');
    await dialog.getByRole('button', { name: 'Send to all guests' }).click();
    await expectToast(page, 'Sent to 3 guests', 'The emails go out within a minute.');
    await dialog.waitFor({ state: 'detached' });

    const sent = page.getByRole('list', { name: 'Messages to guests' }).getByRole('listitem');
    await sent.filter({ hasText: 'Parking tonight' }).getByText(`to 3 guests · by ${staff.email}`).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // Each guest's own email, with their name; the cancelled booking gets none.
    const [toAda] = (await mailFor(ada.email)).filter((m) => m.subject === 'Parking tonight');
    expect(toAda.body_text).toContain('Hi Ada Lovelace,');
    expect(toAda.body_text).toContain('Park on Elm Street; the door is the green one.');
    expect(toAda.body_text).toContain('/booking/');
    const [toGrace] = (await mailFor(grace.email)).filter((m) => m.subject === 'Parking tonight');
    expect(toGrace.body_text).toContain('Hi Grace Hopper,');
    const [toLinus] = (await mailFor(linus)).filter((m) => m.subject === 'Parking tonight');
    expect(toLinus.body_text).toContain('Hi Linus Pauling,');
    expect(toLinus.body_text).toMatch(/View your seat[\s\S]*\/seat\//);
    expect(toLinus.body_text).not.toContain('/booking/');
    const toGone = await sql(`select 1 from public.email_outbox where reservation_id = $1 and kind = 'guest_email'`, [gone.id]);
    expect(toGone).toEqual([]);
  });
});
