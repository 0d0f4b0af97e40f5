// square-webhook: Square's webhook notifications (payment.updated, refund.updated), so that
// a refund Square answered PENDING becomes completed or failed, and a charge whose answer
// was lost gets its payment id, without waiting for reconcile-payments.
//
// Called by Square, not by a browser or a signed-in user: verify_jwt is off
// (supabase/config.toml). Instead every request must carry Square's signature: the header
// `x-square-hmacsha256-signature` is base64(HMAC-SHA256(SQUARE_WEBHOOK_SIGNATURE_KEY,
// SQUARE_WEBHOOK_URL + raw body)), checked in constant time on the raw body as received
// (supabase/functions/_shared/square.ts). SQUARE_WEBHOOK_URL is the notification URL
// exactly as subscribed in Square's dashboard.
//
// POST only (405 otherwise); a body over 1 MiB is refused (413). Answers:
//   503 { success: false, code: 'webhooks_unconfigured' }  either secret is not set
//   401 { success: false, code: 'invalid_signature' }      nothing else is done
//   400 { success: false, code: 'invalid_json' | 'invalid_input' }  not a Square event
//   200 { success: true, ignored: true }                   another event type
//   200 { success: true, duplicate, applied, foreignAccount? }  apply_merchant_square_webhook's answer
// The event's merchant_id names the Square account it happened in: an organization's own
// account (square_accounts), or the platform's. apply_merchant_square_webhook
// (140_square_accounts.sql) applies it only when the payment or refund it names was taken by
// that account (recorded on its charge; else `foreignAccount: true`, nothing changed), through
// apply_square_webhook(event id, type, data.object) (070_money.sql), which records each event
// id once (a repeat is `duplicate: true` and changes nothing) and applies the event to
// public.payment_ledger.
// A database failure answers 503: Square delivers the event again later.
import { allowMethods, findNul, handler, HttpError, json, refusal } from '../_shared/http.ts';
import { callRpc } from '../_shared/rpc.ts';
import { readSquareWebhookSettings, verifySquareSignature } from '../_shared/square.ts';
import { sharedAdminClient } from '../_shared/supabase.ts';

const MAX_BODY_BYTES = 1024 * 1024;
const HANDLED = new Set(['payment.updated', 'refund.updated']);

/** The request body as text, as received; refuses one over MAX_BODY_BYTES (413). */
async function readRawBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw refusal(413, 'The request body is too large', 'body_too_large');
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw refusal(413, 'The request body is too large', 'body_too_large');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refusal(400, 'Could not read the request body', 'invalid_body');
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

interface SquareEvent {
  merchant_id?: unknown;
  event_id?: unknown;
  type?: unknown;
  data?: { object?: unknown } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

Deno.serve(
  handler(async (req) => {
    allowMethods(req, 'POST');
    const settings = readSquareWebhookSettings();
    if (!settings) throw refusal(503, 'Square webhooks are not configured.', 'webhooks_unconfigured');

    const raw = await readRawBody(req);
    const signed = await verifySquareSignature(
      settings.signatureKey,
      settings.notificationUrl,
      raw,
      req.headers.get('x-square-hmacsha256-signature'),
    );
    if (!signed) throw refusal(401, 'Invalid signature', 'invalid_signature');

    let event: SquareEvent;
    try {
      event = JSON.parse(raw) as SquareEvent;
    } catch {
      throw refusal(400, 'The request body is not valid JSON', 'invalid_json');
    }
    if (!isObject(event)) throw refusal(400, 'The request body is not a Square event', 'invalid_input');
    const type = typeof event.type === 'string' ? event.type : '';
    if (!HANDLED.has(type)) return json({ success: true, ignored: true });

    const eventId = typeof event.event_id === 'string' ? event.event_id : '';
    if (!eventId.trim() || findNul(eventId) !== null || eventId.length > 200)
      throw refusal(400, 'event_id must be 1 to 200 characters without NUL characters', 'invalid_input');
    const object = isObject(event.data) ? event.data.object : undefined;
    if (!isObject(object)) throw refusal(400, 'data.object must be an object', 'invalid_input');
    // PostgreSQL's jsonb cannot hold a NUL character.
    if (findNul(object) !== null) throw refusal(400, 'data.object must not contain NUL characters (\\u0000)', 'invalid_input');

    const merchantId = typeof event.merchant_id === 'string' ? event.merchant_id.slice(0, 200) : '';
    const [result] = await callRpc<{ duplicate: boolean; applied: boolean; foreign_account: boolean }[]>(
      sharedAdminClient(),
      'apply_merchant_square_webhook',
      { p_merchant_id: merchantId, p_event_id: eventId, p_event_type: type, p_object: object },
    );
    return json({ success: true, duplicate: result.duplicate, applied: result.applied, ...(result.foreign_account ? { foreignAccount: true } : {}) });
  }),
);
