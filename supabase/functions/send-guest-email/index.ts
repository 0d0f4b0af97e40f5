// send-guest-email: staff write to a guest from the admin panel.
//
// verify_jwt = true (supabase/config.toml): only a signed-in staff member reaches it.
// The caller must be able to read the reservation through row-level security, i.e. be a
// member of the reservation's organization (or super admin); otherwise 403. The message
// is recorded in public.email_outbox (service role) before sending, so a send failure
// stays visible; the configured provider (locally: the mailbox) delivers it: with
// EMAIL_PROVIDER_API_KEY set, delivery starts right after the response (outbox.ts).
import { z } from 'npm:zod@4';
import { forbidden, handler, HttpError, json, parseJson, unauthorized } from '../_shared/http.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { createAdminClient, createUserClient, getCaller } from '../_shared/supabase.ts';

const inputSchema = z.object({
  email: z.string().trim().min(1, 'Recipient is required').max(320).pipe(z.email('Enter a valid email')),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(10000, 'Message is too long'),
  guestName: z.string().trim().max(200).optional(),
  reservationId: z.uuid('reservationId must be the id of a reservation'),
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text stays text: escaped, paragraphs and line breaks kept. */
function toHtml(message: string): string {
  return message
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'POST') return json({ error: 'Method not allowed', code: 'method_not_allowed' }, 405);
    const input = await parseJson(req, inputSchema);

    const caller = await getCaller(req);
    if (!caller) throw unauthorized('Sign in to email guests');

    // Row-level security answers "may this caller see the reservation?".
    const { data: reservation, error: readError } = await createUserClient(req)
      .from('reservations')
      .select('id, org_id')
      .eq('id', input.reservationId)
      .maybeSingle();
    if (readError) throw new HttpError(500, 'Could not check the reservation', 'lookup_failed');
    if (!reservation) throw forbidden('You can only email guests of your own organization', 'not_a_member');

    const { data: queued, error: insertError } = await createAdminClient()
      .from('email_outbox')
      .insert({
        org_id: reservation.org_id,
        reservation_id: reservation.id,
        kind: 'guest_email',
        to_email: input.email,
        subject: input.subject,
        body_text: input.message,
        body_html: toHtml(input.message),
      })
      .select('id')
      .single();
    if (insertError || !queued) throw new HttpError(500, 'Could not queue the email', 'queue_failed');

    kickEmailDelivery({ ids: [queued.id] });
    return json({ success: true, id: queued.id });
  }),
);
