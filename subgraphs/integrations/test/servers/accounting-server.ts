import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An accounting system's JSON API on loopback, the other end of a connector's push: bearer
 * authentication, invoices and their payments, and `Idempotency-Key` honoured as Stripe documents
 * it (a key whose request succeeded answers that answer again, with `Idempotent-Replayed: true`;
 * the same key with another body is then a 409; a request refused by validation keeps nothing). Switches give the failures a real API shows (5xx, 429).
 *
 * Routes: `POST /invoices` (`number`, `customer`, `currency`, `total` required: else 422),
 * `POST /invoices/{id}/payments` (`amount` > 0; 404 for an unknown invoice), `PATCH /invoices/{id}`
 * (`status`).
 */

export const ACCOUNTING_TOKEN = 'acct-token-5d21e8';

export interface AccountingInvoice {
  id: string;
  number: string;
  customer: string;
  currency: string;
  total: number;
  status: string;
  payments: Array<{ id: string; amount: number }>;
}

export interface AccountingRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: unknown;
  status: number;
}

export interface AccountingServer {
  readonly url: string;
  readonly invoices: Map<string, AccountingInvoice>;
  readonly requests: AccountingRequest[];
  /** The next `count` requests answer `status` (and change nothing). */
  fail(count: number, status: number): void;
  /** Every request answers `status` until called with undefined. */
  failAlways(status: number | undefined): void;
  close(): Promise<void>;
}

export async function startAccountingServer(): Promise<AccountingServer> {
  const invoices = new Map<string, AccountingInvoice>();
  const requests: AccountingRequest[] = [];
  const answered = new Map<string, { body: string; status: number; answer: unknown }>();
  let failures: { count: number; status: number } | undefined;
  let alwaysFail: number | undefined;
  let sequence = 0;

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; answer: unknown } {
    const segments = path.split('/').filter(Boolean);
    if (method === 'POST' && path === '/invoices') {
      const missing = ['number', 'customer', 'currency', 'total'].filter((field) => body[field] === undefined || body[field] === null);
      if (missing.length > 0) return { status: 422, answer: { error: 'validation_error', missing } };
      if (!Number.isInteger(body.total)) return { status: 422, answer: { error: 'validation_error', field: 'total' } };
      const invoice: AccountingInvoice = { id: `acc_inv_${++sequence}`, number: String(body.number), customer: String(body.customer), currency: String(body.currency), total: body.total as number, status: 'open', payments: [] };
      invoices.set(invoice.id, invoice);
      return { status: 201, answer: { invoice } };
    }
    const invoice = segments[0] === 'invoices' && segments[1] ? invoices.get(decodeURIComponent(segments[1])) : undefined;
    if (method === 'POST' && segments.length === 3 && segments[2] === 'payments') {
      if (!invoice) return { status: 404, answer: { error: 'not_found' } };
      if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return { status: 422, answer: { error: 'validation_error', field: 'amount' } };
      const payment = { id: `acc_pay_${++sequence}`, amount: body.amount as number };
      invoice.payments.push(payment);
      return { status: 201, answer: payment };
    }
    if (method === 'PATCH' && segments.length === 2) {
      if (!invoice) return { status: 404, answer: { error: 'not_found' } };
      if (typeof body.status === 'string') invoice.status = body.status;
      return { status: 200, answer: { invoice } };
    }
    return { status: 404, answer: { error: 'no_route' } };
  }

  function answer(request: IncomingMessage, response: ServerResponse, text: string): void {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const key = request.headers['idempotency-key'] as string | undefined;
    const record = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      requests.push({ method, path, idempotencyKey: key, body, status });
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(answer));
    };
    if (request.headers.authorization !== `Bearer ${ACCOUNTING_TOKEN}`) return record(401, { error: 'unauthorized' });
    if (alwaysFail !== undefined) return record(alwaysFail, { error: 'unavailable' });
    if (failures && failures.count > 0) {
      failures.count--;
      return record(failures.status, { error: 'unavailable' }, failures.status === 429 ? { 'retry-after': '0' } : {});
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return record(400, { error: 'invalid_json' });
    }
    if (key !== undefined) {
      const first = answered.get(key);
      if (first && first.body !== text) return record(409, { error: 'idempotency_key_reused' });
      if (first) return record(first.status, first.answer, { 'idempotent-replayed': 'true' });
    }
    const outcome = route(method, path, body);
    // As Stripe: an answer is kept for its key once the request ran; one refused by validation is not, so a corrected request may use the key.
    if (key !== undefined && outcome.status < 300) answered.set(key, { body: text, ...outcome });
    return record(outcome.status, outcome.answer);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    invoices,
    requests,
    fail: (count, status) => {
      failures = { count, status };
    },
    failAlways: (status) => {
      alwaysFail = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
