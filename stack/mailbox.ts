import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

/**
 * The local mailbox: the email provider of the local stack. It speaks Resend's API
 * (POST /emails with `Authorization: Bearer <key>`, JSON { from, to, subject, text, html,
 * cc?, bcc?, reply_to?, attachments?, tags?, headers? } → 200 { id }), keeps every message it
 * receives (in memory) and shows them on a small server-rendered page; GET
 * /api/messages?to=<email> returns them as JSON (tests, e2e).
 *
 * It never writes public.email_outbox: the stack gives the edge functions
 * EMAIL_PROVIDER_URL=<mailbox>/emails and EMAIL_PROVIDER_API_KEY (mailboxProviderEnv), so
 * the normal delivery code (supabase/functions/_shared/outbox.ts) sends here and records
 * each outcome itself, exactly as with Resend in production.
 *
 * The delivery safety net: with `sendOutbox`, the mailbox calls the send-outbox function as
 * the service role every `intervalMs` (what the pg_cron schedule does once a minute when
 * deployed), so messages no kick delivered (a lost kick, a row written by SQL) still
 * arrive. Reading the mailbox first runs such a pass; GET /api/messages?to=<email> also
 * waits (up to 5 s, reading the outbox with `dbUrl`, read-only) until nothing is pending
 * or being sent to that address, so a test reads what the app has sent so far.
 */

/** The local stack's key for the mailbox (a local value that protects nothing). */
export const LOCAL_EMAIL_API_KEY = 're_local_mailbox_key';
/** The sender of the local stack's emails. */
export const LOCAL_EMAIL_FROM = 'SupperHost <bookings@supperhost.test>';

/** The functions' secrets that make the mailbox at `mailboxUrl` their email provider. */
/**
 * GoTrue's mailer for the local stack: posts auth emails (sign-up confirmations, password
 * recovery links) to the mailbox's provider endpoint, as GoTrue sends them to Inbucket under
 * `supabase start`.
 */
