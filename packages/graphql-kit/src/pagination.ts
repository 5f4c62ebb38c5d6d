import type { ObjectRef } from '@pothos/core';
import type { SubgraphBuilder, SubgraphSchemaTypes } from './builder.ts';
import { inputRules } from './input-contract.ts';
import { integer } from './rules.ts';
import { parseArgument } from './validation.ts';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface PageWindow {
  page: number;
  per_page: number;
  skip: number;
}

const pageRule = integer({ min: 1, message: 'must be an integer of at least 1' }).nullish();
const perPageRule = integer({ min: 1, max: MAX_PER_PAGE, message: `must be an integer from 1 to ${MAX_PER_PAGE}` }).nullish();

export function paginationArgs(t: Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]) {
  return {
    page: t.arg.int({ required: false, description: 'Page number, from 1. Default 1.', extensions: inputRules(pageRule) }),
    per_page: t.arg.int({ required: false, description: `Records per page, 1 to ${MAX_PER_PAGE}. Default ${DEFAULT_PER_PAGE}.`, extensions: inputRules(perPageRule) }),
  };
}

/** Validates `page`/`per_page`. Out-of-range values are errors, never silently clamped. */
export function pageWindow(args: { page?: number | null; per_page?: number | null }): PageWindow {
  const page = parseArgument('page', pageRule, args.page) ?? 1;
  const perPage = parseArgument('per_page', perPageRule, args.per_page) ?? DEFAULT_PER_PAGE;
  return { page, per_page: perPage, skip: (page - 1) * perPage };
}

const pageMetaRefs = new WeakMap<SubgraphBuilder, ReturnType<typeof definePageMeta>>();

function definePageMeta(builder: SubgraphBuilder) {
  return builder.objectRef<{ total: number; page: number; per_page: number }>('PageMeta').implement({
    description: 'Position of a page within a list.',
    shareable: true,
    fields: (t) => ({
      total: t.exposeInt('total', { description: 'Total count of matching records.' }),
      page: t.exposeInt('page', { description: 'Page number, from 1.' }),
      per_page: t.exposeInt('per_page', { description: 'Records per page.' }),
    }),
  });
}

/**
 * The list envelope of every list operation: `{ data: [...], meta: { total, page, per_page } }`.
 * The same shape in GraphQL and REST, so the facade returns the field's value as is.
 */
export function listEnvelope<Item>(builder: SubgraphBuilder, name: string, item: ObjectRef<SubgraphSchemaTypes, Item>) {
  let pageMeta = pageMetaRefs.get(builder);
  if (!pageMeta) {
    pageMeta = definePageMeta(builder);
    pageMetaRefs.set(builder, pageMeta);
  }
  const meta = pageMeta;
  return builder.objectRef<{ data: Item[]; meta: { total: number; page: number; per_page: number } }>(name).implement({
    description: `A page of ${item.name} records.`,
    fields: (t) => ({
      data: t.field({ type: [item], resolve: (list) => list.data, description: 'Records of this page.' }),
      meta: t.field({ type: meta, resolve: (list) => list.meta }),
    }),
  });
}
