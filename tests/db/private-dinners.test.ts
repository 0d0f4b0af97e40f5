/**
 * Private dinner requests (supabase/schemas/115_private_dinners.sql): a visitor asks a host that
 * takes them (org_branding.private_dinners) with request_private_dinner, which checks each field
 * in the form's words, stores the request, emails each member of the team and acknowledges it to
 * the guest without repeating their message; at most 3 per address and host a day. Members file
 * requests (staff_set_private_dinner_status); nobody else reads or files them. Every test runs in
 * a transaction that is rolled back.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, expectError, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

const REQUEST = 'select public.request_private_dinner($1, $2, $3, $4, $5, $6, $7) as id';

interface Request {
  slug?: string;
  name?: string;
  email?: string;
  phone?: string | null;
  date?: string;
  guests?: number;
  message?: string;
}

/** Eat At Home's calendar date `days` from today, on its own clock (New York). */
const dayOnHostClock = async (db: pg.PoolClient, days: number) =>
  (await one<{ d: string }>(db, `select to_char((now() at time zone 'America/New_York')::date + $1::int, 'YYYY-MM-DD') as d`, [days])).d;

async function params(db: pg.PoolClient, r: Request = {}) {
  return [
    r.slug ?? 'eatathome',
    r.name ?? 'Pat Party',
    r.email ?? 'Pat@Example.com',
    r.phone === undefined ? '+1 555 0199' : r.phone,
    r.date ?? (await dayOnHostClock(db, 30)),
    r.guests ?? 12,
    r.message ?? 'A birthday dinner for twelve, at our place in Brooklyn.',
  ];
}

const takeRequests = (db: pg.PoolClient, on = true) =>
  db.query(`update public.org_branding set private_dinners = $2, private_dinner_note = 'Dinners for 8 to 20 at your home' where org_id = $1`, [
    ORG.eatathome,
    on,
  ]);

async function asVisitor<T>(db: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await actAs(db, 'visitor');
  try {
    return await work();
  } finally {
    await actAsOwner(db);
  }
}

