import { randomBytes } from 'node:crypto';

/** Server-generated identifiers: a type prefix and 96 random bits, e.g. `wh_5f0c2a9e1b7d4c3a8e6f1d2b`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
