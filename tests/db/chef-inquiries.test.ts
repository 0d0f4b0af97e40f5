/**
 * Pop-up chef inquiries (supabase/schemas/110_chef_signups.sql): the acknowledgement queued with
 * each new inquiry, and the super admin's inbox — list, reply (stored, emailed through the outbox
 * and marked replied in one transaction), archive and unarchive — refused to staff and visitors.
 * Every test runs in a transaction that is rolled back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { actAs, actAsOwner, attempt, expectError, one, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();

/** An inquiry sent as a visitor (through the form's path), its id read back as the owner. */
async function sendInquiry(db: pg.PoolClient, email = `chef-${randomUUID()}@example.com`, name = 'Rosa Martinez') {
  await actAs(db, 'visitor');
  await db.query(`insert into public.chef_signups (name, email, concept, next_event_dates, source_domain) values ($1, $2, $3, $4, 'localhost')`, [
    name,
    email,
    'Oaxacan tasting menu with mezcal',
    'Fridays in March',
  ]);
  await actAsOwner(db);
  const { id } = await one<{ id: string }>(db, `select id from public.chef_signups where email = $1 order by created_at desc limit 1`, [email]);
  return { id, email };
}

const outboxTo = (db: pg.PoolClient, email: string) =>
  db.query<{ kind: string; subject: string; body_text: string; template_data: Record<string, unknown>; org_id: string | null }>(
    `select kind, subject, body_text, template_data, org_id from public.email_outbox where to_email = $1 order by created_at, kind`,
    [email],
  );

async function reply(db: pg.PoolClient, id: string, subject = 'Your pop-up dinner with SupperHost', message = 'Hi Rosa,\n\nWe would love to talk.') {
  await actAs(db, 'superAdmin');
  const row = await one<{ id: string }>(db, `select public.super_admin_reply_chef_inquiry($1, $2, $3) as id`, [id, subject, message]);
  await actAsOwner(db);
  return row.id;
}

describe('the acknowledgement', () => {
  it('is queued to the chef in the transaction of the insert, once, with the product words', async () => {
    await rolledBack(pool(), async (db) => {
      const { email } = await sendInquiry(db);
      const { rows } = await outboxTo(db, email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'chef_inquiry_received', subject: 'We received your pop-up inquiry', org_id: null });
      expect(rows[0].body_text).toContain('Hi Rosa Martinez,');
      expect(rows[0].body_text).toContain('Thanks for your interest! We’ll review your submission shortly.');
      expect(rows[0].body_text).toContain('We typically respond within a few days.');
      expect(rows[0].template_data).toMatchObject({ kind: 'chef_inquiry_received', guest: { name: 'Rosa Martinez', email } });
      // The concept a visitor typed is not emailed to an address nobody confirmed.
      expect(JSON.stringify(rows[0])).not.toContain('mezcal');
    });
  });

  it('is not queued when the insert fails, and at most 3 times per address in 24 hours', async () => {
    await rolledBack(pool(), async (db) => {
      const email = `chef-${randomUUID()}@example.com`;
      await actAs(db, 'visitor');
      const refused = await attempt(db, `insert into public.chef_signups (name, email, concept) values ('Rosa', $1, 'tac')`, [email]);
      expect(refused.error?.code).toBe('23514');
      await actAsOwner(db);
      expect((await outboxTo(db, email)).rows).toHaveLength(0);

      for (let i = 0; i < 5; i++) await sendInquiry(db, i % 2 ? email.toUpperCase() : email);
      const { rows } = await db.query(`select 1 from public.email_outbox where lower(to_email) = lower($1)`, [email]);
      expect(rows).toHaveLength(3);
      expect((await db.query(`select 1 from public.chef_signups where lower(email) = lower($1)`, [email])).rowCount).toBe(5);
    });
  });
});

