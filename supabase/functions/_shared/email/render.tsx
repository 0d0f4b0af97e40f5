/** @jsxRuntime classic */
/** @jsx React.createElement */
// The branded email: one layout for every kind (confirmation, reminder, cancellation, refund,
// a charge that could not become a booking, a staff message, a waitlist offer, a place on the
// waitlist, a payment link staff sent for seats they hold; for staff, an invitation to join the
// organization's team; and, from SupperHost itself, the acknowledgement of a pop-up chef's
// inquiry and the team's reply to it),
// built from React Email's components into HTML plus a plain-text alternative, with the
// booking's .ics.
//
// Input: the facts SQL recorded with the message (public.email_data → email_outbox.
// template_data). The organization's template (subject and body, with {{placeholders}}) is
// the personal part; the layout adds the details (event, date and time in the event's
// timezone, guests, what was paid, the policy, the address, the booking code, links). All
// text, template text included, goes through React as text: never raw HTML. The layout uses
// no remote resources: the logo, when there is one, is attached inline (cid:logo) by the
// sender; colors are the organization's, with a dark-mode palette.
//
// Imports templates.ts, calendar.ts and ../event-time.ts (the dates and times every page writes too).
// Each component from its own package: the @react-email/components bundle also loads Tailwind's
// compiler, Prism and Marked, about 280 ms more at every function's cold start (docs/BENCHMARKS.md).
import { Body } from 'npm:@react-email/body@0.3.0';
import { Button } from 'npm:@react-email/button@0.2.1';
import { Column } from 'npm:@react-email/column@0.0.14';
import { Container } from 'npm:@react-email/container@0.0.16';
import { Head } from 'npm:@react-email/head@0.0.13';
import { Hr } from 'npm:@react-email/hr@0.0.12';
import { Html } from 'npm:@react-email/html@0.0.12';
import { Img } from 'npm:@react-email/img@0.0.12';
import { Preview } from 'npm:@react-email/preview@0.0.14';
import { Row } from 'npm:@react-email/row@0.0.13';
import { Section } from 'npm:@react-email/section@0.0.17';
import { Text } from 'npm:@react-email/text@0.1.6';
import { renderToStaticMarkup } from 'npm:react-dom@19.3.1/server';
// @ts-types="npm:@types/react@19.3.0"
import * as React from 'npm:react@19.3.1';
import { eventTimeWithZone, formatCalendarDate, formatEventTime, labelBesideTime, zoneName } from '../event-time.ts';
import { type CalendarEvent, googleCalendarLink, icsFile, outlookCalendarLink } from './calendar.ts';
import { guestCount } from '../words.ts';
import { DEFAULT_TEMPLATES, fillPlaceholders, type PlaceholderValues, type TemplateText, type TemplateType } from './templates.ts';

