import { SourceError } from '../source.ts';
import type { RestPagination } from './config.ts';
import { valueAtPath } from './dot-path.ts';
import { LinkHeaderError, nextLinkTarget, parseLinkHeader } from './link-header.ts';

/** What the pager learns from a page it asked for. */
export interface FetchedPage {
  url: URL;
  headers: Headers;
  body: unknown;
  recordCount: number;
}

/** Leads from page to page of one stream as its pagination type says. */
export interface Pager {
  readonly first: URL;
  /** The URL of the page after this one; undefined after the last. */
  next(page: FetchedPage): URL | undefined;
  /** What leads to the next page, for messages. */
  readonly leadsOn: string;
}

/**
 * `start` is the stream's URL with its fixed query; `smallest` asks for pages as small as the
 * pagination allows (a connection check). Stop rules: see `isLastNumberedPage` (page_number,
 * offset); no next cursor (cursor); no `rel="next"` link (link_header).
 */
export function createPager(pagination: RestPagination, start: URL, options: { smallest: boolean; where: string }): Pager {
  switch (pagination.type) {
    case 'none':
      return { first: start, next: () => undefined, leadsOn: 'nothing' };
    case 'page_number': {
      const perPage = options.smallest && pagination.per_page_param !== undefined ? 1 : pagination.per_page;
      const pageAt = (page: number) => withParameters(start, { [pagination.page_param]: String(page), ...(pagination.per_page_param === undefined ? {} : { [pagination.per_page_param]: String(perPage) }) });
      let page = pagination.start_page ?? 1;
      const sizes = pageSizes(perPage);
      return {
        first: pageAt(page),
        next: ({ recordCount }) => (sizes.isLast(recordCount) ? undefined : pageAt(++page)),
        leadsOn: `the "${pagination.page_param}" parameter`,
      };
    }
    case 'offset': {
      const limit = options.smallest ? 1 : pagination.limit;
      const from = (offset: number) => withParameters(start, { [pagination.offset_param]: String(offset), [pagination.limit_param]: String(limit) });
      let offset = 0;
      const sizes = pageSizes(limit);
      return {
        first: from(offset),
        // By the records received, not the limit: an API that caps the limit lower skips none.
        next: ({ recordCount }) => (sizes.isLast(recordCount) ? undefined : from((offset += recordCount))),
        leadsOn: `the "${pagination.offset_param}" parameter`,
      };
    }
    case 'cursor':
      return {
        first: start,
        next: ({ body }) => {
          const cursor = valueAtPath(body, pagination.next_cursor_path);
          if (cursor === undefined || cursor === null || cursor === '') return undefined;
          if (typeof cursor !== 'string' && !(typeof cursor === 'number' && Number.isFinite(cursor))) {
            throw new SourceError(`${options.where}: the next cursor at "${pagination.next_cursor_path}" is neither a string nor a number`, false);
          }
          return withParameters(start, { [pagination.cursor_param]: String(cursor) });
        },
        leadsOn: `the next cursor at "${pagination.next_cursor_path}"`,
      };
    case 'link_header':
      return {
        first: start,
        next: ({ url, headers }) => {
          const field = headers.get('link');
          if (field === null) return undefined;
          let target: string | undefined;
          try {
            target = nextLinkTarget(parseLinkHeader(field));
          } catch (error) {
            if (error instanceof LinkHeaderError) throw new SourceError(`${options.where}: the Link header is malformed (${error.message})`, false);
            throw error;
          }
          if (target === undefined) return undefined;
          let next: URL;
          try {
            // A relative target is resolved against the page that carried it (RFC 8288 §3.2).
            next = new URL(target, url);
          } catch {
            throw new SourceError(`${options.where}: the Link header's next page is not a URL`, false);
          }
          // The credentials go to base_url's origin only; a next link elsewhere could collect them.
          if (next.origin !== start.origin) throw new SourceError(`${options.where}: the Link header's next page is on another origin (${next.origin}), refused`, false);
          return next;
        },
        leadsOn: 'the Link header’s next page',
      };
  }
}

/**
 * Whether a numbered page (page_number, offset) is the last: when empty, or when shorter than both
 * the page size asked for (if any) and an earlier page. A page merely shorter than the size asked
 * for may be an API capping the size lower (asked 500, given its maximum of 100): stopping there
 * would silently leave records unread, so that page is the last only once an earlier page shows
 * the API's real size. The price: a read whose records all fit in one short page asks for an
 * empty second page.
 */
function pageSizes(asked: number | undefined): { isLast(recordCount: number): boolean } {
  let largest = 0;
  return {
    isLast(recordCount) {
      const last = recordCount === 0 || (recordCount < largest && (asked === undefined || recordCount < asked));
      largest = Math.max(largest, recordCount);
      return last;
    },
  };
}

function withParameters(url: URL, parameters: Record<string, string>): URL {
  const copy = new URL(url);
  for (const [name, value] of Object.entries(parameters)) copy.searchParams.set(name, value);
  return copy;
}
