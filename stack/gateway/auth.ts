import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { JwtError, type JwtClaims } from '../jwt.ts';
import {
  formatBytes,
  inTransaction,
  JSON_BODY_LIMIT,
  jsonNestingDepth,
  MAX_JSON_DEPTH,
  readBodyUpTo,
  RequestAbortedError,
  type GatewayContext,
} from './context.ts';

/**
 * /auth/v1: the subset of GoTrue (supabase/auth) that supabase-js's auth client uses for
 * email + password sessions: access tokens live 3600 s, refresh tokens rotate. With
 * [auth.email] enable_confirmations (supabase/config.toml) a sign-up gets no session: GoTrue's
 * confirmation email (through the stack's mailer, i.e. the local mailbox) carries a link to
 * GET /auth/v1/verify, which confirms the address and redirects to `redirect_to` with the
 * session in the URL fragment (the implicit flow supabase-js reads). Without it sign-ups are
 * confirmed at once (the test stack runs so).
 *
 * Users live in auth.users (+ an auth.identities row for the 'email' provider); passwords
 * are bcrypt-hashed in SQL with extensions.crypt(). All queries run on the gateway's own
 * (superuser) connection, as GoTrue's own database user does.
 *
 * Password recovery as GoTrue's recover.go / verify.go: POST /recover mails a link (through the
 * same mailer) to GET /verify?type=recovery, which signs the user in and redirects with the
 * session in the fragment and type=recovery; the app then sets the new password with PUT /user.
 * The link's token is GoTrue's token hash, sha224(email + a 6-digit code), stored in
 * auth.users.recovery_token: one per user (a new request replaces it), used once, valid for
 * [auth.email] otp_expiry, at most one email per [auth.email] max_frequency. POST /verify takes
 * {type: 'recovery', token_hash} or {type: 'recovery', email, token: <code>}.
 *
 * Differences from hosted GoTrue, on purpose: no refresh-token reuse interval (a rotated
 * token is refused at once, and its whole session's tokens are revoked), no PKCE, no phone
 * OTP, magic links, OAuth, MFA or admin API (those answer 4xx with a clear message).
 *
 * Hardening (stack/gateway/README.md, docs/SECURITY.md):
 * - bodies of at most 1 MiB (413 request_entity_too_large, GoTrue's own limit), JSON nested
 *   at most MAX_JSON_DEPTH deep, no NUL anywhere in it (400 bad_json / validation_failed);
 * - passwords of minimum_password_length ([auth] in supabase/config.toml) to 72 bytes
 *   (bcrypt's limit, as GoTrue), without control characters;
 * - failed password sign-ins are throttled per email and per client address (429
 *   over_request_rate_limit with Retry-After); a successful sign-in clears the email's count;
 * - a sign-up for a registered email answers what GoTrue answers with email confirmations
 *   on (200, an obfuscated user with no identities and no session) in every mode, where
 *   GoTrue with autoconfirm answers 422 user_already_exists. Deliberate: see the README.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** bcrypt reads 72 bytes of a password; GoTrue refuses longer ones (MaxPasswordLength). */
export const MAX_PASSWORD_BYTES = 72;
const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = Date.UTC(2024, 0, 1);

export interface AuthSettings {
  /** [auth] minimum_password_length (GoTrue's default 6). */
  minimumPasswordLength: number;
  /** [auth.email] enable_confirmations: sign-ups wait for the emailed link (needs a mailer). */
  enableConfirmations: boolean;
  /** Failed password sign-ins tolerated per email within the window (0: no limit). */
  failedSignInsPerEmail: number;
  /** Failed password sign-ins tolerated per client address within the window (0: no limit). */
  failedSignInsPerAddress: number;
  failedSignInWindowSeconds: number;
  /** [auth.email] otp_expiry: how long a confirmation or recovery link works (the CLI's default 3600). */
  otpExpirySeconds: number;
  /** [auth.email] max_frequency: the least time between two recovery emails to one user (GoTrue's default 60 s). */
  maxFrequencySeconds: number;
  /** Requests to /recover, and to /verify, per client address within the window (GoTrue's rate_limit defaults: 30 per 5 min; 0: no limit). */
  requestsPerAddress: number;
  requestWindowSeconds: number;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  minimumPasswordLength: 6,
  enableConfirmations: false,
  failedSignInsPerEmail: 5,
  failedSignInsPerAddress: 30,
  failedSignInWindowSeconds: 300,
  otpExpirySeconds: 3600,
  maxFrequencySeconds: 60,
  requestsPerAddress: 30,
  requestWindowSeconds: 300,
};