export interface EmailData {
  kind:
    | 'booking_confirmation'
    | 'booking_reminder'
    | 'booking_cancellation'
    | 'booking_refund'
    | 'booking_changed'
    | 'booking_refunded'
    | 'booking_handed_over'
    | 'booking_moved'
    | 'booking_thank_you'
    | 'guest_message'
    | 'waitlist_offer'
    | 'payment_link'
    | 'waitlist_joined'
    | 'waitlist_closed';
  template: TemplateText | null;
  org: { name: string; slug: string; logo_url: string | null; primary_color: string | null; secondary_color: string | null };
  guest: { name: string; email: string };
  /** For 'waitlist_joined' and 'waitlist_closed' (public.waitlist_email_data): the party waiting; code and manage_path are empty. */
  booking: {
    reservation_id: string;
    code: string;
    guests: number;
    ticket_type: string | null;
    time_slot: string | null;
    /** The add-ons in words ("2 × Wine pairing, 1 × Corkage"); absent or null when none. */
    addons?: string | null;
    manage_path: string;
    /** A party's link for the booker to share (/seat/{token}); absent for a party of one. */
    party_path?: string | null;
    status: string;
  };
  event: {
    title: string;
    date: string;
    time: string;
    timezone: string;
    starts_at: string;
    location_name: string | null;
    location_address: string | null;
    address: string | null;
    address_later: boolean;
    reminder_hours: number;
  };
  money: {
    subtotal_cents: number;
    discount_cents: number;
    /** Service charge and tax in total_cents (absent from emails queued without them: none). */
    service_charge_cents?: number;
    tax_cents?: number;
    /** 'all_in': one amount that "includes tax and service charge". */
    price_display?: 'itemized' | 'all_in';
    total_cents: number;
    is_deposit: boolean;
    promo_code: string | null;
    policy: string;
  };
  /** Cancellation / refund notices: sentences written by SQL in the deciding transaction. */
  notice?: {
    opening: string;
    money_line: string | null;
    paid_line: string | null;
    subject: string;
    refund_cents: number;
    refund_status: string;
    /** The host's words when the whole dinner was cancelled (staff_cancel_event). */
    host_message?: string | null;
  };
  /** 'waitlist_closed': the dinner was cancelled while the party waited (staff_cancel_event). */
  closing?: { host_message: string };
  /** A staff message (guest_message). */
  message?: { subject: string; body: string };
  /** A staff message to the guest of a claimed seat (enqueue_seat_guest_message): their seat's link; the booking's manage_path is empty. */
  seat?: { path: string };
  /** A waitlist offer, or a payment link (claim_path /pay/{token}). */
  offer?: { claim_path: string; expires_at: string; guests: number };
  /** Every waitlist email (waitlist_joined, waitlist_offer): the guest's link off the list. */
  waitlist?: { leave_path: string };
  /** A thank-you (booking_thank_you): where the organization asks guests to review it (http(s), org_email_settings.review_url). */
  review?: { url: string };
}

/** An invitation to join an organization's team (staff_invite_member); no booking, no event. */
export interface InvitationData {
  kind: 'team_invitation';
  org: EmailData['org'];
  /** The invited address (name is empty). */
  guest: { name: string; email: string };
  /** role: what the invitee will be (090_team.sql: an owner or staff); absent in invitations queued before roles existed. */
  invitation: { inviter: string | null; join_path: string; expires_at: string; role?: 'owner' | 'staff' };
}

/** What each role does, as the invitation says it (the SQL body_text of staff_invite_member says the same). */
const INVITED_AS = {
  owner: 'as an owner, to run its events, reservations, team, payments and booking page.',
  staff: 'as staff, to run its events, reservations and door.',
} as const;

/**
 * A pop-up chef's inquiry (supabase/schemas/110_chef_signups.sql): its acknowledgement, or the
 * SupperHost team's reply (message). From the platform: org is SupperHost's own name.
 */
export interface ChefInquiryData {
  kind: 'chef_inquiry_received' | 'chef_inquiry_reply';
  org: EmailData['org'];
  guest: { name: string; email: string };
  inquiry: { id: string; created_at: string };
  message?: { subject: string; body: string };
}

/** What an outbox row's template_data holds. */
export type TemplateData = EmailData | InvitationData | ChefInquiryData;

export interface EmailAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
  /** Inline attachments (the logo) are referenced as cid:<content_id>. */
  content_id?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
}

const TEMPLATE_OF: Partial<Record<EmailData['kind'], TemplateType>> = {
  booking_confirmation: 'booking_confirmation',
  booking_reminder: 'reminder',
  booking_cancellation: 'cancellation',
  guest_message: 'guest_message',
  waitlist_offer: 'waitlist_offer',
  booking_thank_you: 'thank_you',
};

// Intl formatters are made once per worker: building one costs far more than formatting with
// it, and every email formats several values (a rush sends hundreds of emails).
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** A moment in UTC, 'December 2, 2026 at 22:31' (a team invitation's end: staff may be anywhere). */
const UTC_MOMENT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const zoned = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The day and time formatters of one timezone (at most a few dozen timezones are ever used). */
function zonedFormats(timeZone: string) {
  let formats = zoned.get(timeZone);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
    zoned.set(timeZone, formats);
  }
  return formats;
}

