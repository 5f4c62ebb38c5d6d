import { LRUCache } from 'lru-cache';

/**
 * Characters of GraphQL source a document cache holds. A parsed document keeps its whole token
 * list (every node's location points into it): about 90 bytes of heap per source character,
 * 4.5 MB for a document at the 64 KB limit. Counted in entries (Yoga's default: 1,024), a client
 * sending a hundred distinct large documents filled a 512 MB heap and ended the process; counted
 * in characters, the cache holds at most about 45 MB of documents, hundreds of everyday ones.
 */
export const DOCUMENT_CACHE_CHARACTERS = 512 * 1024;
/** Documents longer than this are parsed again each time instead of crowding out the many small ones. */
export const MAX_CACHED_DOCUMENT_CHARACTERS = 16 * 1024;

export type DocumentCache<V extends object> = LRUCache<string, V>;

/**
 * A least-recently-used cache of what was made from GraphQL source text (a parsed document, a
 * parse error), bounded by the characters of the source, not by entries. Matches Yoga's cache
 * interface (`get`/`set`), so it serves as its parser caches too.
 */
export function documentCache<V extends object>(maxCharacters = DOCUMENT_CACHE_CHARACTERS): DocumentCache<V> {
  return new LRUCache<string, V>({
    maxSize: maxCharacters,
    maxEntrySize: Math.min(MAX_CACHED_DOCUMENT_CHARACTERS, maxCharacters),
    sizeCalculation: (_value, source) => Math.max(source.length, 1),
  });
}
