// preview-email: what a guest would receive with a template staff are editing.
//
// verify_jwt = false (supabase/config.toml): the function verifies the caller's session itself
// (getCaller: a user's JWT, checked against the project's JWKS; 401 otherwise), and the caller must be a member of the organization (public.is_org_member, asked as the caller; 403
// otherwise). The given subject and body are rendered with sample data (a sample guest, a
// dinner two weeks ahead, or yesterday for a thank-you, a booking code, a paid total, the policy, an address) in the
// organization's branding, through the same renderer as every real email (email/render.tsx):
// template text stays text. Nothing is stored or sent.
//
// Request: { orgId, templateType, subject, body }
// → 200 { success: true, subject, html, text, defaults: { subject, body, name } }
// | 400 { success: false, error: 'Unknown placeholder {{x}}', code: 'unknown_placeholder' } | 401 | 403
import { z } from 'npm:zod@4.6.7';
import { zonedInstant } from '../_shared/event-time.ts';
import { type EmailData, renderEmail } from '../_shared/email/render.tsx';
import { guestCount } from '../_shared/words.ts';
import { DEFAULT_TEMPLATES, TEMPLATE_TYPES, type TemplateType, unknownPlaceholder } from '../_shared/email/templates.ts';
import { handler, json, refusal } from '../_shared/http.ts';
import { MAX_EMAIL_SUBJECT_LENGTH } from '../_shared/product.ts';
import { createUserClient, readSignedInRequest, sharedAdminClient } from '../_shared/supabase.ts';

/** The longest template body (SQL: email_templates.body, at most 20000 characters). */
const MAX_TEMPLATE_BODY_LENGTH = 20_000;

const inputSchema = z.object({
  orgId: z.uuid('orgId must be the id of an organization'),
  templateType: z.enum(TEMPLATE_TYPES, `templateType must be one of: ${TEMPLATE_TYPES.join(', ')}`),
  subject: z.string().max(MAX_EMAIL_SUBJECT_LENGTH, `Subject must be at most ${MAX_EMAIL_SUBJECT_LENGTH} characters`),
  body: z.string().max(MAX_TEMPLATE_BODY_LENGTH, `Body must be at most ${MAX_TEMPLATE_BODY_LENGTH} characters`),
});

const KIND_OF: Record<TemplateType, EmailData['kind']> = {
  booking_confirmation: 'booking_confirmation',
  reminder: 'booking_reminder',
  cancellation: 'booking_cancellation',
  waitlist_offer: 'waitlist_offer',
  guest_message: 'guest_message',
  thank_you: 'booking_thank_you',
};

const SAMPLE_TIMEZONE = 'America/New_York';
const SAMPLE_TIME = '19:00';
const SAMPLE_GUESTS = 2;
const SAMPLE_TOTAL_CENTS = 15_000;
const SAMPLE_POLICY = 'Full refund until 48 hours before the dinner; 50% after that';

/** Today's calendar date in `timezone`, plus `days` (YYYY-MM-DD). */
function dateAhead(days: number, timezone: string): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: timezone });
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant of a wall-clock date and time in `timezone` (ISO). */
function instantOf(date: string, time: string, timezone: string): string {
  return (zonedInstant(date, time, timezone) ?? new Date(`${date}T${time}Z`)).toISOString();
}

interface Branding {
  name: string;
  slug: string;
  logo_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
}

