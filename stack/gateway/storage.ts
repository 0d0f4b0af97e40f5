import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { JwtError, type JwtClaims } from '../jwt.ts';
import { bearerToken, formatBytes, JSON_BODY_LIMIT, readBodyUpTo, RequestAbortedError, withRoleTransaction, type GatewayContext } from './context.ts';
import { MULTIPART_OVERHEAD_BYTES, MultipartError, parseMultipart as parseMultipartBody, type MultipartPart } from './multipart.ts';

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
 *
 * Limits (stack/gateway/README.md): an upload is at most the bucket's file_size_limit, itself
 * capped by the project-wide [storage] file_size_limit of supabase/config.toml (10 MiB); the
 * gateway reads at most that plus MULTIPART_OVERHEAD_BYTES of a multipart body. JSON bodies
 * (list, remove) are at most 1 MiB. Bucket names follow storage-api's rules (1-100 of
 * A-Z a-z 0-9 _ ! . * ' ( ) space & $ = @ ; : + , ? -), object keys have no control
 * characters and no empty, "." or ".." segments. A request with no key at all is refused by
 * the gateway before it gets here (server.ts), except public object downloads.
 */

/** storage-api's default global upload limit (FILE_SIZE_LIMIT, 50 MB), used when config.toml has none. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface StorageOptions {
  /** Project-wide upload limit in bytes ([storage] file_size_limit); a bucket's own limit may only lower it. */
  fileSizeLimit: number;
}

export class StorageError extends Error {
  constructor(
    public httpStatusCode: number,
    public code: string,
    message: string,
    public error?: string,
    /** What the error is about (storage-api's `resource`), not sent. */
    public resource?: string,
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
  bodyTooLarge: (limit: number) =>
    new StorageError(413, 'EntityTooLarge', `Request body is larger than the ${formatBytes(limit)} limit`, 'Payload too large'),
  invalidBucketName: (name: string) => new StorageError(400, 'InvalidBucketName', `Bucket name invalid`, 'Invalid Input', name),
  badUrl: (path: string) => new StorageError(400, 'InvalidRequest', `'${path}' is not a valid url component`, 'Bad Request'),
  invalidRange: (size: number) =>
    new StorageError(416, 'InvalidRange', `The requested range is not satisfiable (the object has ${size} bytes)`, 'Range Not Satisfiable'),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, 'RouteNotFound', `Route ${method}:${path} is not supported by the local storage server`, 'Not Found'),
  internal: (message: string) => new StorageError(500, 'InternalError', message, 'Internal'),
};

/** storage-api's mapping of database errors. */
export function storageErrorFromPg(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case '42501':
      return StorageErrors.accessDenied('new row violates row-level security policy');
    case '23505':
      return StorageErrors.duplicate();
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '55P03':
    case '57014':
      return new StorageError(423, 'ResourceLocked', 'The resource is locked');
    // A value the database cannot take (an invalid byte sequence, a NUL, a bad number): the
    // request's fault, not the server's. Normally caught earlier by the input checks.
    case '54001':
      return StorageErrors.invalidRequest('The request is too complex');
    default:
      if (e.code?.startsWith('22')) return StorageErrors.invalidRequest(`Invalid input: ${e.message ?? 'rejected by the database'}`);
      return StorageErrors.internal(e.message ?? 'Internal server error');
  }
}

// ---------------------------------------------------------------- multipart/form-data

export { parseHeaderParams, type MultipartPart } from './multipart.ts';

/** multipart.ts's parser, with its errors answered as storage-api's 400 InvalidRequest. */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  try {
    return parseMultipartBody(body, contentType);
  } catch (error) {
    if (error instanceof MultipartError) throw StorageErrors.invalidRequest(error.message);
    throw error;
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

const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

/** storage-api's bucket name check (isValidBucketName): 1-100 S3-safe characters. */
export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && VALID_BUCKET_NAME.test(name);
}

/** Decodes one path segment; broken percent-encoding (`%zz`, `%E0%A4%A`) is a 400, as with storage-api's router. */
function decodeSegment(segment: string, path: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw StorageErrors.badUrl(path);
  }
}

function checkBucketName(name: string): string {
  if (!isValidBucketName(name)) throw StorageErrors.invalidBucketName(name);
  return name;
}

/**
 * Values the object keeps and later sends back as response headers (mime type, cache-control)
 * must be printable ASCII: Node refuses anything else in a header, which would make every
 * download of the object fail.
 */
const isHeaderSafe = (value: string) => /^[\t\x20-\x7e]*$/.test(value);