/** Sends one auth email (a confirmation or recovery link); the local stack posts it to its mailbox. */
export type AuthMailer = (message: { to: string; subject: string; text: string; html: string; kind?: 'confirmation' | 'recovery' }) => Promise<void>;

/** What one gateway's auth server keeps between requests. */
export interface AuthService {
  settings: AuthSettings;
  throttle: SignInThrottle;
  /** Requests per client address to /recover and to /verify (GoTrue's per-IP limiters). */
  limits: { recover: SignInThrottle; verify: SignInThrottle };
  mailer?: AuthMailer;
}

export function createAuthService(overrides: Partial<AuthSettings> = {}, mailer?: AuthMailer): AuthService {
  const settings = { ...DEFAULT_AUTH_SETTINGS, ...overrides };
  if (settings.enableConfirmations && !mailer) {
    throw new Error('[auth.email] enable_confirmations = true needs a mailer for the confirmation emails (the stack passes its mailbox).');
  }
  const perAddress = () =>
    new SignInThrottle({ perEmail: 0, perAddress: settings.requestsPerAddress, windowMs: settings.requestWindowSeconds * 1000 });
  return {
    mailer,
    settings,
    limits: { recover: perAddress(), verify: perAddress() },
    throttle: new SignInThrottle({
      perEmail: settings.failedSignInsPerEmail,
      perAddress: settings.failedSignInsPerAddress,
      windowMs: settings.failedSignInWindowSeconds * 1000,
    }),
  };
}

/**
 * Failed sign-ins in a sliding window, per email and per client address. Memory is bounded:
 * at most `limit` timestamps per key and MAX_KEYS keys per map (the least recently failed go first).
 */
export class SignInThrottle {
  static readonly MAX_KEYS = 50_000;
  private byEmail = new Map<string, number[]>();
  private byAddress = new Map<string, number[]>();

  constructor(
    private limits: { perEmail: number; perAddress: number; windowMs: number },
    private now: () => number = Date.now,
  ) {}

  /** Seconds until a sign-in may be tried again for this email from this address; 0 when it may now. */
  retryAfter(email: string, address: string): number {
    const t = this.now();
    return Math.max(this.wait(this.byEmail, email, this.limits.perEmail, t), this.wait(this.byAddress, address, this.limits.perAddress, t));
  }

  /**
   * Checks the limits and, when this attempt may go on, counts it as a failure at once: check
   * and count in one synchronous step, so that a burst of parallel attempts is throttled exactly
   * as the same attempts one after another. An attempt that then succeeds, or ends without
   * checking the password (an error), takes its count back with `cancel()`.
   */
  begin(email: string, address: string): { wait: number; cancel(): void } {
    const wait = this.retryAfter(email, address);
    if (wait > 0) return { wait, cancel: () => undefined };
    const t = this.now();
    this.add(this.byEmail, email, this.limits.perEmail, t);
    this.add(this.byAddress, address, this.limits.perAddress, t);
    const take = (map: Map<string, number[]>, key: string) => {
      const list = map.get(key);
      const i = list?.lastIndexOf(t) ?? -1;
      if (i !== -1) list!.splice(i, 1);
    };
    return { wait: 0, cancel: () => (take(this.byEmail, email), take(this.byAddress, address)) };
  }

  recordFailure(email: string, address: string) {
    const t = this.now();
    this.add(this.byEmail, email, this.limits.perEmail, t);
    this.add(this.byAddress, address, this.limits.perAddress, t);
  }

  /** A successful sign-in clears the email's failures (not the address's). */
  recordSuccess(email: string) {
    this.byEmail.delete(email);
  }

  private wait(map: Map<string, number[]>, key: string, limit: number, t: number): number {
    if (limit <= 0) return 0;
    const list = map.get(key);
    if (!list) return 0;
    const recent = list.filter((at) => at > t - this.limits.windowMs);
    if (recent.length === 0) map.delete(key);
    else if (recent.length !== list.length) map.set(key, recent);
    if (recent.length < limit) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - limit] + this.limits.windowMs - t) / 1000));
  }

  private add(map: Map<string, number[]>, key: string, limit: number, t: number) {
    if (limit <= 0) return;
    const list = (map.get(key) ?? []).filter((at) => at > t - this.limits.windowMs);
    list.push(t);
    if (list.length > limit) list.splice(0, list.length - limit);
    map.delete(key); // re-insert: Map order is then least recently failed first
    map.set(key, list);
    while (map.size > SignInThrottle.MAX_KEYS) map.delete(map.keys().next().value as string);
  }
}

