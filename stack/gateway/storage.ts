import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';
import { bearerToken, withRoleTransaction, type GatewayContext } from './context.ts';

/**
 * /storage/v1: the subset of Supabase's storage-api that supabase-js's storage client uses
 * for objects: upload (POST, x-upsert), update (PUT), download (authenticated and public),
 * remove, list, plus reading buckets. Object rows live in storage.objects and every access
 * by a user runs as that user's role with its JWT claims, so the bucket's row-level
 * security policies decide, exactly as storage-api's database does. The bytes live in
 * storage.local_blobs, which no API role can touch: after the caller's own statement on
 * storage.objects has passed RLS, the same transaction switches back to the gateway's
 * (superuser) session role to write or read the bytes.
 *
 * Errors have storage-api's body `{statusCode: "<code>", code, error, message}` and, like
 * storage-api, HTTP status 400 for every 4xx error (500 for internal ones): the precise
 * status is the body's `statusCode`, which storage-js exposes as `error.statusCode`.
 */

/** storage-api's default global upload limit (FILE_SIZE_LIMIT, 50 MB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export class StorageError extends Error {
  constructor(
    public httpStatusCode: number,
    public code: string,
    message: string,
    public error?: string,
  ) {
    super(message);
  }

  /** storage-api answers 400 for every client error; the body carries the real code. */
  get responseStatus(): number {
    return this.httpStatusCode >= 500 ? 500 : this.httpStatusCode === 404 && this.code === 'RouteNotFound' ? 404 : 400;
  }

  body() {
    return { statusCode: String(this.httpStatusCode), code: this.code, error: this.error ?? this.code, message: this.message };
  }
}

export const StorageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'Duplicate', 'The resource already exists', 'Duplicate'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  routeNotFound: (method: string, path: string) => new StorageError(404, 'RouteNotFound', `Route ${method}:${path} is not supported by the local storage server`, 'Not Found'),
  internal: (message: string) => new StorageError(500, 'InternalError', message, 'Internal'),
};

/** storage-api's mapping of database errors. */
export function storageErrorFromPg(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case '42501': return StorageErrors.accessDenied('new row violates row-level security policy');
    case '23505': return StorageErrors.duplicate();
    case '23503': return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '55P03':
    case '57014': return new StorageError(423, 'ResourceLocked', 'The resource is locked');
    default: return StorageErrors.internal(e.message ?? 'Internal server error');
  }
}

// ---------------------------------------------------------------- multipart/form-data

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
 * Parses a multipart/form-data body (RFC 7578). Throws StorageError InvalidRequest when
 * the body is not well formed.
 */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const { value, params } = parseHeaderParams(contentType);
  if (value !== 'multipart/form-data') throw StorageErrors.invalidRequest('Expected multipart/form-data');
  const boundary = params['boundary'];
  if (!boundary || boundary.length > 200) throw StorageErrors.invalidRequest('The multipart body has no valid boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);

  let pos: number;
  if (body.subarray(0, delimiter.length).equals(delimiter)) pos = 0;
  else {
    const found = body.indexOf(nextDelimiter);
    if (found === -1) throw StorageErrors.invalidRequest('The multipart body has no boundary line');
    pos = found + 2;
  }

  const parts: MultipartPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // "--": the closing delimiter
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++; // transport padding
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw StorageErrors.invalidRequest('Malformed multipart boundary line');
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd === -1) throw StorageErrors.invalidRequest('Malformed multipart part headers');
    const headers: Record<string, string> = {};
    const headerText = body.subarray(pos, headerEnd).toString('utf8');
    for (const line of headerText.split('\r\n')) {
      if (!line) continue;
      const colon = line.indexOf(':');
      if (colon <= 0) throw StorageErrors.invalidRequest('Malformed multipart part header');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const dataStart = headerEnd + 4;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd === -1) throw StorageErrors.invalidRequest('The multipart body ends before its closing boundary');
    const disposition = headers['content-disposition'];
    if (!disposition) throw StorageErrors.invalidRequest('A multipart part has no Content-Disposition');
    const d = parseHeaderParams(disposition);
    if (d.value !== 'form-data' || !('name' in d.params)) throw StorageErrors.invalidRequest('A multipart part is not form-data with a name');
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

