import { Agent, request } from 'node:http';

/** One HTTP request exactly as it goes on the wire: the path is not normalised, the body is bytes. */
export interface RawRequest {
  method: string;
  /** Path and query, sent as given (`/v1/items/%ZZ?a=1&a=2`): fetch would normalise or refuse it. */
  path: string;
  /** A header given as a list is sent once per value. */
  headers: Record<string, string | string[]>;
  body?: Buffer | string;
}

export type RawOutcome =
  | { kind: 'answered'; status: number; headers: Record<string, string | string[] | undefined>; body: string; milliseconds: number }
  /** No complete answer within the time limit: the property "never hangs" failed. */
  | { kind: 'hung'; milliseconds: number; partial: string }
  /** Node refused to send it (a header value it cannot encode): the case says nothing about the server. */
  | { kind: 'unsendable'; reason: string }
  /** The server reset or closed the connection without an answer. */
  | { kind: 'connection_error'; reason: string; milliseconds: number };

const keepAlive = new Agent({ keepAlive: true, maxSockets: 16 });

/** An event stream stays open by design: once it has answered, read this long for its first messages. */
const EVENT_STREAM_READ_MS = 1_000;

/**
 * Sends a request over loopback HTTP and waits at most `timeoutMs` for its complete answer. Every
 * wait is bounded: a server that accepts the request and never answers yields `hung`, not a
 * test that waits forever. A `text/event-stream` answer counts as complete after its first
 * messages (or `EVENT_STREAM_READ_MS`), since a live stream never ends.
 */
export async function sendRaw(baseUrl: string, raw: RawRequest, timeoutMs: number): Promise<RawOutcome> {
  const outcome = await sendOnce(baseUrl, raw, timeoutMs);
  // A kept-alive socket the server closed while idle fails the next request on it; Node's
  // documented remedy is one retry (request.reusedSocket). A second failure is the server's.
  return outcome.kind === 'connection_error' && outcome.reusedSocket ? sendOnce(baseUrl, raw, timeoutMs) : outcome;
}

function sendOnce(baseUrl: string, raw: RawRequest, timeoutMs: number): Promise<RawOutcome & { reusedSocket?: boolean }> {
  const target = new URL(baseUrl);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let partial = '';
    const finish = (outcome: RawOutcome & { reusedSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing?.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: 'hung', milliseconds: elapsed(), partial: partial.slice(0, 2_000) }), timeoutMs);
    let outgoing: ReturnType<typeof request> | undefined;
    try {
      // A body goes with its Content-Length, as clients send it (Node would otherwise chunk some methods' bodies).
      const headers = raw.body === undefined ? raw.headers : { 'content-length': String(Buffer.byteLength(raw.body)), ...raw.headers };
      outgoing = request({ host: target.hostname, port: target.port, method: raw.method, path: raw.path, headers, agent: keepAlive }, (response) => {
        const chunks: Buffer[] = [];
        const answered = () =>
          finish({ kind: 'answered', status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), milliseconds: elapsed() });
        const eventStream = /^text\/event-stream/i.test(String(response.headers['content-type'] ?? ''));
        if (eventStream) setTimeout(answered, EVENT_STREAM_READ_MS).unref();
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          partial += chunk.toString('utf8');
          if (eventStream && /event: (complete|next)[^\n]*\n[\s\S]*\n\n/.test(partial)) answered();
        });
        response.on('end', answered);
        response.on('error', (error) => finish({ kind: 'connection_error', reason: error.message, milliseconds: elapsed() }));
      });
    } catch (error) {
      finish({ kind: 'unsendable', reason: (error as Error).message });
      return;
    }
    outgoing.on('error', (error) => {
      // Errors Node raises before anything reached the server (invalid header characters) say nothing about it.
      if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_INVALID') || (error as NodeJS.ErrnoException).code === 'ERR_UNESCAPED_CHARACTERS') {
        finish({ kind: 'unsendable', reason: error.message });
      } else {
        finish({ kind: 'connection_error', reason: error.message, milliseconds: elapsed(), reusedSocket: outgoing?.reusedSocket === true && partial === '' });
      }
    });
    outgoing.end(raw.body);
  });
}
