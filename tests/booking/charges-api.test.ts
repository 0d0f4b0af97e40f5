/**
 * Taxes and service charges through the gateway and real Deno with the local test processor:
 * every quote and paying answer gives its lines (subtotalCents, discountCents,
 * serviceChargeCents, taxCents, amountCents, priceDisplay); the charge, the confirmation email
 * and the manage page carry them; staff refunds return service charge and tax in proportion,
 * to the cent, and never more than was collected.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRow, one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, createSlot, createTicketedEvent, guest, type Org, type Staff } from '../support/fixtures.ts';
import { createStaffOrg } from '../support/staff-org.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

let staff: Staff;
let org: Org;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('charges-staff', brandedAs('Tax Kitchen')));
  // 8.87 % sales tax on the subtotal and an 18 % service charge, itself taxed.
  await insertRow(
    'org_charge_settings',
    { org_id: org.id, tax_rate_bps: 887, service_charge_type: 'percent', service_charge_bps: 1800, service_charge_taxable: true },
    'org_id',
  );
});

async function asStaff(name: string, body: unknown): Promise<{ status: number; body: any }> {
  const env = stackEnv();
  const { data } = await staff.client.auth.getSession();
  const res = await fetch(`${env.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${data.session!.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const ticketEvent = () => createTicketedEvent(org.id, { name: 'Dinner', price: 3333, quantity: 20 }, { title: 'Tax Dinner' });

// 3 × 33.33 = 99.99; 18 % = 1799.82 c -> 18.00; 8.87 % of 117.99 = 1046.5713 c -> 10.47; 128.46 in all.
const LINES = { subtotalCents: 9999, discountCents: 0, serviceChargeCents: 1800, taxCents: 1047, amountCents: 12846, priceDisplay: 'itemized' };

describe('the answers give the lines', () => {
  it('process-square-payment: the validation call and the paying call; the charge, the email and the manage page carry them', async () => {
    const { eventId, ticketTypeId } = await ticketEvent();
    const reservationData = { eventId, ticketTypeId, num_guests: 3, ...guest('tax') };
    const quote = await callFunction('process-square-payment', { validateOnly: true, reservationData });
    expect(quote).toEqual({ status: 200, body: { success: true, finalAmountCents: 12846, ...LINES, promo: null, addons: [], split: null } });

    // The amount the guest saw without the lines is refused: the server's total includes them.
    const stale = await callFunction('process-square-payment', { token: CARD.ok, amount: 9999, idempotencyKey: randomUUID(), reservationData });
    expect(stale.status).toBe(400);

    const paid = await callFunction('process-square-payment', { token: CARD.ok, amount: 12846, idempotencyKey: randomUUID(), reservationData });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: true, ...LINES, status: 'confirmed' });
    const id = paid.body.reservationId;
    expect(await sql(`select amount_cents, service_charge_cents, tax_cents from public.payment_ledger where reservation_id = $1`, [id])).toEqual([
      { amount_cents: 12846, service_charge_cents: 1800, tax_cents: 1047 },
    ]);
    expect(await one(pool(), `select amount_cents from test_processor.payments where reference_id = $1`, [id])).toEqual({ amount_cents: 12846 });

    const [mail] = await mailFor(reservationData.email);
    expect(mail.body_text).toContain('Subtotal: $99.99');
    expect(mail.body_text).toContain('Service charge: $18.00');
    expect(mail.body_text).toContain('Tax: $10.47');
    expect(mail.body_text).toContain('Total paid: $128.46');

    const view = await callFunction('manage-booking', { token: paid.body.manageToken, action: 'view' });
    expect(view.body.booking).toMatchObject({
      subtotal_cents: 9999,
      discount_cents: 0,
      service_charge_cents: 1800,
      tax_cents: 1047,
      total_cents: 12846,
      price_display: 'itemized',
      money: { paid_cents: 12846, paid_service_charge_cents: 1800, paid_tax_cents: 1047 },
    });
  });

  it("process-rsvp-payment: an event's all-in terms (a fixed $2.50 per guest, 10 % tax) in its deposit answers and its email", async () => {
    const event = await createEvent(org.id, { title: 'Tax RSVP', rsvp_mode: true, rsvp_open: true, deposit_amount: 1000, max_guests: 30 });
    const slotId = await createSlot(event.id, { slot_label: '7:00pm', slot_time: '19:00', max_capacity: 20 });
    await insertRow(
      'event_charge_settings',
      { event_id: event.id, tax_rate_bps: 1000, service_charge_type: 'per_guest', service_charge_cents: 250, price_display: 'all_in' },
      'event_id',
    );
    // 2 × 10.00 = 20.00; + 2 × 2.50 service (not taxed); 10 % of 20.00 = 2.00 tax: 27.00.
    const lines = { subtotalCents: 2000, discountCents: 0, serviceChargeCents: 500, taxCents: 200, amountCents: 2700, priceDisplay: 'all_in' };
    const quote = await callFunction('process-rsvp-payment', { eventId: event.id, slotId, guestDetails: { numGuests: 2 }, validateOnly: true });
    expect(quote).toMatchObject({ status: 200, body: { success: true, totalDeposit: 2700, discountApplied: 0, subtotal: 2000, ...lines } });
    const details = { ...guest('tax-rsvp'), numGuests: 2 };
    const paid = await callFunction('process-rsvp-payment', {
      eventId: event.id,
      slotId,
      guestDetails: details,
      validateOnly: false,
      paymentToken: CARD.ok,
      idempotencyKey: randomUUID(),
      amount: 2700,
    });
    expect(paid).toMatchObject({ status: 200, body: { success: true, totalDeposit: 2700, ...lines } });
    const [mail] = await mailFor(details.email);
    expect(mail.body_text).toContain('Deposit paid: $27.00 (includes tax and service charge)');
    expect(mail.body_text).not.toContain('Service charge:');
  });
});

describe('refunds return service charge and tax in proportion (refund-reservation, manage-booking)', () => {
  it('half, then the rest: the odd half cent of tax rounds up first, and the lines add up to what was collected', async () => {
    const { eventId, ticketTypeId } = await ticketEvent();
    const reservationData = { eventId, ticketTypeId, num_guests: 3, ...guest('tax-refund') };
    const paid = await callFunction('process-square-payment', { token: CARD.ok, amount: 12846, idempotencyKey: randomUUID(), reservationData });
    const id = paid.body.reservationId;

    const half = await asStaff('refund-reservation', { reservationId: id, amountCents: 6423, reason: 'Half the party ill' });
    expect(half.body).toMatchObject({ success: true, refundedCents: 6423, refundStatus: 'completed' });
    // 6423 × 1047 / 12846 = 523.5 c -> 524 c of tax; 6423 × 1800 / 12846 = 900 c of service charge.
    const rest = await asStaff('refund-reservation', { reservationId: id, amountCents: 6423 });
    expect(rest.body).toMatchObject({ success: true, refundedCents: 12846 });
    expect(
      await sql(`select kind, amount_cents, service_charge_cents, tax_cents from public.payment_ledger where reservation_id = $1 order by id`, [id]),
    ).toEqual([
      { kind: 'charge', amount_cents: 12846, service_charge_cents: 1800, tax_cents: 1047 },
      { kind: 'refund', amount_cents: 6423, service_charge_cents: 900, tax_cents: 524 },
      { kind: 'refund', amount_cents: 6423, service_charge_cents: 900, tax_cents: 523 },
    ]);
    const money = await one<{ m: any }>(pool(), `select public.money_of($1) as m`, [id]);
    expect(money.m).toMatchObject({ refunded_cents: 12846, refunded_service_charge_cents: 1800, refunded_tax_cents: 1047, badge: 'Refunded' });
  });

  it("the guest's cancellation under a 50 % late policy refunds 64.23 with its share of each line", async () => {
    const event = await createEvent(org.id, {
      title: 'Late Tax Dinner',
      refund_window_hours: null,
      late_refund_percent: 50,
      ticketTypes: [{ name: 'Dinner', price: 3333, quantity: 20 }],
    });
    const reservationData = { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 3, ...guest('tax-cancel') };
    const paid = await callFunction('process-square-payment', { token: CARD.ok, amount: 12846, idempotencyKey: randomUUID(), reservationData });
    // The guest cancels through the manage link: the frozen policy refunds half of what is held.
    const answer = await callFunction('manage-booking', { token: paid.body.manageToken, action: 'cancel' });
    expect(answer.body).toMatchObject({ success: true, refundedCents: 6423 });
    expect(
      await sql(`select amount_cents, service_charge_cents, tax_cents from public.payment_ledger where reservation_id = $1 and kind = 'refund'`, [
        paid.body.reservationId,
      ]),
    ).toEqual([{ amount_cents: 6423, service_charge_cents: 900, tax_cents: 524 }]);
  });
});
