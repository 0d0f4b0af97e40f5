// Email delivery: sends the messages recorded in public.email_outbox through the
// provider configured by secret (a Resend-compatible HTTP API). This code is the only
// writer of a message's delivery status (through the SQL functions below).
//
// Secrets: EMAIL_PROVIDER_API_KEY (turns delivery on), EMAIL_FROM (the sender, e.g.
// `SupperHost <bookings@example.com>`), optional EMAIL_PROVIDER_URL (default Resend's
// https://api.resend.com/emails). Without the key nothing is sent. The local stack sets
// all three to its mailbox (stack/mailbox.ts), a Resend-compatible endpoint that keeps and
// shows what it receives.
//
// A run claims a batch atomically (SQL claim_outbox_batch: for update skip locked, so two
// runs never send one message twice), sends each message and records the outcomes, each
// message with its rendered form, in one call at the end of the run (finish_outbox_sends):
// sent; or the error, back to pending for a retry, and failed for good (visible with its
// error) after EMAIL_MAX_ATTEMPTS attempts. The provider's rate limit is kept to: a wait it
// asks for of up to 2 s (retry-after on a 429, ratelimit-reset when no request is left in the
// window) is waited out within the run; a longer one (or a fourth 429 for one message), or the
// end of the run's time budget, hands the rest back without counting an attempt. A
// message whose header fields hold a line break or another control character is never
// sent: failed at once ('rejected'), whatever wrote it into the outbox.
// SQL: email_outbox, claim_outbox_batch and finish_outbox_sends in
// supabase/schemas/050_email.sql.
//
// Imports http.ts, supabase.ts, input.ts, keys.ts and product.ts.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { rpc } from './db.ts';
import { refusal } from './http.ts';
import { headerUnsafeMessage, isHeaderSafe } from './input.ts';
import { secret } from './keys.ts';
import { EMAIL_BATCH_DEFAULT, EMAIL_BATCH_MAX } from './product.ts';
import { sharedAdminClient } from './supabase.ts';
import { base64, type EmailAttachment, renderEmail, type TemplateData } from './email/render.tsx';

export const DEFAULT_EMAIL_PROVIDER_URL = 'https://api.resend.com/emails';
const REQUEST_TIMEOUT_MS = 15_000;

export interface DeliverOptions {
  /** Most messages this run claims (1..EMAIL_BATCH_MAX; default EMAIL_BATCH_DEFAULT). */
  limit?: number;
  /** Only these messages (when they are due). */
  ids?: string[];
  /** Stop sending after this long; unsent claimed messages go back to pending (default 60 s). */
  timeBudgetMs?: number;
  db?: SupabaseClient;
}

export interface DeliveryResult {
  /** Messages the provider accepted. */
  sent: number;
  /** Failed attempts (each recorded on its message: retried later, or failed after EMAIL_MAX_ATTEMPTS attempts). */
  failed: number;
  /** Claimed messages handed back unsent (rate limit, time budget): sent by a later run. */
  deferred: number;
  /** true when no provider is configured (EMAIL_PROVIDER_API_KEY unset): nothing was done. */
  skipped: boolean;
}

interface OutboxRow {
  id: string;
  org_id: string | null;
  reservation_id: string | null;
  kind: string;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  claim_token: string;
  /** The facts of a templated email (rendered here before its first send), or null. */
  template_data: TemplateData | null;
  attachments: EmailAttachment[] | null;
  rendered_at: string | null;
}

type Outcome = 'sent' | 'failed' | 'released' | 'rejected';

/** Whether a real email provider is configured (EMAIL_PROVIDER_API_KEY is set). */
export function emailProviderConfigured(): boolean {
  return secret('EMAIL_PROVIDER_API_KEY') !== null;
}

/**
 * waitMs: how long the provider asks us to wait before the next request (Resend's rate limit,
 * 2 requests per second per team by default: `retry-after` on a 429, `ratelimit-reset` once
 * `ratelimit-remaining` is 0), or 0.
 */
type SendResult = { ok: true; waitMs: number } | { ok: false; error: string; rateLimited: boolean; waitMs: number };

/** A wait the provider asked for, in ms: a number of seconds (or an HTTP date for retry-after); 0 when absent or unreadable. */
function providerWaitMs(res: Response): number {
  const seconds = (value: string | null) => {
    if (value === null || value.trim() === '') return null;
    if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : Math.max(at - Date.now(), 0);
  };
  if (res.status === 429) return seconds(res.headers.get('retry-after')) ?? seconds(res.headers.get('ratelimit-reset')) ?? 0;
  if (res.headers.get('ratelimit-remaining')?.trim() === '0') return seconds(res.headers.get('ratelimit-reset')) ?? 0;
  return 0;
}