async function storageClaims(req: IncomingMessage, ctx: GatewayContext): Promise<JwtClaims> {
  const token = bearerToken(req, ctx);
  if (!token) return { role: 'anon' };
  try {
    const claims = await ctx.jwt.verify(token);
    const role = String(claims.role ?? 'anon');
    if (!['anon', 'authenticated', 'service_role'].includes(role)) throw StorageErrors.accessDenied(`role "${role}" is not allowed`);
    return { ...claims, role };
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw StorageErrors.accessDenied(error instanceof JwtError && error.expired ? 'jwt expired' : 'invalid signature');
  }
}

interface BucketRow {
  id: string;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

async function findBucket(ctx: GatewayContext, id: string): Promise<BucketRow> {
  const { rows } = await ctx.pool.query<BucketRow>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
  if (!rows[0]) throw StorageErrors.noSuchBucket();
  return rows[0];
}

/** `/<bucket>/<key...>` of a route, decoded; the bucket name is checked (the key is checked where it matters). */
function splitBucketAndKey(rest: string): { bucket: string; key: string } {
  const segments = rest.split('/').filter((s, i) => i > 0 || s !== '');
  const decoded = segments.map((s) => decodeSegment(s, rest));
  const [bucket, ...keyParts] = decoded;
  return { bucket: checkBucketName(bucket ?? ''), key: keyParts.join('/') };
}

const withStorageRole = <T>(
  ctx: GatewayContext,
  claims: JwtClaims,
  req: IncomingMessage,
  readOnly: boolean,
  fn: (client: pg.PoolClient) => Promise<T>,
) =>
  withRoleTransaction(
    ctx,
    claims,
    { readOnly, method: req.method, path: new URL(req.url ?? '/', 'http://x').pathname, headers: req.headers as Record<string, unknown> },
    fn,
  ).catch((error) => {
    throw storageErrorFromPg(error);
  });

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

async function upload(req: IncomingMessage, ctx: GatewayContext, opts: StorageOptions, rest: string, mode: 'create' | 'update') {
  const { bucket: bucketId, key } = splitBucketAndKey(rest);
  if (!isValidObjectKey(key)) throw StorageErrors.invalidKey(key);
  const claims = await storageClaims(req, ctx);
  const bucket = await findBucket(ctx, bucketId);
  const bucketLimit = bucket.file_size_limit != null ? Number(bucket.file_size_limit) : null;
  const limit = Math.min(opts.fileSizeLimit, bucketLimit ?? opts.fileSizeLimit);

  const contentType = String(req.headers['content-type'] ?? '');
  const isMultipart = contentType.toLowerCase().startsWith('multipart/form-data');
  // A multipart body carries a little framing around the file; allow for it here and check the file itself below.
  const { data, tooLarge } = await readBodyUpTo(req, isMultipart ? limit + MULTIPART_OVERHEAD_BYTES : limit);
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
    const cc = parts
      .find((p) => p.name === 'cacheControl')
      ?.data.toString('utf8')
      .trim();
    cacheControl = cc ? (/^\d+$/.test(cc) ? `max-age=${cc}` : cc) : 'max-age=3600';
  } else {
    bytes = data;
    mimetype = contentType || 'application/octet-stream';
    cacheControl = String(req.headers['cache-control'] ?? '') || 'no-cache';
  }
  if (bytes.length > limit) throw StorageErrors.entityTooLarge();
  if (!isHeaderSafe(mimetype) || mimetype.length > 255) throw StorageErrors.invalidMimeType(mimetype.replace(/[^\x20-\x7e]/g, '?'));
  if (!isMimeTypeAllowed(mimetype, bucket.allowed_mime_types)) throw StorageErrors.invalidMimeType(mimetype);
  if (!isHeaderSafe(cacheControl) || cacheControl.length > 1024) throw StorageErrors.invalidRequest('Invalid cacheControl value');

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
    const {
      rows: [row],
    } = await client.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]);
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
  if (!key) throw StorageErrors.noSuchKey();
  if (!isValidObjectKey(key)) throw StorageErrors.invalidKey(key);
  const claims = await storageClaims(req, ctx);
  return withStorageRole(ctx, claims, req, true, async (client) => {
    const {
      rows: [obj],
    } = await client.query<{ id: string; metadata: ObjectMetadata | null; updated_at: Date | null }>(
      'select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key],
    );
    if (!obj) throw StorageErrors.noSuchKey();
    await asSuperuser(client);
    const {
      rows: [blob],
    } = await client.query<{ content: Buffer }>('select content from storage.local_blobs where object_id = $1', [obj.id]);
    if (!blob) throw StorageErrors.noSuchKey();
    return { ...obj, content: blob.content };
  });
}

