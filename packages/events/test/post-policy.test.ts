import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, type Socket, createServer as createTcpServer, getDefaultAutoSelectFamily, setDefaultAutoSelectFamily } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../src/webhooks/post.ts';

/**
 * Where a webhook attempt may go, checked again when it connects (a host that resolved to a public
 * address at registration may resolve into a private network later), and what it sends.
 */

const TIMEOUT_MS = 2000;
const publicOnly = { allowedPrivateNetworks: [], timeoutMs: TIMEOUT_MS };
const loopback = { allowedPrivateNetworks: ['127.0.0.0/8', '::1/128'], timeoutMs: TIMEOUT_MS };

interface Received {
  method: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const closers: Array<() => void> = [];
afterAll(() => {
  for (const close of closers) close();
});

/** An HTTP receiver on loopback recording every request and answering 202 with a short body. */
async function receiver(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(202, { 'content-type': 'text/plain' }).end('accepted');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, received };
}

/**
 * A TCP receiver on loopback that answers every request with `answer` (each part written 50 ms
 * after the previous one), then holds the connection open or resets it.
 */
async function rawReceiver(answer: string | string[], then: 'hold' | 'reset'): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', async () => {
      for (const part of [answer].flat()) {
        if (socket.destroyed) return;
        socket.write(part);
        await sleep(50);
      }
      if (then === 'reset') socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return (server.address() as AddressInfo).port;
}

// A self-signed certificate for localhost (valid until 2126), which no public authority vouches for.
const SELF_SIGNED = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg9Phjm7GtdNFJXqxh
OoHpE1nMTSXUgxixfI2N1i7XQXqhRANCAAQ7n9GyXpV9LKaRbK9TZ+jNaWM6MOg5
GvNRQSTIWsFr9vi5Z5jYtlpIDcUSZQymmXbCdRr8R7l8kbcdKBUhg66M
-----END PRIVATE KEY-----`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUdj7lk79kJM/+KLGslmKag9ZS+TwwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTAwNTMyN1oYDzIxMjYxMTAx
MDA1MzI3WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQ7n9GyXpV9LKaRbK9TZ+jNaWM6MOg5GvNRQSTIWsFr9vi5Z5jYtlpI
DcUSZQymmXbCdRr8R7l8kbcdKBUhg66Mo28wbTAdBgNVHQ4EFgQULmLKRKN85wcO
XwmZW2CeqJTqmt0wHwYDVR0jBBgwFoAULmLKRKN85wcOXwmZW2CeqJTqmt0wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhALbqtjJiJrVPaIa9hdI/lM7bSoOJDN2YBLadKghhGAAmAiEA
4TqOPYUviDhQYct2gtFP5STTH5bewvbPSM0Oy0u+59o=
-----END CERTIFICATE-----`,
};

