import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the loopback server received it. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (request: Received, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  /** Every request but the token grants, in arrival order. */
  requests: Received[];
  /** The token grants. */
  grants: Received[];
  /** Tokens issued, in order. */
  tokens: string[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 for the core's tests: answers `POST /v1/oauth/token` (client
 * `cli_test` / `secret`, tokens living `expiresIn` seconds) and hands every other request to
 * `handler`. Requests with an expired or unknown token are answered 401 `invalid_token`.
 */
export async function startServer(handler: Handler, options: { expiresIn?: number } = {}): Promise<TestServer> {
  const state: TestServer = { url: '', requests: [], grants: [], tokens: [], close: async () => {} };
  const expiries = new Map<string, number>();
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const received: Received = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
    if (received.path === '/v1/oauth/token') {
      state.grants.push(received);
      const grant = JSON.parse(received.body) as Record<string, string>;
      if (grant.client_id !== 'cli_test' || grant.client_secret !== 'secret') return json(response, 401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' });
      const token = `tok_${randomUUID()}`;
      const expiresIn = options.expiresIn ?? 3600;
      expiries.set(token, Date.now() + expiresIn * 1000);
      state.tokens.push(token);
      return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: 'crm:read' });
    }
    state.requests.push(received);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiry = token === undefined ? undefined : expiries.get(token);
    if (token?.startsWith('tok_') && (expiry === undefined || expiry <= Date.now())) {
      return problem(response, 401, 'invalid_token', 'The access token has expired.');
    }
    await handler(received, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function problem(response: ServerResponse, status: number, code: string, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/problem+json', 'x-request-id': 'req_header', ...headers });
  response.end(JSON.stringify({ type: `/docs/errors#${code}`, title: code.replace(/_/g, ' '), status, detail, instance: '/v1/test', code, request_id: 'req_test123', ...extra }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const TENANT = 'ten_000000000000000000000001';