describe('private dinner requests', () => {
  it('are refused until the host takes them, and for an unknown page', () =>
    rolledBack(pool(), async (db) => {
      await takeRequests(db, false);
      await asVisitor(db, async () => {
        await expectError(db, REQUEST, await params(db), 'PT404', /^This host does not take private dinner requests\.$/);
        await expectError(db, REQUEST, await params(db, { slug: 'no-such-host' }), 'PT404');
      });
    }));

  it("are stored, emailed to each member of the team and acknowledged to the guest without the guest's message", () =>
    rolledBack(pool(), async (db) => {
      await takeRequests(db);
      const date = await dayOnHostClock(db, 30);
      const { id } = await asVisitor(db, async () => one<{ id: string }>(db, REQUEST, await params(db, { date })));
      expect(
        await one(
          db,
          'select org_id, name, email, phone, to_char(preferred_date, $2) as date, guests, status from public.private_dinner_requests where id = $1',
          [id, 'YYYY-MM-DD'],
        ),
      ).toEqual({
        org_id: ORG.eatathome,
        name: 'Pat Party',
        email: 'pat@example.com',
        phone: '+1 555 0199',
        date,
        guests: 12,
        status: 'new',
      });
      const { rows: members } = await db.query<{ email: string }>(
        'select u.email from public.user_memberships m join auth.users u on u.id = m.user_id where m.org_id = $1 order by u.email',
        [ORG.eatathome],
      );
      const { rows: notices } = await db.query<{ to_email: string; subject: string; body_text: string }>(
        `select to_email, subject, body_text from public.email_outbox where org_id = $1 and kind = 'private_dinner_request' order by to_email`,
        [ORG.eatathome],
      );
      expect(notices.map((n) => n.to_email)).toEqual(members.map((m) => m.email));
      expect(notices[0].subject).toMatch(/^Private dinner request: Pat Party, 12 guests · [A-Z][a-z]+ \d{1,2}$/);
      for (const line of [
        'Pat Party asks Eat At Home for a private dinner.',
        'Guests: 12',
        'Email: pat@example.com',
        'Phone: +1 555 0199',
        'at our place in Brooklyn',
        '{{site_url}}/admin',
      ]) {
        expect(notices[0].body_text).toContain(line);
      }
      const ack = await one<{ to_email: string; subject: string; body_text: string }>(
        db,
        `select to_email, subject, body_text from public.email_outbox where org_id = $1 and kind = 'private_dinner_ack'`,
        [ORG.eatathome],
      );
      expect(ack).toMatchObject({ to_email: 'pat@example.com', subject: 'Your private dinner request to Eat At Home' });
      expect(ack.body_text).toContain('Eat At Home received your request for a private dinner for 12 guests on ');
      expect(ack.body_text).not.toContain('Brooklyn');
    }));

  it('take an alias path of the page too', () =>
    rolledBack(pool(), async (db) => {
      await takeRequests(db);
      const { id } = await asVisitor(db, async () => one<{ id: string }>(db, REQUEST, await params(db, { slug: 'eat-at-home' })));
      expect(await one(db, 'select org_id from public.private_dinner_requests where id = $1', [id])).toEqual({ org_id: ORG.eatathome });
    }));

  it("check each field in the form's words, the date on the host's clock", () =>
    rolledBack(pool(), async (db) => {
      await takeRequests(db);
      const refused = async (r: Request, message: string) =>
        asVisitor(db, async () => expectError(db, REQUEST, await params(db, r), 'P0001', new RegExp(`^${message.replace(/[.()]/g, '\\$&')}$`)));
      await refused({ name: ' P ' }, 'Name must be between 2 and 200 characters');
      await refused({ email: 'not-an-email' }, 'Please enter a valid email address');
      await refused({ phone: '1'.repeat(41) }, 'Phone must be at most 40 characters');
      await refused({ date: await dayOnHostClock(db, -1) }, 'Choose a date from today on');
      await refused({ date: await dayOnHostClock(db, 731) }, 'Choose a date within the next two years');
      await refused({ guests: 0 }, 'Guests must be between 1 and 500');
      await refused({ guests: 501 }, 'Guests must be between 1 and 500');
      await refused({ message: ' hi ' }, 'Tell the host about your dinner in 5 to 5000 characters');
      // Today on the host's clock is fine; so is no phone.
      await asVisitor(db, async () => one(db, REQUEST, await params(db, { date: await dayOnHostClock(db, 0), phone: null })));
      expect(await one(db, 'select count(*)::integer as n from public.private_dinner_requests where org_id = $1', [ORG.eatathome])).toEqual({ n: 1 });
    }));

  it('are limited to 3 per address and host in 24 hours', () =>
    rolledBack(pool(), async (db) => {
      await takeRequests(db);
      await asVisitor(db, async () => {
        for (let i = 0; i < 3; i += 1) await one(db, REQUEST, await params(db, { email: 'busy@example.com' }));
        await expectError(
          db,
          REQUEST,
          await params(db, { email: 'BUSY@example.com' }),
          'PT429',
          /^You have already sent this host 3 requests today\. They will be in touch\.$/,
        );
        // Another address is not held back.
        await one(db, REQUEST, await params(db, { email: 'other@example.com' }));
      });
    }));

  it('are filed by the members of their host only', () =>
    rolledBack(pool(), async (db) => {
      await takeRequests(db);
      const { id } = await asVisitor(db, async () => one<{ id: string }>(db, REQUEST, await params(db)));
      const file = 'select public.staff_set_private_dinner_status($1, $2) as status';
      await actAs(db, 'memberB');
      await expectError(db, file, [id, 'replied'], 'SH404', /^Private dinner request not found$/);
      await actAs(db, 'visitor');
      await expectError(db, file, [id, 'replied'], '42501');
      await actAs(db, 'memberA');
      expect(await one(db, file, [id, 'replied'])).toEqual({ status: 'replied' });
      await expectError(db, file, [id, 'done'], 'P0001', /^A request is new, replied or archived$/);
      expect(await one(db, 'select status from public.private_dinner_requests where id = $1', [id])).toEqual({ status: 'replied' });
      await actAsOwner(db);
    }));
});
