// Email templates: the placeholders a template may use, the default subject and body of each
// editable kind, and filling them. No imports (the renderer and the preview function use it).
//
// The placeholder list is the same as SQL's public.email_placeholders(), which refuses any
// other on save (tests/unit/email-render.test.ts compares the two). Values are plain text:
// the renderer escapes them, so a template can never inject HTML.

export const PLACEHOLDERS = [
  'guest_name',
  'event_title',
  'event_date',
  'event_time',
  'guests',
  'party_size',
  'booking_code',
  'manage_link',
  'address',
  'org_name',
  'ticket_type',
  'total',
  'refund_policy',
  'refund_amount',
  'claim_link',
  'offer_expires',
] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** The template types staff edit (email_templates.template_type). */
export const TEMPLATE_TYPES = ['booking_confirmation', 'reminder', 'cancellation', 'waitlist_offer', 'guest_message', 'thank_you'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export interface TemplateText {
  subject: string;
  body: string;
}

export const DEFAULT_TEMPLATES: Record<TemplateType, TemplateText & { name: string }> = {
  booking_confirmation: {
    name: 'Booking confirmation',
    subject: 'Your reservation at {{org_name}} is confirmed: {{event_title}}',
    body: 'Hi {{guest_name}},\n\nYour reservation for {{event_title}} on {{event_date}} at {{event_time}} is confirmed. We look forward to seeing you!',
  },
  reminder: {
    name: 'Reminder',
    subject: 'Reminder: {{event_title}} on {{event_date}}',
    body: 'Hi {{guest_name}},\n\nA reminder of your reservation for {{event_title}} on {{event_date}} at {{event_time}} ({{party_size}}). We look forward to seeing you!',
  },
  cancellation: {
    name: 'Cancellation',
    subject: 'Your reservation at {{org_name}} is cancelled: {{event_title}}',
    body: 'Hi {{guest_name}},\n\nYour reservation for {{event_title}} on {{event_date}} at {{event_time}} has been cancelled.',
  },
  waitlist_offer: {
    name: 'Waitlist offer',
    subject: 'Seats for {{event_title}} are held for you until {{offer_expires}}',
    body: 'Hi {{guest_name}},\n\nGood news: seats for {{event_title}} on {{event_date}} are free, and we are holding them for your party ({{party_size}}) until {{offer_expires}}. Claim them here: {{claim_link}}',
  },
  guest_message: {
    name: 'Guest message',
    subject: 'About your reservation at {{org_name}}',
    body: 'Hi {{guest_name}},\n\n',
  },
  thank_you: {
    name: 'Thank you (after the dinner)',
    subject: 'Thank you for joining us at {{event_title}}',
    body: 'Hi {{guest_name}},\n\nThank you for coming to {{event_title}} on {{event_date}}. We hope you had a wonderful evening, and we would love to welcome you again.',
  },
};

/** Replaces every {{placeholder}} with its value; an unknown or empty one becomes ''. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, name: string) => values[name as Placeholder] ?? '');
}

/** The first placeholder of a text that is not a known one, or null. */
export function unknownPlaceholder(text: string): string | null {
  for (const match of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(match[1])) return match[1];
  }
  return null;
}