/** The client's address as the throttle keys it (the socket's; X-Forwarded-For is not trusted). */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket?.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export class AuthError extends Error {
  constructor(
    public status: number,
    public errorCode: string,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The request's API version as a UTC timestamp, or null when absent or malformed. */
export function parseApiVersion(value: string | string[] | undefined): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isNaN(t) ? null : t;
}

/** GoTrue's error body: `{code, message}` for API version ≥ 2024-01-01, else the legacy shape. */
export function authErrorBody(error: AuthError, apiVersion: number | null): Record<string, unknown> {
  if (apiVersion !== null && apiVersion >= API_VERSION_2024) {
    return { code: error.errorCode, message: error.message, ...error.extra };
  }
  return { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra };
}

/** GoTrue's email check (format only: the CLI does not look up MX records locally). */
export function isValidEmail(email: string): boolean {
  if (email.length > 255) return false;
  return /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/.test(
    email,
  );
}

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  is_anonymous: boolean | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous`;

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

async function loadUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

async function loadIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** The user object exactly as GoTrue returns it. */
export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud || 'authenticated',
    role: user.role || 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous ?? false,
  };
}

/** The access-token claims GoTrue issues for a password session. */
export function accessTokenClaims(
  user: UserRow,
  sessionId: string,
  issuer: string,
  signedInAt: number,
  now = Math.floor(Date.now() / 1000),
): JwtClaims {
  return {
    iss: issuer,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp: now + ACCESS_TOKEN_TTL_SECONDS,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: signedInAt }],
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
}

const newRefreshToken = () => randomBytes(24).toString('base64url');

async function issueSession(ctx: GatewayContext, db: Queryable, user: UserRow, sessionId: string, refreshToken: string, signedInAt: number) {
  const now = Math.floor(Date.now() / 1000);
  const claims = accessTokenClaims(user, sessionId, `${ctx.apiUrl}/auth/v1`, signedInAt, now);
  return {
    access_token: await ctx.jwt.sign(claims),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: now + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user: userJson(user, await loadIdentities(db, user.id)),
  };
}

/** Starts a session for `userId` (the user has just proven who they are). */
async function startSession(ctx: GatewayContext, client: pg.PoolClient, userId: string) {
  await client.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await client.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
  const {
    rows: [session],
  } = await client.query<{ id: string }>(`insert into auth.sessions (id, user_id) values (extensions.gen_random_uuid(), $1) returning id`, [userId]);
  const token = newRefreshToken();
  await client.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [token, userId, session.id]);
  const user = (await loadUser(client, userId))!;
  return issueSession(ctx, client, user, session.id, token, Math.floor(Date.now() / 1000));
}

/** A JSON object body of at most 1 MiB, as GoTrue's retrieveRequestParams reads it. */
async function readAuthJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { data, tooLarge } = await readBodyUpTo(req, JSON_BODY_LIMIT);
  if (tooLarge) {
    throw new AuthError(413, 'request_entity_too_large', `Request body too large (max ${JSON_BODY_LIMIT} bytes, ${formatBytes(JSON_BODY_LIMIT)})`);
  }
  const raw = data.toString('utf8');
  if (raw.trim() === '') return {};
  if (jsonNestingDepth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: exceeded max depth of ${MAX_JSON_DEPTH}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  // PostgreSQL text and jsonb cannot hold NUL: refuse it here rather than fail in the database.
  if (raw.includes('\\u0000') && containsNul(parsed)) {
    throw new AuthError(400, 'validation_failed', 'The request contains a NUL character (\\u0000), which is not allowed');
  }
  return parsed as Record<string, unknown>;
}

/** A NUL in any string (key or value) of a parsed JSON document; iterative. */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\0')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** GoTrue's checkPasswordStrength: at most 72 bytes, at least minimum_password_length (bytes, as Go's len()). */
function checkPassword(password: string | undefined, missingMessage: string, minimumLength: number) {
  if (!password) throw new AuthError(422, 'validation_failed', missingMessage);
  if (CONTROL_CHARACTERS.test(password)) throw new AuthError(400, 'validation_failed', 'Password must not contain control characters');
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) {
    throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (bytes < minimumLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

function normalizeEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email;
}

function isUniqueViolation(error: unknown) {
  return (error as { code?: string })?.code === '23505';
}

/** The signed-in caller from the Authorization header, as GoTrue's requireAuthentication. */
async function requireUser(req: IncomingMessage, ctx: GatewayContext): Promise<{ claims: JwtClaims; user: UserRow; sessionId: string | null }> {
  const header = req.headers['authorization'];
  const m = typeof header === 'string' ? header.match(/^Bearer\s+(\S+)\s*$/i) : null;
  if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: JwtClaims;
  try {
    claims = await ctx.jwt.verify(m[1]);
  } catch (error) {
    const reason = error instanceof JwtError && error.expired ? 'token has invalid claims: token is expired' : (error as Error).message;
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await loadUser(ctx.pool, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId) {
    const { rowCount } = await ctx.pool
      .query('select 1 from auth.sessions where id = $1::uuid and user_id = $2', [sessionId, sub])
      .catch(() => ({ rowCount: 0 }));
    if (!rowCount) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, sessionId };
}

// ---------------------------------------------------------------- endpoints

/**
 * What GoTrue answers (sanitizeUser) to a sign-up for an email that is already registered
 * when confirmations are on: a made-up user that looks like a fresh unconfirmed sign-up, with
 * no identities and no session, so the answer does not tell whether the email exists.
 */
export function obfuscatedUser(email: string, data: Record<string, unknown>, now = new Date()) {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}

/**
 * Where an email link may send the browser: `redirect_to` when it is on the site's own origin
 * (GoTrue checks it against site_url and the allow list), else the site URL.
 */
function safeRedirect(ctx: GatewayContext, redirectTo: string | null): string {
  try {
    if (redirectTo && new URL(redirectTo).origin === new URL(ctx.siteUrl).origin) return redirectTo;
  } catch {
    // not a URL: fall back to the site
  }
  return ctx.siteUrl;
}

/** GoTrue's GetReferrer: `redirect_to` when allowed, else the Referer when allowed, else the site URL. */
function referrer(ctx: GatewayContext, req: IncomingMessage, redirectTo: string | null): string {
  const fromQuery = safeRedirect(ctx, redirectTo);
  if (fromQuery !== ctx.siteUrl || !req.headers.referer) return fromQuery;
  return safeRedirect(ctx, req.headers.referer);
}

/** An email's link to GET /verify, as GoTrue's mailer builds it (token, type, redirect_to). */
function verifyLink(ctx: GatewayContext, token: string, type: 'signup' | 'recovery', redirectTo: string): string {
  const link = new URL(`${ctx.apiUrl}/auth/v1/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return link.toString();
}

const htmlAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function sendConfirmation(ctx: GatewayContext, auth: AuthService, email: string, token: string, redirectTo: string | null) {
  const href = verifyLink(ctx, token, 'signup', safeRedirect(ctx, redirectTo));
  await auth.mailer!({
    to: email,
    subject: 'Confirm your signup',
    text: `Follow this link to confirm your email address:\n\n${href}\n\nIf you did not sign up, ignore this email.`,
    html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your email address:</p><p><a href="${htmlAttribute(href)}">Confirm your email address</a></p><p>If you did not sign up, ignore this email.</p>`,
    kind: 'confirmation',
  });
}

/** GoTrue's default recovery email (internal/mailer/templatemailer): its subject and words. */
async function sendRecovery(auth: AuthService, email: string, href: string) {
  if (!auth.mailer) throw new AuthError(500, 'unexpected_failure', 'Error sending recovery email: the local auth server has no mailer');
  await auth.mailer({
    to: email,
    subject: 'Reset your password',
    text: `We received a request to reset your password. Follow the link below to choose a new one.\n\n${href}\n\nIf you didn't request this, you can safely ignore this email.`,
    html: `<h2>Reset your password</h2>\n\n<p>We received a request to reset your password. Follow the link below to choose a new one.</p>\n<p><a href="${htmlAttribute(href)}">Reset password</a></p>\n<p>If you didn't request this, you can safely ignore this email.</p>`,
    kind: 'recovery',
  });
}

/** GoTrue's crypto.GenerateTokenHash: the hex SHA-224 of the address and the code. */
function recoveryTokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** A request refused by a per-address limiter (GoTrue's limitHandler). */
function takeRequest(limiter: SignInThrottle, req: IncomingMessage) {
  const { wait } = limiter.begin('', clientAddress(req));
  if (wait > 0) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'retry-after': String(wait) });
}

/**
 * POST /recover?redirect_to: GoTrue's Recover. Answers 200 {} whether or not the address has an
 * account (only a known one gets an email), so the answer never tells which addresses exist.
 * A known address asked again within max_frequency gets GoTrue's 429 over_email_send_rate_limit.
 */