export const dollars = (cents: number) => USD.format(cents / 100);

/** 'Saturday, December 5, 2026' for a calendar date (no timezone shift). */
export const longDate = (date: string) => formatCalendarDate(date, 'long');

/** '8:30 PM Eastern Time': the event's start (or its seating's) on its own clock, as every page writes it. */
const eventTime = (event: EmailData['event']) => eventTimeWithZone(event, 'long');

/** A moment in the event's timezone: 'Friday, December 4 at 9:00 AM Eastern Time'. */
export function momentIn(iso: string, timezone: string): string {
  const date = new Date(iso);
  const formats = zonedFormats(timezone);
  const day = formats.day.format(date);
  // Edge Runtime's ICU (Deno 2.1.4) puts a narrow no-break space before AM/PM; the email's
  // other times (event-time.ts) have a plain one.
  const time = formats.time.format(date).replace(/\u202f/g, ' ');
  return `${day} at ${time} ${zoneName(timezone)}`;
}

function readableOn(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#ffffff';
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#1c1917' : '#ffffff';
}

const safeColor = (value: string | null, fallback: string) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

function publicLocation(data: EmailData): string {
  return [data.event.location_name, data.event.location_address].filter(Boolean).join(', ');
}

/** The values of every placeholder for this message. */
export function placeholderValues(data: EmailData, siteUrl: string): PlaceholderValues {
  return {
    guest_name: data.guest.name,
    event_title: data.event.title,
    event_date: longDate(data.event.date),
    event_time: eventTime(data.event),
    guests: String(data.offer?.guests ?? data.booking.guests),
    party_size: guestCount(data.offer?.guests ?? data.booking.guests),
    booking_code: data.booking.code,
    // A seat's guest gets their seat's link, and not what the booker paid.
    manage_link: `${siteUrl}${data.seat?.path ?? data.booking.manage_path}`,
    address: data.event.address ?? publicLocation(data),
    org_name: data.org.name,
    ticket_type: data.booking.ticket_type ?? data.booking.time_slot ?? '',
    total: data.seat ? '' : dollars(data.money.total_cents),
    refund_policy: data.money.policy,
    refund_amount: data.notice ? dollars(data.notice.refund_cents) : '',
    claim_link: data.offer ? `${siteUrl}${data.offer.claim_path}` : '',
    offer_expires: data.offer ? momentIn(data.offer.expires_at, data.event.timezone) : '',
  };
}

/** The subject and the personal text: the organization's template (or the default), filled. */
function personalPart(data: EmailData, values: PlaceholderValues): TemplateText {
  if (data.kind === 'guest_message' && data.message) {
    return { subject: fillPlaceholders(data.message.subject, values), body: fillPlaceholders(data.message.body, values) };
  }
  // Not editable: the words of the guest's own request (a place on the list, seats held to pay for).
  if (data.kind === 'waitlist_joined') {
    return {
      subject: `You are on the waitlist: ${data.event.title}`,
      body: `Hi ${data.guest.name},\n\nYou are on the waitlist for ${data.event.title}. If seats free up, we will hold them for you and email you a link to claim them.`,
    };
  }
  if (data.kind === 'waitlist_closed') {
    return {
      subject: `Cancelled: ${data.event.title}`,
      body: `Hi ${data.guest.name},\n\n${data.org.name} has cancelled ${data.event.title} on ${longDate(data.event.date)}. Its waitlist is closed, so no seats will be offered to you.`,
    };
  }
  if (data.kind === 'payment_link' && data.offer) {
    return {
      subject: `Complete your booking at ${data.org.name}: ${data.event.title}`,
      body: `Hi ${data.guest.name},\n\nYour seats for ${data.event.title} are held for you until ${momentIn(data.offer.expires_at, data.event.timezone)}. Pay ${dollars(data.money.total_cents)} to confirm them.`,
    };
  }
  const type = TEMPLATE_OF[data.kind];
  if (type) {
    const template = data.template ?? DEFAULT_TEMPLATES[type];
    return { subject: fillPlaceholders(template.subject, values), body: fillPlaceholders(template.body ?? '', values) };
  }
  // Refund and change notices are not editable: their sentences come from the deciding SQL.
  return {
    subject: data.notice?.subject ?? `About your reservation at ${data.org.name}`,
    body: `Hi ${data.guest.name},\n\n${data.notice?.opening ?? ''}`,
  };
}

