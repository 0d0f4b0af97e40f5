import { connect } from 'node:net';

// A raw HTTP/1.1 client on node:net for tests that send what fetch refuses to: malformed
// request targets and headers, NUL bytes, truncated or oversized bodies, any method.
// One request per connection; the answer is read until the server closes.

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (not encoded or checked). */
  target: string;
  /** Header lines as sent; Host and Connection: close are added unless present. */
  headers?: [string, string][];
  body?: Buffer | string;
  /** How the body goes: Content-Length (default), chunked, or Content-Length with only part of it sent before a FIN. */
  bodyMode?: 'length' | 'chunked' | 'truncated' | 'none';
  /** The protocol of the request line (default HTTP/1.1). */
  version?: string;
  /** A whole raw request instead (request line, headers and body exactly as given). */
  raw?: Buffer;
  /** With `raw`: half-close (FIN) after sending it. */
  halfClose?: boolean;
}

export interface RawResponse {
  status: number;
  reason: string;
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  json(): unknown;
}

export interface RawOutcome {
  response?: RawResponse;
  /** Why no complete answer arrived (ECONNRESET, "no status line", "timeout", ...). */
  error?: string;
}

export function encodeRequest(base: string, r: RawRequest): { bytes: Buffer; halfClose: boolean } {
  if (r.raw) return { bytes: r.raw, halfClose: Boolean(r.halfClose) };
  const host = new URL(base).host;
  const headers = [...(r.headers ?? [])];
  const has = (name: string) => headers.some(([k]) => k.toLowerCase() === name);
  if (!has('host')) headers.unshift(['Host', host]);
  if (!has('connection')) headers.push(['Connection', 'close']);
  const body = r.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
  const mode = r.bodyMode ?? (r.body === undefined ? 'none' : 'length');
  let payload: Buffer = Buffer.alloc(0);
  if (mode === 'length' || mode === 'truncated') {
    if (!has('content-length')) headers.push(['Content-Length', String(mode === 'truncated' ? body.length + 100 : body.length)]);
    payload = body;
  } else if (mode === 'chunked') {
    headers.push(['Transfer-Encoding', 'chunked']);
    const pieces: Buffer[] = [];
    for (let i = 0; i < body.length; i += 16 * 1024) {
      const piece = body.subarray(i, i + 16 * 1024);
      pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    }
    pieces.push(Buffer.from('0\r\n\r\n'));
    payload = Buffer.concat(pieces);
  }
  const head = `${r.method} ${r.target} ${r.version ?? 'HTTP/1.1'}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return { bytes: Buffer.concat([Buffer.from(head, 'latin1'), payload]), halfClose: mode === 'truncated' };
}

/** Parses one answer (skipping 1xx interim ones); null when incomplete. An answer to HEAD has no body. */
export function parseResponse(data: Buffer, closed: boolean, toHead = false): RawResponse | null {
  let offset = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', offset);
    if (end === -1) return null;
    const head = data.subarray(offset, end).toString('latin1');
    const [statusLine, ...lines] = head.split('\r\n');
    const m = statusLine.match(/^HTTP\/1\.[01] (\d{3})(?: (.*))?$/);
    if (!m) return null;
    const status = Number(m[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const rest = data.subarray(end + 4);
    if (status >= 100 && status < 200) {
      offset = end + 4;
      continue;
    }
    let body: Buffer | null;
    if (toHead || status === 204 || status === 304) body = Buffer.alloc(0);
    else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(rest);
    else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      body = rest.length >= length ? rest.subarray(0, length) : null;
    } else body = closed ? rest : null;
    if (!body) return null;
    const finalBody = body;
    return {
      status,
      reason: m[2] ?? '',
      headers,
      body: finalBody,
      text: () => finalBody.toString('utf8'),
      json: () => JSON.parse(finalBody.toString('utf8')),
    };
  }
}

function dechunk(data: Buffer): Buffer | null {
  const out: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', pos);
    if (lineEnd === -1) return null;
    const size = parseInt(data.subarray(pos, lineEnd).toString('latin1').split(';')[0], 16);
    if (Number.isNaN(size)) return null;
    pos = lineEnd + 2;
    if (size === 0) return Buffer.concat(out);
    if (data.length < pos + size + 2) return null;
    out.push(data.subarray(pos, pos + size));
    pos += size + 2;
  }
}

/** Sends one request on a fresh connection (from `localAddress` if given) and reads the answer. */
export function rawRequest(base: string, r: RawRequest, opts: { localAddress?: string; timeoutMs?: number } = {}): Promise<RawOutcome> {
  const { hostname, port } = new URL(base);
  const { bytes, halfClose } = encodeRequest(base, r);
  const head = (r.raw ? r.raw.subarray(0, 5).toString('latin1') : r.method).startsWith('HEAD');
  return new Promise<RawOutcome>((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    let socketError: string | undefined;
    const socket = connect({ host: hostname, port: Number(port), localAddress: opts.localAddress });
    const done = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      const response = parseResponse(data, closed && !socketError, head);
      socket.destroy();
      if (response) resolve({ response });
      else
        resolve({
          error:
            socketError ??
            (data.length === 0 ? 'closed without a status line' : `incomplete answer: ${JSON.stringify(data.subarray(0, 120).toString('latin1'))}`),
        });
    };
    const timer = setTimeout(() => {
      socketError ??= 'timeout';
      done(false);
    }, opts.timeoutMs ?? 20_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // With Connection: close the server closes after the answer; stop early once it is complete anyway.
      const response = parseResponse(Buffer.concat(chunks), false, head);
      if (response && response.headers['connection']?.toLowerCase() !== 'close' && !halfClose) done(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError ??= error.code ?? error.message;
      done(false);
    });
    socket.on('end', () => done(true));
    socket.on('close', () => done(true));
    // Write in pieces, honouring back-pressure: a large body is sent the way a real client sends it.
    const writeAll = async () => {
      for (let i = 0; i < bytes.length && !settled; i += 64 * 1024) {
        const piece = bytes.subarray(i, i + 64 * 1024);
        if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r));
      }
      if (halfClose && !settled) socket.end();
    };
    // A write failure surfaces as the socket's 'error' event (handled above).
    socket.on('connect', () => void writeAll().catch(() => undefined));
  });
}
