import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { type AttemptOutcome, postWebhook } from '../src/webhooks/post.ts';

/**
 * One webhook attempt never outlasts the delivery timeout, whatever the receiver does: hold the
 * connection without answering, trickle its status line, trickle or flood its body. A delivery
 * slot held longer would be taken from every other endpoint.
 */

const TIMEOUT_MS = 500;
/** Far beyond the timeout, far below the receivers' trickling (which would last minutes): an attempt still unsettled then is unbounded. */
const SETTLED_WITHIN_MS = 5000;
const loopback = { allowedPrivateNetworks: ['127.0.0.0/8'], timeoutMs: TIMEOUT_MS };

const closers: Array<() => void> = [];
afterAll(() => {
  for (const close of closers) close();
});

/** An HTTP receiver on loopback answering every request with `respond`. */
async function httpReceiver(respond: (response: ServerResponse) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => respond(response));
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** A TCP receiver on loopback that writes `prefix` to every connection at once, then `bytes` one every 100 ms, and never ends. */
async function tricklingReceiver(prefix: string, bytes: string): Promise<string> {
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.write(prefix);
    let position = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write(bytes[position % bytes.length] as string);
      position++;
    }, 100);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

async function attempt(url: string): Promise<AttemptOutcome | 'unsettled'> {
  const outcome = postWebhook(url, '{"id":"evt_1"}', { 'webhook-id': 'evt_1' }, loopback);
  return Promise.race([outcome, sleep(SETTLED_WITHIN_MS).then(() => 'unsettled' as const)]);
}

describe('a webhook attempt is bounded by the delivery timeout', () => {
  it('fails with a timeout when the receiver accepts the connection and never answers', async () => {
    const url = await httpReceiver(() => {});
    expect(await attempt(url)).toMatchObject({ status: null, excerpt: null, error: `no response within ${TIMEOUT_MS} ms` });
  });

  it('fails with a timeout when the receiver trickles its status line and headers', async () => {
    // Each byte restarts an idle timer: only a deadline on the whole attempt ends this.
    const url = await tricklingReceiver('', 'HTTP/1.1 200 OK\r\nX-Slow: ' + 'a'.repeat(10_000));
    expect(await attempt(url)).toMatchObject({ status: null, excerpt: null, error: `no response within ${TIMEOUT_MS} ms` });
  });

  it('keeps the status and the body read so far when the receiver trickles its body past the timeout', async () => {
    const url = await tricklingReceiver('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n', 'b'.repeat(100_000));
    const outcome = await attempt(url);
    expect(outcome).toMatchObject({ status: 200, error: null });
    expect((outcome as AttemptOutcome).excerpt).toMatch(/^b+$/);
  });

  it('reads only the first 1,000 bytes of a huge response', async () => {
    const chunk = 'c'.repeat(64 * 1024);
    const url = await httpReceiver((response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      // 64 MiB, written as fast as the client reads; the client must stop after its excerpt.
      let left = 1024;
      const write = () => {
        while (left > 0 && !response.destroyed) {
          left--;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      write();
    });
    const outcome = await attempt(url);
    expect(outcome).toMatchObject({ status: 200, error: null });
    expect((outcome as AttemptOutcome).excerpt).toBe('c'.repeat(1000));
  });
});
