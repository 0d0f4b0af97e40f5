/**
 * multipart/form-data (RFC 7578) for the local gateway: what supabase-js's storage client
 * sends for an upload (a `cacheControl` field and the file under an empty field name, or a
 * FormData of the caller's own).
 *
 * The parser works on a body that has already been read whole (the caller bounds its size:
 * storage reads at most the bucket's file_size_limit plus MULTIPART_OVERHEAD_BYTES). It never
 * guesses: anything that is not well formed throws MultipartError, which storage.ts answers
 * as storage-api's 400 InvalidRequest. Limits it enforces itself:
 *
 * - the boundary has 1-200 characters (RFC 2046 allows 70; browsers and undici stay below it),
 * - at most MAX_PARTS parts, each with at most MAX_PART_HEADER_BYTES of part headers,
 * - part headers must be `name: value` lines; every part needs
 *   `Content-Disposition: form-data; name="..."`.
 *
 * Not supported (refused or ignored): nested multipart/mixed parts (read as opaque bytes),
 * Content-Transfer-Encoding (ignored, as RFC 7578 §4.7 deprecates it), and a missing closing
 * delimiter (refused: the body was truncated).
 */

/** How much framing (boundaries, part headers, small fields) a multipart upload may add to the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Parts in one body; supabase-js sends two (cacheControl + file), forms a few more. */
export const MAX_PARTS = 64;
/** Header block of one part. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;

export class MultipartError extends Error {}

export interface MultipartPart {
  /** Field name ('' for the file supabase-js sends). */
  name: string;
  filename?: string;
  contentType?: string;
  headers: Record<string, string>;
  data: Buffer;
}

/** Parameters of a header value such as `form-data; name="x"; filename="a b.png"`. */
export function parseHeaderParams(value: string): { value: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  let i = value.indexOf(';');
  const main = (i === -1 ? value : value.slice(0, i)).trim().toLowerCase();
  while (i !== -1 && i < value.length) {
    i++; // skip ';'
    while (value[i] === ' ' || value[i] === '\t') i++;
    const eq = value.indexOf('=', i);
    if (eq === -1) break;
    const key = value.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    let v = '';
    if (value[i] === '"') {
      i++;
      while (i < value.length && value[i] !== '"') {
        if (value[i] === '\\' && i + 1 < value.length) i++;
        v += value[i++];
      }
      i++; // closing quote
      const next = value.indexOf(';', i);
      i = next;
    } else {
      const next = value.indexOf(';', i);
      v = (next === -1 ? value.slice(i) : value.slice(i, next)).trim();
      i = next;
    }
    if (key.endsWith('*')) {
      // RFC 5987: charset'lang'percent-encoded
      const m = v.match(/^([^']*)'[^']*'(.*)$/);
      try {
        params[key.slice(0, -1)] = m ? decodeURIComponent(m[2]) : v;
      } catch {
        params[key.slice(0, -1)] = v;
      }
    } else if (!(key in params)) {
      params[key] = v;
    }
  }
  return { value: main, params };
}

/**
 * Parses a multipart/form-data body. Throws MultipartError when the content type is not
 * multipart/form-data with a usable boundary or the body is not well formed.
 */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const { value, params } = parseHeaderParams(contentType);
  if (value !== 'multipart/form-data') throw new MultipartError('Expected multipart/form-data');
  const boundary = params['boundary'];
  if (!boundary || boundary.length > 200) throw new MultipartError('The multipart body has no valid boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);

  let pos: number;
  if (body.subarray(0, delimiter.length).equals(delimiter)) pos = 0;
  else {
    const found = body.indexOf(nextDelimiter);
    if (found === -1) throw new MultipartError('The multipart body has no boundary line');
    pos = found + 2;
  }

  const parts: MultipartPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // "--": the closing delimiter
    if (parts.length >= MAX_PARTS) throw new MultipartError(`The multipart body has more than ${MAX_PARTS} parts`);
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++; // transport padding
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw new MultipartError('Malformed multipart boundary line');
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd === -1) throw new MultipartError('Malformed multipart part headers');
    if (headerEnd - pos > MAX_PART_HEADER_BYTES) throw new MultipartError('The headers of a multipart part are too large');
    const headers: Record<string, string> = {};
    const headerText = body.subarray(pos, headerEnd).toString('utf8');
    for (const line of headerText.split('\r\n')) {
      if (!line) continue;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MultipartError('Malformed multipart part header');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const dataStart = headerEnd + 4;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd === -1) throw new MultipartError('The multipart body ends before its closing boundary');
    const disposition = headers['content-disposition'];
    if (!disposition) throw new MultipartError('A multipart part has no Content-Disposition');
    const d = parseHeaderParams(disposition);
    if (d.value !== 'form-data' || !('name' in d.params)) throw new MultipartError('A multipart part is not form-data with a name');
    parts.push({
      name: d.params['name'],
      filename: d.params['filename'],
      contentType: headers['content-type'],
      headers,
      data: body.subarray(dataStart, dataEnd),
    });
    pos = dataEnd + 2;
  }
}