async function recover(req: IncomingMessage, ctx: GatewayContext, auth: AuthService, redirectTo: string | null) {
  takeRequest(auth.limits.recover, req);
  const body = await readAuthJson(req);
  if (body.email === undefined || body.email === '' || body.email === null) {
    throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  }
  const email = normalizeEmail(str(body.email));
  if (str(body.code_challenge)) {
    throw new AuthError(
      400,
      'validation_failed',
      'The local auth server does not support PKCE: use the implicit flow (supabase-js flowType "implicit", its default)',
    );
  }
  const target = referrer(ctx, req, redirectTo);
  await inTransaction(ctx, async (client) => {
    const {
      rows: [user],
    } = await client.query<{ id: string; email: string; wait: number | null }>(
      `select id, email,
              extract(epoch from recovery_sent_at + make_interval(secs => $2) - now())::float8 as wait
         from auth.users where lower(email) = $1 for update`,
      [email, auth.settings.maxFrequencySeconds],
    );
    if (!user) return;
    if (user.wait !== null && user.wait > 0) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.floor(user.wait)} seconds.`,
      );
    }
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const tokenHash = recoveryTokenHash(user.email.toLowerCase(), otp);
    await client.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [user.id, tokenHash]);
    // Sent inside the transaction, as GoTrue does: a failed send leaves no token behind.
    await sendRecovery(auth, user.email, verifyLink(ctx, tokenHash, 'recovery', target));
  });
  return {};
}

const LINK_EXPIRED = 'Email link is invalid or has expired';

/**
 * Spends a recovery token hash: the user whose unexpired recovery_token it is gets it cleared
 * (so a link works once) and the address confirmed (following the link proves it), in one
 * statement, so two concurrent uses cannot both succeed. Null when no user matches.
 */
async function spendRecoveryToken(client: pg.PoolClient, auth: AuthService, tokenHash: string, email?: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(
    `update auth.users
        set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where recovery_token = $1 and recovery_token <> ''
        and recovery_sent_at > now() - make_interval(secs => $2)
        and ($3::text is null or lower(email) = $3)
      returning id`,
    [tokenHash, auth.settings.otpExpirySeconds, email ?? null],
  );
  if (!rows[0]) return null;
  await client.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
    [rows[0].id],
  );
  return rows[0].id;
}

/** Spends a sign-up confirmation token (stored as its SHA-256); null when unknown, used or too old. */
async function spendConfirmationToken(client: pg.PoolClient, auth: AuthService, token: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(
    `update auth.users
        set email_confirmed_at = now(), confirmation_token = '', updated_at = now()
      where confirmation_token = encode(extensions.digest($1::text, 'sha256'), 'hex')
        and confirmation_token <> ''
        and email_confirmed_at is null
        and confirmation_sent_at > now() - make_interval(secs => $2)
      returning id`,
    [token, auth.settings.otpExpirySeconds],
  );
  if (!rows[0]) return null;
  await client.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
    [rows[0].id],
  );
  return rows[0].id;
}

/** GoTrue's prepErrorRedirectURL for the implicit flow: the error in the fragment, with its `sb` marker. */
function errorRedirect(target: string, error: string, errorCode: string, description: string): string {
  const url = new URL(target);
  url.hash = new URLSearchParams({ error, error_code: errorCode, error_description: description, sb: '' }).toString();
  return url.toString();
}

/**
 * GET /verify?token&type&redirect_to, an email link: type=signup (or email) confirms the address
 * behind a confirmation link, type=recovery spends a recovery link; both sign the user in and
 * redirect (303) to redirect_to with the session in the fragment (and `type`), or with GoTrue's
 * `error=access_denied&error_code=otp_expired` when the link is unknown, used or too old.
 */
async function verify(req: IncomingMessage, ctx: GatewayContext, auth: AuthService, url: URL): Promise<string> {
  takeRequest(auth.limits.verify, req);
  const type = url.searchParams.get('type') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
  const target = referrer(ctx, req, url.searchParams.get('redirect_to'));
  if (type !== 'signup' && type !== 'email' && type !== 'recovery') {
    return errorRedirect(target, 'invalid_request', 'validation_failed', 'Invalid email verification type');
  }
  const session =
    token.length > 200 || CONTROL_CHARACTERS.test(token)
      ? null
      : await inTransaction(ctx, async (client) => {
          const userId = type === 'recovery' ? await spendRecoveryToken(client, auth, token) : await spendConfirmationToken(client, auth, token);
          return userId ? startSession(ctx, client, userId) : null;
        });
  if (!session) return errorRedirect(target, 'access_denied', 'otp_expired', LINK_EXPIRED);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type: type === 'recovery' ? 'recovery' : 'signup',
  });
  const location = new URL(target);
  location.hash = fragment.toString();
  return location.toString();
}

/**
 * POST /verify {type: 'recovery', token_hash} or {type: 'recovery', email, token}: GoTrue's
 * verifyPost for a recovery, answering the session as JSON (what supabase-js's verifyOtp reads).
 */
async function verifyPost(req: IncomingMessage, ctx: GatewayContext, auth: AuthService) {
  takeRequest(auth.limits.verify, req);
  const body = await readAuthJson(req);
  const type = str(body.type) ?? '';
  const token = str(body.token) ?? '';
  const tokenHash = str(body.token_hash) ?? '';
  const email = str(body.email) ?? '';
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if ((token === '') === (tokenHash === '')) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  if (tokenHash && (email || str(body.phone) || str(body.redirect_to))) {
    throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
  }
  if (token && (!email || str(body.phone))) {
    throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
  }
  if (type !== 'recovery') {
    throw new AuthError(
      400,
      'validation_failed',
      `The local auth server verifies only type "recovery" by POST (sign-up links are followed with GET /verify)`,
    );
  }
  let address: string | undefined;
  if (token) {
    address = email.trim().toLowerCase();
    if (!isValidEmail(address)) throw new AuthError(422, 'validation_failed', 'Invalid email format');
  }
  const hash = token ? recoveryTokenHash(address!, token) : tokenHash;
  const session =
    hash.length > 200 || CONTROL_CHARACTERS.test(hash)
      ? null
      : await inTransaction(ctx, async (client) => {
          const userId = await spendRecoveryToken(client, auth, hash, address);
          return userId ? startSession(ctx, client, userId) : null;
        });
  if (!session) throw new AuthError(403, 'otp_expired', token ? 'Token has expired or is invalid' : LINK_EXPIRED);
  return session;
}

async function signup(req: IncomingMessage, ctx: GatewayContext, auth: AuthService, redirectTo: string | null) {
  const body = await readAuthJson(req);
  if (body.phone !== undefined && body.email === undefined) {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  if (body.email === undefined || body.email === '') throw new AuthError(400, 'validation_failed', 'To signup, please provide your email');
  const email = normalizeEmail(str(body.email));
  const password = str(body.password);
  checkPassword(password, 'Signup requires a valid password', auth.settings.minimumPasswordLength);
  const data = (body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {}) as Record<string, unknown>;

  const repeated = async (client: Queryable) => {
    // Spend about the time a real sign-up spends hashing, so the answer's timing does not tell either.
    await client.query(`select extensions.crypt($1, extensions.gen_salt('bf'))`, [password]);
    return obfuscatedUser(email, data);
  };
  try {
    return await inTransaction(ctx, async (client) => {
      const { rowCount } = await client.query('select 1 from auth.users where lower(email) = $1', [email]);
      if (rowCount) return repeated(client);
      const confirm = auth.settings.enableConfirmations;
      const token = confirm ? randomBytes(32).toString('base64url') : null;
      const {
        rows: [user],
      } = await client.query<{ id: string }>(
        `insert into auth.users (instance_id, aud, role, email, encrypted_password, email_confirmed_at,
                                 confirmation_token, confirmation_sent_at,
                                 raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', $1,
                 extensions.crypt($2, extensions.gen_salt('bf')), case when $4::text is null then now() end,
                 coalesce(encode(extensions.digest($4::text, 'sha256'), 'hex'), ''), case when $4::text is not null then now() end,
                 '{"provider":"email","providers":["email"]}'::jsonb, $3::jsonb, now(), now(), false)
         returning id`,
        [email, password, JSON.stringify(data), token],
      );
      await client.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
         values ($1::text, $2::uuid, $3::jsonb, 'email', now())`,
        [user.id, user.id, JSON.stringify({ sub: user.id, email, email_verified: !confirm, phone_verified: false })],
      );
      if (!token) return startSession(ctx, client, user.id);
      // As GoTrue with confirmations on: the user, no session, and the link by email.
      await sendConfirmation(ctx, auth, email, token, redirectTo);
      const created = (await loadUser(client, user.id))!;
      return userJson(created, await loadIdentities(client, user.id));
    });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // The same email signed up in a concurrent request a moment ago.
    if (isUniqueViolation(error)) return repeated(ctx.pool);
    throw new AuthError(500, 'unexpected_failure', `Database error saving new user: ${(error as Error).message}`);
  }
}

