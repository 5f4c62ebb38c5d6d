// Preloaded into a platform process by e2e/outbound-connections.test.ts (node --import): records
// the destination of every outbound TCP connection, UDP datagram and DNS lookup the process
// attempts, one JSON line each, to the file named by RECORD_CONNECTIONS_TO.
import { appendFileSync } from 'node:fs';
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';

const file = process.env.RECORD_CONNECTIONS_TO;
const record = (kind, destination) => appendFileSync(file, `${JSON.stringify({ kind, destination })}\n`);

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const [first, second] = args;
  const options = Array.isArray(first) ? first[0] : first;
  if (typeof options === 'object' && options !== null) {
    record('tcp', options.path ?? `${options.host ?? 'localhost'}:${options.port}`);
  } else if (typeof options === 'string' && Number.isNaN(Number(options))) {
    record('tcp', options);
  } else {
    record('tcp', `${typeof second === 'string' ? second : 'localhost'}:${options}`);
  }
  return connect.apply(this, args);
};

const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function (...args) {
  const address = args.find((arg, index) => index > 0 && typeof arg === 'string');
  record('udp', address ?? 'connected socket');
  return send.apply(this, args);
};

for (const method of ['lookup', 'resolve', 'resolve4', 'resolve6']) {
  const original = dns[method];
  dns[method] = function (hostname, ...rest) {
    record('dns', hostname);
    return original.call(this, hostname, ...rest);
  };
  const promised = dns.promises[method];
  dns.promises[method] = function (hostname, ...rest) {
    record('dns', hostname);
    return promised.call(this, hostname, ...rest);
  };
}

// ESM named imports of node:dns (`import { lookup } from 'node:dns'`) see the patched functions too.
(await import('node:module')).syncBuiltinESMExports();
