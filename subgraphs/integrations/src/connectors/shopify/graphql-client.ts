import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { OutboundHttp } from '../http.ts';
import { SourceError } from '../source.ts';
import type { ShopifyOperation } from './queries.ts';

/** Sends Admin GraphQL operations within the app's cost bucket on the shop. */
export interface ShopifyGraphqlClient {
  /** The operation's data; throws SourceError for a refused, failed or throttled-beyond-patience request. */
  request<T>(operation: ShopifyOperation<T>, variables: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
}

/** Attempts of one request answered THROTTLED or 429, before the sync engine's retry policy takes over. */
const MAX_ATTEMPTS = 5;
/** The longest single wait (for the bucket or a Retry-After); a longer one is the sync engine's to schedule. */
const MAX_WAIT_MS = 60_000;
/** The first wait after a THROTTLED or 429 answer whose figures would allow an immediate retry; doubled each attempt. */
const BACKOFF_MS = 50;

const throttleStatusSchema = z.object({
  maximumAvailable: z.number().positive(),
  currentlyAvailable: z.number(),
  restoreRate: z.number().positive(),
});
type ThrottleStatus = z.infer<typeof throttleStatusSchema>;

const answerSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).optional() })).optional(),
  extensions: z
    .object({ cost: z.object({ requestedQueryCost: z.number(), throttleStatus: throttleStatusSchema }).optional() })
    .optional(),
});

export function createShopifyGraphqlClient(endpoint: string, accessToken: string, http: OutboundHttp): ShopifyGraphqlClient {
  const bucket = new CostBucket();

  return {
    async request(operation, variables, signal) {
      for (let attempt = 1; ; attempt++) {
        for (let delay = bucket.delayFor(operation); delay > 0; delay = bucket.delayFor(operation)) await wait(delay, signal);
        // An aborted signal fails the fetch before anything is sent ('cancelled').
        const response = await http.fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Shopify-Access-Token': accessToken },
          body: JSON.stringify({ query: operation.text, variables }),
          signal,
        });
        const body = await readBody(response, signal);
        const receivedAt = performance.now();

        if (response.status === 429) {
          await waitToRetry(attempt, retryAfterMs(response) ?? BACKOFF_MS * 2 ** (attempt - 1), `Shopify ${operation.name}: too many requests (429)`, 429, signal);
          continue;
        }
        if (!response.ok) throw httpFailure(operation, response.status, body);

        const answer = parseAnswer(operation, body);
        const cost = answer.extensions?.cost;
        if (cost) bucket.report(operation.name, cost.requestedQueryCost, cost.throttleStatus, receivedAt);
        const errors = answer.errors ?? [];
        if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
          const delay = Math.max(bucket.delayFor(operation), BACKOFF_MS * 2 ** (attempt - 1));
          await waitToRetry(attempt, delay, `Shopify ${operation.name}: throttled (query cost above the bucket)`, undefined, signal);
          continue;
        }
        if (errors.length > 0) throw new SourceError(`Shopify ${operation.name}: ${errors.map((error) => error.message).join('; ')}`, false);
        const data = operation.data.safeParse(answer.data);
        if (!data.success) throw new SourceError(`Shopify ${operation.name}: unexpected answer (${z.prettifyError(data.error)})`, false);
        return data.data;
      }
    },
  };
}

/**
 * The app's bucket on the shop as Shopify last reported it, restored at its rate since. A request
 * waits until the bucket holds the cost Shopify last requested for the same operation, so Shopify
 * never has to refuse it (unless another client of the same app drained the bucket meanwhile).
 */
class CostBucket {
  private status: (ThrottleStatus & { at: number }) | undefined;
  private readonly requestedCosts = new Map<string, number>();

  /** Milliseconds until the operation fits; 0 if it does, or while Shopify has reported nothing. */
  delayFor(operation: ShopifyOperation<unknown>): number {
    if (!this.status) return 0;
    const { maximumAvailable, currentlyAvailable, restoreRate, at } = this.status;
    const cost = Math.min(this.requestedCosts.get(operation.name) ?? operation.estimatedCost, maximumAvailable);
    const available = Math.min(maximumAvailable, currentlyAvailable + (restoreRate * (performance.now() - at)) / 1000);
    return available >= cost ? 0 : Math.ceil(((cost - available) / restoreRate) * 1000);
  }

  report(operationName: string, requestedCost: number, status: ThrottleStatus, at: number): void {
    this.requestedCosts.set(operationName, requestedCost);
    this.status = { ...status, at };
  }
}

async function waitToRetry(attempt: number, delayMs: number, reason: string, status: number | undefined, signal: AbortSignal | undefined): Promise<void> {
  if (attempt >= MAX_ATTEMPTS) throw new SourceError(`${reason}, ${attempt} attempts`, true, status);
  if (delayMs > MAX_WAIT_MS) throw new SourceError(`${reason}, retry in ${Math.ceil(delayMs / 1000)} s`, true, status);
  await wait(delayMs, signal);
}

async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms > MAX_WAIT_MS) throw new SourceError(`Shopify: the cost bucket needs ${Math.ceil(ms / 1000)} s to allow the next query`, true);
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    if (signal?.aborted) throw new SourceError('cancelled', false);
    throw error;
  }
}

async function readBody(response: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch {
    if (signal?.aborted) throw new SourceError('cancelled', false);
    throw new SourceError(`Shopify: the answer (${response.status}) was cut short`, true, response.status);
  }
}

/** `Retry-After` in seconds (Shopify sends decimals such as `2.0`), when present and readable. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

/** A non-2xx answer: 5xx may pass, anything else (401 bad token, 403 missing scope, 402/423 shop frozen or locked, 404) will not. */
function httpFailure(operation: ShopifyOperation<unknown>, status: number, body: string): SourceError {
  const detail = errorsText(body);
  const what = status === 401 ? 'refused the access token' : status === 403 ? 'refused access' : 'answered';
  return new SourceError(`Shopify ${operation.name}: ${what} (${status})${detail ? `: ${detail}` : ''}`, status >= 500, status);
}

/** Shopify's `errors` of an error answer (a string, or an object of messages), shortened. */
function errorsText(body: string): string | undefined {
  try {
    const errors: unknown = (JSON.parse(body) as { errors?: unknown }).errors;
    if (errors === undefined) return undefined;
    return (typeof errors === 'string' ? errors : JSON.stringify(errors)).slice(0, 500);
  } catch {
    return undefined;
  }
}

function parseAnswer(operation: ShopifyOperation<unknown>, body: string): z.infer<typeof answerSchema> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SourceError(`Shopify ${operation.name}: the answer is not JSON`, false);
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) throw new SourceError(`Shopify ${operation.name}: unexpected answer (${z.prettifyError(answer.error)})`, false);
  return answer.data;
}