export function mailboxAuthMailer(mailboxUrl: string) {
  return async (message: { to: string; subject: string; text: string; html: string; kind?: string }): Promise<void> => {
    const res = await fetch(`${mailboxUrl.replace(/\/+$/, '')}/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_EMAIL_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'SupperHost Auth <auth@supperhost.test>',
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        tags: [{ name: 'kind', value: `auth_${message.kind ?? 'confirmation'}` }],
      }),
    });
    if (!res.ok) throw new Error(`The mailbox refused the ${message.kind ?? 'confirmation'} email (${res.status}): ${await res.text()}`);
  };
}

export function mailboxProviderEnv(mailboxUrl: string, apiKey = LOCAL_EMAIL_API_KEY): Record<string, string> {
  return { EMAIL_PROVIDER_URL: `${mailboxUrl.replace(/\/+$/, '')}/emails`, EMAIL_PROVIDER_API_KEY: apiKey, EMAIL_FROM: LOCAL_EMAIL_FROM };
}

export interface MailboxOptions {
  port: number;
  host?: string;
  /** The key senders must present (Authorization: Bearer); default LOCAL_EMAIL_API_KEY. */
  apiKey?: string;
  /** The delivery safety net: send-outbox's URL (e.g. `${apiUrl}/functions/v1/send-outbox`) and the service-role key. */
  sendOutbox?: { url: string; secretKey: string };
  /** Safety-net period (default 1000 ms; 0: no safety net, deliverNow and reads still run a pass). */
  intervalMs?: number;
  /** The database, read only: GET /api/messages?to= waits for that address's pending messages. */
  dbUrl?: string;
  /** Most messages kept (oldest dropped first; default 2000). */
  maxMessages?: number;
}

export interface RunningMailbox {
  url: string;
  /** What the mailbox received, newest first. */
  messages(to?: string | null): MailboxMessage[];
  /** Runs one delivery pass (send-outbox) that starts after this call; resolves to its answer. */
  deliverNow(): Promise<DeliveryRun>;
  close(): Promise<void>;
}

export interface MailboxAttachment {
  filename: string;
  content_type: string | null;
  /** Size of the decoded content in bytes (null when given as a path). */
  size: number | null;
  /** The content as sent (base64), for download (null when given as a path). */
  content_base64: string | null;
  /** Inline attachments: the HTML refers to them as cid:<content_id>. */
  content_id: string | null;
}

/** A received message, in the shape of the former outbox listing (to_email, body_text, kind...). */
export interface MailboxMessage {
  id: string;
  /** From the provider call's tags (the outbox sender tags its messages). */
  outbox_id: string | null;
  org_id: string | null;
  reservation_id: string | null;
  kind: string | null;
  from: string;
  /** The first recipient. */
  to_email: string;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: MailboxAttachment[];
  tags: Record<string, string>;
  headers: Record<string, string>;
  /** Always 'sent': the mailbox received it. */
  status: 'sent';
  created_at: string;
  sent_at: string;
}

export interface DeliveryRun {
  ok: boolean;
  status: number | null;
  body: unknown;
  at: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Line breaks and other control characters: never in a header field. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MAX_BODY_BYTES = 40 * 1024 * 1024; // Resend: 40 MB per email with attachments
const WAIT_FOR_ADDRESS_MS = 5_000;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1f2328; }
  h1 { font-size: 1.4rem; } table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid #d0d7de; vertical-align: top; }
  th { background: #f6f8fa; } a { color: #0550ae; } pre { white-space: pre-wrap; background: #f6f8fa; padding: 1rem; border-radius: 6px; }
  .warn { color: #cf222e; } .muted { color: #59636e; } iframe { width: 100%; min-height: 24rem; border: 1px solid #d0d7de; border-radius: 6px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; } dt { font-weight: 600; }
</style></head><body>${body}</body></html>`;
}

function time(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? value
    : d
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC');
}

class ProviderError extends Error {
  constructor(
    public status: number,
    public errorName: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ProviderError(422, 'validation_error', message);

function addresses(value: unknown, field: string, required = false): string[] {
  if (value === undefined || value === null) {
    if (required) throw invalid(`Missing \`${field}\` field.`);
    return [];
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 50) throw invalid(`The \`${field}\` field must have at most 50 addresses.`);
  return list.map((item) => {
    if (typeof item !== 'string' || !item.trim()) throw invalid(`Invalid \`${field}\` field.`);
    if (HEADER_UNSAFE.test(item)) throw invalid(`The \`${field}\` field must not contain line breaks or control characters.`);
    const address = item.match(/<([^<>]+)>\s*$/)?.[1] ?? item;
    if (!/^[^@\s]+@[^@\s]+$/.test(address.trim()))
      throw invalid(
        `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
      );
    return item.trim();
  });
}

/** Checks a Resend-style send request and turns it into a stored message. */
export function readSendRequest(body: unknown, now = new Date()): MailboxMessage {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('The request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  const [from] = addresses(b.from, 'from', true);
  if (Array.isArray(b.from)) throw invalid('Invalid `from` field.');
  const to = addresses(b.to, 'to', true);
  if (to.length === 0) throw invalid('Missing `to` field.');
  if (typeof b.subject !== 'string') throw invalid('Missing `subject` field.');
  if (HEADER_UNSAFE.test(b.subject)) throw invalid('The `subject` field must not contain line breaks or control characters.');
  if (b.text !== undefined && typeof b.text !== 'string') throw invalid('Invalid `text` field.');
  if (b.html !== undefined && typeof b.html !== 'string') throw invalid('Invalid `html` field.');
  if (b.text === undefined && b.html === undefined) throw invalid('Missing `html` or `text` field.');

  const tags: Record<string, string> = {};
  if (b.tags !== undefined) {
    if (!Array.isArray(b.tags)) throw invalid('Invalid `tags` field.');
    for (const tag of b.tags as { name?: unknown; value?: unknown }[]) {
      const ok = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(v);
      if (!tag || !ok(tag.name) || !ok(tag.value)) {
        throw invalid('Tags should only contain ASCII letters, numbers, underscores, or dashes (at most 256 characters).');
      }
      tags[tag.name as string] = tag.value as string;
    }
  }
  const headers: Record<string, string> = {};
  if (b.headers !== undefined) {
    if (!b.headers || typeof b.headers !== 'object' || Array.isArray(b.headers)) throw invalid('Invalid `headers` field.');
    for (const [name, value] of Object.entries(b.headers as Record<string, unknown>)) {
      if (typeof value !== 'string' || HEADER_UNSAFE.test(name) || HEADER_UNSAFE.test(value)) {
        throw invalid(`Invalid header \`${name.replace(HEADER_UNSAFE, '?')}\`: must be one line of text.`);
      }
      headers[name] = value;
    }
  }
  const attachments: MailboxAttachment[] = [];
  if (b.attachments !== undefined) {
    if (!Array.isArray(b.attachments)) throw invalid('Invalid `attachments` field.');
    for (const a of b.attachments as Record<string, unknown>[]) {
      const filename = typeof a?.filename === 'string' ? a.filename : null;
      if (!filename || HEADER_UNSAFE.test(filename)) throw invalid('Every attachment needs a one-line `filename`.');
      const contentType = typeof a.content_type === 'string' ? a.content_type : typeof a.contentType === 'string' ? a.contentType : null;
      const contentId = typeof a.content_id === 'string' && /^[A-Za-z0-9._@-]{1,100}$/.test(a.content_id) ? a.content_id : null;
      if (typeof a.content === 'string') {
        attachments.push({
          filename,
          content_type: contentType,
          size: Buffer.from(a.content, 'base64').length,
          content_base64: a.content,
          content_id: contentId,
        });
      } else if (typeof a.path === 'string') {
        attachments.push({ filename, content_type: contentType, size: null, content_base64: null, content_id: contentId });
      } else {
        throw invalid('Every attachment needs `content` (base64) or `path`.');
      }
    }
  }
  const at = now.toISOString();
  const tag = (name: string) => tags[name] ?? null;
  return {
    id: randomUUID(),
    outbox_id: tag('outbox_id'),
    org_id: tag('org_id'),
    reservation_id: tag('reservation_id'),
    kind: tag('kind'),
    from,
    to_email: to[0].match(/<([^<>]+)>\s*$/)?.[1] ?? to[0],
    to,
    cc: addresses(b.cc, 'cc'),
    bcc: addresses(b.bcc, 'bcc'),
    reply_to: addresses(b.reply_to, 'reply_to'),
    subject: b.subject,
    body_text: typeof b.text === 'string' ? b.text : '',
    body_html: typeof b.html === 'string' ? b.html : null,
    attachments,
    tags,
    headers,
    status: 'sent',
    created_at: at,
    sent_at: at,
  };
}

function bare(address: string): string {
  return (address.match(/<([^<>]+)>\s*$/)?.[1] ?? address).trim().toLowerCase();
}

function readRaw(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ProviderError(413, 'validation_error', 'The email is too large (40 MB at most).'));
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startMailbox({
  port,
  host = '127.0.0.1',
  apiKey = LOCAL_EMAIL_API_KEY,
  sendOutbox,
  intervalMs = 1000,
  dbUrl,
  maxMessages = 2000,
}: MailboxOptions): Promise<RunningMailbox> {
  const store: MailboxMessage[] = []; // oldest first
  const byIdempotencyKey = new Map<string, string>();
  let lastRun: DeliveryRun | null = null;

  const pool = dbUrl ? new pg.Pool({ connectionString: dbUrl, max: 2 }) : null;
  pool?.on('error', () => undefined);

  const messages = (to?: string | null): MailboxMessage[] => {
    const wanted = to?.trim().toLowerCase();
    const list = wanted ? store.filter((m) => [...m.to, ...m.cc, ...m.bcc].some((a) => bare(a) === wanted)) : store;
    return list.slice(-500).reverse();
  };

  // ---- The delivery safety net: send-outbox as the service role ---------------------------
  let started = 0; // passes started so far
  let running: { seq: number; promise: Promise<DeliveryRun> } | null = null;
  let stopped = false;

  const runPass = async (): Promise<DeliveryRun> => {
    const at = new Date().toISOString();
    if (!sendOutbox) return { ok: false, status: null, body: 'no send-outbox configured', at };
    try {
      const res = await fetch(sendOutbox.url, {
        method: 'POST',
        headers: {
          apikey: sendOutbox.secretKey,
          'content-type': 'application/json',
        },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text
      }
      return (lastRun = { ok: res.ok, status: res.status, body, at });
    } catch (error) {
      return (lastRun = { ok: false, status: null, body: (error as Error).message, at });
    }
  };

  /** A pass that starts after this call: joins one started later, else waits for the current one and starts the next. */
  const deliverNow = async (): Promise<DeliveryRun> => {
    const after = started;
    for (;;) {
      if (running && running.seq > after) return running.promise;
      if (running) {
        await running.promise;
        continue;
      }
      const seq = ++started;
      const promise = runPass().finally(() => {
        if (running?.seq === seq) running = null;
      });
      running = { seq, promise };
      return promise;
    }
  };

  const timer =
    sendOutbox && intervalMs > 0
      ? setInterval(() => {
          if (!stopped && !running) void deliverNow();
        }, intervalMs)
      : null;
  timer?.unref();

  /** Waits (≤ 5 s) until the outbox has nothing pending or being sent to `to` (read only). */
  const settle = async (to: string): Promise<void> => {
    await deliverNow();
    if (!pool) return;
    const deadline = Date.now() + WAIT_FOR_ADDRESS_MS;
    while (Date.now() < deadline) {
      let due: number;
      try {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from public.email_outbox where lower(to_email) = lower($1) and status in ('pending', 'sending')`,
          [to],
        );
        due = rows[0]?.n ?? 0;
      } catch {
        return; // no outbox (yet): nothing to wait for
      }
      if (due === 0) return;
      await new Promise((r) => setTimeout(r, 100));
      await deliverNow();
    }
  };

  // ---- HTTP ---------------------------------------------------------------------------------
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const sendHtml = (status: number, html: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
      });
      res.end(html);
    };
    const sendJsonBody = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body));
    };

    if (req.method === 'POST' && url.pathname === '/emails') {
      const providerError = (e: ProviderError) => sendJsonBody(e.status, { statusCode: e.status, name: e.errorName, message: e.message });
      const authorization = req.headers.authorization ?? '';
      const key = authorization.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      if (!key) {
        req.resume();
        return providerError(
          new ProviderError(
            401,
            'missing_api_key',
            'Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY',
          ),
        );
      }
      if (key !== apiKey) {
        req.resume();
        return providerError(new ProviderError(403, 'invalid_api_key', 'API key is invalid'));
      }
      try {
        const raw = await readRaw(req);
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw invalid('The request body is not valid JSON.');
        }
        // As Resend: a repeated Idempotency-Key answers the first result instead of sending again.
        const idempotencyKey = req.headers['idempotency-key'];
        const keyed = typeof idempotencyKey === 'string' && idempotencyKey ? idempotencyKey : null;
        const first = keyed ? byIdempotencyKey.get(keyed) : undefined;
        if (first) return sendJsonBody(200, { id: first });
        const message = readSendRequest(body);
        store.push(message);
        if (store.length > maxMessages) store.splice(0, store.length - maxMessages);
        if (keyed) byIdempotencyKey.set(keyed, message.id);
        return sendJsonBody(200, { id: message.id });
      } catch (error) {
        if (error instanceof ProviderError) return providerError(error);
        throw error;
      }
    }

    if (req.method === 'POST' && url.pathname === '/api/deliver') return sendJsonBody(200, await deliverNow());
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJsonBody(405, { error: 'Method not allowed' });

    if (url.pathname === '/api/messages') {
      const to = url.searchParams.get('to');
      if (to) await settle(to);
      else await deliverNow();
      return sendJsonBody(200, messages(to));
    }
    const attachmentOne = url.pathname.match(/^\/messages\/([^/]+)\/attachments\/(\d+)$/);
    if (attachmentOne) {
      // An attachment as sent, downloaded (never shown inline: it is the sender's content).
      const m = UUID.test(attachmentOne[1]) ? store.find((x) => x.id === attachmentOne[1]) : undefined;
      const a = m?.attachments[Number(attachmentOne[2])];
      if (!a?.content_base64) return sendJsonBody(404, { error: 'Attachment not found' });
      const body = Buffer.from(a.content_base64, 'base64');
      const inline = req.headers['sec-fetch-dest'] === 'image' && /^image\/(png|jpeg|gif|webp)$/.test(a.content_type ?? '');
      res.writeHead(200, {
        'content-type': inline ? (a.content_type as string) : 'application/octet-stream',
        'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${a.filename.replace(/["\\]/g, '_')}"`,
        'content-length': body.length,
        'x-content-type-options': 'nosniff',
      });
      return res.end(body);
    }
    const apiOne = url.pathname.match(/^\/api\/messages\/([^/]+)$/);
    const htmlOne = url.pathname.match(/^\/messages\/([^/]+)(\/html)?$/);
    if (apiOne || htmlOne) {
      const id = decodeURIComponent((apiOne ?? htmlOne)![1]);
      const m = UUID.test(id) ? store.find((x) => x.id === id) : undefined;
      if (apiOne) return m ? sendJsonBody(200, m) : sendJsonBody(404, { error: 'Message not found' });
      if (!m) return sendHtml(404, page('Not found', '<p>Message not found. <a href="/">Back to the mailbox</a></p>'));
      if (htmlOne?.[2]) {
        // The HTML body alone, shown in a sandboxed frame (no scripts, no same-origin).
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; sandbox",
          'x-frame-options': 'SAMEORIGIN',
        });
        // Inline images (cid:logo) point at the message's own attachments.
        const html = (m.body_html ?? '').replace(/cid:([A-Za-z0-9._@-]+)/g, (ref, cid: string) => {
          const index = m.attachments.findIndex((a) => a.content_id === cid);
          return index < 0 ? ref : `/messages/${m.id}/attachments/${index}`;
        });
        return res.end(html);
      }
      const list = (values: string[]) => escapeHtml(values.join(', '));
      return sendHtml(
        200,
        page(
          m.subject || '(no subject)',
          `
<p><a href="/">← All messages</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
  <dt>From</dt><dd>${escapeHtml(m.from)}</dd>
  <dt>To</dt><dd>${list(m.to)}</dd>
  ${m.cc.length ? `<dt>Cc</dt><dd>${list(m.cc)}</dd>` : ''}
  ${m.bcc.length ? `<dt>Bcc</dt><dd>${list(m.bcc)}</dd>` : ''}
  ${m.reply_to.length ? `<dt>Reply to</dt><dd>${list(m.reply_to)}</dd>` : ''}
  <dt>Kind</dt><dd>${escapeHtml(m.kind ?? '')}</dd>
  <dt>Received</dt><dd>${escapeHtml(time(m.created_at))}</dd>
  ${
    Object.keys(m.tags).length
      ? `<dt>Tags</dt><dd>${escapeHtml(
          Object.entries(m.tags)
            .map(([k, v]) => `${k}=${v}`)
            .join(', '),
        )}</dd>`
      : ''
  }
  ${
    m.attachments.length
      ? `<dt>Attachments</dt><dd>${m.attachments
          .map((a, i) => {
            const label = `${escapeHtml(a.filename)}${a.size === null ? '' : ` (${a.size} bytes)`}`;
            return a.content_base64 ? `<a href="/messages/${escapeHtml(m.id)}/attachments/${i}" download>${label}</a>` : label;
          })
          .join(', ')}</dd>`
      : ''
  }
</dl>
<h2>Text</h2>
<pre>${escapeHtml(m.body_text)}</pre>
${m.body_html ? `<h2>HTML</h2><iframe sandbox title="HTML body" src="/messages/${escapeHtml(m.id)}/html"></iframe>` : ''}`,
        ),
      );
    }
    if (url.pathname === '/' || url.pathname === '/messages') {
      await deliverNow();
      const rows = messages(url.searchParams.get('to'));
      const delivery =
        lastRun && !lastRun.ok
          ? `<p class="warn">The last delivery run (send-outbox) failed: ${escapeHtml(typeof lastRun.body === 'string' ? lastRun.body : JSON.stringify(lastRun.body))}</p>`
          : '';
      const body =
        rows.length === 0
          ? '<p class="muted">No messages yet. Every email the app sends locally shows up here.</p>'
          : `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>Kind</th></tr></thead><tbody>
${rows
  .map(
    (m) => `<tr><td>${escapeHtml(time(m.created_at))}</td><td>${escapeHtml(m.to.join(', '))}</td>
<td><a href="/messages/${escapeHtml(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${escapeHtml(m.kind ?? '')}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`;
      return sendHtml(
        200,
        page(
          'Local mailbox',
          `<h1>Local mailbox</h1>
<p class="muted">${rows.length} message(s) received, newest first. The app's email delivery sends here: a Resend-compatible API at <code>POST /emails</code>.</p>${delivery}${body}`,
        ),
      );
    }
    return sendJsonBody(404, { error: 'Not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Mailbox error: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

  return {
    url: `http://${host}:${port}`,
    messages,
    deliverNow,
    close: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await running.promise.catch(() => undefined);
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool?.end();
    },
  };
}
