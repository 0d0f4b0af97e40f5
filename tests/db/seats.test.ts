/**
 * Seats (supabase/schemas/078_seats.sql): a confirmed booking for N guests has N seats, seat 1
 * the booker's; each seat and the party have a link whose token is stored only as a hash; a
 * guest claims a seat with name, email and allergens from the fixed list; the seats follow the
 * booking (fewer guests drop unclaimed seats first, a new holder takes seat 1); the links stop
 * at cancellation; staff see every seat, outsiders nothing. Rolled back, except the race.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { ALLERGENS } from '../../supabase/functions/_shared/allergens.ts';
import { actAs, actAsOwner, bookParty, expectError, makeTicketedEvent, one, rolledBack, useDatabase, withRace } from './helpers.ts';

const pool = useDatabase();

interface SeatRow {
  seat_no: number;
  guest_name: string;
  claimed: boolean;
  is_booker: boolean;
  seat_token: string;
  party_token: string;
  allergens: string[];
  dietary_notes: string | null;
}

const manageToken = async (db: pg.PoolClient, reservation: string) =>
  (await one<{ t: string }>(db, 'select public.manage_token_of($1) as t', [reservation])).t;

/** The booker's view, as the browser asks it: the anon role with the manage link's token. */
async function bookerSeats(db: pg.PoolClient, reservation: string): Promise<SeatRow[]> {
  await actAsOwner(db);
  const token = await manageToken(db, reservation);
  await actAs(db, 'visitor');
  const { rows } = await db.query<SeatRow>('select * from public.booking_seats($1)', [token]);
  await actAsOwner(db);
  return rows;
}

const claim = (db: pg.PoolClient, token: string, name: string, email: string, allergens: string[] = [], notes: string | null = null) =>
  one<{ seat_token: string; seat_no: number }>(db, 'select * from public.claim_seat($1, $2, $3, $4, $5)', [token, name, email, allergens, notes]);

/** A claim the database refuses, with its SQLSTATE and message. */
const refusedClaim = (db: pg.PoolClient, token: string, name: string, email: string, allergens: string[], code: string, message: RegExp) =>
  expectError(db, 'select * from public.claim_seat($1, $2, $3, $4, $5)', [token, name, email, allergens, null], code, message);

const invitation = (db: pg.PoolClient, token: string) =>
  db.query<Record<string, unknown>>('select * from public.seat_invitation($1)', [token]).then((r) => r.rows);

const seatsOf = (db: pg.PoolClient, reservation: string) =>
  db
    .query<{ seat_no: number; guest_name: string | null; guest_email: string | null; claimed_at: Date | null; allergens: string[] }>(
      'select seat_no, guest_name, guest_email, claimed_at, allergens from public.reservation_seats where reservation_id = $1 order by seat_no',
      [reservation],
    )
    .then((r) => r.rows);

/** The emails of one kind queued about a booking. */
const outbox = (db: pg.PoolClient, kind: string, reservation: string) =>
  db
    .query<{ to_email: string; subject: string; body_text: string }>(
      'select to_email, subject, body_text from public.email_outbox where kind = $1 and reservation_id = $2',
      [kind, reservation],
    )
    .then((r) => r.rows);

/** A new event and Ada Lovelace's booking for `guests`, whose second seat Grace Hopper has claimed; back as the owner. */
async function partyWithClaimedSeat(db: pg.PoolClient, title: string, guests: number, allergens: string[] = [], notes: string | null = null) {
  const { event, ticket } = await makeTicketedEvent(db, title);
  const party = await bookParty(db, event, ticket, 'Ada Lovelace', guests);
  const [, second] = await bookerSeats(db, party);
  await actAs(db, 'visitor');
  await claim(db, second.seat_token, 'Grace Hopper', 'grace@example.com', allergens, notes);
  await actAsOwner(db);
  return { event, ticket, party };
}