/** The longest wait for the provider's rate limit a run makes itself; a longer one hands the batch back. */
const RATE_WAIT_MAX_MS = 2_000;
/** 429s one message may wait out in a run before the batch is handed back. */
const RATE_RETRIES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resend's tags (letters, digits, _ and - only): what the provider's logs and webhooks can tell messages apart by. */
function tagsOf(row: OutboxRow): { name: string; value: string }[] {
  const tags = [
    { name: 'outbox_id', value: row.id },
    { name: 'kind', value: row.kind },
    { name: 'org_id', value: row.org_id },
    { name: 'reservation_id', value: row.reservation_id },
  ];
  return tags.filter((tag): tag is { name: string; value: string } => typeof tag.value === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(tag.value));
}

/** Why a message cannot be sent as it is (a header field with a line break or control character), or null. */
function headerProblem(row: OutboxRow): string | null {
  if (!isHeaderSafe(row.to_email)) return `Not sent: ${headerUnsafeMessage('The recipient address')}`;
  if (!isHeaderSafe(row.subject)) return `Not sent: ${headerUnsafeMessage('The subject')}`;
  return null;
}

/**
 * The site's address for links in messages: SQL writes `{{site_url}}` (it does not know where
 * the site is served), replaced here with SITE_URL (the runtime's; see README, Configuration).
 */
function withSiteUrl(text: string): string {
  const site = (Deno.env.get('SITE_URL') ?? '').trim().replace(/\/+$/, '');
  return text.replaceAll('{{site_url}}', site);
}

async function sendOne(row: OutboxRow, config: { url: string; apiKey: string; from: string }): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch(config.url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        'Content-Type': 'application/json',
        // Resend answers a repeated key (24 h) with the first result instead of sending again:
        // a retry after a lost answer cannot deliver the message twice.
        'Idempotency-Key': `email-outbox-${row.id}`,
      },
      body: JSON.stringify({
        from: config.from,
        to: [row.to_email],
        subject: row.subject,
        text: withSiteUrl(row.body_text),
        ...(row.body_html ? { html: withSiteUrl(row.body_html) } : {}),
        ...(row.attachments?.length
          ? {
              attachments: row.attachments.map((a) => ({
                filename: a.filename,
                content: a.content_base64,
                content_type: a.content_type,
                ...(a.content_id ? { content_id: a.content_id } : {}),
              })),
            }
          : {}),
        tags: tagsOf(row),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, error: `Could not reach the email provider: ${message}`, rateLimited: false, waitMs: 0 };
  }
  const text = await res.text().catch(() => '');
  const waitMs = providerWaitMs(res);
  if (res.ok) return { ok: true, waitMs };
  let detail = text.trim();
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; name?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null;
    if (message) detail = typeof body.name === 'string' ? `${body.name}: ${message}` : message;
  } catch {
    // not JSON: keep the text
  }
  return {
    ok: false,
    error: `The email provider answered HTTP ${res.status}${detail ? `: ${detail.slice(0, 500)}` : ''}`,
    rateLimited: res.status === 429,
    waitMs,
  };
}

const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const LOGO_MAX_BYTES = 300 * 1024;

/** The organization's logo as an inline attachment (cid:logo), or null: the email then shows the name alone. */
const LOGO_CACHE_MS = 5 * 60_000;
const LOGO_CACHE_MAX = 50;
const logos = new Map<string, { at: number; logo: Promise<EmailAttachment | null> }>();

/**
 * The organization's logo as an inline attachment, fetched once per worker for 5 minutes (a
 * rush of confirmations is one organization's: one download, not one per email). A logo
 * changed in the admin reaches emails within those 5 minutes; a failed download is not kept.
 */
function logoOf(url: string | null): Promise<EmailAttachment | null> {
  if (!url) return Promise.resolve(null);
  const cached = logos.get(url);
  if (cached && Date.now() - cached.at < LOGO_CACHE_MS) return cached.logo;
  if (logos.size >= LOGO_CACHE_MAX) logos.delete(logos.keys().next().value as string);
  const logo = fetchLogo(url);
  logos.set(url, { at: Date.now(), logo });
  // A logo that could not be fetched is asked for again by the next email.
  void logo.then((found) => {
    if (!found && logos.get(url)?.logo === logo) logos.delete(url);
  });
  return logo;
}

