/**
 * Thank-you emails (supabase/schemas/050_email.sql): an organization turns them on
 * (staff_set_thank_you_emails, members only), and enqueue_due_thank_yous queues one per confirmed
 * booking the morning after its dinner (10:00 on the dinner's clock), once, within two days of that
 * morning, in the organization's thank_you template; parties the door list marked as not arrived
 * get none. Every test runs in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, bookParty, expectError, makeTicketedEvent, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

/** An Eat At Home dinner on `date` at 19:00 in New York, with these parties (name → guests), booked. */
async function pastDinner(db: pg.PoolClient, title: string, date: string, parties: Record<string, number>) {
  const { event, ticket } = await makeTicketedEvent(db, title);
  const ids: Record<string, string> = {};
  for (const [name, guests] of Object.entries(parties)) ids[name] = await bookParty(db, event, ticket, name, guests);
  await db.query(`update public.events set date = $2, event_time = '19:00', event_timezone = 'America/New_York' where id = $1`, [event, date]);
  return { event, ticket, ids };
}

const queue = async (db: pg.PoolClient, at: string) => (await one<{ n: number }>(db, 'select public.enqueue_due_thank_yous($1) as n', [at])).n;

async function thanked(db: pg.PoolClient, event: string) {
  const { rows } = await db.query<{ to_email: string; template_data: { kind: string; template: { subject: string } | null } }>(
    `select o.to_email, o.template_data from public.email_outbox o join public.reservations r on r.id = o.reservation_id
     where r.event_id = $1 and o.kind = 'booking_thank_you' order by o.to_email`,
    [event],
  );
  return rows;
}

const turnOn = async (db: pg.PoolClient, on = true) => {
  await actAs(db, 'memberA');
  const { rows } = await db.query<{ on: boolean }>('select public.staff_set_thank_you_emails($1, $2) as on', [ORG.eatathome, on]);
  await actAsOwner(db);
  return rows[0].on;
};