async function passwordGrant(body: Record<string, unknown>, ctx: GatewayContext, auth: AuthService, address: string) {
  const email = str(body.email)?.trim().toLowerCase();
  const password = str(body.password);
  if (body.phone !== undefined && !email) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email || !password) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  if (CONTROL_CHARACTERS.test(email) || email.length > 255) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  if (CONTROL_CHARACTERS.test(password)) throw new AuthError(400, 'validation_failed', 'Password must not contain control characters');
  // Locked out (too many recent failures for this email or from this address): refused
  // before the password is even looked at, so guessing on gains nothing.
  // The attempt counts as a failure from here on unless it succeeds (see SignInThrottle.begin).
  const attempt = auth.throttle.begin(email, address);
  if (attempt.wait > 0)
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'retry-after': String(attempt.wait) });
  // No stored password can be longer than 72 bytes (bcrypt); skip hashing absurd input.
  const { rows } =
    Buffer.byteLength(password, 'utf8') > 1024
      ? { rows: [] }
      : await ctx.pool
          .query<{ id: string; email_confirmed_at: Date | null }>(
            `select id, email_confirmed_at from auth.users
      where lower(email) = $1 and encrypted_password is not null and encrypted_password <> ''
        and encrypted_password = extensions.crypt($2, encrypted_password)`,
            [email, password],
          )
          .catch((error: unknown) => {
            attempt.cancel();
            throw error;
          });
  const found = rows[0];
  if (!found) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  attempt.cancel();
  auth.throttle.recordSuccess(email);
  if (!found.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  return inTransaction(ctx, (client) => startSession(ctx, client, found.id));
}

