import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Recorder {
  url: string;
  port: number;
  /** Every request, in order of arrival. */
  received: Received[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP server recording every request (an OTLP collector, a webhook receiver), answering
 * 200 with `answer`, after `delayMs` when given (deliveries still in flight when a test acts).
 */
export async function startRecorder(answer: string, options: { delayMs?: number } = {}): Promise<Recorder> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const respond = () => response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      if (options.delayMs) setTimeout(respond, options.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