describe('a webhook attempt goes only where the URL policy allows', () => {
  it('refuses a private address written in the URL without connecting, in every spelling', async () => {
    const { port, received } = await receiver();
    for (const [host, shown] of [
      ['127.0.0.1', '127.0.0.1'],
      ['[::1]', '::1'],
      ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
      ['0x7f000001', '127.0.0.1'],
    ] as const) {
      expect(await postWebhook(`http://${host}:${port}/hooks`, '{}', {}, publicOnly), host).toEqual({ status: null, durationMs: 0, excerpt: null, error: `refused: ${shown} is a private or reserved address` });
    }
    expect(received).toEqual([]);
  });

  it('refuses a host name resolving to a private address when it connects (DNS rebinding), without sending anything', async () => {
    const { port, received } = await receiver();
    const outcome = await postWebhook(`http://localhost:${port}/hooks`, '{}', {}, publicOnly);
    expect(outcome).toMatchObject({ status: null, excerpt: null, error: 'refused: localhost resolves to 127.0.0.1, a private or reserved address' });
    expect(received).toEqual([]);
  });

  it('fails on a host that does not resolve', async () => {
    expect(await postWebhook('http://nothing.invalid/hooks', '{}', {}, loopback)).toMatchObject({ status: null, excerpt: null, error: expect.stringContaining('ENOTFOUND nothing.invalid') });
  });

  it('delivers to a host name resolving to an allowed address, with one address or all of them looked up', async () => {
    const original = getDefaultAutoSelectFamily();
    try {
      for (const autoSelectFamily of [true, false]) {
        // With family autoselection ("happy eyeballs") Node asks the lookup for every address, without it for one.
        // (A receiver of its own each time: a kept-alive connection would need no lookup.)
        setDefaultAutoSelectFamily(autoSelectFamily);
        const { port, received } = await receiver();
        const outcome = await postWebhook(`http://localhost:${port}/hooks`, '{}', {}, loopback);
        expect(outcome, String(autoSelectFamily)).toMatchObject({ status: 202, excerpt: 'accepted', error: null });
        expect(received).toHaveLength(1);
      }
    } finally {
      setDefaultAutoSelectFamily(original);
    }
  });

  it('verifies the certificate of an https endpoint (a self-signed one is refused)', async () => {
    let requests = 0;
    const server = createHttpsServer(SELF_SIGNED, (request, response) => {
      requests++;
      response.end('accepted');
    });
    server.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    const outcome = await postWebhook(`https://localhost:${(server.address() as AddressInfo).port}/hooks`, '{}', {}, loopback);
    expect(outcome).toMatchObject({ status: null, excerpt: null, error: expect.stringMatching(/certificate/) });
    expect(requests).toBe(0);
  });
});

describe('a webhook attempt', () => {
  it('POSTs the body as JSON with its byte length and the given headers, which cannot change the length', async () => {
    const { port, received } = await receiver();
    const body = '{"id":"evt_1","data":{"name":"Café Ærø 𝄞"}}';
    const outcome = await postWebhook(`http://127.0.0.1:${port}/hooks`, body, { 'webhook-id': 'evt_1', 'webhook-signature': 'v1,abc', 'content-length': '2' }, loopback);
    expect(outcome).toEqual({ status: 202, durationMs: expect.any(Number), excerpt: 'accepted', error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS);
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.body).toBe(body);
    expect(received[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Platform-Webhooks/1.0',
      'content-length': String(Buffer.byteLength(body)),
      'webhook-id': 'evt_1',
      'webhook-signature': 'v1,abc',
    });
  });

  it('ends as soon as the first 1,000 bytes of the body arrived, even when the receiver then stalls', async () => {
    const port = await rawReceiver(`HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n${'d'.repeat(1000)}`, 'hold');
    const outcome = await postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, loopback);
    expect(outcome).toMatchObject({ status: 200, excerpt: 'd'.repeat(1000), error: null });
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('reads the body across chunks up to 1,000 bytes, then ends', async () => {
    const port = await rawReceiver(['HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n', 'e'.repeat(600), 'f'.repeat(600)], 'hold');
    const outcome = await postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, loopback);
    expect(outcome).toMatchObject({ status: 200, excerpt: 'e'.repeat(600) + 'f'.repeat(400), error: null });
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('keeps the status and what arrived of the body when the receiver closes the connection midway', async () => {
    const port = await rawReceiver('HTTP/1.1 500 Internal Server Error\r\nContent-Length: 100\r\n\r\nfailed', 'reset');
    const outcome = await postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, loopback);
    expect(outcome).toMatchObject({ status: 500, excerpt: 'failed', error: null });
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('does not follow a redirect: a 3xx is the outcome', async () => {
    const port = await rawReceiver('HTTP/1.1 307 Temporary Redirect\r\nLocation: http://169.254.169.254/latest\r\nContent-Length: 0\r\n\r\n', 'hold');
    expect(await postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, loopback)).toMatchObject({ status: 307, excerpt: '', error: null });
  });
});