async function refreshGrant(body: Record<string, unknown>, ctx: GatewayContext) {
  const token = str(body.refresh_token);
  // Our tokens are 32 base64url characters; anything else cannot be one (and a NUL cannot reach SQL).
  if (!token || token.length > 255 || CONTROL_CHARACTERS.test(token)) {
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  const outcome = await inTransaction(ctx, async (client) => {
    const {
      rows: [row],
    } = await client.query<{ id: string; user_id: string; session_id: string | null; revoked: boolean }>(
      `select id, user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update`,
      [token],
    );
    if (!row || !row.session_id) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    if (row.revoked) {
      // Reuse of a rotated token: GoTrue treats it as a leak and revokes the token family.
      await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [row.session_id]);
      return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }
    const user = await loadUser(client, row.user_id);
    if (!user) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
    const next = newRefreshToken();
    await client.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      next,
      row.user_id,
      row.session_id,
      token,
    ]);
    const {
      rows: [session],
    } = await client.query<{ created_at: Date }>('update auth.sessions set updated_at = now() where id = $1 returning created_at', [row.session_id]);
    const signedInAt = Math.floor(new Date(session?.created_at ?? Date.now()).getTime() / 1000);
    return { session: await issueSession(ctx, client, user, row.session_id, next, signedInAt) };
  });
  if (outcome.error) throw outcome.error;
  return outcome.session;
}

async function updateUser(req: IncomingMessage, ctx: GatewayContext, auth: AuthService) {
  const { user, sessionId } = await requireUser(req, ctx);
  const body = await readAuthJson(req);
  const email = body.email !== undefined ? normalizeEmail(str(body.email)) : undefined;
  const password = body.password !== undefined ? str(body.password) : undefined;
  if (body.password !== undefined) checkPassword(password, 'Password update requires a valid password', auth.settings.minimumPasswordLength);
  if (body.phone !== undefined) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : undefined;

  try {
    await inTransaction(ctx, async (client) => {
      if (password !== undefined) {
        const { rowCount } = await client.query(
          `select 1 from auth.users where id = $1 and encrypted_password = extensions.crypt($2, encrypted_password)`,
          [user.id, password],
        );
        if (rowCount) throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        // As GoTrue's UpdatePassword: the emailed links sent before no longer work, and every
        // other session ends (whoever knew the old password is signed out).
        await client.query(
          `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')),
                  confirmation_token = '', recovery_token = '', recovery_sent_at = null, updated_at = now()
            where id = $1`,
          [user.id, password],
        );
        await client.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [user.id, sessionId]);
      }
      if (email !== undefined && email !== (user.email ?? '').toLowerCase()) {
        const { rowCount } = await client.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [email, user.id]);
        if (rowCount) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        // Autoconfirm (the CLI default): the change applies at once.
        await client.query('update auth.users set email = $2, email_confirmed_at = now(), updated_at = now() where id = $1', [user.id, email]);
        await client.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      if (data) {
        // GoTrue merges top-level keys; a null value removes the key.
        const removed = Object.keys(data).filter((k) => data[k] === null);
        const set = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
        await client.query(
          `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[], updated_at = now()
            where id = $1`,
          [user.id, JSON.stringify(set), removed],
        );
      }
    });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    if (isUniqueViolation(error)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw error;
  }
  const fresh = (await loadUser(ctx.pool, user.id))!;
  return userJson(fresh, await loadIdentities(ctx.pool, user.id));
}

