import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, viewports } from './support/browser';
import { sql } from '../tests/support/db';
import { createEvent, createOrg, createStaff, type Org, type Staff, type TestEvent, uniqueEmail } from '../tests/support/fixtures';
import { callFunction } from '../tests/support/functions';
import { stackEnv } from '../tests/support/stack-env';

let staff: Staff;
let colleague: Staff;
let outsider: Staff;
let org: Org;
let dinner: TestEvent;

interface Party {
  id: string;
  name: string;
  email: string;
  code: string;
}
const parties: Record<string, Party> = {};

/** A confirmed free RSVP (deposit 0) through the booking function, as a guest makes it. */
async function book(name: string, guests: number, seating: 'Early seating' | 'Late seating', notes: { dietary?: string; requests?: string } = {}) {
  const email = uniqueEmail(name.split(' ')[0].toLowerCase());
  const answer = await callFunction('process-rsvp-payment', {
    eventId: dinner.id,
    slotId: dinner.slots.find((s) => s.slot_label === seating)!.id,
    guestDetails: { name, email, phone: '+1 555 0100', numGuests: guests, dietaryRestrictions: notes.dietary, specialRequests: notes.requests },
    idempotencyKey: randomUUID(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  parties[name] = { id: answer.body.reservationId as string, name, email, code: answer.body.bookingCode as string };
}

const checkedIn = async (name: string) =>
  (await sql<{ n: number }>('select checked_in_guests as n from public.reservations where id = $1', [parties[name].id]))[0].n;

async function expectCheckedIn(name: string, count: number) {
  await expect.poll(() => checkedIn(name), { timeout: 15_000 }).toBe(count);
}

const doorUrl = () => `${stackEnv().siteUrl}/admin/door/${dinner.id}`;

/** A page signed in as `who`, on the door list at a phone's width (unless told). */
async function doorPage(who: Staff, viewport: { width: number; height: number } = viewports.phone) {
  const opened = await adminPage(who, org.id, 'events', { viewport });
  await opened.page.goto(doorUrl());
  await totals(opened.page).waitFor();
  return opened;
}

const totals = (page: Page, text?: string) => (text ? page.getByTestId('door-totals').filter({ hasText: text }) : page.getByTestId('door-totals'));
const card = (page: Page, name: string) => page.getByRole('article', { name });

beforeAll(async () => {
  staff = await createStaff('door');
  colleague = await createStaff('door-colleague');
  outsider = await createStaff('door-outsider');
  org = await createOrg({ name: 'Door Test Kitchen', members: [staff, colleague] });
  await createOrg({ name: 'Other Door Kitchen', members: [outsider] });
  dinner = await createEvent(org.id, {
    title: 'Door List Dinner',
    rsvp_mode: true,
    deposit_amount: 0,
    slots: [
      { slot_time: '17:30', slot_label: 'Early seating', max_capacity: 20 },
      { slot_time: '20:00', slot_label: 'Late seating', max_capacity: 20 },
    ],
  });
  await book('Ada Lovelace', 4, 'Early seating', { dietary: 'Vegetarian, no nuts', requests: 'Anniversary dinner' });
  await book('Grace Hopper', 2, 'Late seating', { dietary: 'Gluten free' });
  await book('Alan Turing', 3, 'Early seating');
  await book('Barbara Liskov', 1, 'Late seating');
  // One of Ada's guests claims their seat from its link, with their allergens.
  await sql(
    `select public.claim_seat(public.link_token_of('seat', s.id), 'Mary Shelley', 'mary@example.com', '{sesame,milk}', 'No coriander')
     from public.reservation_seats s where s.reservation_id = $1 and s.seat_no = 2`,
    [parties['Ada Lovelace'].id],
  );
}, 120_000);

beforeEach(async () => {
  await sql('update public.reservations set checked_in_guests = 0, checked_in_at = null where event_id = $1', [dinner.id]);
});

describe('door list', () => {
  it('at 375 px: searches, checks 2 of 4 guests in, undoes, and the totals follow at once', async () => {
    const { page } = await doorPage(staff);
    await page.getByRole('heading', { name: 'Door List Dinner' }).waitFor();
    await totals(page, 'Arrived 0 / 10 guests · 0 of 4 parties').waitFor();
    // Dietary restrictions and special requests are on the card.
    await card(page, 'Ada Lovelace').getByText('Vegetarian, no nuts').waitFor();
    await card(page, 'Ada Lovelace').getByText('Anniversary dinner').waitFor();
    // Every seat's guest and needs: the claimed one by name, the others as the booker's guests.
    expect(await card(page, 'Ada Lovelace').getByTestId('seat-guest').allInnerTexts()).toEqual([
      'Ada Lovelace',
      'Mary Shelley: Milk, Sesame · No coriander',
      'Guest of Ada Lovelace',
      'Guest of Ada Lovelace',
    ]);
    expect(await card(page, 'Barbara Liskov').getByTestId('seat-guest').count()).toBe(0);

    const search = page.getByRole('searchbox', { name: 'Search parties' });
    await search.fill('grace');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card(page, 'Grace Hopper').waitFor();
    await search.fill(parties['Alan Turing'].code.toLowerCase().replace('-', ''));
    await expect.poll(() => page.getByRole('article').allInnerTexts()).toEqual([expect.stringContaining('Alan Turing')]);
    await search.fill(parties['Barbara Liskov'].email);
    await expect.poll(() => page.getByRole('article').allInnerTexts()).toEqual([expect.stringContaining('Barbara Liskov')]);
    await search.fill('');
    await expect.poll(() => page.getByRole('article').count()).toBe(4);

    // Two of Ada's four guests arrive.
    const ada = card(page, 'Ada Lovelace');
    await ada.getByRole('button', { name: 'One more guest of Ada Lovelace' }).click();
    await ada.getByRole('button', { name: 'One more guest of Ada Lovelace' }).click();
    await totals(page, 'Arrived 2 / 10 guests · 1 of 4 parties').waitFor();
    await ada.getByTestId('party-arrived').filter({ hasText: '2/4' }).waitFor();
    await expectCheckedIn('Ada Lovelace', 2);

    // Undo.
    await ada.getByRole('button', { name: 'Undo check-in of Ada Lovelace' }).click();
    await totals(page, 'Arrived 0 / 10 guests · 0 of 4 parties').waitFor();
    await expectCheckedIn('Ada Lovelace', 0);

    // One tap checks a whole party in.
    await page.getByRole('button', { name: 'Check in Grace Hopper' }).click();
    await totals(page, 'Arrived 2 / 10 guests · 1 of 4 parties').waitFor();
    await card(page, 'Grace Hopper').getByText('Checked in', { exact: true }).waitFor();
    await expectCheckedIn('Grace Hopper', 2);

    // Staff notes, edited inline.
    await card(page, 'Alan Turing').getByRole('button', { name: 'Add notes for Alan Turing' }).click();
    await page.getByLabel('Staff notes for Alan Turing').fill('Table by the window');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await expectToast(page, 'Notes saved');
    await card(page, 'Alan Turing').getByText('Table by the window').waitFor();
    const [notes] = await sql<{ staff_notes: string }>('select staff_notes from public.reservations where id = $1', [parties['Alan Turing'].id]);
    expect(notes.staff_notes).toBe('Table by the window');

    // Phone-first: nothing overflows the 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('at 1280 px: the events list opens the door list', async () => {
    const { page } = await adminPage(staff, org.id, 'events', { viewport: viewports.desktop });
    await page.getByRole('link', { name: 'Door list of Door List Dinner' }).click();
    await page.waitForURL(doorUrl());
    await totals(page, 'Arrived 0 / 10 guests · 0 of 4 parties').waitFor();
    await card(page, 'Barbara Liskov').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('two staff checking in at once never double-count, and each sees the other within seconds', async () => {
    const [a, b] = await Promise.all([doorPage(staff), doorPage(colleague)]);
    await Promise.all([
      a.page.getByRole('button', { name: 'Check in Ada Lovelace' }).click(),
      b.page.getByRole('button', { name: 'Check in Ada Lovelace' }).click(),
    ]);
    await expectCheckedIn('Ada Lovelace', 4);
    await totals(a.page, 'Arrived 4 / 10 guests · 1 of 4 parties').waitFor();
    await totals(b.page, 'Arrived 4 / 10 guests · 1 of 4 parties').waitFor();

    // One colleague's arrival shows on the other's phone within seconds (no reload).
    await a.page.getByRole('button', { name: 'One more guest of Alan Turing' }).click();
    await totals(b.page, 'Arrived 5 / 10 guests · 2 of 4 parties').waitFor({ timeout: 8000 });
    await card(b.page, 'Alan Turing').getByTestId('party-arrived').filter({ hasText: '1/3' }).waitFor();
    await expectCheckedIn('Alan Turing', 1);
  });

  it('keeps working through a flaky connection: retried check-ins are saved once', async () => {
    const { page } = await doorPage(staff);
    let calls = 0;
    await page.route('**/rest/v1/rpc/staff_check_in', async (route) => {
      calls += 1;
      if (calls === 1) {
        // The server applies the check-in, but its answer is lost on the way back.
        await route.fetch();
        await route.abort('failed');
      } else if (calls === 2) {
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });
    const ada = card(page, 'Ada Lovelace');
    await ada.getByRole('button', { name: 'One more guest of Ada Lovelace' }).click();
    // Shown at once, with the banner while the request is retried.
    await totals(page, 'Arrived 1 / 10 guests · 1 of 4 parties').waitFor();
    await page.getByRole('status').filter({ hasText: 'Reconnecting… changes will be saved' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(calls).toBeGreaterThanOrEqual(3);
    await expectCheckedIn('Ada Lovelace', 1);
    await ada.getByRole('button', { name: 'One more guest of Ada Lovelace' }).click();
    await expectCheckedIn('Ada Lovelace', 2);
    await totals(page, 'Arrived 2 / 10 guests · 1 of 4 parties').waitFor();
  });

  it('a member of another organization cannot check in or read the list', async () => {
    const checkIn = await outsider.client.rpc('staff_check_in', { p_reservation_id: parties['Ada Lovelace'].id, p_checked_in_guests: 2 });
    expect(checkIn.error).toMatchObject({ code: 'SH403', message: 'You can only check in guests of your own organization' });
    const list = await outsider.client.rpc('staff_door_list', { p_event_id: dinner.id });
    expect(list.error?.code).toBe('SH403');
    expect(list.data).toBeNull();
    const direct = await outsider.client.from('reservations').update({ staff_notes: 'mine now' }).eq('id', parties['Ada Lovelace'].id).select('id');
    expect(direct.data).toEqual([]);
    await expectCheckedIn('Ada Lovelace', 0);

    // Members cannot set the count directly either: only staff_check_in writes it.
    const bypass = await staff.client.from('reservations').update({ checked_in_guests: 4 }).eq('id', parties['Ada Lovelace'].id).select('id');
    expect(bypass.error?.message).toMatch(/checked_in_guests/);

    const { page } = await adminPage(outsider, org.id, 'events', { viewport: viewports.phone });
    await page.goto(doorUrl());
    await page.getByRole('heading', { name: 'Could not load the door list' }).waitFor({ timeout: 15_000 });
    await page.getByText("You can only open the door list of your own organization's events").waitFor();
    expect(await page.getByText('Ada Lovelace').count()).toBe(0);
  });

  it('downloads the door list as CSV', async () => {
    await sql('update public.reservations set checked_in_guests = 3 where id = $1', [parties['Alan Turing'].id]);
    const { page } = await doorPage(staff);
    await totals(page, 'Arrived 3 / 10 guests · 1 of 4 parties').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`door-list-door-list-dinner-${dinner.date}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Seating,Name,Email,Phone,Booking code,Guests,Checked in,Checked in at,Ticket type,Dietary restrictions,Special requests,Staff notes,Add-ons',
    );
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      'Early seating,Ada Lovelace',
      'Early seating,Alan Turing',
      'Late seating,Barbara Liskov',
      'Late seating,Grace Hopper',
    ]);
    expect(lines[1]).toContain(
      `${parties['Ada Lovelace'].email},'+15550100,${parties['Ada Lovelace'].code},4,0,,,"Vegetarian, no nuts",Anniversary dinner,`,
    );
    expect(lines[2]).toContain(`${parties['Alan Turing'].code},3,3,`);
  });

  it('prints a run sheet by seating with dietary notes', async () => {
    const { page } = await doorPage(staff);
    const sheet = page.getByTestId('run-sheet');
    expect(await sheet.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    await sheet.waitFor({ state: 'visible' });
    // The phone controls are not printed.
    expect(await page.getByRole('button', { name: 'Check in Ada Lovelace' }).isVisible()).toBe(false);
    const seatings = sheet.getByTestId('run-sheet-seating');
    expect(await seatings.locator('h2').allInnerTexts()).toEqual(['Early seating · 7 guests', 'Late seating · 3 guests']);
    await seatings.nth(0).getByText('Dietary: Vegetarian, no nuts').waitFor();
    await seatings.nth(0).getByText('Requests: Anniversary dinner').waitFor();
    await seatings.nth(0).getByText('Mary Shelley: Milk, Sesame · No coriander').waitFor();
    await seatings.nth(1).getByText('Dietary: Gluten free').waitFor();
    expect(await seatings.nth(1).innerText()).toContain('Grace Hopper');
    await page.emulateMedia({ media: 'screen' });
    await sheet.waitFor({ state: 'hidden' });
  });
});