interface Detail {
  label: string;
  value: string;
}

function details(data: EmailData): Detail[] {
  // A message from the host, or a thank-you after the dinner: the text alone.
  if (data.kind === 'guest_message' || data.kind === 'booking_thank_you') return [];
  const rows: Detail[] = [
    { label: 'Event', value: data.event.title },
    { label: 'Date', value: longDate(data.event.date) },
    { label: 'Time', value: eventTime(data.event) },
  ];
  const location = publicLocation(data);
  if (location) rows.push({ label: 'Location', value: location });
  if (data.event.address) rows.push({ label: 'Address', value: data.event.address });
  else if (data.event.address_later) {
    rows.push({ label: 'Address', value: `Sent with your reminder, ${data.event.reminder_hours} hours before the dinner` });
  }
  rows.push({ label: 'Guests', value: String(data.offer?.guests ?? data.booking.guests) });
  if (data.booking.ticket_type) rows.push({ label: 'Ticket', value: data.booking.ticket_type });
  // A seating named by its time alone is the Time row already.
  const slot = labelBesideTime(data.booking.time_slot, data.event.time);
  if (slot) rows.push({ label: 'Time slot', value: formatEventTime(slot) });
  if (data.booking.addons) rows.push({ label: 'Add-ons', value: data.booking.addons });
  if (data.kind === 'booking_confirmation' || data.kind === 'booking_reminder') {
    const m = data.money;
    const service = m.service_charge_cents ?? 0;
    const tax = m.tax_cents ?? 0;
    const itemized = m.price_display !== 'all_in' && service + tax > 0;
    if (m.discount_cents > 0 || itemized) rows.push({ label: 'Subtotal', value: dollars(m.subtotal_cents) });
    if (m.discount_cents > 0) {
      rows.push({ label: `Discount${m.promo_code ? ` (${m.promo_code})` : ''}`, value: `-${dollars(m.discount_cents)}` });
    }
    if (itemized && service > 0) rows.push({ label: 'Service charge', value: dollars(service) });
    if (itemized && tax > 0) rows.push({ label: 'Tax', value: dollars(tax) });
    rows.push({
      label: m.total_cents === 0 ? 'Total' : m.is_deposit ? 'Deposit paid' : 'Total paid',
      value: m.total_cents === 0 ? 'Free' : `${dollars(m.total_cents)}${!itemized && service + tax > 0 ? ' (includes tax and service charge)' : ''}`,
    });
    rows.push({ label: 'Cancellation policy', value: m.policy });
  } else if (data.kind === 'payment_link') {
    rows.push({ label: 'Amount due', value: dollars(data.money.total_cents) });
    rows.push({ label: 'Cancellation policy', value: data.money.policy });
  }
  if (data.kind !== 'waitlist_offer' && data.kind !== 'waitlist_joined' && data.kind !== 'waitlist_closed') {
    rows.push({ label: 'Booking code', value: data.booking.code });
  }
  return rows;
}

function calendarEvent(data: EmailData, siteUrl: string): CalendarEvent {
  return {
    uid: `${data.booking.reservation_id}@supperhost`,
    title: `${data.event.title} (${data.org.name})`,
    startsAt: data.event.starts_at,
    localDate: data.event.date,
    localTime: data.event.time,
    timezone: data.event.timezone,
    location: data.event.address ?? publicLocation(data),
    description: `Booking code ${data.booking.code}, ${guestCount(data.booking.guests)}. Manage your booking: ${siteUrl}${data.booking.manage_path}`,
    url: `${siteUrl}${data.booking.manage_path}`,
  };
}

