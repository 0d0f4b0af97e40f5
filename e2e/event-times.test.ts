/**
 * One time per dinner: a dinner at 20:30 and a supper-club seating at 20:00 are shown at their
 * own time on every page that names them (the host page, the booking pages with their payment
 * step and confirmation, the manage page, the reservation details and their calendar links, the
 * party's invite, the admin), in the confirmation email and in its .ics, at 1280 and 375 px.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from '../tests/support/db';
import { createStaff, type Staff } from '../tests/support/fixtures';
import { mailFor, type MailboxMessage } from '../tests/support/mailbox';
import { stackEnv } from '../tests/support/stack-env';
import { adminPage, field, newPage, viewports } from './support/browser';
import {
  continueToPayment,
  fillSeriesGuest,
  fillSupperClubGuest,
  openDinnerSeries,
  openSupperClub,
  payTotalWithTestCard,
} from './support/ticket-booking';

// Winter dates far after the seeded ones: New York is on EST then.
const DINNER_DATE = '2027-12-04';
const DINNER_DAY = 'Saturday, December 4, 2027';
const SOLD_OUT_DATE = '2027-12-11';
const SUPPER_DATE = '2027-12-06';
const SUPPER_DAY = 'Monday, December 6, 2027';

interface Mail extends MailboxMessage {
  attachments?: { filename: string; content_type: string | null; content_base64: string | null }[];
}

const createdEvents: string[] = [];
let dinner: { id: string; title: string; ticketId: string; orgId: string };
let soldOut: { id: string; ticketId: string };
let supper: { id: string; orgId: string };
let staff: Staff;

beforeAll(async () => {
  const { apiUrl, anonKey } = stackEnv();
  // The first call of a function compiles it in Deno: do it before the pages wait on it.
  for (const name of ['square-config', 'magnolia-availability', 'magnolia-square-config', 'join-waitlist']) {
    await fetch(`${apiUrl}/functions/v1/${name}`, { method: 'POST', headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
  }
  const [eatathome] = await sql<{ id: string }>("select id from public.organizations where slug = 'eatathome'");
  const title = `Late Dinner ${randomUUID().slice(0, 8)}`;
  const [event] = await sql<{ id: string }>(
    `insert into public.events (org_id, title, date, event_time, event_timezone, location_name, location_address, is_active)
     values ($1, $2, $3, '20:30', 'America/New_York', 'Eat At Home', 'Brooklyn, NY', true) returning id`,
    [eatathome.id, title, DINNER_DATE],
  );
  createdEvents.push(event.id);
  await sql('select public.set_event_guest_cap($1, 20)', [event.id]);
  const [ticket] = await sql<{ id: string }>(
    `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Food Only', 12500, public.new_capacity_pool($1, 12)) returning id`,
    [event.id],
  );
  dinner = { id: event.id, title, ticketId: ticket.id, orgId: eatathome.id };

  // A sold-out dinner at the same hour: its waitlist's emails and pages.
  const [full] = await sql<{ id: string }>(
    `insert into public.events (org_id, title, date, event_time, event_timezone, location_name, location_address, is_active)
     values ($1, $2, $3, '20:30', 'America/New_York', 'Eat At Home', 'Brooklyn, NY', true) returning id`,
    [eatathome.id, `Full Late Dinner ${randomUUID().slice(0, 8)}`, SOLD_OUT_DATE],
  );
  createdEvents.push(full.id);
  await sql('select public.set_event_guest_cap($1, 20)', [full.id]);
  const [fullTicket] = await sql<{ id: string }>(
    `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Food Only', 12500, public.new_capacity_pool($1, 0)) returning id`,
    [full.id],
  );
  soldOut = { id: full.id, ticketId: fullTicket.id };

  const [magnolia] = await sql<{ id: string }>("select id from public.organizations where slug = 'magnolia'");
  const [supperEvent] = await sql<{ id: string }>(
    `insert into public.events (org_id, title, date, event_time, event_timezone, location_name, location_address, is_active, seat_price_cents, max_party_size)
     values ($1, 'Magnolia Supper Club', $2, '17:30', 'America/New_York', 'Magnolia Supper Club', 'Old Fourth Ward, Atlanta, GA', true, 6500, 6) returning id`,
    [magnolia.id, SUPPER_DATE],
  );
  createdEvents.push(supperEvent.id);
  await sql('select public.set_event_guest_cap($1, 40)', [supperEvent.id]);
  await sql(
    `insert into public.rsvp_slots (event_id, slot_time, slot_label, pool_id)
     values ($1, '17:30', '5:30pm', public.new_capacity_pool($1, 20)), ($1, '20:00', '8:00pm', public.new_capacity_pool($1, 20))`,
    [supperEvent.id],
  );
  supper = { id: supperEvent.id, orgId: magnolia.id };

  staff = await createStaff('times');
  for (const org of [eatathome.id, magnolia.id])
    await sql('insert into public.user_memberships (user_id, org_id) values ($1, $2)', [staff.userId, org]);
});

afterAll(async () => {
  if (createdEvents.length) await sql('update public.events set is_active = false where id = any($1)', [createdEvents]);
});

/** The text of a description list's value by its term (the manage page, the reservation details). */
async function shownAt(page: Page, term: string): Promise<string> {
  return (
    await page
      .locator('dt', { hasText: new RegExp(`^\\s*${term}\\s*$`, 'i') })
      .first()
      .locator('xpath=following-sibling::dd')
      .innerText()
  ).trim();
}

