/**
 * Guest emails end to end on the real stack: the branded confirmation (HTML and text, code,
 * manage link, the .ics read by ical.js), the private address (with the confirmation or with
 * the reminder, never in public reads), reminders (once, even with two runs at the same
 * moment; none for cancelled bookings), templates staff edit (used by the next email,
 * text never HTML, unknown placeholders refused), and the notices sent before there is a
 * booking (a place on the waitlist, a payment link for seats staff hold): branded too.
 */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { denoEval } from '../support/deno.ts';
import { one, sql, usePool } from '../support/db.ts';
import { brandedAs, createEvent, createOrg, createStaff, futureDate, guest } from '../support/fixtures.ts';
import { createStaffOrg } from '../support/staff-org.ts';
import { callFunction, CARD } from '../support/functions.ts';
import { mailFor } from '../support/mailbox.ts';
import { stackEnv } from '../support/stack-env.ts';

const pool = usePool();

interface Mail {
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string | null;
  attachments: { filename: string; content_type: string | null; content_base64: string | null }[];
}

const { staff, org } = await createStaffOrg('email-staff', brandedAs('Lantern Table', '#1d4ed8'));

/**
 * Tomorrow's dinner with one ticket type, Seat, reminded `reminderHours` before: tomorrow evening
 * in New York is at most ~50 hours away whatever the UTC time now, so 72 hours reaches it.
 */
async function tomorrowsDinner(title: string, seat: { price: number; quantity: number }, reminderHours: number) {
  const event = await createEvent(org.id, { title, date: futureDate(1), ticketTypes: [{ name: 'Seat', ...seat }] });
  await pool().query(`update public.events set reminder_hours = $2 where id = $1`, [event.id, reminderHours]);
  return event;
}

async function book(eventId: string, ticketTypeId: string, email = guest('mail').email, guests = 2) {
  const answer = await callFunction('process-square-payment', {
    token: CARD.ok,
    amount: 9500 * guests,
    idempotencyKey: randomUUID(),
    reservationData: { eventId, ticketTypeId, num_guests: guests, name: 'Iris Inbox', email, phone: '+1 555 0100' },
  });
  expect(answer.body).toMatchObject({ success: true });
  return { ...answer.body, email } as { reservationId: string; bookingCode: string; manageToken: string; email: string };
}

