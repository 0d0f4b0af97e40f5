/**
 * A fake Square Payments API on loopback, answering as Square's API specification
 * (square/connect-api-specification, api.json) describes:
 *   POST /v2/payments          CreatePayment: one payment per idempotency key. The same key with
 *                              the same body answers the original payment again; the same key
 *                              with another body is refused with IDEMPOTENCY_KEY_REUSED. The
 *                              source_id says the outcome (Square's sandbox nonces, plus
 *                              'cnon:card-nonce-requires-verification' for
 *                              CARD_DECLINED_VERIFICATION_REQUIRED).
 *   GET  /v2/payments/{id}     GetPayment: `{ payment }`, or 404 NOT_FOUND.
 *   POST /v2/refunds           RefundPayment: COMPLETED, one refund per idempotency key.
 * Errors are `{ errors: [{ category, code, detail }] }`. `loseAnswers(n)` makes the next n
 * CreatePayment calls take effect with their answer lost (a 500, as a gateway timeout would).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { freePort } from '../../stack/ports.ts';

export interface FakeSquareCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

interface Answer {
  status: number;
  body: unknown;
}

interface StoredPayment {
  request: any;
  answer: Answer;
}

const error = (status: number, category: string, code: string, detail: string): Answer => ({
  status,
  body: { errors: [{ category, code, detail }] },
});

/** Card errors: the spec gives no HTTP status; a 4xx with the payment FAILED, as Square's sandbox answers. */
const DECLINES: Record<string, string> = {
  'cnon:card-nonce-declined': 'GENERIC_DECLINE',
  'cnon:card-nonce-rejected-cvv': 'CVV_FAILURE',
  'cnon:card-nonce-rejected-postalcode': 'ADDRESS_VERIFICATION_FAILURE',
  'cnon:card-nonce-rejected-expiration': 'INVALID_EXPIRATION',
  'cnon:card-nonce-requires-verification': 'CARD_DECLINED_VERIFICATION_REQUIRED',
};

export class FakeSquare {
  readonly calls: FakeSquareCall[] = [];
  /** By idempotency key. */
  readonly payments = new Map<string, StoredPayment>();
  private readonly byId = new Map<string, any>();
  private readonly refunds = new Map<string, Answer>();
  private lose = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = raw ? JSON.parse(raw) : null;
        const path = req.url ?? '';
        this.calls.push({ method: req.method ?? '', path, headers: req.headers, body });
        const answer = this.answer(req.method ?? '', path, body);
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

  /** The next `n` CreatePayment calls take effect, but their answers are lost. */
  loseAnswers(n: number): void {
    this.lose = n;
  }

  /** The calls carrying this idempotency key. */
  callsFor(key: string): FakeSquareCall[] {
    return this.calls.filter((c) => c.body?.idempotency_key === key);
  }

  /** The payment Square holds for a key (its id once it was created). */
  paymentFor(key: string): any {
    return (this.payments.get(key)?.answer.body as { payment?: unknown } | undefined)?.payment;
  }

  private answer(method: string, path: string, body: any): Answer {
    const lookup = path.match(/^\/v2\/payments\/([^/?]+)$/);
    if (method === 'GET' && lookup) {
      const payment = this.byId.get(decodeURIComponent(lookup[1]));
      return payment ? { status: 200, body: { payment } } : error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment ${lookup[1]}`);
    }
    if (method === 'POST' && path === '/v2/payments') return this.createPayment(body);
    if (method === 'POST' && path === '/v2/refunds') {
      const key = body?.idempotency_key;
      let refund = this.refunds.get(key);
      if (!refund) {
        refund = {
          status: 200,
          body: {
            refund: { id: `sq_ref_${this.refunds.size + 1}`, status: 'COMPLETED', payment_id: body.payment_id, amount_money: body.amount_money },
          },
        };
        this.refunds.set(key, refund);
      }
      return refund;
    }
    return error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `no route ${method} ${path}`);
  }

  private createPayment(body: any): Answer {
    const key = body?.idempotency_key;
    if (typeof key !== 'string' || !key) return error(400, 'INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', 'idempotency_key is required');
    const stored = this.payments.get(key);
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
        id: `sq_pay_${this.payments.size + 1}_${key.slice(0, 8)}`,
        status: code ? 'FAILED' : 'COMPLETED',
        amount_money: body.amount_money,
        location_id: body.location_id,
        reference_id: body.reference_id,
        note: body.note,
        buyer_email_address: body.buyer_email_address,
        source_type: 'CARD',
        created_at: new Date().toISOString(),
      };
      this.byId.set(payment.id, payment);
      answer = code
        ? { status: 402, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` }], payment } }
        : { status: 200, body: { payment } };
    } else {
      answer = error(400, 'INVALID_REQUEST_ERROR', 'CARD_TOKEN_EXPIRED', 'The card token has expired.');
    }
    this.payments.set(key, { request: body, answer });
    return this.deliver(answer);
  }

  private deliver(answer: Answer): Answer {
    if (this.lose > 0) {
      this.lose--;
      return error(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'The answer was lost.');
    }
    return answer;
  }
}