describe('the inbox', () => {
  it('lists inquiries, newest first, only to the super admin; staff and visitors are refused', async () => {
    await rolledBack(pool(), async (db) => {
      const first = await sendInquiry(db);
      const second = await sendInquiry(db);
      await db.query(`update public.chef_signups set created_at = now() - interval '1 hour' where id = $1`, [first.id]);

      await actAs(db, 'superAdmin');
      const { rows } = await db.query(`select * from public.super_admin_list_chef_inquiries() where id = any ($1)`, [[first.id, second.id]]);
      expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
      expect(rows[0]).toMatchObject({
        email: second.email,
        name: 'Rosa Martinez',
        concept: 'Oaxacan tasting menu with mezcal',
        next_event_dates: 'Fridays in March',
        source_domain: 'localhost',
        status: 'new',
        replied_at: null,
        archived_at: null,
        reply_count: 0,
      });
      const replied = await db.query(`select id from public.super_admin_list_chef_inquiries('replied') where id = any ($1)`, [[first.id, second.id]]);
      expect(replied.rows).toEqual([]);
      await expectError(db, `select * from public.super_admin_list_chef_inquiries('spam')`, [], 'P0001', /new, replied or archived/);

      await actAs(db, 'memberA');
      await expectError(db, `select * from public.super_admin_list_chef_inquiries()`, [], 'SH403', /^Only the SupperHost team/);
      expect((await db.query(`select 1 from public.chef_signups where id = $1`, [first.id])).rowCount).toBe(0);
      await actAs(db, 'visitor');
      await expectError(db, `select * from public.super_admin_list_chef_inquiries()`, [], '42501');
    });
  });
});

describe('replying', () => {
  it('stores the reply, queues exactly one email to the chef and marks the inquiry replied', async () => {
    await rolledBack(pool(), async (db) => {
      const { id, email } = await sendInquiry(db);
      const replyId = await reply(db, id, '  Your pop-up dinner with SupperHost ', 'Hi Rosa,\n\nWe would love to talk.\n');

      const mails = (await outboxTo(db, email)).rows.filter((m) => m.kind === 'chef_inquiry_reply');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        subject: 'Your pop-up dinner with SupperHost',
        body_text: 'Hi Rosa,\n\nWe would love to talk.',
        org_id: null,
      });
      expect(mails[0].template_data).toMatchObject({
        kind: 'chef_inquiry_reply',
        message: { subject: 'Your pop-up dinner with SupperHost', body: 'Hi Rosa,\n\nWe would love to talk.' },
      });

      const stored = await one<{ signup_id: string; sent_by_email: string; subject: string; linked: boolean }>(
        db,
        `select r.signup_id, r.sent_by_email, r.subject, o.kind = 'chef_inquiry_reply' as linked
           from public.chef_signup_replies r join public.email_outbox o on o.id = r.outbox_id where r.id = $1`,
        [replyId],
      );
      expect(stored).toEqual({ signup_id: id, sent_by_email: 'admin@supperhost.test', subject: 'Your pop-up dinner with SupperHost', linked: true });
      const inquiry = await one<{ status: string; replied: boolean }>(
        db,
        `select status, replied_at is not null as replied from public.chef_signups where id = $1`,
        [id],
      );
      expect(inquiry).toEqual({ status: 'replied', replied: true });

      await actAs(db, 'superAdmin');
      const { rows } = await db.query(`select subject, body, sent_by_email, delivery_status from public.super_admin_chef_inquiry_replies($1)`, [id]);
      expect(rows).toEqual([
        {
          subject: 'Your pop-up dinner with SupperHost',
          body: 'Hi Rosa,\n\nWe would love to talk.',
          sent_by_email: 'admin@supperhost.test',
          delivery_status: 'pending',
        },
      ]);
      const listed = await one<{ reply_count: number }>(db, `select reply_count from public.super_admin_list_chef_inquiries() where id = $1`, [id]);
      expect(listed.reply_count).toBe(1);
    });
  });

  it('refuses staff, visitors, a repeated reply, a bad subject or message, and an unknown inquiry, queuing nothing', async () => {
    await rolledBack(pool(), async (db) => {
      const { id, email } = await sendInquiry(db);
      const call = `select public.super_admin_reply_chef_inquiry($1, $2, $3)`;
      await actAs(db, 'memberA');
      await expectError(db, call, [id, 'Hello', 'Hi'], 'SH403');
      await actAs(db, 'visitor');
      await expectError(db, call, [id, 'Hello', 'Hi'], '42501');
      await actAs(db, 'superAdmin');
      await expectError(db, call, [id, 'Line\nbreak', 'Hi'], 'P0001', /^The subject must be one line$/);
      await expectError(db, call, [id, ' ', 'Hi'], 'P0001', /^Subject must be 1 to 200 characters$/);
      await expectError(db, call, [id, 'x'.repeat(201), 'Hi'], 'P0001', /^Subject must be 1 to 200 characters$/);
      await expectError(db, call, [id, 'Hello', 'x'.repeat(10_001)], 'P0001', /^Message must be 1 to 10000 characters$/);
      await expectError(db, call, [randomUUID(), 'Hello', 'Hi'], 'SH404');
      await actAsOwner(db);
      expect((await outboxTo(db, email)).rows.map((m) => m.kind)).toEqual(['chef_inquiry_received']);
      expect((await db.query(`select status from public.chef_signups where id = $1`, [id])).rows).toEqual([{ status: 'new' }]);

      await reply(db, id, 'Hello', 'Hi');
      await actAs(db, 'superAdmin');
      await expectError(db, call, [id, 'Hello', 'Hi'], 'SH409', /^This reply was already sent$/);
      await actAsOwner(db);
      expect((await outboxTo(db, email)).rows.filter((m) => m.kind === 'chef_inquiry_reply')).toHaveLength(1);
    });
  });

  it('gives nobody a direct write on replies', async () => {
    await rolledBack(pool(), async (db) => {
      const { id } = await sendInquiry(db);
      for (const actor of ['superAdmin', 'memberA', 'visitor'] as const) {
        await actAs(db, actor);
        const { error } = await attempt(db, `insert into public.chef_signup_replies (signup_id, subject, body) values ($1, 'Hi', 'Hello')`, [id]);
        expect(error?.code, actor).toBe('42501');
      }
    });
  });
});