async function mailOfKind(email: string, kind: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = ((await mailFor(email, 1, 2_000)) as unknown as Mail[]).filter((m) => m.kind === kind);
    if (list.length >= count || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('the confirmation email', () => {
  it('is branded HTML with a text part, the code, the manage link and an .ics with the right start', async () => {
    const event = await createEvent(org.id, {
      title: 'Winter Solstice Dinner',
      date: futureDate(40),
      event_time: '19:30',
      event_timezone: 'America/Los_Angeles',
      refund_window_hours: 48,
      late_refund_percent: 50,
      ticketTypes: [{ name: 'Chef Counter', price: 9500, quantity: 10 }],
    });
    const b = await book(event.id, event.ticketTypes[0].id);
    const [mail] = await mailOfKind(b.email, 'booking_confirmation');
    expect(mail.subject).toBe('Your reservation at Lantern Table is confirmed: Winter Solstice Dinner');
    const manageUrl = `${stackEnv().siteUrl}/booking/${b.manageToken}`;
    for (const part of [mail.body_text, mail.body_html!]) {
      expect(part).toContain(b.bookingCode);
      expect(part).toContain(manageUrl);
      expect(part).toContain('7:30 PM Pacific Time');
      expect(part).toContain('$190.00');
      expect(part).toContain('Full refund until 48 hours before the dinner; 50% after that');
    }
    expect(mail.body_html).toContain('#1d4ed8');
    expect(mail.body_html).toContain('Add to Google Calendar');
    expect(mail.body_html).toContain('https://calendar.google.com/calendar/render?');
    expect(mail.body_html).toContain('https://outlook.live.com/calendar/');
    expect(mail.body_html).toContain('prefers-color-scheme: dark');
    // No remote resources in the layout (links are fine; nothing is loaded from elsewhere).
    expect(mail.body_html).not.toMatch(/<img[^>]+src="https?:/);
    expect(mail.body_html).not.toMatch(/<link[^>]+stylesheet/);

    // The party link, for the booker to share: it opens the party's free seat and names nobody.
    expect(mail.body_html).toContain('Invite your guests to their seats');
    const party = mail.body_text.match(new RegExp(`${stackEnv().siteUrl}/seat/([A-Za-z0-9_-]{43})`));
    expect(party, 'the party link in the text part').not.toBeNull();
    const invitation = await one<{ kind: string; seats_left: number }>(pool(), 'select kind, seats_left from public.seat_invitation($1)', [
      party![1],
    ]);
    expect(invitation).toEqual({ kind: 'party', seats_left: 1 });

    // The manage link opens this booking.
    const view = await callFunction('manage-booking', { token: b.manageToken, action: 'view' });
    expect(view.body.booking).toMatchObject({ booking_code: b.bookingCode, status: 'confirmed' });

    // The outbox keeps what was sent.
    const row = await one<{ body_html: string; attachments: unknown[] }>(
      pool(),
      `select body_html, attachments from public.email_outbox where reservation_id = $1 and kind = 'booking_confirmation'`,
      [b.reservationId],
    );
    expect(row.body_html).toBe(mail.body_html);
    expect(row.attachments).toHaveLength(1);

    const ics = mail.attachments.find((a) => a.filename === 'reservation.ics');
    expect(ics?.content_type).toContain('text/calendar');
    const text = Buffer.from(ics!.content_base64!, 'base64').toString('utf8');
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain('BEGIN:VTIMEZONE');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vtimezone = calendar.getFirstSubcomponent('vtimezone')!;
    ICAL.TimezoneService.register(vtimezone);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe(`${b.reservationId}@supperhost`);
    expect(vevent.startDate.zone.tzid).toBe('America/Los_Angeles');
    expect(vevent.startDate.hour).toBe(19);
    expect(vevent.startDate.minute).toBe(30);
    const expectedStart = await one<{ at: Date }>(pool(), `select ($1::date + time '19:30') at time zone 'America/Los_Angeles' as at`, [event.date]);
    expect(vevent.startDate.toJSDate().getTime()).toBe(expectedStart.at.getTime());
    expect(vevent.location).toContain('Test Kitchen');
    // RFC 5545: DTSTAMP is the moment the file was made, in UTC (the 'Z' form).
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    const stamp = vevent.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(Math.abs(stamp.toJSDate().getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });
});

describe('the private address', () => {
  it('comes with the confirmation when the event says so, and never in a public read', async () => {
    const event = await createEvent(org.id, { title: 'Home Dinner', ticketTypes: [{ name: 'Seat', price: 9500, quantity: 10 }] });
    await pool().query(`insert into public.event_private_details (event_id, org_id, private_address) values ($1, $2, '221B Quiet Court, Apt 4')`, [
      event.id,
      org.id,
    ]);
    const b = await book(event.id, event.ticketTypes[0].id);
    const [mail] = await mailOfKind(b.email, 'booking_confirmation');
    expect(mail.body_text).toContain('Address: 221B Quiet Court, Apt 4');

    const env = stackEnv();
    const anon = { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}` };
    const reads = [
      await fetch(`${env.apiUrl}/rest/v1/event_private_details?select=*`, { headers: anon }).then((r) => r.text()),
      await fetch(`${env.apiUrl}/rest/v1/events?select=*&id=eq.${event.id}`, { headers: anon }).then((r) => r.text()),
      await fetch(`${env.apiUrl}/rest/v1/events_with_availability?select=*&id=eq.${event.id}`, { headers: anon }).then((r) => r.text()),
      await fetch(`${env.apiUrl}/rest/v1/rpc/get_public_org_page`, {
        method: 'POST',
        headers: { ...anon, 'Content-Type': 'application/json' },
        body: JSON.stringify({ p_slug: org.slug }),
      }).then((r) => r.text()),
      JSON.stringify((await callFunction('manage-booking', { token: b.manageToken, action: 'view' })).body),
      JSON.stringify((await callFunction('get-rsvp-availability', { orgSlug: org.slug })).body),
    ];
    for (const read of reads) expect(read).not.toContain('221B Quiet Court');
    // Staff of another organization cannot read it either.
    const outsider = await createStaff('email-outsider');
    const seen = await outsider.client.from('event_private_details').select('private_address').eq('event_id', event.id);
    expect(seen.data ?? []).toEqual([]);
  });

  it('comes with the reminder instead when the event says so', async () => {
    const event = await tomorrowsDinner('Secret Supper', { price: 9500, quantity: 10 }, 72);
    await pool().query(
      `insert into public.event_private_details (event_id, org_id, private_address, address_delivery) values ($1, $2, '7 Hidden Mews', 'reminder')`,
      [event.id, org.id],
    );
    const b = await book(event.id, event.ticketTypes[0].id);
    const [confirmation] = await mailOfKind(b.email, 'booking_confirmation');
    expect(confirmation.body_text).not.toContain('7 Hidden Mews');
    expect(confirmation.body_text).toContain('Address: Sent with your reminder, 72 hours before the dinner');
    await pool().query(`select public.enqueue_due_reminders()`);
    const [reminder] = await mailOfKind(b.email, 'booking_reminder');
    expect(reminder.subject).toContain('Reminder: Secret Supper on');
    expect(reminder.body_text).toContain('Address: 7 Hidden Mews');
  });
});

describe('reminders', () => {
  it('name the party in words: "1 guest", "2 guests", never "1 guests"', async () => {
    const event = await tomorrowsDinner('Counted Supper', { price: 9500, quantity: 10 }, 72);
    const one_ = await book(event.id, event.ticketTypes[0].id, guest('one').email, 1);
    const two = await book(event.id, event.ticketTypes[0].id, guest('two').email, 2);
    await pool().query(`select public.enqueue_due_reminders()`);
    const [single] = await mailOfKind(one_.email, 'booking_reminder');
    const [pair] = await mailOfKind(two.email, 'booking_reminder');
    expect(single.body_text).toContain('(1 guest)');
    expect(pair.body_text).toContain('(2 guests)');
    for (const mail of [single, pair]) expect(`${mail.body_text}${mail.body_html}`).not.toMatch(/\b1 guests\b/);
  });

  it('one per confirmed reservation in the window, none for cancelled ones, none twice under two concurrent runs', async () => {
    const soon = await createEvent(org.id, {
      title: 'Tomorrow Dinner',
      date: futureDate(1),
      event_time: '20:00',
      ticketTypes: [{ name: 'Seat', price: 0, quantity: 20 }],
    });
    const later = await createEvent(org.id, {
      title: 'Next Month Dinner',
      date: futureDate(30),
      ticketTypes: [{ name: 'Seat', price: 0, quantity: 20 }],
    });
    // Tomorrow evening in New York is at most ~50 hours away, whatever the UTC time now.
    await pool().query(`update public.events set reminder_hours = 72 where id = any($1)`, [[soon.id, later.id]]);
    const free = async (eventId: string, ticketTypeId: string) =>
      (
        await callFunction('process-square-payment', {
          amount: 0,
          idempotencyKey: randomUUID(),
          reservationData: { eventId, ticketTypeId, num_guests: 1, ...guest('reminded') },
        })
      ).body.reservationId as string;
    const kept = [
      await free(soon.id, soon.ticketTypes[0].id),
      await free(soon.id, soon.ticketTypes[0].id),
      await free(soon.id, soon.ticketTypes[0].id),
    ];
    const cancelled = await free(soon.id, soon.ticketTypes[0].id);
    await pool().query(`update public.reservations set status = 'cancelled' where id = $1`, [cancelled]);
    const notYet = await free(later.id, later.ticketTypes[0].id);

    // Two runs at the same moment, each in its own session.
    const runs = await Promise.all(
      [0, 1].map(async () => {
        const client = new pg.Client({ connectionString: stackEnv().dbUrl });
        await client.connect();
        try {
          return (await client.query<{ n: number }>(`select public.enqueue_due_reminders() as n`)).rows[0].n;
        } finally {
          await client.end();
        }
      }),
    );
    // (The stack's own timer may have queued some of them first: what counts is the outbox.)
    expect(runs.every((n) => n >= 0)).toBe(true);
    const reminders = await sql<{ reservation_id: string; n: number }>(
      `select reservation_id, count(*)::int as n from public.email_outbox where kind = 'booking_reminder' and reservation_id = any($1) group by reservation_id`,
      [[...kept, cancelled, notYet]],
    );
    expect(reminders.map((r) => r.reservation_id).sort()).toEqual([...kept].sort());
    expect(reminders.every((r) => r.n === 1)).toBe(true);
    await pool().query(`select public.enqueue_due_reminders()`);
    const again = await sql(`select 1 from public.email_outbox where kind = 'booking_reminder' and reservation_id = any($1)`, [kept]);
    expect(again).toHaveLength(3);
  });

  it('0 hours turns reminders off', async () => {
    const event = await tomorrowsDinner('No Reminder Dinner', { price: 0, quantity: 5 }, 0);
    const id = (
      await callFunction('process-square-payment', {
        amount: 0,
        idempotencyKey: randomUUID(),
        reservationData: { eventId: event.id, ticketTypeId: event.ticketTypes[0].id, num_guests: 1, ...guest('off') },
      })
    ).body.reservationId;
    await pool().query(`select public.enqueue_due_reminders()`);
    expect(await sql(`select 1 from public.email_outbox where kind = 'booking_reminder' and reservation_id = $1`, [id])).toHaveLength(0);
  });
});

describe('the thank-you after the dinner', () => {
  it("thanks the guest the morning after, in the branded layout, with a link to the host's page, once its host turns it on", async () => {
    const event = await tomorrowsDinner('Thankful Supper', { price: 9500, quantity: 10 }, 0);
    const b = await book(event.id, event.ticketTypes[0].id);
    const { error } = await staff.client.rpc('staff_set_thank_you_emails', { p_org_id: org.id, p_on: true });
    expect(error).toBeNull();
    const review = await staff.client.rpc('staff_set_review_link', { p_org_id: org.id, p_url: 'https://g.page/r/lantern-table/review' });
    expect(review).toMatchObject({ error: null, data: 'https://g.page/r/lantern-table/review' });
    // The morning after the dinner, on its own clock.
    const morningAfter = `select public.enqueue_due_thank_yous(((e.date + 1) + time '10:05') at time zone e.event_timezone) from public.events e where e.id = $1`;
    await pool().query(morningAfter, [event.id]);
    await pool().query(morningAfter, [event.id]);
    const [thanks] = await mailOfKind(b.email, 'booking_thank_you');
    expect(thanks.subject).toBe('Thank you for joining us at Thankful Supper');
    expect(thanks.body_text).toContain('Thank you for coming to Thankful Supper');
    expect(thanks.body_text).toMatch(new RegExp(`See our upcoming dates[\\s\\S]*${stackEnv().siteUrl}/${org.slug}`));
    expect(thanks.body_html).toContain('Lantern Table');
    expect(thanks.body_text).toMatch(/Leave us a review[\s\S]*https:\/\/g\.page\/r\/lantern-table\/review/);
    expect(thanks.body_html).toContain('href="https://g.page/r/lantern-table/review"');
    expect(await sql(`select 1 from public.email_outbox where kind = 'booking_thank_you' and reservation_id = $1`, [b.reservationId])).toHaveLength(
      1,
    );
  });
});

describe('notices before a booking', () => {
  it('"You are on the waitlist" is the branded layout with the party, and no booking code or manage link', async () => {
    const event = await createEvent(org.id, { title: 'Full House Supper', ticketTypes: [{ name: 'Counter Seat', price: 0, quantity: 1 }] });
    const ticketTypeId = event.ticketTypes[0].id;
    const seated = await callFunction('process-square-payment', {
      idempotencyKey: randomUUID(),
      reservationData: { eventId: event.id, ticketTypeId, num_guests: 1, ...guest('seated') },
    });
    expect(seated.body).toMatchObject({ success: true });
    const email = guest('waiting').email;
    const joined = await callFunction('join-waitlist', { eventId: event.id, ticketTypeId, name: 'Wren Waiting', email, partySize: 3 });
    expect(joined.body).toMatchObject({ success: true, position: 1 });

    const [mail] = await mailOfKind(email, 'waitlist_joined');
    expect(mail.subject).toBe('You are on the waitlist: Full House Supper');
    for (const part of [mail.body_text, mail.body_html!]) {
      expect(part).toContain('Hi Wren Waiting,');
      expect(part).toContain('If seats free up, we will hold them for you and email you a link to claim them.');
      expect(part).toContain('Counter Seat');
      expect(part).toContain(`${stackEnv().siteUrl}/${org.slug}`);
      expect(part).not.toContain('Booking code');
      expect(part).not.toContain('/booking/');
      // The way off the list, in both parts.
      expect(part).toMatch(new RegExp(`${stackEnv().siteUrl}/waitlist/leave/[A-Za-z0-9_-]{43}`));
    }
    expect(mail.body_text).toMatch(/Leave the waitlist: http\S+\/waitlist\/leave\//);
    expect(mail.body_text).toContain('Guests: 3');
    expect(mail.body_html).toContain('#1d4ed8');
    expect(mail.attachments.filter((a) => a.filename.endsWith('.ics'))).toEqual([]);
  });

  it("a payment link is the branded layout with the amount, the hold's end and a Pay button; the private address waits for payment", async () => {
    const event = await createEvent(org.id, {
      title: 'Phone Order Dinner',
      event_timezone: 'America/Chicago',
      ticketTypes: [{ name: 'Seat', price: 6000, quantity: 4 }],
    });
    await pool().query(`insert into public.event_private_details (event_id, org_id, private_address) values ($1, $2, '9 Secret Row')`, [
      event.id,
      org.id,
    ]);
    const email = guest('phone-order').email;
    const entered = await staff.client.rpc('staff_create_booking', {
      p_event_id: event.id,
      p_ticket_type_id: event.ticketTypes[0].id,
      p_rsvp_slot_id: null,
      p_guests: 2,
      p_name: 'Pia Phone',
      p_email: email,
      p_mode: 'payment_link',
    });
    expect(entered.error).toBeNull();

    const [mail] = await mailOfKind(email, 'payment_link');
    expect(mail.subject).toBe('Complete your booking at Lantern Table: Phone Order Dinner');
    const token = mail.body_text.match(/\/pay\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token, mail.body_text).toBeDefined();
    for (const part of [mail.body_text, mail.body_html!]) {
      expect(part).toMatch(/are held for you until \w+day, \w+ \d{1,2} at \d{1,2}:\d{2} [AP]M Central Time\. Pay \$120\.00 to confirm them\./);
      expect(part).toContain('Pay $120.00');
      expect(part).toContain(`${stackEnv().siteUrl}/pay/${token}`);
      expect(part).toContain('Guests');
      expect(part).not.toContain('9 Secret Row');
    }
    expect(mail.body_text).toContain('Amount due: $120.00');
    expect(mail.body_html).toContain('#1d4ed8');
    // The link opens the held booking.
    const view = await callFunction('waitlist-offer', { token, action: 'view' });
    expect(view.body.offer).toMatchObject({ kind: 'payment_link', status: 'open', total_cents: 12000 });
  });
});

describe('the team invitation', () => {
  it("is the organization's branded layout with an Accept button, the inviter and the link's end", async () => {
    const email = guest('new-cook').email;
    const invited = await staff.client.rpc('staff_invite_member', { p_org_id: org.id, p_email: email }).single();
    expect(invited.error).toBeNull();
    const { token, expires_at } = invited.data as { token: string; expires_at: string };

    const [mail] = await mailOfKind(email.toLowerCase(), 'team_invitation');
    expect(mail.subject).toBe('You are invited to join Lantern Table on SupperHost');
    const link = `${stackEnv().siteUrl}/admin/join/${token}`;
    // The link's end in UTC as the email writes it, e.g. 'December 2, 2026 at 22:31'.
    const end = new Date(expires_at);
    const until = `${end.toLocaleString('en-US', { timeZone: 'UTC', month: 'long' })} ${end.getUTCDate()}, ${end.getUTCFullYear()} at ${end.toISOString().slice(11, 16)}`;
    for (const part of [mail.body_text, mail.body_html!]) {
      expect(part).toContain(link);
      expect(part).toContain(`${staff.email} invited you to join Lantern Table on SupperHost`);
      expect(part).toContain(`The link works for 7 days, until ${until} UTC.`);
      expect(part).toContain('Accept the invitation');
    }
    expect(mail.body_html).toContain('#1d4ed8');
  });
});

describe('templates staff edit', () => {
  it('the next confirmation uses the edited template; markup in it stays text', async () => {
    const own = await createOrg({ ...brandedAs('Template Kitchen'), members: [staff] });
    const saved = await staff.client.from('email_templates').insert({
      org_id: own.id,
      name: 'Our confirmation',
      template_type: 'booking_confirmation',
      subject: '{{guest_name}}, see you at {{event_title}}',
      body: 'Dear {{guest_name}},\n\nTable for {{guests}} on {{event_date}}. <script>alert(1)</script><img src=x onerror=alert(2)>\n\nCode {{booking_code}}',
    });
    expect(saved.error).toBeNull();
    const event = await createEvent(own.id, { title: 'Template Night', ticketTypes: [{ name: 'Seat', price: 9500, quantity: 5 }] });
    const b = await book(event.id, event.ticketTypes[0].id, guest('tmpl').email, 1);
    const [mail] = await mailOfKind(b.email, 'booking_confirmation');
    expect(mail.subject).toBe('Iris Inbox, see you at Template Night');
    expect(mail.body_text).toContain('Table for 1 on');
    expect(mail.body_text).toContain(`Code ${b.bookingCode}`);
    expect(mail.body_html).not.toContain('<script>');
    expect(mail.body_html).not.toContain('<img src=x');
    expect(mail.body_html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses an unknown placeholder with its name', async () => {
    const { error } = await staff.client.from('email_templates').insert({
      org_id: org.id,
      name: 'Broken',
      template_type: 'waitlist_offer',
      subject: 'Hello {{guest_nme}}',
      body: 'x',
    });
    expect(error?.message).toContain('Unknown placeholder {{guest_nme}}');
  });
});

describe('placeholders', () => {
  it("the renderer's list is SQL's list, and every default template uses only them", async () => {
    const script = `
import { DEFAULT_TEMPLATES, PLACEHOLDERS, unknownPlaceholder } from './supabase/functions/_shared/email/templates.ts';
const unknown = Object.values(DEFAULT_TEMPLATES).map((t) => unknownPlaceholder(t.subject + t.body)).filter(Boolean);
console.log(JSON.stringify({ placeholders: PLACEHOLDERS, unknown }));`;
    const stdout = await denoEval(script);
    const { placeholders, unknown } = JSON.parse(stdout.trim().split('\n').at(-1)!);
    const sqlList = await one<{ list: string[] }>(pool(), `select public.email_placeholders() as list`);
    expect([...placeholders].sort()).toEqual([...sqlList.list].sort());
    expect(unknown).toEqual([]);
  });
});