describe('the seats of a booking', () => {
  it('the allergens a guest can tick are the 14 the forms label, in the same order', () =>
    rolledBack(pool(), async (db) => {
      const { keys } = await one<{ keys: string[] }>(db, 'select public.allergen_keys() as keys');
      expect(keys).toEqual(ALLERGENS.map((a) => a.key));
      expect(keys).toHaveLength(14);
    }));

  it('a confirmed booking for four has four seats: the booker holds the first, the others read "Guest of {booker}"', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Seat Test');
      const party = await bookParty(db, event, ticket, 'Ada Lovelace', 4);
      const held = await bookParty(db, event, ticket, 'Held Party', 2, { status: 'held' });

      const seats = await bookerSeats(db, party);
      expect(seats.map((s) => [s.seat_no, s.guest_name, s.claimed, s.is_booker])).toEqual([
        [1, 'Ada Lovelace', true, true],
        [2, 'Guest of Ada Lovelace', false, false],
        [3, 'Guest of Ada Lovelace', false, false],
        [4, 'Guest of Ada Lovelace', false, false],
      ]);
      // One link per seat and one party link, none of them stored.
      const tokens = new Set(seats.map((s) => s.seat_token));
      expect(tokens.size).toBe(4);
      expect(new Set(seats.map((s) => s.party_token)).size).toBe(1);
      for (const t of [...tokens, seats[0].party_token]) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // What is stored is each token's SHA-256: the tables hold no token itself.
      const stored = await one<{ seats: number; party: number; plain: number }>(
        db,
        `select (select count(*)::int from public.reservation_seats where token_hash = any(select public.manage_token_hash(t) from unnest($1::text[]) t)) as seats,
                (select count(*)::int from public.party_links where token_hash = public.manage_token_hash($2)) as party,
                (select count(*)::int from public.reservation_seats s, public.party_links p
                 where position(convert_to($2, 'UTF8') in s.token_hash || p.token_hash) > 0) as plain`,
        [[...tokens], seats[0].party_token],
      );
      expect(stored).toEqual({ seats: 4, party: 1, plain: 0 });

      // A hold has no seats yet: they come with the confirmation.
      expect(await seatsOf(db, held)).toEqual([]);
      await db.query(`update public.reservations set status = 'confirmed' where id = $1`, [held]);
      expect((await seatsOf(db, held)).map((s) => s.seat_no)).toEqual([1, 2]);
    }));

  it('a guest claims a seat from its link with their name, email and allergens from the fixed list', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Seat Claim');
      const party = await bookParty(db, event, ticket, 'Ada Lovelace', 3);
      const [, second] = await bookerSeats(db, party);
      await actAs(db, 'visitor');

      const [before] = await invitation(db, second.seat_token);
      expect(before).toMatchObject({ kind: 'seat', state: 'open', seat_no: 2, claimed: false, host_first_name: 'Ada', event_title: 'Seat Claim' });
      // The invitation names the event and the booker's first name, never anyone's email.
      expect(JSON.stringify(before)).not.toContain('@');

      await refusedClaim(db, second.seat_token, '  ', 'g@example.com', [], 'P0001', /Please enter your name/);
      await refusedClaim(db, second.seat_token, 'Grace', 'not-an-email', [], 'P0001', /valid email/);
      await refusedClaim(db, second.seat_token, 'Grace', 'g@example.com', ['bacon'], 'P0001', /Unknown allergen/);

      const claimed = await claim(db, second.seat_token, ' Grace Hopper ', 'Grace@Example.com', ['sesame', 'milk', 'milk'], 'No coriander');
      expect(claimed).toEqual({ seat_token: second.seat_token, seat_no: 2 });
      const [after] = await invitation(db, second.seat_token);
      expect(after).toMatchObject({
        claimed: true,
        guest_name: 'Grace Hopper',
        guest_email: 'grace@example.com',
        allergens: ['milk', 'sesame'],
        dietary_notes: 'No coriander',
      });

      // The guest is emailed their seat's own link, once.
      await actAsOwner(db);
      const notes = () => outbox(db, 'seat_claimed', party);
      const [note] = await notes();
      expect(note.to_email).toBe('grace@example.com');
      expect(note.body_text).toContain(`{{site_url}}/seat/${second.seat_token}`);
      expect(note.body_text).toContain('You have a seat at Seat Claim');
      await actAs(db, 'visitor');

      // Editing later changes the needs, not the claim time.
      await actAsOwner(db);
      const firstClaim = (await seatsOf(db, party))[1].claimed_at;
      await actAs(db, 'visitor');
      await claim(db, second.seat_token, 'Grace Hopper', 'grace@example.com', ['peanuts']);
      await actAsOwner(db);
      const edited = (await seatsOf(db, party))[1];
      expect(edited.allergens).toEqual(['peanuts']);
      expect(edited.claimed_at).toEqual(firstClaim);
      expect(await notes()).toHaveLength(1);

      // The booker sees who claimed, not their email or needs.
      const seats = await bookerSeats(db, party);
      expect(seats[1]).toMatchObject({ guest_name: 'Grace Hopper', claimed: true, allergens: [], dietary_notes: null });
      expect(JSON.stringify(seats)).not.toContain('grace@example.com');
    }));

  it("the booker's own seat keeps the booking's name and email: only their needs change", () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Seat Booker');
      const party = await bookParty(db, event, ticket, 'Ada Lovelace', 2);
      const [mine] = await bookerSeats(db, party);
      await actAs(db, 'visitor');
      await claim(db, mine.seat_token, 'Someone Else', 'someone@example.com', ['fish']);
      await actAsOwner(db);
      expect((await seatsOf(db, party))[0]).toMatchObject({
        guest_name: 'Ada Lovelace',
        guest_email: 'ada.lovelace@example.com',
        allergens: ['fish'],
      });
    }));

  it('the party link gives each guest the next free seat, and says so when every seat is claimed', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Seat Party');
      const party = await bookParty(db, event, ticket, 'Ada Lovelace', 3);
      const [{ party_token }] = await bookerSeats(db, party);
      await actAs(db, 'visitor');
      expect((await invitation(db, party_token))[0]).toMatchObject({ kind: 'party', state: 'open', seats_left: 2, seat_no: null });

      const a = await claim(db, party_token, 'Grace Hopper', 'grace@example.com');
      const b = await claim(db, party_token, 'Alan Turing', 'alan@example.com', ['gluten']);
      expect([a.seat_no, b.seat_no]).toEqual([2, 3]);
      // Each claim answers its own seat's link, for the guest to come back to.
      expect((await invitation(db, b.seat_token))[0]).toMatchObject({ kind: 'seat', guest_name: 'Alan Turing', allergens: ['gluten'] });

      expect((await invitation(db, party_token))[0]).toMatchObject({ state: 'full', seats_left: 0 });
      await refusedClaim(db, party_token, 'Late', 'late@example.com', [], 'SH409', /Every seat of this party has been claimed/);
    }));

  it('the seats follow the booking: fewer guests drop unclaimed seats first, more add seats, a new holder takes seat 1', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Seat Follow');
      const party = await bookParty(db, event, ticket, 'Ada Lovelace', 4);
      const seats = await bookerSeats(db, party);
      await actAs(db, 'visitor');
      await claim(db, seats[3].seat_token, 'Grace Hopper', 'grace@example.com');
      await claim(db, seats[0].seat_token, 'Ada Lovelace', 'ada.lovelace@example.com', ['eggs']);
      await actAsOwner(db);

      await db.query('update public.reservations set num_guests = 2 where id = $1', [party]);
      expect((await seatsOf(db, party)).map((s) => [s.seat_no, s.guest_name])).toEqual([
        [1, 'Ada Lovelace'],
        [4, 'Grace Hopper'],
      ]);
      // A dropped seat's link opens nothing.
      await actAs(db, 'visitor');
      expect(await invitation(db, seats[1].seat_token)).toEqual([]);
      await actAsOwner(db);

      await db.query('update public.reservations set num_guests = 3 where id = $1', [party]);
      expect((await seatsOf(db, party)).map((s) => s.seat_no)).toEqual([1, 4, 5]);

      // A spelling fix keeps seat 1's link and needs.
      await db.query(`update public.reservations set name = 'Ada King' where id = $1`, [party]);
      expect((await seatsOf(db, party))[0]).toMatchObject({ guest_name: 'Ada King', allergens: ['eggs'] });
      await actAs(db, 'visitor');
      expect((await invitation(db, seats[0].seat_token))[0]).toMatchObject({ seat_no: 1, guest_name: 'Ada King' });
      await actAsOwner(db);

      // Handed to someone else: seat 1 is theirs, with a new link; the previous booker's opens nothing.
      await db.query(`update public.reservations set name = 'Mary Shelley', email = 'mary@example.com' where id = $1`, [party]);
      expect((await seatsOf(db, party))[0]).toMatchObject({ guest_name: 'Mary Shelley', guest_email: 'mary@example.com', allergens: [] });
      await actAs(db, 'visitor');
      expect(await invitation(db, seats[0].seat_token)).toEqual([]);
      const [fresh] = await bookerSeats(db, party);
      expect(fresh.seat_token).not.toBe(seats[0].seat_token);
      await actAs(db, 'visitor');
      expect((await invitation(db, fresh.seat_token))[0]).toMatchObject({ seat_no: 1, guest_name: 'Mary Shelley' });
    }));

  it('a party that becomes too small for its claimed seats releases one, and its guest is told', () =>
    rolledBack(pool(), async (db) => {
      const { party } = await partyWithClaimedSeat(db, 'Seat Released', 2);
      await db.query('update public.reservations set num_guests = 1 where id = $1', [party]);
      expect((await seatsOf(db, party)).map((s) => s.guest_name)).toEqual(['Ada Lovelace']);
      const rows = await outbox(db, 'seat_released', party);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to_email: 'grace@example.com', subject: 'Your seat at Seat Released was released' });
      expect(rows[0].body_text).toContain("Ada Lovelace's booking for Seat Released on ");
      expect(rows[0].body_text).toContain('is now for 1 guest, so your seat is no longer part of it.');
    }));

  it('a cancelled booking keeps its seats, but its links no longer claim', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket } = await makeTicketedEvent(db, 'Seat Cancel');
      const party = await bookParty(db, event, ticket, 'Ada Lovelace', 2);
      const [, second] = await bookerSeats(db, party);
      await db.query(`update public.reservations set status = 'cancelled', cancelled_at = now() where id = $1`, [party]);
      await actAs(db, 'visitor');
      expect((await invitation(db, second.seat_token))[0]).toMatchObject({ state: 'cancelled' });
      await refusedClaim(db, second.seat_token, 'Grace', 'g@example.com', [], 'SH409', /cancelled/);
      await refusedClaim(db, 'x'.repeat(43), 'Grace', 'g@example.com', [], 'SH404', /This seat link is not valid/);
      expect(await invitation(db, 'not a token')).toEqual([]);
    }));

  it('the guests who claimed a seat are told when the booking is cancelled; the others have nobody to tell', () =>
    rolledBack(pool(), async (db) => {
      const { party } = await partyWithClaimedSeat(db, 'Seat Cancelled', 3);
      await db.query('select public.guest_cancel_booking($1)', [await manageToken(db, party)]);
      const rows = await outbox(db, 'seat_cancelled', party);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to_email: 'grace@example.com', subject: 'Cancelled: Seat Cancelled' });
      expect(rows[0].body_text).toContain('Ada Lovelace has cancelled their booking for Seat Cancelled on ');
    }));

  it('staff of the organization see every seat and its needs; outsiders and visitors see nothing', () =>
    rolledBack(pool(), async (db) => {
      const { event, ticket, party } = await partyWithClaimedSeat(db, 'Seat Staff', 3, ['celery'], 'Vegetarian');
      await bookParty(db, event, ticket, 'Cancelled Party', 2, { status: 'held' });
      await actAs(db, 'visitor');
      await expectError(db, 'select count(*) from public.reservation_seats', [], '42501');

      await actAs(db, 'memberA');
      const { rows } = await db.query('select * from public.staff_reservation_seats($1)', [party]);
      expect(rows).toEqual([
        {
          seat_no: 1,
          guest_name: 'Ada Lovelace',
          guest_email: 'ada.lovelace@example.com',
          claimed: true,
          allergens: [],
          dietary_notes: null,
          payment: null,
        },
        {
          seat_no: 2,
          guest_name: 'Grace Hopper',
          guest_email: 'grace@example.com',
          claimed: true,
          allergens: ['celery'],
          dietary_notes: 'Vegetarian',
          payment: null,
        },
        {
          seat_no: 3,
          guest_name: 'Guest of Ada Lovelace',
          guest_email: null,
          claimed: false,
          allergens: [],
          dietary_notes: null,
          payment: null,
        },
      ]);
      expect((await db.query('select * from public.reservation_seats where reservation_id = $1', [party])).rowCount).toBe(3);

      await actAs(db, 'memberB');
      await expectError(db, 'select * from public.staff_reservation_seats($1)', [party], 'SH403');
      expect((await db.query('select * from public.reservation_seats where reservation_id = $1', [party])).rowCount).toBe(0);
    }));
});

