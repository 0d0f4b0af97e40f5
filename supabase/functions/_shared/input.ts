// Input layer: the zod schemas and checks the functions share (the body reader itself,
// readBody, is in http.ts). Imports http.ts, product.ts and guest-input.ts (the limits' words,
// which the browser's forms use too).
import { z } from 'npm:zod@4.6.7';
import { allowMethods, readBody, refusal } from './http.ts';
import { normalizePhone, PHONE_INVALID_MESSAGE, tooLongMessage } from './guest-input.ts';
import { MAX_PHONE_LENGTH } from './product.ts';

export { EMAIL } from './guest-input.ts';

/** A uuid (any version). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL's integer (int4) range: every count and amount the booking SQL takes. */
export const MAX_INT4 = 2_147_483_647;

/** A card payment made after booking (extra-charge.ts): the card token (none when nothing is due), the price the guest was shown and the attempt's key. */
export const cardAttemptFields = {
  sourceId: z.string().max(500).nullish(),
  expectedCents: z.int().min(0).max(MAX_INT4).nullish(),
  idempotencyKey: z.string().min(1).max(45, 'idempotencyKey is too long (45 characters at most)'),
};

/** Extras to take after booking: add-ons of the booking's event and how many more of each. */
export const extrasSchema = z.array(z.object({ id: z.string().max(64), quantity: z.int().min(1).max(1000) })).max(50);

/** A private link's token (manage, seat, waitlist): 43 URL-safe base64 characters, the shape of every HMAC link token. */
const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A private link's token field of a request body (its shape is checked by readLinkBody: a wrong one is the link's 404, not a 400). */
export const linkTokenField = z.string().max(200);

/** The words of a private link that opens nothing, by the link: the booker's manage link, a guest's seat link, a waitlist link. */
const linkNotValid = {
  manage: 'This booking link is not valid.',
  seat: 'This seat link is not valid.',
  waitlist: 'This waitlist link is not valid.',
} as const;

/** The refusal of a private link that opens nothing: 404 not_found, in that link's words. */
export const linkNotFound = (link: keyof typeof linkNotValid) => refusal(404, linkNotValid[link], 'not_found');

/**
 * The body of a POST from a private link's page, read with `schema` (which holds the link's
 * `token`); a token that cannot be one of `link`'s is refused as linkNotFound before any lookup.
 */
export async function readLinkBody<S extends z.ZodType<{ token: string }>>(
  req: Request,
  schema: S,
  link: keyof typeof linkNotValid,
): Promise<z.output<S>> {
  allowMethods(req, 'POST');
  const input = await readBody(req, schema);
  if (!isLinkToken(input.token)) throw linkNotFound(link);
  return input;
}

/** Optional text: trimmed, empty → null. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((value) => (typeof value === 'string' && value.trim() ? value.trim() : null))
    .refine((value) => value === null || value.length <= max, { message: tooLongMessage(label, max) })
    .optional();

/**
 * An optional phone: trimmed, empty → null, else stored normalized ('+1 (555) 010-2000' →
 * '+15550102000'); one that cannot be a phone number is refused with PHONE_INVALID_MESSAGE.
 */
export const phoneSchema = optionalText(MAX_PHONE_LENGTH, 'Phone')
  .refine((value) => value == null || normalizePhone(value) !== null, { message: PHONE_INVALID_MESSAGE })
  .transform((value) => (value == null ? null : normalizePhone(value)));

/** The total the guest was shown, in cents: a whole number within int4 (optional). */
export const amountSchema = z
  .number({ error: 'amount must be a number of cents' })
  .min(0, { message: 'amount must not be negative' })
  .max(MAX_INT4, { message: `amount must be at most ${MAX_INT4} cents` })
  .int({ message: 'amount must be a whole number of cents' })
  .nullish();

/**
 * The add-ons chosen for a booking: [{ id, quantity? }] (quantity absent: one per guest for a
 * per-guest add-on, once for a per-booking one; 0: not chosen). SQL prices and limits them.
 */
export const addonsSchema = z
  .array(
    z.object({
      id: z
        .string({ error: 'Add-on not found. Please select a valid add-on.' })
        .trim()
        .regex(UUID, { message: 'Add-on not found. Please select a valid add-on.' }),
      quantity: z
        .number({ error: 'An add-on quantity must be a number' })
        .int({ message: 'An add-on quantity must be a whole number' })
        .min(0)
        .max(1000)
        .nullish(),
    }),
    { error: 'addons must be a list of { id, quantity }' },
  )
  .max(50, { message: 'Too many add-ons' })
  .nullish();

/** Idempotency key: 1..45 characters of [A-Za-z0-9_:.-] (Square's limit is 45). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_:.-]{1,45}$/, { message: 'idempotencyKey must be 1 to 45 letters, digits or _ : . -' })
  .nullish();

// ---------------------------------------------------------------------------------------
// Email header fields
// ---------------------------------------------------------------------------------------

/**
 * Characters no email header field may hold: C0 controls (CR and LF included: a line
 * break would start a new header), DEL, C1 controls, and the Unicode line and paragraph
 * separators some mail software also treats as line breaks.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
export const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether `value` can go into an email header (subject, address, display name) as is. */
export function isHeaderSafe(value: string): boolean {
  return !HEADER_UNSAFE.test(value);
}

/** The message a refused header field gets, e.g. 'Subject must be one line without control characters (CR, LF, tab...)'. */
export function headerUnsafeMessage(label: string): string {
  return `${label} must be one line without control characters (CR, LF, tab...)`;
}

/** A zod check for a header field: one line, no control characters. */
export const headerSafe = (label: string) => [isHeaderSafe, { message: headerUnsafeMessage(label) }] as const;
