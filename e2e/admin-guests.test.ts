import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, viewports } from './support/browser';
import { parseCsv } from './support/csv';
import { serviceClient } from '../tests/support/db';
import { createEvent, createReservation, type Org, type Staff, uniq } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';

let staff: Staff;
let org: Org;
const alice = `${uniq('alice')}@example.com`;
const bob = `${uniq('bob')}@example.com`;
const carol = `${uniq('carol')}@example.com`;
const mallory = `${uniq('mallory')}@example.com`;

async function cancel(id: string) {
  const { error } = await serviceClient().from('reservations').update({ status: 'cancelled', cancelled_at: new Date().toISOString() }).eq('id', id);
  if (error) throw new Error(error.message);
}

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('guests', { name: 'Guests Test Diner' }));
  const dinner = await createEvent(org.id, { title: 'Guest List Dinner' });
  const rsvp = await createEvent(org.id, {
    title: 'Slot Supper',
    rsvp_mode: true,
    slots: [
      { slot_time: '17:30', slot_label: 'Sunset', max_capacity: 12 },
      { slot_time: '20:00', slot_label: 'Night', max_capacity: 6 },
    ],
  });
  const sunset = rsvp.slots.find((s) => s.slot_label === 'Sunset')!;
  await createReservation(dinner.id, { name: 'Alice Old', email: alice, num_guests: 2 });
  await createReservation(rsvp.id, { name: 'Alice Smith', email: alice.toUpperCase(), num_guests: 3, rsvp_slot_id: sunset.id, phone: null });
  await createReservation(dinner.id, { name: 'Bob Jones', email: bob, num_guests: 1 });
  await cancel((await createReservation(dinner.id, { name: 'Bob Jones', email: bob, num_guests: 4 })).id);
  await cancel((await createReservation(rsvp.id, { name: 'Carol Gone', email: carol, num_guests: 2, rsvp_slot_id: sunset.id })).id);
  await createReservation(dinner.id, { name: '=HYPERLINK("http://evil.example","click")', email: mallory, num_guests: 1, phone: '+1 555 0100' });
});

describe('guests', () => {
  it('lists unique guests by email (case-insensitive), cancelled reservations excluded', async () => {
    const { page } = await adminPage(staff, org.id, 'guests');
    const table = page.getByRole('table', { name: 'Guests' });
    await table.getByRole('cell', { name: alice, exact: true }).waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));
    const byEmail = Object.fromEntries(rows.map((r) => [r[1], r]));
    expect(Object.keys(byEmail).sort()).toEqual([alice, bob, mallory].sort());
    expect(byEmail[alice]).toEqual(['Alice Smith', alice, '5550100', '2', '5']);
    expect(byEmail[bob][3]).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('exports the guests as a CSV download, with formula cells neutralised', async () => {
    const { page } = await adminPage(staff, org.id, 'guests', { acceptDownloads: true });
    await page.getByRole('table', { name: 'Guests' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^guests-${org.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Reservations', 'Guests', 'Last reservation']);
    expect(rows).toHaveLength(4);
    const byEmail = Object.fromEntries(rows.slice(1).map((r) => [r[1], r]));
    expect(byEmail[alice].slice(0, 5)).toEqual(['Alice Smith', alice, '5550100', '2', '5']);
    expect(byEmail[bob].slice(0, 5)).toEqual(['Bob Jones', bob, '5550100', '1', '1']);
    // A cell that starts with = + - @ is prefixed with a quote so spreadsheets never run it.
    expect(byEmail[mallory][0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(byEmail[mallory][2]).toBe(`'+15550100`);
    expect(text).not.toContain(carol);
  });

  it('shows guest cards on a phone', async () => {
    const { page } = await adminPage(staff, org.id, 'guests', { viewport: viewports.phone });
    const list = page.getByRole('list', { name: 'Guests' });
    await list.getByRole('heading', { name: 'Alice Smith' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    await list.getByText('2 reservations').waitFor();
  });
});

describe('RSVPs', () => {
  it('desktop: each RSVP event with its slots, filled/capacity and who is in each', async () => {
    const { page } = await adminPage(staff, org.id, 'rsvps');
    await page.getByRole('heading', { name: 'Slot Supper' }).waitFor();
    expect(await page.getByText('RSVP management interface coming soon').count()).toBe(0);
    const sunset = page.getByRole('table', { name: 'RSVPs for Sunset' });
    await sunset.getByRole('cell', { name: 'Alice Smith', exact: true }).waitFor();
    expect(await sunset.locator('tbody tr').count()).toBe(1); // Carol cancelled: her spots returned
    await page.getByText('3/12 filled').waitFor();
    await page.getByText('0/6 filled').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Reservation (non-RSVP) events are not listed here.
    expect(await page.getByRole('heading', { name: 'Guest List Dinner' }).count()).toBe(0);
  });

  it('mobile: lists the reservations that hold an RSVP slot', async () => {
    const { page } = await adminPage(staff, org.id, 'rsvps', { viewport: viewports.phone });
    const list = page.getByRole('list', { name: 'RSVPs' });
    await list.getByRole('heading', { name: 'Alice Smith' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await list.getByText(/Sunset/).waitFor();
  });
});
