import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

/**
 * The local mailbox: the email provider of the local stack. It "delivers" every pending
 * row of public.email_outbox (marks it sent) and shows all messages on a small
 * server-rendered page; GET /api/messages?to=<email> returns them as JSON (for tests).
 */

export interface MailboxOptions {
  port: number;
  dbUrl: string;
  host?: string;
  /** Delivery loop period (default 1000 ms). */
  intervalMs?: number;
}

export interface RunningMailbox {
  url: string;
  close(): Promise<void>;
}

export interface OutboxRow {
  id: string;
  org_id: string | null;
  reservation_id: string | null;
  kind: string | null;
  to_email: string;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  status: string;
  error: string | null;
  attempts: number | null;
  created_at: string;
  sent_at: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  .status-pending { color: #9a6700; } .status-failed { color: #cf222e; } .status-sent { color: #1a7f37; }
  .muted { color: #59636e; } iframe { width: 100%; min-height: 24rem; border: 1px solid #d0d7de; border-radius: 6px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; } dt { font-weight: 600; }
</style></head><body>${body}</body></html>`;
}

function time(value: unknown): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

export async function startMailbox({ port, dbUrl, host = '127.0.0.1', intervalMs = 1000 }: MailboxOptions): Promise<RunningMailbox> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 3 });
  pool.on('error', () => undefined);

  const outboxExists = async (): Promise<boolean> => {
    const { rows } = await pool.query<{ t: string | null }>(`select to_regclass('public.email_outbox')::text as t`);
    return rows[0]?.t != null;
  };
  // claimed_at arrives with migration 20261123005000_email_delivery.sql.
  const hasClaimColumn = async (): Promise<boolean> => {
    const { rows } = await pool.query(
      `select 1 from pg_attribute where attrelid = 'public.email_outbox'::regclass and attname = 'claimed_at' and not attisdropped`,
    );
    return rows.length > 0;
  };

  // Delivery: the mailbox is the local provider, so every pending message is "sent" —
  // except messages a real provider sender (supabase/functions/_shared/outbox.ts) has
  // claimed: those carry claimed_at and are that sender's to send or retry. Rows being
  // claimed right now are skipped too, so the two never both deliver one message.
  let delivering: Promise<number> | null = null;
  const deliver = (): Promise<number> => {
    delivering ??= (async () => {
      try {
        if (!(await outboxExists())) return 0;
        const claimable = (await hasClaimColumn())
          ? `select id from public.email_outbox where status = 'pending' and claimed_at is null for update skip locked`
          : `select id from public.email_outbox where status = 'pending' for update skip locked`;
        const result = await pool.query(
          `update public.email_outbox set status = 'sent', sent_at = now(), attempts = coalesce(attempts, 0) + 1, error = null
            where id in (${claimable})`,
        );
        return result.rowCount ?? 0;
      } catch {
        return 0; // database restarting or schema changing: try again next tick
      } finally {
        delivering = null;
      }
    })();
    return delivering;
  };
  const timer = setInterval(() => { void deliver(); }, intervalMs);
  timer.unref();

  const list = async (to?: string | null): Promise<OutboxRow[]> => {
    const { rows } = await pool.query<OutboxRow>(
      `select * from public.email_outbox
        where ($1::text is null or lower(to_email) = lower($1))
        order by created_at desc, id desc limit 500`,
      [to ?? null],
    );
    return rows;
  };

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
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (req.method === 'POST' && url.pathname === '/api/deliver') return sendJsonBody(200, { delivered: await deliver() });
      return sendJsonBody(405, { error: 'Method not allowed' });
    }

    const exists = await outboxExists();
    if (exists) await deliver();

    if (url.pathname === '/api/messages') {
      if (!exists) return sendJsonBody(503, { error: 'The table public.email_outbox does not exist yet (run the migrations).' });
      return sendJsonBody(200, await list(url.searchParams.get('to')));
    }
    const apiOne = url.pathname.match(/^\/api\/messages\/([^/]+)$/);
    const htmlOne = url.pathname.match(/^\/messages\/([^/]+)(\/html)?$/);
    const id = decodeURIComponent((apiOne ?? htmlOne)?.[1] ?? '');
    if ((apiOne || htmlOne) && (!exists || !UUID.test(id))) {
      return apiOne ? sendJsonBody(404, { error: 'Message not found' }) : sendHtml(404, page('Not found', '<p>Message not found. <a href="/">Back to the mailbox</a></p>'));
    }
    if (apiOne || htmlOne) {
      const { rows } = await pool.query<OutboxRow>('select * from public.email_outbox where id = $1', [id]);
      const m = rows[0];
      if (apiOne) return m ? sendJsonBody(200, m) : sendJsonBody(404, { error: 'Message not found' });
      if (!m) return sendHtml(404, page('Not found', '<p>Message not found. <a href="/">Back to the mailbox</a></p>'));
      if (htmlOne?.[2]) {
        // The HTML body alone, shown in a sandboxed frame (no scripts, no same-origin).
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; sandbox",
          'x-frame-options': 'SAMEORIGIN',
        });
        return res.end(m.body_html ?? '');
      }
      return sendHtml(200, page(m.subject ?? '(no subject)', `
<p><a href="/">← All messages</a></p>
<h1>${escapeHtml(m.subject ?? '(no subject)')}</h1>
<dl>
  <dt>To</dt><dd>${escapeHtml(m.to_email)}</dd>
  <dt>Kind</dt><dd>${escapeHtml(m.kind)}</dd>
  <dt>Status</dt><dd class="status-${escapeHtml(m.status)}">${escapeHtml(m.status)}${m.error ? ` — ${escapeHtml(m.error)}` : ''}</dd>
  <dt>Created</dt><dd>${escapeHtml(time(m.created_at))}</dd>
  <dt>Sent</dt><dd>${escapeHtml(time(m.sent_at))}</dd>
</dl>
<h2>Text</h2>
<pre>${escapeHtml(m.body_text ?? '')}</pre>
${m.body_html ? `<h2>HTML</h2><iframe sandbox title="HTML body" src="/messages/${escapeHtml(m.id)}/html"></iframe>` : ''}`));
    }
    if (url.pathname === '/' || url.pathname === '/messages') {
      if (!exists) {
        return sendHtml(200, page('Local mailbox', '<h1>Local mailbox</h1><p>The table <code>public.email_outbox</code> does not exist yet: run the migrations (<code>npm run db:reset</code> or restart <code>npm start</code>).</p>'));
      }
      const rows = await list(url.searchParams.get('to'));
      const body = rows.length === 0
        ? '<p class="muted">No messages yet. Every email the app sends locally shows up here.</p>'
        : `<table><thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Status</th><th>Kind</th></tr></thead><tbody>
${rows.map((m) => `<tr><td>${escapeHtml(time(m.created_at))}</td><td>${escapeHtml(m.to_email)}</td>
<td><a href="/messages/${escapeHtml(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
<td class="status-${escapeHtml(m.status)}">${escapeHtml(m.status)}</td><td>${escapeHtml(m.kind)}</td></tr>`).join('\n')}
</tbody></table>`;
      return sendHtml(200, page('Local mailbox', `<h1>Local mailbox</h1><p class="muted">${rows.length} message(s), newest first. Local delivery marks pending messages as sent.</p>${body}`));
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
    close: async () => {
      clearInterval(timer);
      if (delivering) await delivering.catch(() => undefined);
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
