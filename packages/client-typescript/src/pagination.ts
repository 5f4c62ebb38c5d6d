import type { Operation, PathsWithMethod, PlatformPaths, RestClient, SuccessData } from './rest.ts';

/** Every GET path that answers a list envelope `{ data: [...], meta: { page, per_page, total, next_cursor } }`. */
export type ListPath = {
  [Path in PathsWithMethod<PlatformPaths, 'get'>]: SuccessData<Operation<PlatformPaths, Path, 'get'>> extends { data: unknown[]; meta: { page: number; per_page: number; total: number } } ? Path : never;
}[PathsWithMethod<PlatformPaths, 'get'>];

/** The record type of a list path (`ListItem<'/v1/inventory/items'>` is an inventory item). */
export type ListItem<Path extends ListPath> = SuccessData<Operation<PlatformPaths, Path, 'get'>> extends { data: Array<infer Item> } ? Item : never;

type Parameters<Path extends ListPath> = Operation<PlatformPaths, Path, 'get'> extends { parameters: infer P } ? P : never;
/** The list's filters, `sort` and `per_page`; the paginator sets `page` itself. */
export type ListQuery<Path extends ListPath> = Omit<NonNullable<Parameters<Path> extends { query?: infer Q } ? Q : never>, 'page' | 'after'>;
type PathParams<Path extends ListPath> = Parameters<Path> extends { path: infer P } ? ([P] extends [never] | [undefined] ? never : P) : never;

export type PaginateOptions<Path extends ListPath> = { query?: ListQuery<Path>; signal?: AbortSignal } & ([PathParams<Path>] extends [never] ? { path?: never } : { path: PathParams<Path> });

interface ListPage {
  data: unknown[];
  meta: { page: number; per_page: number; total: number; next_cursor?: string | null };
}

/**
 * Every item of every page of a list, page after page (`page` = 1, 2, ... with the caller's
 * `per_page` and filters), stopping at the last page: the page whose `next_cursor` is null, an
 * empty page, or the page that reaches `total`.
 */
export async function* paginate<Path extends ListPath>(rest: RestClient, path: Path, options?: PaginateOptions<Path>): AsyncGenerator<ListItem<Path>, void, undefined> {
  const get = rest.GET as unknown as (path: string, init: unknown) => Promise<{ data: ListPage }>;
  for (let page = 1; ; page++) {
    const { data } = await get(path, { params: { query: { ...options?.query, page }, path: options?.path }, signal: options?.signal });
    for (const item of data.data) yield item as ListItem<Path>;
    const { meta } = data;
    if (data.data.length === 0 || meta.next_cursor === null || meta.page * meta.per_page >= meta.total) return;
  }
}