async function readPublicObject(ctx: GatewayContext, rest: string): Promise<StoredObject> {
  const { bucket, key } = splitBucketAndKey(rest);
  if (!key) throw StorageErrors.noSuchKey();
  if (!isValidObjectKey(key)) throw StorageErrors.invalidKey(key);
  const {
    rows: [b],
  } = await ctx.pool.query<{ public: boolean | null }>('select public from storage.buckets where id = $1', [bucket]);
  if (!b || !b.public) throw StorageErrors.noSuchBucket();
  const {
    rows: [obj],
  } = await ctx.pool.query<StoredObject>(
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
    // The plain filename is printable ASCII (Node refuses other bytes in a header); filename* carries the real name.
    headers['content-disposition'] =
      `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  if (req.headers['if-none-match'] === etag) {
    delete headers['content-length'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['accept-ranges'] = 'bytes';
  const size = obj.content.length;
  const range = parseRange(req.headers['range'], size);
  if (range === 'unsatisfiable') {
    const error = StorageErrors.invalidRange(size);
    res.writeHead(416, { 'content-type': 'application/json; charset=utf-8', 'content-range': `bytes */${size}` });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(error.body()));
    return;
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    res.writeHead(206, headers);
    res.end(req.method === 'HEAD' ? undefined : obj.content.subarray(range.start, range.end + 1));
    return;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : obj.content);
}

/**
 * One `Range: bytes=a-b | a- | -n` (RFC 9110 §14): the inclusive byte span, 'unsatisfiable'
 * when it starts past the end, or null to send the whole object (no header, another unit,
 * several ranges or anything malformed: a server may ignore Range).
 */
export function parseRange(header: string | string[] | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (typeof header !== 'string') return null;
  const m = header.trim().match(/^bytes\s*=\s*(\d*)\s*-\s*(\d*)$/i);
  if (!m || (m[1] === '' && m[2] === '') || m[1].length > 15 || m[2].length > 15) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { data, tooLarge } = await readBodyUpTo(req, JSON_BODY_LIMIT);
  if (tooLarge) throw StorageErrors.bodyTooLarge(JSON_BODY_LIMIT);
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
  const claims = await storageClaims(req, ctx);
  return withStorageRole(ctx, claims, req, false, async (client) => {
    // Deleting needs DELETE and SELECT policies (RETURNING), as on Supabase; invisible rows are skipped.
    const { rows } = await client.query(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [
      bucket,
      prefixes,
    ]);
    return rows;
  });
}

async function removeOne(req: IncomingMessage, ctx: GatewayContext, rest: string) {
  const { bucket, key } = splitBucketAndKey(rest);
  if (!isValidObjectKey(key)) throw StorageErrors.invalidKey(key);
  const claims = await storageClaims(req, ctx);
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
  const claims = await storageClaims(req, ctx);
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
      if (!entries.has(`${name}/`))
        entries.set(`${name}/`, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    } else {
      entries.set(name, {
        name,
        id: row.id as string,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      });
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
  const claims = await storageClaims(req, ctx);
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

export async function handleStorage(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  url: URL,
  opts: StorageOptions = { fileSizeLimit: GLOBAL_FILE_SIZE_LIMIT },
): Promise<void> {
  const path = url.pathname.slice('/storage/v1'.length) || '/';
  const method = req.method ?? 'GET';
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  /** A bucket named by one path segment. */
  const bucketParam = (segment: string) => checkBucketName(decodeSegment(segment, path));
  try {
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/object\/list\/([^/]+)\/?$/)) && method === 'POST') {
      return json(200, await listObjects(req, ctx, bucketParam(m[1])));
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
      return json(200, await removeObjects(req, ctx, bucketParam(m[1])));
    }
    if ((m = path.match(/^\/object(\/[^/]+\/.+)$/))) {
      if (method === 'POST') return json(200, await upload(req, ctx, opts, m[1], 'create'));
      if (method === 'PUT') return json(200, await upload(req, ctx, opts, m[1], 'update'));
      if (method === 'GET' || method === 'HEAD') {
        const obj = await readObjectAsCaller(req, ctx, m[1]);
        return sendObject(req, res, obj, url, splitBucketAndKey(m[1]).key);
      }
      if (method === 'DELETE') return json(200, await removeOne(req, ctx, m[1]));
    }
    if (path.match(/^\/bucket\/?$/) && method === 'GET') return json(200, await listBuckets(req, ctx));
    if ((m = path.match(/^\/bucket\/([^/]+)\/?$/)) && method === 'GET') return json(200, await listBuckets(req, ctx, bucketParam(m[1])));
    if (path === '/status' || path === '/health') return json(200, { status: 'ok' });
    throw StorageErrors.routeNotFound(method, `/storage/v1${path}`);
  } catch (error) {
    const e =
      error instanceof StorageError
        ? error
        : error instanceof RequestAbortedError
          ? StorageErrors.invalidRequest('The request body ended before its announced length')
          : storageErrorFromPg(error);
    if (res.headersSent) {
      res.end();
      return;
    }
    // An unread request body is read and discarded before the answer goes out (server.ts).
    json(e.responseStatus, e.body());
  }
}