describe('archiving', () => {
  it('archives and brings back to the status the inquiry had; staff are refused', async () => {
    await rolledBack(pool(), async (db) => {
      const fresh = await sendInquiry(db);
      const answered = await sendInquiry(db);
      await reply(db, answered.id);

      await actAs(db, 'memberA');
      await expectError(db, `select public.super_admin_archive_chef_inquiry($1)`, [fresh.id], 'SH403');
      await expectError(db, `select public.super_admin_unarchive_chef_inquiry($1)`, [fresh.id], 'SH403');

      await actAs(db, 'superAdmin');
      for (const { id } of [fresh, answered]) {
        expect((await one<{ s: string }>(db, `select public.super_admin_archive_chef_inquiry($1) as s`, [id])).s).toBe('archived');
      }
      const archived = await db.query(`select id from public.super_admin_list_chef_inquiries('archived') where id = any ($1)`, [
        [fresh.id, answered.id],
      ]);
      expect(archived.rowCount).toBe(2);
      const stamped = await one<{ n: number }>(
        db,
        `select count(*)::int as n from public.chef_signups where id = any ($1) and archived_at is not null`,
        [[fresh.id, answered.id]],
      );
      expect(stamped.n).toBe(2);

      expect((await one<{ s: string }>(db, `select public.super_admin_unarchive_chef_inquiry($1) as s`, [fresh.id])).s).toBe('new');
      expect((await one<{ s: string }>(db, `select public.super_admin_unarchive_chef_inquiry($1) as s`, [answered.id])).s).toBe('replied');
      await expectError(db, `select public.super_admin_archive_chef_inquiry($1)`, [randomUUID()], 'SH404');
    });
  });

  it('lets the super admin change only the status directly, never to one its timestamps contradict; staff change nothing', async () => {
    await rolledBack(pool(), async (db) => {
      const { id } = await sendInquiry(db);
      await actAs(db, 'superAdmin');
      await expectError(db, `update public.chef_signups set status = 'replied' where id = $1`, [id], '23514');
      await expectError(db, `update public.chef_signups set concept = 'Changed' where id = $1`, [id], '42501');
      expect((await db.query(`update public.chef_signups set status = 'archived' where id = $1`, [id])).rowCount).toBe(1);
      await actAs(db, 'memberA');
      expect((await db.query(`update public.chef_signups set status = 'new' where id = $1`, [id])).rowCount).toBe(0);
      await actAsOwner(db);
      const row = await one<{ status: string; archived: boolean }>(
        db,
        `select status, archived_at is not null as archived from public.chef_signups where id = $1`,
        [id],
      );
      expect(row).toEqual({ status: 'archived', archived: true });
    });
  });
});
