/**
 * A fake Square on loopback, answering as Square's API specification
 * (square/connect-api-specification, api.json) describes, with one seller account per
 * organization:
 *   GET  /oauth2/authorize     the seller's consent page (a tiny HTML page): "Allow" goes back to
 *                              redirect_uri with ?code=…&state=…, "Deny" with
 *                              ?error=access_denied&error_description=user_denied&state=….
 *                              It signs in as the seller named by `authorizeAs`.
 *   POST /oauth2/token         ObtainToken: grant_type authorization_code (client_id,
 *                              client_secret, code — single use — and redirect_uri) or
 *                              refresh_token; answers access_token, token_type 'bearer',
 *                              expires_at (30 days), merchant_id, refresh_token (the same one
 *                              again on a refresh, as the code flow does).
 *   POST /oauth2/revoke        RevokeToken (Authorization: Client <secret>): every token of
 *                              the seller stops working.
 *   GET  /v2/locations         ListLocations with the seller's token.
 *   POST /v2/payments          CreatePayment: one payment per idempotency key. The same key with
 *                              the same body answers the original payment again; the same key
 *                              with another body is refused with IDEMPOTENCY_KEY_REUSED. The
 *                              source_id says the outcome (Square's sandbox nonces, plus
 *                              'cnon:card-nonce-requires-verification' for
 *                              CARD_DECLINED_VERIFICATION_REQUIRED). location_id must be one of
 *                              the token's seller's; app_fee_money needs an OAuth token with
 *                              PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS and at most 90 % of the amount.
 *   GET  /v2/payments/{id}     GetPayment: `{ payment }` of the token's seller, or 404 NOT_FOUND.
 *   POST /v2/refunds           RefundPayment: COMPLETED, one refund per idempotency key; the
 *                              payment must be the token's seller's; app_fee_money at most the
 *                              amount, and only on a payment that had one.
 * Any bearer token the fake did not issue is the platform's own account (merchant 'PLATFORM').
 * Errors are `{ errors: [{ category, code, detail }] }`. `loseAnswers(n)` makes the next n
 * CreatePayment calls take effect with their answer lost (a 500, as a gateway timeout would).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { freePort } from '../../stack/ports.ts';

export interface FakeSquareCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** The seller whose token made the call ('PLATFORM' for the platform's token; null without one). */
  merchantId: string | null;
}

interface Answer {
  status: number;
  body: unknown;
}

interface StoredPayment {
  request: any;
  answer: Answer;
  merchantId: string;
}

export interface FakeLocation {
  id: string;
  name: string;
  currency: string;
  status?: 'ACTIVE' | 'INACTIVE';
}

export interface FakeSeller {
  merchantId: string;
  businessName: string;
  locations: FakeLocation[];
}

interface IssuedToken {
  merchantId: string;
  scopes: string[];
  revoked: boolean;
}

const error = (status: number, category: string, code: string, detail: string): Answer => ({
  status,
  body: { errors: [{ category, code, detail }] },
});

const PLATFORM = 'PLATFORM';

