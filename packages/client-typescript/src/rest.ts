import type { Client, FetchOptions, FetchResponse } from 'openapi-fetch';
import { PlatformProblemError } from './problem-error.ts';
import type { paths } from './rest/generated/openapi.ts';

/**
 * Typing of `client.rest`: the generated `paths`, with the `X-Service-Tenant` header the core
 * adds to every request made optional, and methods that resolve to `{ data, response }` with
 * `data` typed by the operation's success response, and reject with a `PlatformProblemError`.
 */

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type TenantHeader = 'X-Service-Tenant';

type WithoutTenantHeader<Operation> = Operation extends { parameters: { header: infer Header } }
  ? Omit<Operation, 'parameters'> & {
      parameters: Omit<Operation['parameters'], 'header'> &
        (Record<never, never> extends Omit<Header, TenantHeader> ? { header?: Omit<Header, TenantHeader> & { 'X-Service-Tenant'?: string } } : { header: Omit<Header, TenantHeader> & { 'X-Service-Tenant'?: string } });
    }
  : Operation;

/** The platform's paths as callers write them: the tenant header comes from the client. */
export type PlatformPaths = {
  [Path in keyof paths]: { [Method in keyof paths[Path]]: Method extends HttpMethod ? WithoutTenantHeader<paths[Path][Method]> : paths[Path][Method] };
};

type RequiredKeysOfHelper<T> = { [K in keyof T]: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
/** The keys of T that are not optional (never when none). */
export type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
export type PathsWithMethod<Paths, Method extends HttpMethod> = { [Path in keyof Paths]: Paths[Path] extends { [M in Method]: object } ? Path : never }[keyof Paths];
/** The operation object of a path and method. */
export type Operation<Paths, Path, Method extends HttpMethod> = Path extends keyof Paths ? (Paths[Path] extends { [M in Method]: infer Op extends Record<string | number, unknown> } ? Op : never) : never;
type MaybeOptionalInit<Op> = RequiredKeysOf<FetchOptions<Op>> extends never ? FetchOptions<Op> | undefined : FetchOptions<Op>;
type Media = `${string}/${string}`;

/** The success body of an operation (what openapi-fetch returns as `data`). */
export type SuccessData<Op extends Record<string | number, unknown>, Init = object> =
  FetchResponse<Op, Init, Media> extends infer Result ? (Result extends { error?: never; data: infer Data } ? Data : never) : never;

/** What each call resolves to: the typed body and the response (headers such as `ETag`, `Idempotent-Replayed`). */
export interface RestResult<Data> {
  data: Data;
  response: Response;
}

type RestMethod<Paths, Method extends HttpMethod> = <Path extends PathsWithMethod<Paths, Method>, Init extends MaybeOptionalInit<Operation<Paths, Path, Method>>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<RestResult<SuccessData<Operation<Paths, Path, Method>, Init>>>;

/** `client.rest`: openapi-fetch's call signatures (`GET(path, { params, body, headers })`), throwing on failure. */
export interface RestClient<Paths extends object = PlatformPaths> {
  GET: RestMethod<Paths, 'get'>;
  POST: RestMethod<Paths, 'post'>;
  PUT: RestMethod<Paths, 'put'>;
  PATCH: RestMethod<Paths, 'patch'>;
  DELETE: RestMethod<Paths, 'delete'>;
  /** The underlying openapi-fetch client, which resolves to `{ data, error, response }` instead of throwing. */
  readonly raw: Client<Paths>;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Wraps an openapi-fetch client so a failed call (after the core's retries) rejects with a PlatformProblemError. */
export function throwingClient<Paths extends object>(raw: Client<Paths>): RestClient<Paths> {
  const wrapped: Record<string, unknown> = { raw };
  for (const method of METHODS) {
    const call = raw[method] as (url: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    wrapped[method] = async (url: string, init?: unknown) => {
      const { data, error, response } = await call(url, init);
      if (!response.ok) throw new PlatformProblemError(response.status, error, response.headers);
      return { data, response };
    };
  }
  return wrapped as unknown as RestClient<Paths>;
}

/** An `If-Match` value for a record's `version` (or pass the `ETag` header as it came). */
export function ifMatch(version: number | string): string {
  return typeof version === 'number' ? `"${version}"` : version;
}
