/**
 * The morning summary of booking emails (supabase/schemas/090_team.sql): a member who chose it
 * (staff_set_booking_emails with p_daily) gets one email a day, queued by enqueue_booking_digests
 * from 08:00 to noon on the organization's clock, covering the 24 hours before that morning's
 * 08:00; nothing on a quiet day; never twice; and no email per booking meanwhile. Every test runs
 * in a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, bookParty, makeTicketedEvent, one, ORG, rolledBack, useDatabase } from './helpers.ts';
import { USER } from '../support/seed.ts';

const pool = useDatabase();

// Eat At Home keeps New York's clock: the morning of Thursday, June 11, 2026 at 08:00 EDT is 12:00 UTC.
const morning = '2026-06-11T12:00:00Z';
const at = (minutes: number) => new Date(Date.parse(morning) + minutes * 60_000).toISOString();

const queue = async (db: pg.PoolClient, when: string) => (await one<{ n: number }>(db, 'select public.enqueue_booking_digests($1) as n', [when])).n;

const summaries = async (db: pg.PoolClient) =>
  (
    await db.query<{ to_email: string; subject: string; body_text: string }>(
      `select to_email, subject, body_text from public.email_outbox where kind = 'booking_digest' and org_id = $1 order by created_at`,
      [ORG.eatathome],
    )
  ).rows;

/** The Eat At Home owner's booking emails: on, as a morning summary or not (their own setting). */
async function chooseSummary(db: pg.PoolClient, daily: boolean, on = true) {
  await actAs(db, 'memberA');
  const set = await one<{ on: boolean }>(db, 'select public.staff_set_booking_emails($1, $2, $3) as on', [ORG.eatathome, on, daily]);
  expect(set.on).toBe(on);
  await actAsOwner(db);
}

/** A party of a new Eat At Home dinner on June 12, confirmed at `confirmedAt`. */
async function bookedAt(db: pg.PoolClient, name: string, guests: number, confirmedAt: string) {
  const { event, ticket } = await makeTicketedEvent(db, `${name}'s Dinner`);
  await db.query(`update public.events set date = '2026-06-12', event_time = '19:00', event_timezone = 'America/New_York' where id = $1`, [event]);
  const id = await bookParty(db, event, ticket, name, guests);
  await db.query('update public.reservations set confirmed_at = $2, amount_cents = 5000 * num_guests where id = $1', [id, confirmedAt]);
  return id;
}

describe('the morning summary of booking emails', () => {
  it("is one email from 08:00 to noon on the organization's clock, covering the day before, never twice", () =>
    rolledBack(pool(), async (db) => {
      await chooseSummary(db, true);
      await bookedAt(db, 'Early Bird', 2, at(-23 * 60)); // Wednesday 09:00: in
      await bookedAt(db, 'Too Early', 1, at(-25 * 60)); // Tuesday 07:00 and later: the day before's
      const cancelled = await bookedAt(db, 'Changed Mind', 3, at(-12 * 60));
      await db.query(`update public.reservations set status = 'cancelled', cancelled_at = $2, cancelled_by = 'staff' where id = $1`, [
        cancelled,
        at(-60),
      ]);
      await bookedAt(db, 'Late Riser', 1, at(30)); // after 08:00: tomorrow's

      expect(await queue(db, at(-1))).toBe(0); // 07:59
      expect(await queue(db, at(4 * 60))).toBe(0); // noon
      expect(await queue(db, at(5))).toBe(1);
      expect(await queue(db, at(60))).toBe(0);
      const [summary, ...more] = await summaries(db);
      expect(more).toEqual([]);
      expect(summary.to_email).toBe('owner@eatathome.test');
      expect(summary.subject).toBe('Bookings at Eat At Home: 1 new, 1 cancelled · Thursday, June 11');
      expect(summary.body_text).toContain("New bookings (1)\n- Early Bird's Dinner, Fri Jun 12 at 7:00 PM: Early Bird, 2 guests, $100.00 (");
      expect(summary.body_text).toContain(
        "Cancelled (1)\n- Changed Mind's Dinner, Fri Jun 12 at 7:00 PM: Changed Mind, 3 guests, $150.00, cancelled by the team, no refund (",
      );
      expect(summary.body_text).not.toContain(': Too Early,');
      expect(summary.body_text).not.toContain(': Late Riser,');
      // The week ahead: each dinner with what is booked now.
      expect(summary.body_text).toContain("- Early Bird's Dinner, Fri Jun 12: 2 guests in 1 booking");
      expect(summary.body_text).toContain("- Changed Mind's Dinner, Fri Jun 12: 0 guests in 0 bookings");
    }));

  it('sends nothing on a quiet day, nor to members who want an email per booking or none', () =>
    rolledBack(pool(), async (db) => {
      await chooseSummary(db, true);
      expect(await queue(db, at(5))).toBe(0);
      expect(await one(db, 'select count(*)::integer as n from public.booking_digests where user_id = $1', [USER.eatathomeOwner])).toEqual({ n: 1 });

      await bookedAt(db, 'Each Time', 2, '2026-06-11T18:00:00Z');
      await chooseSummary(db, false);
      expect(await queue(db, '2026-06-12T12:05:00Z')).toBe(0);
      await chooseSummary(db, true, false);
      expect(await queue(db, '2026-06-12T12:05:00Z')).toBe(0);
      expect(await summaries(db)).toEqual([]);
      // The setting is kept while booking emails are off, and null keeps it.
      await actAs(db, 'memberA');
      await db.query('select public.staff_set_booking_emails($1, true)', [ORG.eatathome]);
      await actAsOwner(db);
      expect(await queue(db, '2026-06-12T12:05:00Z')).toBe(1);
    }));

  it('replaces the email per booking for that member', () =>
    rolledBack(pool(), async (db) => {
      await chooseSummary(db, true);
      const id = await bookedAt(db, 'No Notice', 2, at(-60));
      expect((await one<{ n: number }>(db, `select public.enqueue_booking_notice($1, 'booked') as n`, [id])).n).toBe(0);
      await chooseSummary(db, false);
      expect((await one<{ n: number }>(db, `select public.enqueue_booking_notice($1, 'booked') as n`, [id])).n).toBe(1);
    }));
});
