import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type UrlPolicy, policyLookup, refusedLiteralAddress } from './url-policy.ts';

export interface AttemptOutcome {
  /** Null when no response arrived. */
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

const EXCERPT_BYTES = 1000;

/**
 * One webhook request. The address is checked again at connection time, inside the socket's DNS
 * lookup, so a host that resolved to a public address at registration cannot later be pointed
 * into a private network (DNS rebinding). Redirects are not followed: a 3xx is a failed attempt.
 *
 * `timeoutMs` bounds the whole attempt (DNS, connecting, the status line and headers, the body's
 * excerpt), not the time between two bytes: a receiver that trickles its answer a byte at a time
 * cannot hold a delivery slot beyond it. Once the status arrived, the attempt ends with it and the
 * body read so far; before that, it fails as a timeout. At most the excerpt of a body is read.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, options: UrlPolicy & { timeoutMs: number }): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const target = new URL(url);
    const refused = refusedLiteralAddress(target, options);
    if (refused) {
      resolve({ status: null, durationMs: 0, excerpt: null, error: refused });
      return;
    }
    let finishResponse: (() => void) | undefined;
    const settle = (outcome: AttemptOutcome) => {
      clearTimeout(deadline);
      resolve(outcome);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Platform-Webhooks/1.0', ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: policyLookup(options),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        // The chunks hold at most EXCERPT_BYTES bytes, which decode to at most as many characters.
        const finish = () => {
          settle({ status: response.statusCode ?? null, durationMs: elapsed(), excerpt: Buffer.concat(chunks).toString('utf8'), error: null });
          response.destroy();
        };
        finishResponse = finish;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk.subarray(0, Math.max(0, EXCERPT_BYTES - size)));
          size += chunk.length;
          if (size >= EXCERPT_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    const deadline = setTimeout(() => {
      if (finishResponse) finishResponse();
      else outgoing.destroy(new Error(`no response within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    outgoing.on('error', (error) => settle({ status: null, durationMs: elapsed(), excerpt: null, error: error.message }));
    outgoing.end(body);
  });
}
