// Email delivery: sends the messages recorded in public.email_outbox through the
// provider configured by secret (a Resend-compatible HTTP API).
//
// Secrets: EMAIL_PROVIDER_API_KEY (turns delivery on), EMAIL_FROM (the sender, e.g.
// `SupperHost <bookings@example.com>`), optional EMAIL_PROVIDER_URL (default Resend's
// https://api.resend.com/emails). Without the key nothing is sent from here: locally the
// mailbox (stack/mailbox.ts) is the provider.
//
// A run claims a batch atomically (SQL claim_outbox_batch: for update skip locked, so two
// runs never send one message twice), sends each message and records the outcome
// (finish_outbox_send): sent; or the error, back to pending for a retry, and failed for
// good (visible with its error) after 5 attempts. A rate limit (429) or the end of the
// run's time budget hands the rest back without counting an attempt.
// See supabase/migrations/20261123005000_email_delivery.sql.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { HttpError } from './http.ts';
import { createAdminClient } from './supabase.ts';

export const MAX_ATTEMPTS = 5; // as in finish_outbox_send
export const DEFAULT_EMAIL_PROVIDER_URL = 'https://api.resend.com/emails';
const REQUEST_TIMEOUT_MS = 15_000;

export interface DeliverOptions {
  /** Most messages this run claims (1..500; default 50). */
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
  /** Failed attempts (each recorded on its message: retried later, or failed after 5 attempts). */
  failed: number;
  /** Claimed messages handed back unsent (rate limit, time budget): sent by a later run. */
  deferred: number;
  /** true when no provider is configured (EMAIL_PROVIDER_API_KEY unset): nothing was done. */
  skipped: boolean;
}

interface OutboxRow {
  id: string;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  claim_token: string;
}

type Outcome = 'sent' | 'failed' | 'released';

function secret(name: string): string | undefined {
  const value = Deno.env.get(name)?.trim();
  return value ? value : undefined;
}

/** Whether a real email provider is configured (EMAIL_PROVIDER_API_KEY is set). */
export function emailProviderConfigured(): boolean {
  return secret('EMAIL_PROVIDER_API_KEY') !== undefined;
}

type SendResult = { ok: true } | { ok: false; error: string; rateLimited: boolean };

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
        text: row.body_text,
        ...(row.body_html ? { html: row.body_html } : {}),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, error: `Could not reach the email provider: ${message}`, rateLimited: false };
  }
  const text = await res.text().catch(() => '');
  if (res.ok) return { ok: true };
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
  };
}

async function finish(db: SupabaseClient, row: OutboxRow, outcome: Outcome, error: string | null): Promise<void> {
  const { data, error: rpcError } = await db.rpc('finish_outbox_send', {
    p_id: row.id,
    p_claim_token: row.claim_token,
    p_outcome: outcome,
    p_error: error,
  });
  if (rpcError) {
    // The claim expires after 10 minutes and the message is retried then: not lost.
    console.error(`[outbox] could not record "${outcome}" for ${row.id}`, rpcError);
  } else if (data === null) {
    console.warn(`[outbox] the claim on ${row.id} expired before "${outcome}" was recorded`);
  }
}

/**
 * Sends due messages of the outbox through the configured provider (see the top of this
 * file). Without EMAIL_PROVIDER_API_KEY it does nothing and answers `skipped: true`.
 */
export async function deliverPendingEmails(options: DeliverOptions = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, deferred: 0, skipped: false };
  const apiKey = secret('EMAIL_PROVIDER_API_KEY');
  if (!apiKey) return { ...result, skipped: true };
  const from = secret('EMAIL_FROM');
  if (!from) {
    // Nothing is claimed: the messages stay pending until the sender is configured.
    throw new HttpError(500, 'EMAIL_FROM is not set: configure the sender address of the email provider', 'email_from_missing');
  }
  const config = { url: secret('EMAIL_PROVIDER_URL') ?? DEFAULT_EMAIL_PROVIDER_URL, apiKey, from };
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 500);
  if (options.ids && options.ids.length === 0) return result;
  const deadline = Date.now() + (options.timeBudgetMs ?? 60_000);
  const db = options.db ?? createAdminClient();

  const { data, error } = await db.rpc('claim_outbox_batch', { p_limit: limit, p_ids: options.ids ?? null });
  if (error) throw new HttpError(500, `Could not claim messages from the outbox: ${error.message}`, 'outbox_claim_failed');
  const rows = (data ?? []) as OutboxRow[];

  let handBack: string | null = null; // once set, the remaining messages are released unsent
  for (const row of rows) {
    if (handBack === null && Date.now() > deadline) handBack = 'Not sent yet: the delivery run ran out of time.';
    if (handBack !== null) {
      await finish(db, row, 'released', null);
      result.deferred++;
      continue;
    }
    const outcome = await sendOne(row, config);
    if (outcome.ok) {
      await finish(db, row, 'sent', null);
      result.sent++;
    } else if (outcome.rateLimited) {
      // Not the message's fault: no attempt counted; the rest of the batch waits too.
      await finish(db, row, 'released', outcome.error);
      result.deferred++;
      handBack = outcome.error;
    } else {
      await finish(db, row, 'failed', outcome.error);
      result.failed++;
    }
  }
  return result;
}

interface EdgeRuntimeLike {
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * Starts delivery in the background after a message was queued, without delaying the
 * response (EdgeRuntime.waitUntil keeps the worker alive until it ends). Does nothing
 * without a provider: locally the mailbox delivers, and the scheduled send-outbox call is
 * the safety net for anything a kick misses.
 */
export function kickEmailDelivery(options: Pick<DeliverOptions, 'ids' | 'limit'> = {}): void {
  if (!emailProviderConfigured()) return;
  const work = deliverPendingEmails({ limit: 10, timeBudgetMs: 20_000, ...options }).catch((error) => {
    console.error('[outbox] background delivery failed', error);
  });
  const runtime = (globalThis as { EdgeRuntime?: EdgeRuntimeLike }).EdgeRuntime;
  if (typeof runtime?.waitUntil === 'function') runtime.waitUntil(work);
}