describe('thank-you emails', () => {
  it('are off until a member turns them on; a member of another organization or a visitor cannot', () =>
    rolledBack(pool(), async (db) => {
      const { event } = await pastDinner(db, 'Thanks Off', '2026-06-10', { 'Ada Lovelace': 2 });
      await db.query('delete from public.org_email_settings where org_id = $1', [ORG.eatathome]);
      await queue(db, '2026-06-11T15:00:00Z');
      expect(await thanked(db, event)).toEqual([]);

      await actAs(db, 'memberB');
      await expectError(db, 'select public.staff_set_thank_you_emails($1, true)', [ORG.eatathome], 'SH403');
      await actAs(db, 'visitor');
      await expectError(db, 'select public.staff_set_thank_you_emails($1, true)', [ORG.eatathome], '42501');
      await actAsOwner(db);
      expect(await turnOn(db)).toBe(true);
      await actAs(db, 'memberA');
      expect(
        (await one<{ thank_you_emails: boolean }>(db, 'select thank_you_emails from public.org_email_settings where org_id = $1', [ORG.eatathome]))
          .thank_you_emails,
      ).toBe(true);
      await actAsOwner(db);
      expect(await turnOn(db, false)).toBe(false);
      await queue(db, '2026-06-11T15:00:00Z');
      expect(await thanked(db, event)).toEqual([]);
    }));

  it("thank each confirmed booking once, from 10:00 the morning after on the dinner's clock, for two days, in the organization's template", () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await pastDinner(db, 'Thanks Due', '2026-06-10', { 'Ada Lovelace': 2, 'Grace Hopper': 1 });
      await bookParty(db, event, ticket, 'Held Person', 1, { status: 'held' });
      const gone = await bookParty(db, event, ticket, 'Gone Person', 1);
      await db.query(`update public.reservations set status = 'cancelled', cancelled_at = now() where id = $1`, [gone]);
      // An older dinner: turning the emails on does not thank it.
      const { event: old } = await pastDinner(db, 'Thanks Old', '2026-06-07', { 'Old Guest': 2 });
      await db.query(`update public.email_templates set is_active = false where org_id = $1 and template_type = 'thank_you'`, [ORG.eatathome]);
      await db.query(
        `insert into public.email_templates (org_id, name, template_type, subject, body) values ($1, 'Ours', 'thank_you', 'Thanks from us, {{guest_name}}', 'See you soon')`,
        [ORG.eatathome],
      );
      await turnOn(db);

      // 09:59 in New York (EDT) on June 11: not yet.
      await queue(db, '2026-06-11T13:59:00Z');
      expect(await thanked(db, event)).toEqual([]);
      // 10:00: each confirmed booking, none for the held or the cancelled one.
      await queue(db, '2026-06-11T14:00:00Z');
      const mails = await thanked(db, event);
      expect(mails.map((m) => m.to_email)).toEqual(['ada.lovelace@example.com', 'grace.hopper@example.com']);
      for (const mail of mails) {
        expect(mail.template_data.kind).toBe('booking_thank_you');
        expect(mail.template_data.template?.subject).toBe('Thanks from us, {{guest_name}}');
      }
      // Once: later runs queue nothing more for them.
      await queue(db, '2026-06-12T09:00:00Z');
      expect(await thanked(db, event)).toHaveLength(2);
      expect(await thanked(db, old)).toEqual([]);
    }));

  it('carry the review link a member set: only a web address, trimmed; blank removes it', () =>
    rolledBack(pool(), async (db) => {
      const { event } = await pastDinner(db, 'Thanks Review', '2026-06-10', { 'Ada Lovelace': 2 });
      const call = 'select public.staff_set_review_link($1, $2) as url';
      await actAs(db, 'memberB');
      await expectError(db, call, [ORG.eatathome, 'https://example.com/review'], 'SH403');
      await actAs(db, 'memberA');
      for (const bad of ['www.example.com/review', 'javascript:alert(1)', 'https://', 'https://exa mple.com']) {
        await expectError(db, call, [ORG.eatathome, bad], 'P0001', /^The review link must be a web address starting with https:\/\/ or http:\/\/$/);
      }
      await expectError(
        db,
        call,
        [ORG.eatathome, `https://example.com/${'x'.repeat(490)}`],
        'P0001',
        /^The review link must be at most 500 characters$/,
      );
      expect((await one<{ url: string | null }>(db, call, [ORG.eatathome, '  https://g.page/r/eat-at-home/review  '])).url).toBe(
        'https://g.page/r/eat-at-home/review',
      );
      await actAsOwner(db);
      await turnOn(db);
      await queue(db, '2026-06-11T15:00:00Z');
      const [mail] = await thanked(db, event);
      expect((mail.template_data as unknown as { review: { url: string } }).review).toEqual({ url: 'https://g.page/r/eat-at-home/review' });

      await actAs(db, 'memberA');
      expect((await one<{ url: string | null }>(db, call, [ORG.eatathome, '   '])).url).toBeNull();
      expect(
        (await one<{ review_url: string | null }>(db, 'select review_url from public.org_email_settings where org_id = $1', [ORG.eatathome]))
          .review_url,
      ).toBeNull();
    }));

  it("thank each guest who claimed a seat with an email of their own, once per address, without the booker's links", () =>
    rolledBack(pool(), async (db) => {
      const { event, ids } = await pastDinner(db, 'Thanks Seats', '2026-06-10', { 'Ada Lovelace': 4, 'Grace Hopper': 1 });
      const claim = (seat: number, name: string, email: string) =>
        db.query(
          `update public.reservation_seats set guest_name = $3, guest_email = $4, claimed_at = now() where reservation_id = $1 and seat_no = $2`,
          [ids['Ada Lovelace'], seat, name, email],
        );
      await claim(2, 'Linus Pauling', 'linus.pauling@example.com');
      // A booker of the same dinner is thanked once, as its booker.
      await claim(3, 'Grace Again', 'GRACE.HOPPER@example.com');
      await turnOn(db);
      await queue(db, '2026-06-11T15:00:00Z');
      await queue(db, '2026-06-11T16:00:00Z');
      const mails = await thanked(db, event);
      expect(mails.map((m) => m.to_email)).toEqual(['ada.lovelace@example.com', 'grace.hopper@example.com', 'linus.pauling@example.com']);
      const linus = mails[2].template_data as unknown as {
        kind: string;
        guest: { name: string };
        seat: { path: string };
        booking: { manage_path: string };
      };
      expect(linus).toMatchObject({ kind: 'booking_thank_you', guest: { name: 'Linus Pauling' }, booking: { manage_path: '' } });
      expect(linus.seat.path).toMatch(/^\/seat\//);
    }));

  it('skip parties the door list marked as not arrived, when the door list was used', () =>
    rolledBack(pool(), async (db) => {
      const { event, ids } = await pastDinner(db, 'Thanks Door', '2026-06-10', { 'Ada Lovelace': 2, 'Grace Hopper': 1 });
      await db.query('update public.reservations set checked_in_guests = 1, checked_in_at = now() where id = $1', [ids['Ada Lovelace']]);
      await turnOn(db);
      await queue(db, '2026-06-11T16:00:00Z');
      expect((await thanked(db, event)).map((m) => m.to_email)).toEqual(['ada.lovelace@example.com']);
    }));
});