/** The confirmation email, its text and its .ics. */
async function confirmationMail(email: string): Promise<{ text: string; ics: string; managePath: string }> {
  const mail = (await mailFor(email)) as Mail[];
  const confirmation = mail.find((m) => /\/booking\/[A-Za-z0-9_-]{43}/.test(m.body_text));
  expect(confirmation, `a confirmation for ${email}: ${JSON.stringify(mail.map((m) => [m.subject, m.body_text.slice(0, 400)]))}`).toBeDefined();
  const attachment = confirmation!.attachments?.find((a) => a.filename.endsWith('.ics'));
  expect(attachment?.content_base64).toBeTruthy();
  const managePath = /\/booking\/[A-Za-z0-9_-]{43}/.exec(confirmation!.body_text)?.[0];
  expect(managePath).toBeDefined();
  return { text: confirmation!.body_text, ics: Buffer.from(attachment!.content_base64!, 'base64').toString('utf8'), managePath: managePath! };
}

/** The manage page's date and time rows, and its time slot row when there is one. */
async function managePage(page: Page, managePath: string) {
  await page.goto(`${stackEnv().siteUrl}${managePath}`);
  await page.getByTestId('booking-code').waitFor();
  return page.locator('main').innerText();
}

describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const)('an event and a seating shown at their own time (%s)', (_name, viewport) => {
  it('a dinner at 20:30 reads 8:30 PM on its pages, in its email and in its calendar file', async () => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport });

    // The host page's card.
    await page.goto(`${siteUrl}/eatathome`);
    const card = page.getByRole('article', { name: dinner.title });
    await card.waitFor();
    expect(await card.innerText()).toContain('8:30 PM EST');
    await card.getByRole('button', { name: 'Reserve Your Spot' }).click();
    await page.getByRole('heading', { name: `Reserve: ${dinner.title}` }).waitFor();
    expect(
      await page
        .getByRole('heading', { name: `Reserve: ${dinner.title}` })
        .locator('xpath=following-sibling::p')
        .first()
        .innerText(),
    ).toContain(`${DINNER_DAY} at 8:30 PM`);

    // The dinner series: the summary, the payment step and the confirmation.
    await openDinnerSeries(page);
    const email = await fillSeriesGuest(page, `late-${randomUUID()}@example.com`);
    await field(page, 'Upcoming dinner').selectOption(dinner.id);
    await field(page, 'Ticket type').selectOption(dinner.ticketId);
    await field(page, 'Number of guests').selectOption('2');
    expect(await page.getByTestId('series-summary-time').innerText()).toBe('Dinner starts at 8:30 PM');
    // Another dinner of the series starts at 19:00: the intro names no single start then.
    expect(await page.locator('header').first().innerText()).not.toContain('7:00 PM');
    await page.getByRole('button', { name: 'RESERVE' }).click();
    await page.getByRole('heading', { name: 'Complete Your Reservation' }).waitFor();
    const payment = await page.locator('main').innerText();
    expect(payment).toContain(`${DINNER_DAY} at 8:30 PM`);
    expect(payment).not.toContain('7:00 PM');
    await payTotalWithTestCard(page, '$250.00');
    const confirmed = page.getByRole('region', { name: 'RESERVATION CONFIRMED' });
    await confirmed.waitFor();
    const details = await page.getByTestId('series-confirmation-details').innerText();
    expect(details).toContain(`${DINNER_DAY} at 8:30 PM`);
    expect(details).not.toContain('7:00 PM');

    // The party's invite link names the dinner's start, and its page shows it.
    const inviteHref = (await page.getByRole('link', { name: 'INVITE YOUR PARTY' }).getAttribute('href'))!;
    const inviteText = decodeURIComponent(inviteHref);
    expect(inviteText).toContain(`${DINNER_DAY} at 8:30 PM`);
    const inviteLink = /https?:\/\/\S+\/reservation-details\?\S+/.exec(inviteText)![0];
    const party = await page.context().newPage();
    await party.goto(inviteLink);
    await party.getByRole('heading', { name: 'Reservation details' }).waitFor();
    expect(await party.locator('main').innerText()).toContain(`${DINNER_DAY} at 8:30 PM`);
    const partyGoogle = new URL((await party.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(partyGoogle.searchParams.get('dates')).toBe('20271204T203000/20271204T223000');
    await party.close();

    // The email and its .ics.
    const mail = await confirmationMail(email);
    expect(mail.text).toContain(`${DINNER_DAY} at 8:30 PM Eastern Time`);
    expect(mail.text).toContain('Time: 8:30 PM Eastern Time');
    expect(mail.text).not.toContain('7:00 PM');
    expect(mail.ics).toContain('DTSTART;TZID=America/New_York:20271204T203000');

    // The manage page.
    const manage = await managePage(page, mail.managePath);
    expect(manage).not.toContain('7:00 PM');
    expect(await shownAt(page, 'Time')).toBe('8:30 PM EST');

    // The reservation details opened with the booking's token, and their calendar links.
    const token = mail.managePath.split('/').pop()!;
    await page.goto(`${siteUrl}/reservation-details?booking=${token}`);
    await page.getByRole('heading', { name: 'Reservation Confirmation' }).waitFor();
    expect(await shownAt(page, 'Date & Time')).toBe(`${DINNER_DAY} at 8:30 PM EST`);
    const google = new URL((await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href'))!);
    expect(google.searchParams.get('dates')).toBe('20271204T203000/20271204T223000');
    expect(consoleErrors).toEqual([]);
  });

  it('a seating at 20:00 (labelled 8:00pm) reads 8:00 PM, never 8:00 AM, on its pages, in its email and in its calendar file', async () => {
    const { siteUrl } = stackEnv();
    const { page, consoleErrors } = await newPage({ viewport });
    await openSupperClub(page);
    const { email } = await fillSupperClubGuest(page, 'Grace Hopper', `seating-${randomUUID()}@example.com`);
    await field(page, 'Date').selectOption(supper.id);
    await field(page, 'Time slot').selectOption('8:00pm');
    await field(page, 'Number of tickets').selectOption('1');
    // The supper club's own words for its seatings: '8:00pm'.
    expect(await page.getByRole('region', { name: 'Order summary' }).innerText()).toContain('Monday, December 6 at 8:00pm');
    await continueToPayment(page);
    // The club adds its 20% service charge.
    await payTotalWithTestCard(page, '$78.00');
    const card = page.getByRole('region', { name: 'Reservation Confirmed' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Monday, December 6 at 8:00pm');

    const mail = await confirmationMail(email);
    expect(mail.text).toContain(`${SUPPER_DAY} at 8:00 PM Eastern Time`);
    expect(mail.text).toContain('Time: 8:00 PM Eastern Time');
    // Its label only says that time again: no "Time slot" row repeats it.
    expect(mail.text).not.toContain('Time slot:');
    // A time of the morning, or the other seating (not the letters AM of a booking code).
    expect(mail.text).not.toMatch(/\b5:30 ?PM\b|\b\d{1,2}:\d{2} ?AM\b/);
    expect(mail.ics).toContain('DTSTART;TZID=America/New_York:20271206T200000');

    const manage = await managePage(page, mail.managePath);
    expect(await shownAt(page, 'Time')).toBe('8:00 PM EST');
    // Nor on the booking's page.
    expect(await page.locator('dt', { hasText: /^\s*Time slot\s*$/i }).count()).toBe(0);
    expect(manage).not.toMatch(/\d:\d\d AM/);

    const token = mail.managePath.split('/').pop()!;
    await page.goto(`${siteUrl}/reservation-details?booking=${token}`);
    await page.getByRole('heading', { name: 'Reservation Confirmation' }).waitFor();
    expect(await shownAt(page, 'Date & Time')).toBe(`${SUPPER_DAY} at 8:00 PM EST`);
    expect(consoleErrors).toEqual([]);
  });

  it('a sold-out dinner at 20:30 reads 8:30 PM in the waitlist email and on the leave page', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const email = `waiting-${randomUUID()}@example.com`;
    const joined = await fetch(`${apiUrl}/functions/v1/join-waitlist`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: soldOut.id, ticketTypeId: soldOut.ticketId, name: 'Hal Waiting', email, partySize: 2 }),
    });
    expect(joined.status).toBe(200);
    const [mail] = await mailFor(email);
    expect(mail?.body_text).toContain('Time: 8:30 PM Eastern Time');
    const leavePath = /\/waitlist\/leave\/[A-Za-z0-9_-]{43}/.exec(mail.body_text)?.[0];
    expect(leavePath).toBeDefined();

    const { page, consoleErrors } = await newPage({ viewport });
    await page.goto(`${stackEnv().siteUrl}${leavePath}`);
    await page.getByRole('heading', { name: 'Leave the waitlist?' }).waitFor();
    expect(await shownAt(page, 'Time')).toBe('8:30 PM EST');
    expect(consoleErrors).toEqual([]);
  });

  it("shows staff each booking at its event's or seating's time", async () => {
    const { page } = await adminPage(staff, dinner.orgId, 'reservations', { viewport });
    const dinnerRow = page.getByText(`${dinner.title}`).first();
    await dinnerRow.waitFor();
    const dinnerText = await page.locator('main').innerText();
    expect(dinnerText).toMatch(/8:30 PM/);
    expect(dinnerText).not.toMatch(/Dec 4, 2027[^\n]*7:00 PM/);

    await page.goto(`${stackEnv().siteUrl}/admin?org=${supper.orgId}&tab=reservations`);
    await page.getByText('Grace Hopper').first().waitFor();
    const supperText = await page.locator('main').innerText();
    expect(supperText).toMatch(/Dec 6, 2027[\s\S]{0,40}8:00 PM/);
  });
});