/** Card errors: the spec gives no HTTP status; a 4xx with the payment FAILED, as Square's sandbox answers. */
const DECLINES: Record<string, string> = {
  'cnon:card-nonce-declined': 'GENERIC_DECLINE',
  'cnon:card-nonce-rejected-cvv': 'CVV_FAILURE',
  'cnon:card-nonce-rejected-postalcode': 'ADDRESS_VERIFICATION_FAILURE',
  'cnon:card-nonce-rejected-expiration': 'INVALID_EXPIRATION',
  'cnon:card-nonce-requires-verification': 'CARD_DECLINED_VERIFICATION_REQUIRED',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakeSquare {
  readonly calls: FakeSquareCall[] = [];
  /** By seller and idempotency key. */
  readonly payments = new Map<string, StoredPayment>();
  private readonly byId = new Map<string, { payment: any; merchantId: string }>();
  private readonly refunds = new Map<string, Answer>();
  /** Refunds by id, with the seller that made them. */
  readonly refundsById = new Map<string, { refund: any; merchantId: string }>();
  readonly sellers = new Map<string, FakeSeller>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, { merchantId: string; scopes: string[] }>();
  private readonly codes = new Map<string, { merchantId: string; scopes: string[]; redirectUri: string; clientId: string }>();
  private signingInAs: string | null = null;
  private lose = 0;
  private server: Server | undefined;
  url = '';

  /** The platform application's OAuth credentials (the functions' SQUARE_APPLICATION_ID / _SECRET). */
  constructor(readonly app: { id: string; secret: string } = { id: 'sandbox-sq0idb-test', secret: 'sandbox-sq0csb-test-secret' }) {}

  async start(): Promise<this> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        if (req.method === 'GET' && path.startsWith('/oauth2/authorize')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(this.authorizePage(new URL(path, this.url)));
          return;
        }
        let body: any;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify(error(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'Invalid JSON').body));
          return;
        }
        const merchantId = this.merchantOf(req.headers.authorization);
        this.calls.push({ method: req.method ?? '', path, headers: req.headers, body, merchantId });
        const answer = this.answer(req.method ?? '', path, body, req.headers.authorization ?? '');
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  /** A seller account (one per organization in the tests). */
  addSeller(seller: FakeSeller): FakeSeller {
    this.sellers.set(seller.merchantId, seller);
    return seller;
  }

  /** The seller who signs in on the next authorize pages. */
  authorizeAs(merchantId: string): void {
    this.signingInAs = merchantId;
  }

  /** The seller's access tokens the fake issued (to check none reaches a browser). */
  issuedTokens(merchantId?: string): string[] {
    const all = [...this.tokens.entries()].filter(([, t]) => !merchantId || t.merchantId === merchantId).map(([token]) => token);
    const refresh = [...this.refreshTokens.entries()].filter(([, t]) => !merchantId || t.merchantId === merchantId).map(([token]) => token);
    return [...all, ...refresh];
  }

  /** Whether every token of the seller was revoked. */
  revoked(merchantId: string): boolean {
    const issued = [...this.tokens.values()].filter((t) => t.merchantId === merchantId);
    return issued.length > 0 && issued.every((t) => t.revoked);
  }

  /** Skips the consent page: a code for this seller, as Square would redirect with it. */
  issueCode(merchantId: string, scopes: string[], redirectUri: string): string {
    const code = `sq0cgp-${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { merchantId, scopes, redirectUri, clientId: this.app.id });
    return code;
  }

  /** The next `n` CreatePayment calls take effect, but their answers are lost. */
  loseAnswers(n: number): void {
    this.lose = n;
  }

  /** The calls carrying this idempotency key. */
  callsFor(key: string): FakeSquareCall[] {
    return this.calls.filter((c) => c.body?.idempotency_key === key);
  }

  /** The payment Square holds for a key (its id once it was created), in whichever account. */
  paymentFor(key: string): any {
    for (const stored of this.payments.values()) {
      if (stored.request?.idempotency_key === key) return (stored.answer.body as { payment?: unknown } | undefined)?.payment;
    }
    return undefined;
  }

  /** The payments of one seller's account. */
  paymentsOf(merchantId: string): any[] {
    return [...this.byId.values()].filter((p) => p.merchantId === merchantId).map((p) => p.payment);
  }

  /** The refunds of one seller's account. */
  refundsOf(merchantId: string): any[] {
    return [...this.refundsById.values()].filter((r) => r.merchantId === merchantId).map((r) => r.refund);
  }

  /** A webhook notification as Square sends it for an event in this seller's account. */
  webhookEvent(merchantId: string, type: 'payment.updated' | 'refund.updated', object: Record<string, unknown>): Record<string, unknown> {
    const id = randomBytes(16).toString('hex');
    return {
      merchant_id: merchantId,
      type,
      event_id: `evt-${id}`,
      created_at: new Date().toISOString(),
      data: { type: type.split('.')[0], id: (Object.values(object)[0] as { id?: string })?.id ?? id, object },
    };
  }

  private merchantOf(authorization: string | undefined): string | null {
    const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer) return null;
    const issued = this.tokens.get(bearer);
    if (issued) return issued.merchantId;
    return PLATFORM;
  }

  private authorizePage(url: URL): string {
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    const scopes = (url.searchParams.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const seller = this.signingInAs ? this.sellers.get(this.signingInAs) : undefined;
    if (url.searchParams.get('client_id') !== this.app.id || !redirect || !seller) {
      return '<!doctype html><title>Square</title><p>Unknown application or no seller signed in.</p>';
    }
    const code = this.issueCode(seller.merchantId, scopes, redirect);
    const allow = new URL(redirect);
    allow.searchParams.set('code', code);
    allow.searchParams.set('response_type', 'code');
    allow.searchParams.set('state', state);
    const deny = new URL(redirect);
    deny.searchParams.set('error', 'access_denied');
    deny.searchParams.set('error_description', 'user_denied');
    deny.searchParams.set('state', state);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Square: authorize</title></head>
<body><main><h1>Allow SupperHost to take payments for ${escapeHtml(seller.businessName)}?</h1>
<p>Permissions: ${escapeHtml(scopes.join(', '))}</p>
<p><a href="${escapeHtml(allow.toString())}">Allow</a> <a href="${escapeHtml(deny.toString())}">Deny</a></p></main></body></html>`;
  }

  private answer(method: string, path: string, body: any, authorization: string): Answer {
    if (method === 'POST' && path === '/oauth2/token') return this.obtainToken(body);
    if (method === 'POST' && path === '/oauth2/revoke') return this.revokeToken(body, authorization);

    const bearer = authorization.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.');
    const issued = this.tokens.get(bearer);
    if (issued?.revoked) return error(401, 'AUTHENTICATION_ERROR', 'ACCESS_TOKEN_REVOKED', 'The access token has been revoked.');
    const merchantId = issued?.merchantId ?? PLATFORM;

    if (method === 'GET' && path === '/v2/locations') {
      const seller = this.sellers.get(merchantId);
      return { status: 200, body: { locations: (seller?.locations ?? []).map((l) => ({ status: 'ACTIVE', ...l, merchant_id: merchantId })) } };
    }
    const lookup = path.match(/^\/v2\/payments\/([^/?]+)$/);
    if (method === 'GET' && lookup) {
      const found = this.byId.get(decodeURIComponent(lookup[1]));
      return found && found.merchantId === merchantId
        ? { status: 200, body: { payment: found.payment } }
        : error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment ${lookup[1]}`);
    }
    if (method === 'POST' && path === '/v2/payments') return this.createPayment(body, merchantId, issued ?? null);
    if (method === 'POST' && path === '/v2/refunds') return this.refundPayment(body, merchantId);
    return error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `no route ${method} ${path}`);
  }

  private issueTokens(merchantId: string, scopes: string[]): { access_token: string; expires_at: string } {
    const accessToken = `EAAAl-${merchantId}-${randomBytes(16).toString('hex')}`;
    this.tokens.set(accessToken, { merchantId, scopes, revoked: false });
    return { access_token: accessToken, expires_at: new Date(Date.now() + 30 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z') };
  }

  private obtainToken(body: any): Answer {
    if (body?.client_id !== this.app.id || body?.client_secret !== this.app.secret) {
      return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid client credentials.');
    }
    if (body.grant_type === 'authorization_code') {
      const granted = this.codes.get(body.code);
      if (!granted) return error(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'The authorization code is invalid or was already used.');
      this.codes.delete(body.code);
      if (body.redirect_uri !== granted.redirectUri) return error(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'redirect_uri does not match.');
      const refreshToken = `EQAAl-${granted.merchantId}-${randomBytes(16).toString('hex')}`;
      this.refreshTokens.set(refreshToken, { merchantId: granted.merchantId, scopes: granted.scopes });
      const token = this.issueTokens(granted.merchantId, granted.scopes);
      return {
        status: 200,
        body: { ...token, token_type: 'bearer', merchant_id: granted.merchantId, refresh_token: refreshToken, short_lived: false },
      };
    }
    if (body.grant_type === 'refresh_token') {
      const known = this.refreshTokens.get(body.refresh_token);
      if (!known) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'The refresh token is invalid.');
      const token = this.issueTokens(known.merchantId, known.scopes);
      return {
        status: 200,
        body: { ...token, token_type: 'bearer', merchant_id: known.merchantId, refresh_token: body.refresh_token, short_lived: false },
      };
    }
    return error(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'Unsupported grant_type.');
  }

  private revokeToken(body: any, authorization: string): Answer {
    if (authorization !== `Client ${this.app.secret}` || body?.client_id !== this.app.id) {
      return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid client credentials.');
    }
    const issued = this.tokens.get(body.access_token);
    const merchantId = issued?.merchantId ?? body.merchant_id;
    if (!merchantId) return error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Unknown access token.');
    for (const token of this.tokens.values()) if (token.merchantId === merchantId) token.revoked = true;
    for (const [refresh, known] of this.refreshTokens) if (known.merchantId === merchantId) this.refreshTokens.delete(refresh);
    return { status: 200, body: { success: true } };
  }

  private createPayment(body: any, merchantId: string, issued: IssuedToken | null): Answer {
    const key = body?.idempotency_key;
    if (typeof key !== 'string' || !key) return error(400, 'INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'idempotency_key is required');
    const seller = this.sellers.get(merchantId);
    if (seller && !seller.locations.some((l) => l.id === body.location_id)) {
      return error(400, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Location ${body.location_id} not found for this seller.`);
    }
    if (body.app_fee_money) {
      if (!issued?.scopes.includes('PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS')) {
        return error(403, 'AUTHENTICATION_ERROR', 'INSUFFICIENT_SCOPES', 'app_fee_money needs PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS.');
      }
      if (body.app_fee_money.amount > body.amount_money.amount * 0.9) {
        return error(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'app_fee_money is more than 90% of the payment.');
      }
    }
    const stored = this.payments.get(`${merchantId}:${key}`);
    if (stored) {
      if (!isDeepStrictEqual(stored.request, body)) {
        return error(400, 'INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED', 'The idempotency key has already been used for a different request.');
      }
      return this.deliver(stored.answer);
    }
    const code = DECLINES[body.source_id];
    let answer: Answer;
    if (code || body.source_id === 'cnon:card-nonce-ok') {
      const payment = {
        id: `sq_pay_${this.byId.size + 1}_${key.slice(0, 8)}`,
        status: code ? 'FAILED' : 'COMPLETED',
        amount_money: body.amount_money,
        ...(body.app_fee_money ? { app_fee_money: body.app_fee_money } : {}),
        location_id: body.location_id,
        reference_id: body.reference_id,
        note: body.note,
        buyer_email_address: body.buyer_email_address,
        source_type: 'CARD',
        created_at: new Date().toISOString(),
      };
      this.byId.set(payment.id, { payment, merchantId });
      answer = code
        ? { status: 402, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` }], payment } }
        : { status: 200, body: { payment } };
    } else {
      answer = error(400, 'INVALID_REQUEST_ERROR', 'CARD_TOKEN_EXPIRED', 'The card token has expired.');
    }
    this.payments.set(`${merchantId}:${key}`, { request: body, answer, merchantId });
    return this.deliver(answer);
  }

  private refundPayment(body: any, merchantId: string): Answer {
    const key = `${merchantId}:${body?.idempotency_key}`;
    const known = this.refunds.get(key);
    if (known) return known;
    const payment = this.byId.get(body?.payment_id);
    if (!payment || payment.merchantId !== merchantId) {
      return error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment ${body?.payment_id}`);
    }
    if (body.app_fee_money) {
      if (!payment.payment.app_fee_money) return error(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'The payment took no app_fee_money.');
      if (body.app_fee_money.amount > body.amount_money.amount) {
        return error(400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'app_fee_money is more than the refund.');
      }
    }
    const refund = {
      id: `sq_ref_${this.refundsById.size + 1}`,
      status: 'COMPLETED',
      payment_id: body.payment_id,
      amount_money: body.amount_money,
      ...(body.app_fee_money ? { app_fee_money: body.app_fee_money } : {}),
      location_id: payment.payment.location_id,
    };
    const answer = { status: 200, body: { refund } };
    this.refunds.set(key, answer);
    this.refundsById.set(refund.id, { refund, merchantId });
    return answer;
  }

  private deliver(answer: Answer): Answer {
    if (this.lose > 0) {
      this.lose--;
      return error(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'The answer was lost.');
    }
    return answer;
  }
}