// ---------------------------------------------------------------- helpers

/** `allowed_mime_types` check: exact type or `type/*`; parameters (`;charset=...`) ignored. */
export function isMimeTypeAllowed(mime: string, allowed: string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const bare = mime.split(';')[0].trim().toLowerCase();
  const [type, subtype] = bare.split('/');
  if (!type || !subtype) return false;
  return allowed.some((a) => {
    const [at, as] = a.trim().toLowerCase().split('/');
    return at === type && (as === '*' || as === subtype);
  });
}

/** storage-api's key check: non-empty, no control characters, no empty or relative segments. */
export function isValidObjectKey(key: string): boolean {
  if (!key || key.length > 1024) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Reads a body up to `limit` bytes; past that it keeps draining (so the client can read the answer) and reports tooLarge. */
async function readLimited(req: IncomingMessage, limit: number): Promise<{ data: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk as Buffer);
  }
  return { data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
}

function storageClaims(req: IncomingMessage, ctx: GatewayContext): JwtClaims {
  const token = bearerToken(req);
  if (!token) return { role: 'anon' };
  try {
    const claims = verifyJwt(token, ctx.jwtSecret);
    const role = String(claims.role ?? 'anon');
    if (!['anon', 'authenticated', 'service_role'].includes(role)) throw StorageErrors.accessDenied(`role "${role}" is not allowed`);
    return { ...claims, role };
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw StorageErrors.accessDenied(error instanceof JwtError && /expired/.test(error.message) ? 'jwt expired' : 'invalid signature');
  }
}

interface BucketRow {
  id: string;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

async function findBucket(ctx: GatewayContext, id: string): Promise<BucketRow> {
  const { rows } = await ctx.pool.query<BucketRow>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!rows[0]) throw StorageErrors.noSuchBucket();
  return rows[0];
}

function splitBucketAndKey(rest: string): { bucket: string; key: string } {
  const segments = rest.split('/').filter((s, i) => i > 0 || s !== '');
  let decoded: string[];
  try {
    decoded = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw StorageErrors.invalidKey(rest);
  }
  const [bucket, ...keyParts] = decoded;
  return { bucket: bucket ?? '', key: keyParts.join('/') };
}

const withStorageRole = <T>(ctx: GatewayContext, claims: JwtClaims, req: IncomingMessage, readOnly: boolean, fn: (client: pg.PoolClient) => Promise<T>) =>
  withRoleTransaction(ctx, claims, { readOnly, method: req.method, path: new URL(req.url ?? '/', 'http://x').pathname, headers: req.headers as Record<string, unknown> }, fn)
    .catch((error) => { throw storageErrorFromPg(error); });

/** Back to the gateway's own session role (the transaction's SET LOCAL ROLE is undone). */
const asSuperuser = (client: pg.PoolClient) => client.query('set local role none');

interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

// ---------------------------------------------------------------- operations

