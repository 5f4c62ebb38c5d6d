import { randomBytes } from 'node:crypto';

/**
 * Random bytes for identifiers, drawn from a buffer filled 6 KiB at a time: one `randomBytes` call
 * costs about 2 µs, and a creation makes several ids (an order, its lines, its event). Ids are not
 * secrets; tokens and keys take their bytes from `randomBytes` directly.
 */
const POOL_BYTES = 6144;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes as hexadecimal digits (twice as many). */
export function randomHex(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, bytes));
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}

/** Server-generated identifiers: a type prefix and 96 random bits, e.g. `wh_5f0c2a9e1b7d4c3a8e6f1d2b`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomHex(12)}`;
}