/** The sample booking, in the organization's branding, with the template being edited. */
function sampleData(type: TemplateType, org: Branding, template: { subject: string; body: string }): EmailData {
  // A thank-you follows a dinner that took place yesterday; the others come before one in two weeks.
  const date = dateAhead(type === 'thank_you' ? -1 : 14, SAMPLE_TIMEZONE);
  const startsAt = instantOf(date, SAMPLE_TIME, SAMPLE_TIMEZONE);
  const kind = KIND_OF[type];
  const data: EmailData = {
    kind,
    template: { subject: template.subject, body: template.body },
    // The preview shows the name and colors; the logo is added by the caller (see below).
    org: { ...org, logo_url: null },
    guest: { name: 'Alex Rivera', email: 'alex.rivera@example.com' },
    booking: {
      reservation_id: '00000000-0000-4000-8000-000000000000',
      code: 'HS7K2Q',
      guests: SAMPLE_GUESTS,
      ticket_type: 'Chef’s Table',
      time_slot: null,
      manage_path: '/booking/sample-manage-link',
      status: kind === 'booking_cancellation' ? 'cancelled' : 'confirmed',
    },
    event: {
      title: 'Harvest Supper',
      date,
      time: SAMPLE_TIME,
      timezone: SAMPLE_TIMEZONE,
      starts_at: startsAt,
      location_name: 'The Greenhouse',
      location_address: '48 Orchard Street, Brooklyn, NY 11201',
      address: '48 Orchard Street, Apt 3, Brooklyn, NY 11201',
      address_later: false,
      reminder_hours: 24,
    },
    money: {
      subtotal_cents: SAMPLE_TOTAL_CENTS,
      discount_cents: 0,
      total_cents: SAMPLE_TOTAL_CENTS,
      is_deposit: false,
      promo_code: null,
      policy: SAMPLE_POLICY,
    },
  };
  if (kind === 'booking_cancellation') {
    data.notice = {
      opening: `Your reservation for Harvest Supper (${guestCount(SAMPLE_GUESTS)}) has been cancelled.`,
      money_line: 'We have refunded $150.00 to the card you paid with. It usually appears on your statement within 5 to 10 business days.',
      paid_line: 'In total you paid $150.00; $150.00 of it has been refunded or is on its way.',
      subject: `Your reservation at ${org.name} is cancelled: Harvest Supper`,
      refund_cents: SAMPLE_TOTAL_CENTS,
      refund_status: 'completed',
    };
  }
  if (kind === 'waitlist_offer') {
    data.offer = {
      claim_path: '/waitlist/sample-claim-link',
      expires_at: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      guests: SAMPLE_GUESTS,
    };
  }
  if (kind === 'guest_message') data.message = { subject: template.subject, body: template.body };
  return data;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'preview emails');

    // Membership, asked as the caller (a super admin is a member of every organization).
    const { data: member, error: memberError } = await createUserClient(req).rpc('is_org_member', { org_id: input.orgId });
    if (memberError) throw refusal(500, 'Could not check your membership', 'lookup_failed');
    if (member !== true) throw refusal(403, 'You can only preview emails of your own organization', 'not_a_member');

    // The template's placeholders, checked as SQL checks them on save.
    const unknown = unknownPlaceholder(input.subject) ?? unknownPlaceholder(input.body);
    if (unknown !== null) throw refusal(400, `Unknown placeholder {{${unknown}}}`, 'unknown_placeholder');

    const admin = sharedAdminClient();
    const [{ data: org, error: orgError }, { data: branding, error: brandingError }] = await Promise.all([
      admin.from('organizations').select('name, slug').eq('id', input.orgId).maybeSingle(),
      admin.from('org_branding').select('brand_name, logo_url, primary_color, secondary_color').eq('org_id', input.orgId).maybeSingle(),
    ]);
    if (orgError || brandingError) throw refusal(500, 'Could not read the organization', 'lookup_failed');
    if (!org) throw refusal(404, 'Organization not found', 'not_found');

    const brandName = typeof branding?.brand_name === 'string' && branding.brand_name.trim() ? branding.brand_name.trim() : String(org.name);
    const logoUrl = typeof branding?.logo_url === 'string' && /^https?:\/\//i.test(branding.logo_url) ? branding.logo_url : null;
    const data = sampleData(
      input.templateType,
      {
        name: brandName,
        slug: String(org.slug),
        logo_url: logoUrl,
        primary_color: branding?.primary_color ?? null,
        secondary_color: branding?.secondary_color ?? null,
      },
      input,
    );

    // A real email attaches the logo inline (cid:logo); the preview points at its address instead.
    const logo = logoUrl ? { filename: 'logo', content_type: 'image/png', content_base64: '', content_id: 'logo' } : null;
    const site = (Deno.env.get('SITE_URL') ?? '').trim();
    const email = await renderEmail(data, site, logo);
    const html = logoUrl ? email.html.replaceAll('src="cid:logo"', `src="${escapeAttribute(logoUrl)}"`) : email.html;

    const defaults = DEFAULT_TEMPLATES[input.templateType];
    return json({
      success: true,
      subject: email.subject,
      html,
      text: email.text,
      defaults: { subject: defaults.subject, body: defaults.body, name: defaults.name },
    });
  }),
);