/** Base64 of bytes, in chunks (no argument-count limit). */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const paragraphs = (text: string) => text.split(/\n{2,}/).filter((p) => p.trim() !== '');

interface Link {
  label: string;
  href: string;
  primary?: boolean;
}

/** What one message says: its words, details, notes and links, for its HTML and its text part alike. */
interface Message {
  org: EmailData['org'];
  /** The address the message is sent to (shown in the footer). */
  recipient: string;
  personal: TemplateText;
  rows: Detail[];
  notes: string[];
  links: Link[];
  /** The host's own words (a cancelled dinner), shown apart from the layout's. */
  hostMessage?: string | null;
}

function Layout(props: Message & { hasLogo: boolean }): React.ReactNode {
  const { org, recipient, personal, rows, notes, links, hasLogo, hostMessage } = props;
  const brand = safeColor(org.primary_color, '#7c2d12');
  const onBrand = readableOn(brand);
  const css = `
    :root { color-scheme: light dark; supported-color-schemes: light dark; }
    @media (prefers-color-scheme: dark) {
      .sh-body { background: #1c1917 !important; }
      .sh-card { background: #292524 !important; border-color: #44403c !important; }
      .sh-text, .sh-value { color: #f5f5f4 !important; }
      .sh-label, .sh-muted { color: #d6d3d1 !important; }
    }
    @media only screen and (max-width: 480px) { .sh-card { padding: 16px !important; } .sh-label { width: 40% !important; } }`;
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{css}</style>
      </Head>
      <Preview>{personal.subject}</Preview>
      <Body className="sh-body" style={{ backgroundColor: '#f5f5f4', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '16px 0' }}>
        <Container style={{ width: '100%', maxWidth: '560px', margin: '0 auto' }}>
          <Section style={{ backgroundColor: brand, color: onBrand, padding: '20px 24px', borderRadius: '12px 12px 0 0' }}>
            {hasLogo ? <Img src="cid:logo" alt="" height="40" style={{ height: '40px', width: 'auto', marginBottom: '8px' }} /> : null}
            <Text style={{ color: onBrand, fontSize: '20px', fontWeight: 700, margin: 0 }}>{org.name}</Text>
          </Section>
          <Section
            className="sh-card"
            style={{ backgroundColor: '#ffffff', border: '1px solid #e7e5e4', borderTop: 'none', borderRadius: '0 0 12px 12px', padding: '24px' }}
          >
            {paragraphs(personal.body).map((p, i) => (
              <Text
                key={i}
                className="sh-text"
                style={{ color: '#1c1917', fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', whiteSpace: 'pre-line' }}
              >
                {p}
              </Text>
            ))}
            {hostMessage ? (
              <Section style={{ borderLeft: `4px solid ${brand}`, padding: '4px 0 4px 12px', margin: '0 0 12px' }}>
                <Text className="sh-label" style={{ color: '#57534e', fontSize: '14px', lineHeight: '20px', margin: '0 0 4px', fontWeight: 600 }}>
                  {`A message from ${org.name}`}
                </Text>
                <Text className="sh-text" style={{ color: '#1c1917', fontSize: '16px', lineHeight: '24px', margin: 0, whiteSpace: 'pre-line' }}>
                  {hostMessage}
                </Text>
              </Section>
            ) : null}
            {notes.map((note, i) => (
              <Text
                key={`n${i}`}
                className="sh-text"
                style={{ color: '#1c1917', fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', fontWeight: 600 }}
              >
                {note}
              </Text>
            ))}
            {rows.length ? <Hr style={{ borderColor: '#e7e5e4', margin: '16px 0' }} /> : null}
            {rows.map((row) => (
              <Row key={row.label} style={{ marginBottom: '6px' }}>
                <Column
                  className="sh-label"
                  style={{ width: '38%', verticalAlign: 'top', color: '#57534e', fontSize: '14px', lineHeight: '20px', paddingRight: '8px' }}
                >
                  {row.label}
                </Column>
                <Column
                  className="sh-value"
                  style={{ verticalAlign: 'top', color: '#1c1917', fontSize: '14px', lineHeight: '20px', fontWeight: 600 }}
                >
                  {row.value}
                </Column>
              </Row>
            ))}
            {links.length ? <Hr style={{ borderColor: '#e7e5e4', margin: '16px 0' }} /> : null}
            {links.map((link) =>
              link.primary ? (
                <Button
                  key={link.href}
                  href={link.href}
                  style={{
                    backgroundColor: brand,
                    color: onBrand,
                    borderRadius: '8px',
                    padding: '12px 20px',
                    fontSize: '16px',
                    fontWeight: 600,
                    display: 'inline-block',
                    margin: '0 8px 8px 0',
                  }}
                >
                  {link.label}
                </Button>
              ) : (
                <Button
                  key={link.href}
                  href={link.href}
                  className="sh-text"
                  style={{
                    color: brand,
                    border: `1px solid ${brand}`,
                    borderRadius: '8px',
                    padding: '10px 16px',
                    fontSize: '14px',
                    display: 'inline-block',
                    margin: '0 8px 8px 0',
                  }}
                >
                  {link.label}
                </Button>
              ),
            )}
          </Section>
          <Text className="sh-muted" style={{ color: '#78716c', fontSize: '12px', lineHeight: '18px', textAlign: 'center', margin: '12px 16px' }}>
            {org.name === 'SupperHost' ? `SupperHost · sent to ${recipient}` : `${org.name} · sent with SupperHost to ${recipient}`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * React Email's doctype. The layout is synchronous, so React's one-pass static renderer does
 * what React Email's render() does with a stream (and Suspense) at about half the CPU, which a
 * rush of confirmations pays once per email (docs/BENCHMARKS.md), and without React's
 * hydration comments.
 */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The message as sent: the layout's HTML, and its text part (the same words and links). */
function assemble(props: Message, logo: EmailAttachment | null, attachments: EmailAttachment[]): RenderedEmail {
  const { org, personal, rows, notes, links, hostMessage } = props;
  if (logo) attachments.push(logo);
  const html = DOCTYPE + renderToStaticMarkup(<Layout {...props} hasLogo={logo !== null} />);
  const text = [
    personal.body.trim(),
    hostMessage ? `A message from ${org.name}:\n${hostMessage}` : null,
    ...notes,
    rows.length ? rows.map((r) => `${r.label}: ${r.value}`).join('\n') : null,
    links.length ? links.map((l) => `${l.label}: ${l.href}`).join('\n') : null,
    org.name,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  return { subject: personal.subject.replace(/[\r\n]+/g, ' ').trim(), text, html, attachments };
}

/** The invitation to join a team: who invited, the link, until when it works. */
function renderInvitation(data: InvitationData, site: string, logo: EmailAttachment | null): RenderedEmail {
  const org = data.org.name;
  const as = data.invitation.role ? ` ${INVITED_AS[data.invitation.role]}` : ', to run its events, reservations and booking page.';
  const invited = `${data.invitation.inviter ?? `A member of ${org}`} invited you to join ${org} on SupperHost${as}`;
  const until = `${UTC_MOMENT.format(new Date(data.invitation.expires_at))} UTC`;
  const personal = {
    subject: `You are invited to join ${org} on SupperHost`,
    body: [
      'Hello,',
      invited,
      `Sign in or create an account with this email address (${data.guest.email}) to join. The link works for 7 days, until ${until}.`,
      'If you did not expect this invitation, you can ignore this email.',
    ].join('\n\n'),
  };
  const links = [{ label: 'Accept the invitation', href: `${site}${data.invitation.join_path}`, primary: true }];
  return assemble({ org: data.org, recipient: data.guest.email, personal, rows: [], notes: [], links }, logo, []);
}

const isChefInquiry = (data: TemplateData): data is ChefInquiryData => data.kind === 'chef_inquiry_received' || data.kind === 'chef_inquiry_reply';

/** What a pop-up chef gets: the acknowledgement of the inquiry, or the team's reply in its words. */
function renderChefInquiry(data: ChefInquiryData): RenderedEmail {
  const personal =
    data.kind === 'chef_inquiry_reply' && data.message
      ? { subject: data.message.subject, body: data.message.body }
      : {
          subject: 'We received your pop-up inquiry',
          body: [
            `Hi ${data.guest.name},`,
            'Thanks for your interest! We’ll review your submission shortly.',
            'We typically respond within a few days.',
          ].join('\n\n'),
        };
  return assemble({ org: data.org, recipient: data.guest.email, personal, rows: [], notes: [], links: [] }, null, []);
}

/**
 * Renders one message. `siteUrl` is where the site is served (SITE_URL); `logo` an already
 * fetched logo to attach inline (the sender fetches it; null: the name alone).
 */
export async function renderEmail(data: TemplateData, siteUrl: string, logo: EmailAttachment | null = null): Promise<RenderedEmail> {
  const site = siteUrl.replace(/\/+$/, '');
  if (data.kind === 'team_invitation') return renderInvitation(data, site, logo);
  if (isChefInquiry(data)) return renderChefInquiry(data);
  const values = placeholderValues(data, site);
  const personal = personalPart(data, values);
  const rows = details(data);
  const notes = [data.notice?.money_line, data.notice?.paid_line].filter((n): n is string => Boolean(n));
  const links: Link[] = [];
  const attachments: EmailAttachment[] = [];
  const calendar = calendarEvent(data, site);

  if (data.kind === 'waitlist_offer' && data.offer) links.push({ label: 'Claim your seats', href: `${site}${data.offer.claim_path}`, primary: true });
  if (data.kind === 'payment_link' && data.offer) {
    links.push({ label: `Pay ${dollars(data.money.total_cents)}`, href: `${site}${data.offer.claim_path}`, primary: true });
  }
  if (data.kind === 'waitlist_joined' || data.kind === 'waitlist_closed') {
    links.push({ label: `More from ${data.org.name}`, href: `${site}/${data.org.slug}` });
  }
  if (data.kind === 'booking_thank_you') {
    // Only a web address becomes a button (the database keeps no other).
    const review = data.review && /^https?:\/\//i.test(data.review.url) ? data.review.url : null;
    if (review) links.push({ label: 'Leave us a review', href: review, primary: true });
    links.push({ label: 'See our upcoming dates', href: `${site}/${data.org.slug}`, primary: !review });
  }
  if (data.waitlist) links.push({ label: 'Leave the waitlist', href: `${site}${data.waitlist.leave_path}` });
  // A move to another date: the same calendar entry (its UID is the booking's), at the new date.
  if (data.kind === 'booking_confirmation' || data.kind === 'booking_reminder' || data.kind === 'booking_moved') {
    links.push({ label: 'Manage your booking', href: `${site}${data.booking.manage_path}`, primary: true });
    if (data.booking.party_path) links.push({ label: 'Invite your guests to their seats', href: `${site}${data.booking.party_path}` });
    links.push({ label: 'Add to Google Calendar', href: googleCalendarLink(calendar) });
    links.push({ label: 'Outlook', href: outlookCalendarLink(calendar) });
    attachments.push({
      filename: 'reservation.ics',
      content_type: 'text/calendar; charset=utf-8; method=PUBLISH',
      content_base64: base64(new TextEncoder().encode(icsFile(calendar))),
    });
  } else if (
    data.kind === 'booking_cancellation' ||
    data.kind === 'booking_refund' ||
    data.kind === 'booking_changed' ||
    data.kind === 'guest_message'
  ) {
    links.push(
      data.seat
        ? { label: 'View your seat', href: `${site}${data.seat.path}` }
        : { label: 'View your booking', href: `${site}${data.booking.manage_path}` },
    );
  }
  const hostMessage = data.notice?.host_message ?? data.closing?.host_message ?? null;
  return assemble({ org: data.org, recipient: data.guest.email, personal, rows, notes, links, hostMessage }, logo, attachments);
}