async function upload(req: IncomingMessage, ctx: GatewayContext, rest: string, mode: 'create' | 'update') {
  const { bucket: bucketId, key } = splitBucketAndKey(rest);
  if (!bucketId) throw StorageErrors.noSuchBucket();
  if (!isValidObjectKey(key)) throw StorageErrors.invalidKey(key);
  const claims = storageClaims(req, ctx);
  const bucket = await findBucket(ctx, bucketId);
  const bucketLimit = bucket.file_size_limit != null ? Number(bucket.file_size_limit) : null;
  const limit = Math.min(GLOBAL_FILE_SIZE_LIMIT, bucketLimit ?? GLOBAL_FILE_SIZE_LIMIT);

  const contentType = String(req.headers['content-type'] ?? '');
  const isMultipart = contentType.toLowerCase().startsWith('multipart/form-data');
  // A multipart body carries a little framing around the file; allow for it here and check the file itself below.
  const { data, tooLarge } = await readLimited(req, isMultipart ? limit + 64 * 1024 : limit);
  if (tooLarge) throw StorageErrors.entityTooLarge();

  let bytes: Buffer;
  let mimetype: string;
  let cacheControl: string;
  if (isMultipart) {
    const parts = parseMultipart(data, contentType);
    const file = parts.find((p) => p.filename !== undefined) ?? parts.find((p) => p.name === '');
    if (!file) throw StorageErrors.invalidRequest('No file found in the multipart body');
    bytes = file.data;
    mimetype = file.contentType || 'application/octet-stream';
    const cc = parts.find((p) => p.name === 'cacheControl')?.data.toString('utf8').trim();
    cacheControl = cc ? (/^\d+$/.test(cc) ? `max-age=${cc}` : cc) : 'max-age=3600';
  } else {
    bytes = data;
    mimetype = contentType || 'application/octet-stream';
    cacheControl = String(req.headers['cache-control'] ?? '') || 'no-cache';
  }
  if (bytes.length > limit) throw StorageErrors.entityTooLarge();
  if (!isMimeTypeAllowed(mimetype, bucket.allowed_mime_types)) throw StorageErrors.invalidMimeType(mimetype);

  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
  const upsert = mode === 'create' && String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true';

  const id = await withStorageRole(ctx, claims, req, false, async (client) => {
    // The caller's own statement: row-level security decides. No RETURNING, so a plain
    // upload needs only an INSERT policy (upsert also needs SELECT and UPDATE, as on Supabase).
    if (mode === 'update') {
      const { rowCount } = await client.query(
        `update storage.objects set metadata = $3::jsonb, owner = auth.uid(), version = $4,
                updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2`,
        [bucketId, key, JSON.stringify(metadata), randomUUID()],
      );
      if (!rowCount) throw StorageErrors.noSuchKey();
    } else if (upsert) {
      await client.query(
        `insert into storage.objects (id, bucket_id, name, owner, metadata, version)
         values ($1, $2, $3, auth.uid(), $4::jsonb, $5)
         on conflict (bucket_id, name) do update
           set metadata = excluded.metadata, owner = excluded.owner, version = excluded.version,
               updated_at = now(), last_accessed_at = now()`,
        [randomUUID(), bucketId, key, JSON.stringify(metadata), randomUUID()],
      );
    } else {
      await client.query(
        `insert into storage.objects (id, bucket_id, name, owner, metadata, version)
         values ($1, $2, $3, auth.uid(), $4::jsonb, $5)`,
        [randomUUID(), bucketId, key, JSON.stringify(metadata), randomUUID()],
      );
    }
    // The statement passed: store the bytes of that very row, as the gateway itself.
    await asSuperuser(client);
    const { rows: [row] } = await client.query<{ id: string }>(
      'select id from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, key],
    );
    await client.query(
      `insert into storage.local_blobs (object_id, content) values ($1, $2)
       on conflict (object_id) do update set content = excluded.content`,
      [row.id, bytes],
    );
    return row.id;
  });
  return { Key: `${bucketId}/${key}`, Id: id };
}

interface StoredObject {
  id: string;
  metadata: ObjectMetadata | null;
  updated_at: Date | null;
  content: Buffer;
}

async function readObjectAsCaller(req: IncomingMessage, ctx: GatewayContext, rest: string): Promise<StoredObject> {
  const { bucket, key } = splitBucketAndKey(rest);
  if (!bucket || !key) throw StorageErrors.noSuchKey();
  const claims = storageClaims(req, ctx);
  return withStorageRole(ctx, claims, req, true, async (client) => {
    const { rows: [obj] } = await client.query<{ id: string; metadata: ObjectMetadata | null; updated_at: Date | null }>(
      'select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key],
    );
    if (!obj) throw StorageErrors.noSuchKey();
    await asSuperuser(client);
    const { rows: [blob] } = await client.query<{ content: Buffer }>('select content from storage.local_blobs where object_id = $1', [obj.id]);
    if (!blob) throw StorageErrors.noSuchKey();
    return { ...obj, content: blob.content };
  });
}

