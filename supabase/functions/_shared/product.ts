// Product constants: the one home of every product number the edge functions use.
//
// PURE CONSTANTS: no imports, no Deno or browser APIs. The edge functions import this
// file, and the browser app (src/) imports this same file, so both read one copy.
//
// Where the database also has a number, the comment names its SQL home: "SQL home" means
// SQL enforces it and this constant only mirrors it for display (the functions never
// decide with it) — change both together; "passed to SQL" means the function sends this
// constant as a parameter (this file is the home).

// --- Ticketed bookings (dinner series, organization pages) ---------------------------------

/** Fewest guests one ticketed booking may have. */
export const TICKET_MIN_GUESTS = 1;
/** Most guests one ticketed booking may have by default (SQL home: event_party_limit; an event may set its own max_party_size); larger parties email the host. */
export const TICKET_MAX_GUESTS = 6;

// --- RSVP with a deposit ----------------------------------------------------------------------

/** Fewest guests one RSVP may have. */
export const RSVP_MIN_GUESTS = 1;
/** Most guests one RSVP may have by default (SQL home: event_party_limit, which also caps every booking at 10). */
export const RSVP_MAX_GUESTS = 10;
/** Deposit per guest when the event sets none, in cents (SQL home: booking_evaluate's coalesce(deposit_amount, 500)). */
export const DEFAULT_DEPOSIT_CENTS = 500;
/** Most guests any one reservation may hold, whatever its flavour (mirrors the SQL check reservations.num_guests between 1 and 10; staff edits are held to it). */
export const RESERVATION_MAX_GUESTS = 10;

// --- Holds --------------------------------------------------------------------------------

/**
 * How long a checkout holds its seats before they are freed (SQL home: hold_booking's interval '15 minutes').
 * Read by no code today: kept as the documented mirror of the SQL number (@public: knip, keep it).
 * @public
 */
export const HOLD_DURATION_MINUTES = 15;

// --- Email delivery -------------------------------------------------------------------------

/** Send attempts of one outbox message before it is failed for good (SQL home: finish_outbox_send and claim_outbox_batch, attempts < 5). */
export const EMAIL_MAX_ATTEMPTS = 5;
/** Most outbox messages one delivery run may claim (SQL home: claim_outbox_batch refuses p_limit outside 1..500). */
export const EMAIL_BATCH_MAX = 500;
/** Messages a scheduled send-outbox run claims when the caller names no limit. */
export const EMAIL_BATCH_DEFAULT = 50;

// --- Staff accounts ---------------------------------------------------------------------------

/** Shortest staff password (home: supabase/config.toml [auth] minimum_password_length, which GoTrue enforces). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest staff password, in bytes: bcrypt reads 72, and GoTrue refuses longer ones. */
export const MAX_PASSWORD_BYTES = 72;

// --- Input limits (what a guest may type) -----------------------------------------------------

/** Longest guest name, in characters. */
export const MAX_NAME_LENGTH = 200;
/** Longest email address, in characters (RFC 5321). */
export const MAX_EMAIL_LENGTH = 320;
/** Longest phone number as typed (spaces, dashes, dots and parentheses included), in characters. */
export const MAX_PHONE_LENGTH = 40;
/** Fewest digits of a phone number (SQL home: public.normalize_phone and the reservations_phone_normalized check). */
export const PHONE_MIN_DIGITS = 7;
/** Most digits of a phone number, as E.164 allows (SQL home: public.normalize_phone and the reservations_phone_normalized check). */
export const PHONE_MAX_DIGITS = 15;
/** Longest dietary restrictions / special requests text, in characters. */
export const MAX_NOTE_LENGTH = 2000;
/** Longest promo code, in characters. */
export const MAX_PROMO_CODE_LENGTH = 40;
/** Longest time-slot label, in characters. */
export const MAX_TIME_SLOT_LENGTH = 40;
/** Longest subject of a staff email to a guest, or of a reply to a pop-up chef, in characters (SQL home for the reply: super_admin_reply_chef_inquiry and the chef_signup_replies checks). */
export const MAX_EMAIL_SUBJECT_LENGTH = 200;
/** Longest message to guests when a whole dinner is cancelled, in characters (SQL home: staff_cancel_event and the event_cancellations check). */
export const MAX_CANCEL_MESSAGE_LENGTH = 500;
/** Longest message of a staff email to a guest, or of a reply to a pop-up chef, in characters (SQL home for the reply: as above). */
export const MAX_EMAIL_MESSAGE_LENGTH = 10000;

// --- Pop-up chef inquiries (SQL home: the checks of public.chef_signups) ---------------------

/** Shortest chef name, in characters (trimmed). */
export const CHEF_NAME_MIN_LENGTH = 2;
/** Shortest pop-up concept, in characters (trimmed). */
export const CHEF_CONCEPT_MIN_LENGTH = 5;
/** Longest pop-up concept, in characters (trimmed). */
export const CHEF_CONCEPT_MAX_LENGTH = 5000;
/** Longest "next event dates" answer, in characters. */
export const CHEF_EVENT_DATES_MAX_LENGTH = 1000;
