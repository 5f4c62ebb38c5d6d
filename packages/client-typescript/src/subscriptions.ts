import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import { type Client, type ExecutionResult, createClient } from 'graphql-ws';
import { type GraphQLErrorEntry, PlatformGraphQLError, graphqlRequestBody } from './graphql.ts';
import { backoff } from './retrying-fetch.ts';
import type { TokenSource } from './token-source.ts';

export interface SubscriptionOptions {
  /** A WebSocket implementation: the global one (Node 22+, browsers) by default; on Node 20 pass `ws` (`import WebSocket from 'ws'`). */
  webSocketImpl?: unknown;
  /** Reconnection attempts after a lost connection (default 5); graphql-ws waits with randomised exponential backoff between them. */
  retryAttempts?: number;
}

/** A close of the socket by the platform, as graphql-ws reports it. */
export class PlatformSubscriptionClosedError extends Error {
  override readonly name = 'PlatformSubscriptionClosedError';
  constructor(
    /** The close code: 4401 (`unauthenticated`, `invalid_token`), 4400, 4403 (`tenant_mismatch`, `insufficient_scope`), 1001 (platform stopping), ... */
    readonly closeCode: number,
    /** The reason: the platform's error code. */
    readonly reason: string,
  ) {
    super(`The subscription socket was closed: ${closeCode} ${reason}`);
  }
}

interface SocketLike {
  readyState: number;
  send(data: string): void;
}

/**
 * Live subscriptions over graphql-ws at `ws(s)://<host>/graphql`: the credential and tenant travel
 * in the connection payload, computed again for every (re)connection so a reconnect uses a valid
 * token; lost connections are retried (`retryAttempts`), but not refusals (4400/4401/4403). While a
 * socket is open with a renewable token, the token is renewed in place before it expires (a `ping`
 * carrying the new credential, as the platform documents), so subscriptions outlive tokens.
 */
export class Subscriptions {
  private client: Client | undefined;
  private renewal: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly tokens: TokenSource,
    private readonly tenantId: string,
    private readonly options: SubscriptionOptions,
  ) {}

  private credential = async () => ({ Authorization: `Bearer ${await this.tokens.token()}`, 'X-Service-Tenant': this.tenantId });

  private connection(): Client {
    this.client ??= createClient({
      url: this.url,
      webSocketImpl: this.options.webSocketImpl,
      connectionParams: this.credential,
      retryAttempts: this.options.retryAttempts ?? 5,
      shouldRetry: (errOrClose) => !isRefusal(errOrClose),
      // Exponential backoff with full jitter (graphql-ws's default waits at least 1.3 s).
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, backoff(retries + 1, { baseDelayMs: 500, maxDelayMs: 30_000 }))),
      on: {
        connected: (socket) => this.scheduleRenewal(socket as SocketLike),
        closed: () => this.cancelRenewal(),
      },
    });
    return this.client;
  }

  private scheduleRenewal(socket: SocketLike): void {
    this.cancelRenewal();
    const at = this.tokens.renewsAt();
    if (at === undefined) return;
    this.renewal = setTimeout(
      () => {
        void this.credential()
          .then((payload) => {
            if (socket.readyState !== 1) return;
            socket.send(JSON.stringify({ type: 'ping', payload }));
            this.scheduleRenewal(socket);
          })
          .catch(() => this.scheduleRenewal(socket));
      },
      Math.max(1_000, at - Date.now() + 50),
    );
    this.renewal.unref?.();
  }

  private cancelRenewal(): void {
    if (this.renewal) clearTimeout(this.renewal);
    this.renewal = undefined;
  }

  /**
   * The results of a subscription as an async iterator of `data`; a result with errors, a refusal
   * or a close ends it with a PlatformGraphQLError or PlatformSubscriptionClosedError. Leaving the
   * loop (`break`, `return()`) completes the subscription on the platform.
   */
  async *subscribe<Result, Variables>(document: TypedDocumentNode<Result, Variables> | DocumentNode, variables: Variables | undefined): AsyncGenerator<Result, void, undefined> {
    const { query, operationName, variables: vars } = graphqlRequestBody(document, variables);
    const iterator = this.connection().iterate<Result>({ query, ...(operationName ? { operationName } : {}), ...(vars ? { variables: vars as Record<string, unknown> } : {}) });
    try {
      for await (const result of iterator as AsyncIterable<ExecutionResult<Result>>) {
        if (result.errors?.length || result.data == null) throw new PlatformGraphQLError(200, (result.errors ?? []) as unknown as GraphQLErrorEntry[], result.data);
        yield result.data;
      }
    } catch (error) {
      throw asSubscriptionError(error);
    } finally {
      await iterator.return?.();
    }
  }

  /** Closes the socket and ends every subscription. */
  async close(): Promise<void> {
    this.cancelRenewal();
    await this.client?.dispose();
    this.client = undefined;
  }
}

function isCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && typeof (value as { code: unknown }).code === 'number';
}

/** The platform's refusals of a connection (bad tenant, credential, scope) are not retried; 4408 (init timeout) and 4499 (terminated) are. */
function isRefusal(value: unknown): boolean {
  return isCloseEvent(value) && value.code >= 4400 && value.code < 4500 && value.code !== 4408 && value.code !== 4499;
}

function asSubscriptionError(error: unknown): unknown {
  if (error instanceof PlatformGraphQLError) return error;
  if (Array.isArray(error)) return new PlatformGraphQLError(200, error as GraphQLErrorEntry[], undefined);
  if (isCloseEvent(error)) return new PlatformSubscriptionClosedError(error.code, String(error.reason));
  return error;
}
