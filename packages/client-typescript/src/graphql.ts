import type { ResultOf, TypedDocumentNode, VariablesOf } from '@graphql-typed-document-node/core';
import { type DocumentNode, getOperationAST, print } from 'graphql';
import type { RequiredKeysOf } from './rest.ts';

export type { ResultOf, VariablesOf };

/** One entry of a GraphQL `errors` array; `extensions.code` is the platform's stable code. */
export interface GraphQLErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  extensions?: Record<string, unknown> & { code?: string; request_id?: string };
}

/**
 * A GraphQL request that answered with `errors` (or an HTTP refusal at /graphql, in the same
 * shape). `data` holds what did execute: for mutations, each alias with a value committed (see the
 * API conventions, "Several mutations in one request").
 */
export class PlatformGraphQLError<Data = unknown> extends Error {
  override readonly name = 'PlatformGraphQLError';
  /** The code of the first error (`extensions.code`), e.g. `invalid_transition`, `insufficient_scope`. */
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  constructor(
    readonly status: number,
    readonly errors: GraphQLErrorEntry[],
    readonly data: Data | null | undefined,
    headers?: Headers,
  ) {
    const first = errors[0];
    super(first ? `${first.extensions?.code ?? 'graphql_error'}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}` : `GraphQL request failed with status ${status}`);
    this.code = first?.extensions?.code;
    this.requestId = first?.extensions?.request_id ?? headers?.get('x-request-id') ?? undefined;
  }
}

/** The variables argument: required when the operation declares a required variable. */
export type VariablesArgs<Variables> = RequiredKeysOf<Variables> extends never ? [variables?: Variables] : [variables: Variables];

/** The JSON body of a GraphQL request for a document (query text, operation name, variables). */
export function graphqlRequestBody(document: DocumentNode | string, variables: unknown): { query: string; operationName?: string; variables?: unknown } {
  const query = typeof document === 'string' ? document : print(document);
  const operationName = typeof document === 'string' ? undefined : getOperationAST(document)?.name?.value;
  return { query, ...(operationName ? { operationName } : {}), ...(variables === undefined ? {} : { variables }) };
}

/**
 * Executes a typed document with `POST <baseUrl>/graphql` through the core's fetch (auth, tenant,
 * Idempotency-Key, retries). Resolves to `data` when there are no errors; rejects with a
 * PlatformGraphQLError otherwise.
 */
export async function executeGraphql<Result, Variables>(
  send: (request: Request) => Promise<Response>,
  url: string,
  document: TypedDocumentNode<Result, Variables> | DocumentNode,
  variables: Variables | undefined,
  init?: { signal?: AbortSignal; headers?: HeadersInit },
): Promise<Result> {
  const headers = new Headers(init?.headers);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'application/graphql-response+json, application/json');
  const response = await send(new Request(url, { method: 'POST', headers, body: JSON.stringify(graphqlRequestBody(document, variables)), ...(init?.signal ? { signal: init.signal } : {}) }));
  const text = await response.text();
  let body: { data?: Result | null; errors?: GraphQLErrorEntry[] } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (!body) throw new PlatformGraphQLError(response.status, [{ message: text.slice(0, 500) || response.statusText }], undefined, response.headers);
  if (body.errors?.length || !response.ok || body.data == null) throw new PlatformGraphQLError(response.status, body.errors ?? [], body.data, response.headers);
  return body.data;
}
