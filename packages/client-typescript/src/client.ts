import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import createClient, { type Client } from 'openapi-fetch';
import { executeGraphql } from './graphql.ts';
import { type ListItem, type ListPath, type PaginateOptions, paginate } from './pagination.ts';
import { type PlatformPaths, type RequiredKeysOf, type RestClient, throwingClient } from './rest.ts';
import { DEFAULT_RETRY_POLICY, type RetryEvent, type RetryPolicy, createPlatformFetch, sendWithRetries } from './retrying-fetch.ts';
import { Subscriptions } from './subscriptions.ts';
import { ApiKeyTokenSource, ClientCredentialsTokenSource, type TokenSource } from './token-source.ts';

interface Common {
  /** The platform's base URL, e.g. `https://api.example.com` (no `/v1`). */
  baseUrl: string;
  /** The tenant every request acts on (`ten_…`), sent as `X-Service-Tenant`. */
  tenantId: string;
}

/** OAuth client credentials (exchanged for access tokens, renewed before expiry) or an API key. */
export type PlatformCredentials =
  | (Common & { clientId: string; clientSecret: string; /** Space-separated; default: every scope the client is allowed. */ scope?: string })
  | (Common & { apiKey: string });

export interface PlatformClientOptions {
  /** Per-attempt timeout in ms (default 30 000). */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts (default 3). */
  maxRetries?: number;
  /** Called before each retry (what failed, how long the client waits). */
  onRetry?: (event: RetryEvent) => void;
  /** Backoff base (default 250 ms) and cap (default 10 000 ms); full jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for (default 60 000 ms). */
  maxRetryAfterMs?: number;
  /** Give every write a random `Idempotency-Key` (default true). Without a key a write is never retried. */
  idempotencyKeys?: boolean;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** WebSocket implementation for `subscribe` (Node 20: `import WebSocket from 'ws'`). */
  webSocketImpl?: unknown;
  /** Reconnection attempts of the subscription socket (default 5). */
  subscriptionRetryAttempts?: number;
  /** Renew an access token once this share of its lifetime has passed (default 0.8). */
  tokenRenewAfter?: number;
}

export interface GraphqlInit {
  signal?: AbortSignal;
  /** Extra headers, e.g. your own `Idempotency-Key`. */
  headers?: HeadersInit;
}

type GraphqlArgs<Variables> = RequiredKeysOf<Variables> extends never ? [variables?: Variables, init?: GraphqlInit] : [variables: Variables, init?: GraphqlInit];

/**
 * The platform's client: `rest` (every REST operation, typed by the OpenAPI document), `paginate`,
 * `graphql`, `subscribe`, over one core that authenticates, names the tenant, makes writes
 * idempotent and retries.
 */
export class PlatformClient {
  /** Typed REST calls (openapi-fetch): resolve to `{ data, response }`, reject with PlatformProblemError. */
  readonly rest: RestClient<PlatformPaths>;
  /** The credential source (renews access tokens before expiry). */
  readonly tokens: TokenSource;
  /** The core's fetch: auth, tenant, Idempotency-Key, retries, timeouts. For requests the typed clients do not cover. */
  readonly fetch: (request: Request) => Promise<Response>;
  readonly baseUrl: string;
  readonly tenantId: string;
  private readonly subscriptions: Subscriptions;

  constructor(credentials: PlatformCredentials, options: PlatformClientOptions = {}) {
    this.baseUrl = withoutTrailingSlashes(credentials.baseUrl);
    this.tenantId = credentials.tenantId;
    const policy: RetryPolicy = {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
      timeoutMs: options.timeoutMs ?? DEFAULT_RETRY_POLICY.timeoutMs,
      baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
      onRetry: options.onRetry,
    };
    const baseFetch = options.fetch ?? fetch;
    this.tokens =
      'apiKey' in credentials
        ? new ApiKeyTokenSource(credentials.apiKey)
        : new ClientCredentialsTokenSource({
            tokenUrl: `${this.baseUrl}/v1/oauth/token`,
            clientId: credentials.clientId,
            clientSecret: credentials.clientSecret,
            scope: credentials.scope,
            renewAfter: options.tokenRenewAfter,
            // The grant changes nothing: safe to send again after a 5xx, 429 or lost answer.
            send: (request) => sendWithRetries(request, policy, { retryable: true }, baseFetch),
          });
    this.fetch = createPlatformFetch({ tokens: this.tokens, tenantId: this.tenantId, policy, idempotencyKeys: options.idempotencyKeys ?? true, fetch: baseFetch });
    const raw: Client<PlatformPaths> = createClient<PlatformPaths>({ baseUrl: this.baseUrl, fetch: this.fetch });
    this.rest = throwingClient(raw);
    this.subscriptions = new Subscriptions(`${this.baseUrl.replace(/^http/, 'ws')}/graphql`, this.tokens, this.tenantId, {
      webSocketImpl: options.webSocketImpl,
      ...(options.subscriptionRetryAttempts === undefined ? {} : { retryAttempts: options.subscriptionRetryAttempts }),
    });
  }

  /** Every item of every page of a list (`for await (const item of client.paginate('/v1/inventory/items', { query: { per_page: 100 } }))`). */
  paginate<Path extends ListPath>(path: Path, options?: PaginateOptions<Path>): AsyncGenerator<ListItem<Path>, void, undefined> {
    return paginate(this.rest, path, options);
  }

  /** Executes a typed GraphQL document at `/graphql`; resolves to its `data`, rejects with PlatformGraphQLError. */
  graphql<Result, Variables>(document: TypedDocumentNode<Result, Variables>, ...[variables, init]: GraphqlArgs<Variables>): Promise<Result> {
    return executeGraphql(this.fetch, `${this.baseUrl}/graphql`, document, variables, init);
  }

  /** A subscription over graphql-ws, as an async iterator of each result's `data`. */
  subscribe<Result, Variables>(document: TypedDocumentNode<Result, Variables>, ...[variables]: GraphqlArgs<Variables>): AsyncGenerator<Result, void, undefined> {
    return this.subscriptions.subscribe(document, variables);
  }

  /** Closes the subscription socket, if any. */
  close(): Promise<void> {
    return this.subscriptions.close();
  }
}

/** `url` without its trailing slashes: a loop, since a regular expression anchored at the end backtracks quadratically on a long run of slashes. */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}
