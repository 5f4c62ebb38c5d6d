import { createHash } from 'node:crypto';

/** Names of saved operations: lower-case slugs, a path segment of REST and part of a `documentId`. */
export const SAVED_OPERATION_NAME = /^[a-z][a-z0-9_]{0,99}$/;

const SAVED_DOCUMENT_ID = /^saved:([a-z][a-z0-9_]{0,99})$/;
const HASH_DOCUMENT_ID = /^sha256:([0-9a-f]{64})$/;

/**
 * A persisted document's id as a client sends it (GraphQL over HTTP, persisted documents: a
 * prefix and a payload): `saved:<name>` names a saved operation, `sha256:<hex>` the SHA-256 of its
 * document. Undefined when it is neither.
 */
export type DocumentId = { by: 'name'; name: string } | { by: 'hash'; hash: string };

export function parseDocumentId(value: string): DocumentId | undefined {
  const saved = SAVED_DOCUMENT_ID.exec(value);
  if (saved) return { by: 'name', name: saved[1] as string };
  const hashed = HASH_DOCUMENT_ID.exec(value);
  if (hashed) return { by: 'hash', hash: hashed[1] as string };
  return undefined;
}

/** SHA-256 of the document text as saved (UTF-8), hex: what `sha256:<hex>` names. */
export function documentHash(document: string): string {
  return createHash('sha256').update(document, 'utf8').digest('hex');
}