async function logout(req: IncomingMessage, ctx: GatewayContext, url: URL) {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, sessionId } = await requireUser(req, ctx);
  // Deleting a session deletes its refresh tokens (on delete cascade).
  if (scope === 'global') {
    await ctx.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
  } else if (scope === 'local') {
    if (sessionId) await ctx.pool.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId) {
    await ctx.pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
  } else {
    await ctx.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
  }
}

export function authSettings(settings: AuthSettings = DEFAULT_AUTH_SETTINGS) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: !settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

let defaultService: AuthService | undefined;

export async function handleAuth(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  url: URL,
  auth: AuthService = (defaultService ??= createAuthService()),
): Promise<void> {
  const apiVersion = parseApiVersion(req.headers[API_VERSION_HEADER]);
  const versionHeader: Record<string, string> = apiVersion !== null ? { 'x-supabase-api-version': '2024-01-01' } : {};
  const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
    const all = { ...versionHeader, ...headers };
    if (body === undefined) {
      res.writeHead(status, all);
      res.end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...all });
    res.end(JSON.stringify(body));
  };

  const path = url.pathname.slice('/auth/v1'.length).replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';
  try {
    if (path === '/signup' && method === 'POST') {
      // redirect_to is emailRedirectTo: where the confirmation link lands (code_challenge: PKCE is not supported).
      return send(200, await signup(req, ctx, auth, url.searchParams.get('redirect_to')));
    }
    if (path === '/verify' && method === 'GET') {
      return send(303, undefined, { location: await verify(req, ctx, auth, url) });
    }
    if (path === '/verify' && method === 'POST') return send(200, await verifyPost(req, ctx, auth));
    // redirect_to is resetPasswordForEmail's redirectTo: where the recovery link lands.
    if (path === '/recover' && method === 'POST') return send(200, await recover(req, ctx, auth, url.searchParams.get('redirect_to')));
    if (path === '/token' && method === 'POST') {
      const grant = url.searchParams.get('grant_type');
      const body = await readAuthJson(req);
      if (grant === 'password') return send(200, await passwordGrant(body, ctx, auth, clientAddress(req)));
      if (grant === 'refresh_token') return send(200, await refreshGrant(body, ctx));
      throw new AuthError(
        400,
        'validation_failed',
        `Unsupported grant_type "${grant ?? ''}" (the local auth server supports password and refresh_token)`,
      );
    }
    if (path === '/user' && method === 'GET') {
      const { user } = await requireUser(req, ctx);
      return send(200, userJson(user, await loadIdentities(ctx.pool, user.id)));
    }
    if (path === '/user' && method === 'PUT') return send(200, await updateUser(req, ctx, auth));
    if (path === '/logout' && method === 'POST') {
      await logout(req, ctx, url);
      return send(204);
    }
    if (path === '/settings' && method === 'GET') return send(200, authSettings(auth.settings));
    // The public halves of the signing keys, for verifying sessions without asking the server.
    if (path === '/.well-known/jwks.json' && method === 'GET') return send(200, ctx.jwt.jwks, { 'cache-control': 'public, max-age=600' });
    if (path === '/health' && method === 'GET') {
      return send(200, { version: 'supperhost-local', name: 'GoTrue', description: 'Local GoTrue-compatible auth (SupperHost stack)' });
    }
    throw new AuthError(404, 'not_found', `The local auth server does not support ${method} /auth/v1${path === '/' ? '' : path}`);
  } catch (error) {
    const authError =
      error instanceof AuthError
        ? error
        : error instanceof RequestAbortedError
          ? new AuthError(400, 'bad_json', 'Could not read the request body: it ended before its announced length')
          : new AuthError(500, 'unexpected_failure', (error as Error)?.message ?? 'Unexpected failure');
    if (res.headersSent) {
      res.end();
      return;
    }
    send(authError.status, authErrorBody(authError, apiVersion), { ...authError.headers, 'x-sb-error-code': authError.errorCode });
  }
}
