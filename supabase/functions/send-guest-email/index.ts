// send-guest-email: staff write to a reservation's guest from the admin panel.
//
// verify_jwt = false (supabase/config.toml): the function verifies the caller's session itself
// (getCaller: a user's JWT, checked against the project's JWKS; 401 otherwise). The caller must be able to read the reservation through row-level security, i.e. be a
// member of the reservation's organization (or super admin); otherwise 403. The message
// goes to the reservation's own guest email only: `email` (the recipient the admin panel
// shows, prefilled with it) or `to` may be sent, but a different address is refused (400
// 'recipient_not_guest'). Header fields (subject, recipient, guest name) holding a line
// break or another control character are refused (400). The message is recorded in
// public.email_outbox (SQL enqueue_guest_message, service role) before sending, and rendered in
// the organization's branded layout by the sender, so a send failure stays visible;
// delivery starts right after the response (outbox.ts; locally the provider is the
// stack's mailbox).
//
// Request: { reservationId, subject, message, email? | to?, guestName? }
// → 200 { success: true, id } | 4xx { success: false, error, code }
import { z } from 'npm:zod@4.6.7';
import { handler, json, refusal } from '../_shared/http.ts';
import { headerSafe } from '../_shared/input.ts';
import { kickEmailDelivery } from '../_shared/outbox.ts';
import { MAX_EMAIL_LENGTH, MAX_EMAIL_MESSAGE_LENGTH, MAX_EMAIL_SUBJECT_LENGTH, MAX_NAME_LENGTH } from '../_shared/product.ts';
import { createUserClient, readSignedInRequest, sharedAdminClient } from '../_shared/supabase.ts';

const recipient = (label: string) =>
  z
    .string()
    .refine(...headerSafe(label))
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'Recipient is required').max(MAX_EMAIL_LENGTH).pipe(z.email('Enter a valid email')))
    .optional();

const inputSchema = z.object({
  email: recipient('Recipient'),
  to: recipient('Recipient'),
  subject: z
    .string()
    .refine(...headerSafe('Subject'))
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'Subject is required').max(MAX_EMAIL_SUBJECT_LENGTH, 'Subject is too long')),
  message: z.string().trim().min(1, 'Message is required').max(MAX_EMAIL_MESSAGE_LENGTH, 'Message is too long'),
  guestName: z
    .string()
    .refine(...headerSafe('Guest name'))
    .transform((value) => value.trim())
    .pipe(z.string().max(MAX_NAME_LENGTH))
    .optional(),
  reservationId: z.uuid('reservationId must be the id of a reservation'),
});

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

Deno.serve(
  handler(async (req) => {
    const input = await readSignedInRequest(req, inputSchema, 'email guests');

    // Row-level security answers "may this caller see the reservation?".
    const { data: reservation, error: readError } = await createUserClient(req)
      .from('reservations')
      .select('id, org_id, email')
      .eq('id', input.reservationId)
      .maybeSingle();
    if (readError) throw refusal(500, 'Could not check the reservation', 'lookup_failed');
    if (!reservation) throw refusal(403, 'You can only email guests of your own organization', 'not_a_member');

    // The reservation's own guest, never an address typed by the caller.
    const guestEmail = String(reservation.email ?? '');
    for (const asked of [input.email, input.to]) {
      if (asked !== undefined && !sameAddress(asked, guestEmail)) {
        throw refusal(
          400,
          `Emails about a reservation go only to its guest's address (${guestEmail}). To write to another address, change the reservation's email first.`,
          'recipient_not_guest',
        );
      }
    }

    // Queued with the facts of the reservation: the sender renders it in the organization's
    // branded layout (text stays text: nothing the staff types becomes HTML).
    const { data: queuedId, error: insertError } = await sharedAdminClient().rpc('enqueue_guest_message', {
      p_reservation_id: reservation.id,
      p_subject: input.subject,
      p_message: input.message,
    });
    if (insertError || typeof queuedId !== 'string') throw refusal(500, 'Could not queue the email', 'queue_failed');
    const queued = { id: queuedId };

    kickEmailDelivery({ ids: [queued.id] });
    return json({ success: true, id: queued.id });
  }),
);