async function readPublicObject(ctx: GatewayContext, rest: string): Promise<StoredObject> {
  const { bucket, key } = splitBucketAndKey(rest);
  const { rows: [b] } = await ctx.pool.query<{ public: boolean | null }>('select public from storage.buckets where id = $1', [bucket]);
  if (!b || !b.public) throw StorageErrors.noSuchBucket();
  const { rows: [obj] } = await ctx.pool.query<StoredObject>(
    `select o.id, o.metadata, o.updated_at, l.content
       from storage.objects o join storage.local_blobs l on l.object_id = o.id
      where o.bucket_id = $1 and o.name = $2`,
    [bucket, key],
  );
  if (!obj) throw StorageErrors.noSuchKey();
  return obj;
}

function sendObject(req: IncomingMessage, res: ServerResponse, obj: StoredObject, url: URL, key: string) {
  const meta = obj.metadata ?? {};
  const etag = meta.eTag ?? `"${createHash('md5').update(obj.content).digest('hex')}"`;
  const lastModified = new Date(meta.lastModified ?? obj.updated_at ?? Date.now()).toUTCString();
  const headers: Record<string, string> = {
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'cache-control': meta.cacheControl ?? 'no-cache',
    etag,
    'last-modified': lastModified,
    'content-length': String(obj.content.length),
    'x-content-type-options': 'nosniff',
  };
  if (url.searchParams.has('download')) {
    const name = url.searchParams.get('download') || key.split('/').pop() || 'download';
    headers['content-disposition'] = `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  if (req.headers['if-none-match'] === etag) {
    delete headers['content-length'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : obj.content);
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { data, tooLarge } = await readLimited(req, 1024 * 1024);
  if (tooLarge) throw StorageErrors.entityTooLarge();
  const text = data.toString('utf8').trim();
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // fall through
  }
  throw StorageErrors.invalidRequest('Body is not a valid JSON object');
}

const OBJECT_COLUMNS = 'id, bucket_id, name, owner, created_at, updated_at, last_accessed_at, metadata, version';

async function removeObjects(req: IncomingMessage, ctx: GatewayContext, bucket: string) {
  const body = await readJsonBody(req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
    throw StorageErrors.invalidRequest('body must have required property "prefixes": a non-empty array of object names');
  }
  if (prefixes.length > 1000) throw StorageErrors.invalidRequest('body/prefixes must NOT have more than 1000 items');
  const claims = storageClaims(req, ctx);
  return withStorageRole(ctx, claims, req, false, async (client) => {
    // Deleting needs DELETE and SELECT policies (RETURNING), as on Supabase; invisible rows are skipped.
    const { rows } = await client.query(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, prefixes],
    );
    return rows;
  });
}

async function removeOne(req: IncomingMessage, ctx: GatewayContext, rest: string) {
  const { bucket, key } = splitBucketAndKey(rest);
  const claims = storageClaims(req, ctx);
  return withStorageRole(ctx, claims, req, false, async (client) => {
    const { rowCount } = await client.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [bucket, key]);
    if (!rowCount) throw StorageErrors.noSuchKey();
    return { message: 'Successfully deleted' };
  });
}

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

async function listObjects(req: IncomingMessage, ctx: GatewayContext, bucket: string) {
  const body = await readJsonBody(req);
  let prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const limit = Math.max(1, Math.min(Number(body.limit ?? 100) || 100, 1000));
  const offset = Math.max(0, Number(body.offset ?? 0) || 0);
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = SORT_COLUMNS.has(String(sortBy.column)) ? String(sortBy.column) : 'name';
  const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';
  const claims = storageClaims(req, ctx);
  const rows = await withStorageRole(ctx, claims, req, true, async (client) => {
    const { rows } = await client.query<Record<string, unknown> & { name: string }>(
      `select ${OBJECT_COLUMNS} from storage.objects
        where bucket_id = $1 and left(name, length($2)) = $2`,
      [bucket, prefix],
    );
    return rows;
  });
  type Entry = { name: string; id: string | null; updated_at: unknown; created_at: unknown; last_accessed_at: unknown; metadata: unknown };
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    const restName = row.name.slice(prefix.length);
    const slash = restName.indexOf('/');
    const name = slash === -1 ? restName : restName.slice(0, slash);
    if (search && !name.toLowerCase().startsWith(search.toLowerCase())) continue;
    if (slash !== -1) {
      if (!entries.has(`${name}/`)) entries.set(`${name}/`, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    } else {
      entries.set(name, { name, id: row.id as string, updated_at: row.updated_at, created_at: row.created_at, last_accessed_at: row.last_accessed_at, metadata: row.metadata });
    }
  }
  const value = (e: Entry) => (column === 'name' ? e.name : e[column as keyof Entry] ? new Date(e[column as keyof Entry] as string).getTime() : 0);
  const sorted = [...entries.values()].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const cmp = va < vb ? -1 : va > vb ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    return desc ? -cmp : cmp;
  });
  return sorted.slice(offset, offset + limit);
}

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

async function listBuckets(req: IncomingMessage, ctx: GatewayContext, id?: string) {
  const claims = storageClaims(req, ctx);
  return withStorageRole(ctx, claims, req, true, async (client) => {
    const { rows } = id
      ? await client.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])
      : await client.query(`select ${BUCKET_COLUMNS} from storage.buckets order by name`);
    const shaped = rows.map((b) => ({ ...b, file_size_limit: b.file_size_limit == null ? null : Number(b.file_size_limit) }));
    if (id && !shaped[0]) throw StorageErrors.noSuchBucket();
    return id ? shaped[0] : shaped;
  });
}

// ---------------------------------------------------------------- router

export async function handleStorage(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, url: URL): Promise<void> {
  const path = url.pathname.slice('/storage/v1'.length) || '/';
  const method = req.method ?? 'GET';
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  try {
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/object\/list\/([^/]+)\/?$/)) && method === 'POST') {
      return json(200, await listObjects(req, ctx, decodeURIComponent(m[1])));
    }
    if ((m = path.match(/^\/object\/public(\/.+)$/)) && (method === 'GET' || method === 'HEAD')) {
      const obj = await readPublicObject(ctx, m[1]);
      return sendObject(req, res, obj, url, splitBucketAndKey(m[1]).key);
    }
    if ((m = path.match(/^\/object\/authenticated(\/.+)$/)) && (method === 'GET' || method === 'HEAD')) {
      const obj = await readObjectAsCaller(req, ctx, m[1]);
      return sendObject(req, res, obj, url, splitBucketAndKey(m[1]).key);
    }
    if ((m = path.match(/^\/object\/([^/]+)\/?$/)) && method === 'DELETE') {
      return json(200, await removeObjects(req, ctx, decodeURIComponent(m[1])));
    }
    if ((m = path.match(/^\/object(\/[^/]+\/.+)$/))) {
      if (method === 'POST') return json(200, await upload(req, ctx, m[1], 'create'));
      if (method === 'PUT') return json(200, await upload(req, ctx, m[1], 'update'));
      if (method === 'GET' || method === 'HEAD') {
        const obj = await readObjectAsCaller(req, ctx, m[1]);
        return sendObject(req, res, obj, url, splitBucketAndKey(m[1]).key);
      }
      if (method === 'DELETE') return json(200, await removeOne(req, ctx, m[1]));
    }
    if (path.match(/^\/bucket\/?$/) && method === 'GET') return json(200, await listBuckets(req, ctx));
    if ((m = path.match(/^\/bucket\/([^/]+)\/?$/)) && method === 'GET') return json(200, await listBuckets(req, ctx, decodeURIComponent(m[1])));
    if (path === '/status' || path === '/health') return json(200, { status: 'ok' });
    throw StorageErrors.routeNotFound(method, `/storage/v1${path}`);
  } catch (error) {
    const e = error instanceof StorageError ? error : storageErrorFromPg(error);
    if (res.headersSent) {
      res.end();
      return;
    }
    // Drain an unread request body so the client can read the answer.
    if (!req.readableEnded) req.resume();
    json(e.responseStatus, e.body());
  }
}