async function fetchLogo(url: string): Promise<EmailAttachment | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!res.ok || !LOGO_TYPES.has(type)) {
      await res.body?.cancel();
      return null;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > LOGO_MAX_BYTES) return null;
    return { filename: `logo.${type.split('/')[1]}`, content_type: type, content_base64: base64(bytes), content_id: 'logo' };
  } catch {
    return null;
  }
}

/** What a run records for one message (finish_outbox_sends). */
interface Finished {
  id: string;
  claim_token: string;
  outcome: Outcome;
  error: string | null;
  /** The message as rendered for this send, stored with the outcome; null when it was not rendered here. */
  rendered: Pick<OutboxRow, 'subject' | 'body_text' | 'body_html' | 'attachments'> | null;
}

/**
 * A templated message is rendered before its first send (the organization's template in the
 * branded layout, email/render.tsx); what was rendered is stored on the row with the send's
 * outcome, so a retry sends the same message and the outbox shows what the guest got.
 */
async function rendered(row: OutboxRow): Promise<{ row: OutboxRow; rendered: Finished['rendered'] }> {
  if (!row.template_data || row.rendered_at) return { row, rendered: null };
  const site = (Deno.env.get('SITE_URL') ?? '').trim();
  const email = await renderEmail(row.template_data, site, await logoOf(row.template_data.org.logo_url));
  const fields = { subject: email.subject, body_text: email.text, body_html: email.html, attachments: email.attachments };
  return { row: { ...row, ...fields }, rendered: fields };
}

/**
 * Records the run's outcomes in one call (one row version per message). On failure the
 * claims expire after 10 minutes and the messages are sent again then, with the same
 * Idempotency-Key (the provider answers a repeat with its first result): not lost, not doubled.
 */
async function finishAll(db: SupabaseClient, results: Finished[]): Promise<void> {
  if (results.length === 0) return;
  const { data, error } = await rpc(db, 'finish_outbox_sends', { p_results: results });
  if (error) {
    console.error(`[outbox] could not record the outcomes of ${results.length} message(s)`, error);
    return;
  }
  const statuses = (data ?? []) as (string | null)[];
  results.forEach((result, i) => {
    if (statuses[i] === null) console.warn(`[outbox] the claim on ${result.id} expired before "${result.outcome}" was recorded`);
  });
}

/**
 * Sends due messages of the outbox through the configured provider (see the top of this
 * file). Without EMAIL_PROVIDER_API_KEY it does nothing and answers `skipped: true`.
 * Without a usable EMAIL_FROM it claims nothing and throws (the messages stay pending).
 */
export async function deliverPendingEmails(options: DeliverOptions = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, deferred: 0, skipped: false };
  const apiKey = secret('EMAIL_PROVIDER_API_KEY');
  if (!apiKey) return { ...result, skipped: true };
  const from = secret('EMAIL_FROM');
  if (!from) {
    // Nothing is claimed: the messages stay pending until the sender is configured.
    throw refusal(500, 'EMAIL_FROM is not set: configure the sender address of the email provider', 'email_from_missing');
  }
  if (!isHeaderSafe(from)) {
    throw refusal(500, `EMAIL_FROM is refused: ${headerUnsafeMessage('The sender')}`, 'email_from_invalid');
  }
  const config = { url: secret('EMAIL_PROVIDER_URL') ?? DEFAULT_EMAIL_PROVIDER_URL, apiKey, from };
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? EMAIL_BATCH_DEFAULT), 1), EMAIL_BATCH_MAX);
  if (options.ids && options.ids.length === 0) return result;
  const deadline = Date.now() + (options.timeBudgetMs ?? 60_000);
  const db = options.db ?? sharedAdminClient();

  const { data, error } = await rpc(db, 'claim_outbox_batch', { p_limit: limit, p_ids: options.ids ?? null });
  if (error) throw refusal(500, `Could not claim messages from the outbox: ${error.message}`, 'outbox_claim_failed');
  const rows = (data ?? []) as OutboxRow[];

  const results: Finished[] = [];
  const record = (row: OutboxRow, outcome: Outcome, error: string | null, form: Finished['rendered'] = null) =>
    results.push({ id: row.id, claim_token: row.claim_token, outcome, error, rendered: form });
  let handBack: string | null = null; // once set, the remaining messages are released unsent
  for (const claimed of rows) {
    if (handBack === null && Date.now() > deadline) handBack = 'Not sent yet: the delivery run ran out of time.';
    if (handBack !== null) {
      record(claimed, 'released', null);
      result.deferred++;
      continue;
    }
    let row: OutboxRow;
    let form: Finished['rendered'];
    try {
      ({ row, rendered: form } = await rendered(claimed));
    } catch (error) {
      record(claimed, 'failed', `Could not render the email: ${error instanceof Error ? error.message : String(error)}`);
      result.failed++;
      continue;
    }
    const problem = headerProblem(row);
    if (problem !== null) {
      // The last guard against header injection: never sent, failed for good at once.
      record(row, 'rejected', problem, form);
      result.failed++;
      continue;
    }
    // The provider's rate limit is waited out here when it asks for at most RATE_WAIT_MAX_MS and
    // the run has the time: a rush's confirmations go out at the provider's pace instead of one
    // per run between hand-backs.
    const mayWait = (ms: number) => ms > 0 && ms <= RATE_WAIT_MAX_MS && Date.now() + ms < deadline;
    let outcome = await sendOne(row, config);
    for (let retry = 0; !outcome.ok && outcome.rateLimited && retry < RATE_RETRIES && mayWait(outcome.waitMs); retry++) {
      await sleep(outcome.waitMs);
      outcome = await sendOne(row, config);
    }
    if (outcome.ok) {
      record(row, 'sent', null, form);
      result.sent++;
      if (mayWait(outcome.waitMs)) await sleep(outcome.waitMs); // none left in this window: wait before the next message
    } else if (outcome.rateLimited) {
      // Not the message's fault: no attempt counted; the rest of the batch waits too.
      record(row, 'released', outcome.error, form);
      result.deferred++;
      handBack = outcome.error;
    } else {
      record(row, 'failed', outcome.error, form);
      result.failed++;
    }
  }
  await finishAll(db, results);
  return result;
}

