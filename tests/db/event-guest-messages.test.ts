/**
 * Messages to everyone booked at a dinner (supabase/schemas/050_email.sql): staff_email_event_guests
 * queues one branded email per confirmed booking (its booker) and per guest who claimed a seat with
 * an email of their own (their seat link, never the booker's), records the send once per request key
 * (a double click sends nothing more), refuses bad input with nothing queued, and only for members of
 * the event's organization; staff_event_guest_messages lists what was sent.
 * Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, bookParty, eventWithParties, expectError, makeTicketedEvent, one, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

const send = (db: pg.PoolClient, event: string, subject: string, message: string, key: string) =>
  one<{ message_id: string; recipients: number; already_sent: boolean }>(db, 'select * from public.staff_email_event_guests($1, $2, $3, $4)', [
    event,
    subject,
    message,
    key,
  ]);

async function queued(db: pg.PoolClient, event: string) {
  await actAsOwner(db);
  const { rows } = await db.query<{
    to_email: string;
    subject: string;
    body_text: string;
    template_data: { kind: string; message: { body: string } };
  }>(
    `select o.to_email, o.subject, o.body_text, o.template_data from public.email_outbox o
     join public.reservations r on r.id = o.reservation_id
     where r.event_id = $1 and o.kind = 'guest_email' order by o.to_email`,
    [event],
  );
  return rows;
}

describe('staff_email_event_guests', () => {
  it("emails each confirmed booking's guest once, in the branded layout; the same request again sends nothing more", () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await eventWithParties(db, 'Message Test', { 'Ada Lovelace': 2, 'Grace Hopper': 1 });
      await bookParty(db, event, ticket, 'Held Person', 2, { status: 'held' });
      const gone = await bookParty(db, event, ticket, 'Gone Person', 1);
      await db.query(`update public.reservations set status = 'cancelled', cancelled_at = now() where id = $1`, [gone]);

      await actAs(db, 'memberA');
      const first = await send(db, event, '  Parking  ', 'Park on Elm Street.\nThe door is the green one.', 'request-key-0001');
      expect(first).toMatchObject({ recipients: 2, already_sent: false });

      const mails = await queued(db, event);
      expect(mails.map((m) => m.to_email)).toEqual(['ada.lovelace@example.com', 'grace.hopper@example.com']);
      for (const mail of mails) {
        expect(mail.subject).toBe('Parking');
        expect(mail.template_data.kind).toBe('guest_message');
        expect(mail.template_data.message.body).toBe('Park on Elm Street.\nThe door is the green one.');
      }

      await actAs(db, 'memberA');
      expect(await send(db, event, 'Parking', 'Park on Elm Street.', 'request-key-0001')).toEqual({ ...first, already_sent: true });
      expect(await queued(db, event)).toHaveLength(2);

      await actAs(db, 'memberA');
      const { rows } = await db.query('select subject, body, recipients, sent_by_email from public.staff_event_guest_messages($1)', [event]);
      expect(rows).toEqual([
        { subject: 'Parking', body: 'Park on Elm Street.\nThe door is the green one.', recipients: 2, sent_by_email: 'owner@eatathome.test' },
      ]);
    }));

  it("writes also to each guest who claimed a seat with an email of their own, once per address, with their seat link and not the booking's keys", () =>
    rolledBack(pool(), async (db) => {
      const {
        event,
        ids: [ada],
      } = await eventWithParties(db, 'Message Seats', { 'Ada Lovelace': 4, 'Grace Hopper': 1 });
      const claim = (seat: number, name: string, email: string) =>
        db.query(
          `update public.reservation_seats set guest_name = $3, guest_email = $4, claimed_at = now() where reservation_id = $1 and seat_no = $2`,
          [ada, seat, name, email],
        );
      await claim(2, 'Linus Pauling', 'linus.pauling@example.com');
      // Already written to as a booker, and an unclaimed seat (4): no second email, none.
      await claim(3, 'Grace Again', 'GRACE.HOPPER@example.com');

      await actAs(db, 'memberA');
      expect(await send(db, event, 'Parking', 'Hello {{guest_name}}', 'request-key-0005')).toMatchObject({ recipients: 3 });
      const mails = await queued(db, event);
      expect(mails.map((m) => m.to_email)).toEqual(['ada.lovelace@example.com', 'grace.hopper@example.com', 'linus.pauling@example.com']);
      const linus = mails[2].template_data as unknown as {
        guest: { name: string };
        seat: { path: string };
        booking: { manage_path: string; party_path: string | null };
      };
      expect(linus.guest.name).toBe('Linus Pauling');
      expect(linus.seat.path).toMatch(/^\/seat\/[A-Za-z0-9_-]{20,}$/);
      expect(linus.booking).toMatchObject({ manage_path: '', party_path: null });
      // The booker's manage link is nowhere in the seat guest's email.
      const adaMail = mails[0].template_data as unknown as { booking: { manage_path: string } };
      expect(adaMail.booking.manage_path).toMatch(/^\/booking\//);
      expect(JSON.stringify(linus)).not.toContain(adaMail.booking.manage_path);
    }));

  it('refuses a blank or multi-line subject, a blank message, a missing key and a dinner nobody booked, queuing nothing', () =>
    rolledBack(pool(), async (db) => {
      const { event } = await eventWithParties(db, 'Message Refusals', { 'Ada Lovelace': 2 });
      const { event: empty } = await makeTicketedEvent(db, 'Message Empty');
      await actAs(db, 'memberA');
      const call = 'select * from public.staff_email_event_guests($1, $2, $3, $4)';
      await expectError(db, call, [event, '   ', 'Hello', 'request-key-0002'], 'P0001', /^Subject is required$/);
      await expectError(db, call, [event, 'Two\nlines', 'Hello', 'request-key-0002'], 'P0001', /^The subject must be one line$/);
      await expectError(db, call, [event, 'Hello', ' ', 'request-key-0002'], 'P0001', /^Message is required$/);
      await expectError(db, call, [event, 'Hello', 'x'.repeat(10001), 'request-key-0002'], 'P0001', /^Message is too long$/);
      await expectError(db, call, [event, 'Hello', 'Hello', 'short'], 'P0001', /request key/);
      await expectError(db, call, [empty, 'Hello', 'Hello', 'request-key-0003'], 'SH409', /^Nobody is booked at this dinner yet/);
      expect(await queued(db, event)).toEqual([]);
      await actAs(db, 'memberA');
      expect((await db.query('select * from public.staff_event_guest_messages($1)', [event])).rows).toEqual([]);
    }));

  it('is refused to members of another organization and to visitors', () =>
    rolledBack(pool(), async (db) => {
      const { event } = await eventWithParties(db, 'Message Strangers', { 'Ada Lovelace': 2 });
      await actAs(db, 'memberB');
      await expectError(db, 'select * from public.staff_email_event_guests($1, $2, $3, $4)', [event, 'Hi', 'Hi', 'request-key-0004'], 'SH403');
      await expectError(db, 'select * from public.staff_event_guest_messages($1)', [event], 'SH403');
      await actAs(db, 'visitor');
      await expectError(db, 'select * from public.staff_email_event_guests($1, $2, $3, $4)', [event, 'Hi', 'Hi', 'request-key-0004'], '42501');
      expect(await queued(db, event)).toEqual([]);
    }));
});
