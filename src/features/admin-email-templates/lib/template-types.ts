// The editable email types and their placeholders: the same list the renderer and SQL use
// (src/config/email-templates.ts: the edge functions' own constants).
import { DEFAULT_TEMPLATES, PLACEHOLDERS, TEMPLATE_TYPES, type TemplateType } from '@/config/email-templates';
import type { EmailTemplate, TemplateSlot } from '../types';

export { PLACEHOLDERS, TEMPLATE_TYPES, type TemplateType };

/** What each placeholder becomes, in words (the editor's list). */
export const PLACEHOLDER_HINTS: Record<(typeof PLACEHOLDERS)[number], string> = {
  guest_name: 'Guest’s name',
  event_title: 'Event title',
  event_date: 'Date of the dinner',
  event_time: 'Time, with the time zone',
  guests: 'Number of guests',
  party_size: 'Number of guests in words (“1 guest”, “2 guests”)',
  booking_code: 'Booking code',
  manage_link: 'Link to manage the booking',
  address: 'Address',
  org_name: 'Your organization’s name',
  ticket_type: 'Ticket type or time slot',
  total: 'Amount paid',
  refund_policy: 'Cancellation policy',
  refund_amount: 'Refunded amount (cancellations)',
  claim_link: 'Link to claim seats (waitlist offers)',
  offer_expires: 'When the offer ends (waitlist offers)',
};

/** The six editable types, each with the organization's active template of it (newest first wins), or its default. */
export function templateSlots(templates: readonly EmailTemplate[]): TemplateSlot[] {
  return TEMPLATE_TYPES.map((type) => {
    const template =
      templates.filter((t) => t.template_type === type && t.is_active).sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
    const fallback = DEFAULT_TEMPLATES[type];
    return {
      type,
      name: fallback.name,
      template,
      subject: template ? template.subject : fallback.subject,
      body: template ? (template.body ?? '') : fallback.body,
      defaults: { subject: fallback.subject, body: fallback.body },
    };
  });
}

/** `text` with `insert` put in place of the selection [start, end); and where the caret goes after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