interface EdgeRuntimeLike {
  waitUntil?(promise: Promise<unknown>): void;
}

let running: Promise<void> | null = null;
let again = false;

/** Messages a kicked run claims at a time. */
const KICK_BATCH = 10;
/** How long a kicked run goes on draining full batches on its own (kicks during it still ask for more). */
const DRAIN_MS = 60_000;

/**
 * One background run at a time per worker: kicks during a run ask for one more run after it.
 * A run that claimed a full batch and sent all of it goes on too: more may be waiting (a
 * rush's confirmations are queued faster than runs of KICK_BATCH go out, and the last kick
 * must not leave the rest to the schedule). A failure or a hand-back (rate limit, time
 * budget) ends it instead: the schedule tries again later, rather than spending every
 * waiting message's attempts on a provider that is down.
 */
function coalescedDelivery(limit: number | undefined): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const batch = limit ?? KICK_BATCH;
  const since = Date.now();
  running = (async () => {
    try {
      do {
        again = false;
        const result = await deliverPendingEmails({ limit: batch, timeBudgetMs: 20_000 }).catch((error) => {
          console.error('[outbox] background delivery failed', error);
          return null;
        });
        // A backlog bigger than a minute's sending (say, after a provider outage) is left to
        // the schedule and to later kicks: a worker's run is not unbounded.
        if (result && result.sent >= batch && Date.now() - since < DRAIN_MS) again = true;
      } while (again);
    } finally {
      // In the same step as the last check of `again`: a later kick starts a run of its own.
      running = null;
    }
  })();
  return running;
}

/**
 * Starts delivery in the background after a message was queued, without delaying the
 * response (EdgeRuntime.waitUntil keeps the worker alive until it ends). Does nothing
 * without a provider. Kicks without ids coalesce: while a run is under way in this worker,
 * further kicks make it claim once more when it ends instead of starting runs of their own
 * (a rush of bookings is a few batches, not one claim per booking). The scheduled
 * send-outbox call (pg_cron when deployed; the local stack's timer) is the safety net for
 * anything a kick misses.
 */
export function kickEmailDelivery(options: Pick<DeliverOptions, 'ids' | 'limit'> = {}): void {
  if (!emailProviderConfigured()) return;
  const work = options.ids
    ? deliverPendingEmails({ limit: 10, timeBudgetMs: 20_000, ...options }).catch((error) => {
        console.error('[outbox] background delivery failed', error);
      })
    : coalescedDelivery(options.limit);
  const runtime = (globalThis as { EdgeRuntime?: EdgeRuntimeLike }).EdgeRuntime;
  if (typeof runtime?.waitUntil === 'function') runtime.waitUntil(work);
}