describe('claims at the same moment', () => {
  it('eight guests opening one party link of four at once: three get a seat each, five are told it is full', () =>
    withRace('Seat rush', 8, async ({ admin, orgId, eventId, clients }) => {
      const tt = await admin.query<{ id: string }>(
        `insert into public.ticket_types (event_id, name, price, pool_id) values ($1, 'Dinner', 1000, public.new_capacity_pool($1, 10)) returning id`,
        [eventId],
      );
      const r = await admin.query<{ id: string }>(
        `insert into public.reservations (org_id, event_id, ticket_type_id, name, email, num_guests) values ($1, $2, $3, 'Ada Lovelace', 'ada@example.com', 4) returning id`,
        [orgId, eventId, tt.rows[0].id],
      );
      const token = (await admin.query<{ t: string }>(`select public.link_token_of('party', $1) as t`, [r.rows[0].id])).rows[0].t;

      const outcomes = await Promise.all(
        clients.map(async (c, i) => {
          try {
            await c.query('begin');
            await c.query(`set local role anon`);
            const res = await c.query<{ seat_no: number }>('select * from public.claim_seat($1, $2, $3, $4, $5)', [
              token,
              `Guest ${i}`,
              `g${i}@example.com`,
              [],
              null,
            ]);
            await c.query('select pg_sleep(0.05)');
            await c.query('commit');
            return res.rows[0].seat_no;
          } catch (error) {
            await c.query('rollback');
            return (error as { code?: string }).code;
          }
        }),
      );
      const seats = outcomes.filter((o) => typeof o === 'number').sort();
      expect(seats).toEqual([2, 3, 4]);
      expect(outcomes.filter((o) => o === 'SH409')).toHaveLength(5);
      const claimed = await admin.query(`select guest_name from public.reservation_seats where reservation_id = $1 and claimed_at is not null`, [
        r.rows[0].id,
      ]);
      expect(claimed.rowCount).toBe(4);
    }));
});
