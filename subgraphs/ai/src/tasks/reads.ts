import { ApiError, errorCatalogue } from '@platform/errors';
import type { PlatformOperationResult } from '@platform/graphql-kit';
import type { ExecutedOperation } from '../copilot/plan.ts';

/** Runs a read operation with the caller's credential (see copilot/ask.ts runnerFor). */
export type Reader = (operation: ExecutedOperation) => Promise<PlatformOperationResult>;

/** Records a planner reads at most from one list: a task acts on what a person could review. */
const MAX_RECORDS = 1000;
const PAGE_SIZE = 100;

/**
 * Every record of a list query (`field` of the document's root), page after page through its
 * cursor, up to MAX_RECORDS. Each operation run is appended to `log` (the task's planning
 * operations). A refusal (a scope the caller lacks, a rate limit) is the caller's to see: it is
 * thrown as the ApiError the edge answered.
 */
export async function readAll<Row>(read: Reader, log: ExecutedOperation[], document: string, field: string, variables: Record<string, unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  let after: string | null = null;
  do {
    const operation: ExecutedOperation = { document, variables: { ...variables, per_page: PAGE_SIZE, ...(after && { after }) } };
    if (!after) log.push(operation);
    const list = (await dataOf(read, operation))[field] as { data: Row[]; meta: { next_cursor: string | null } };
    rows.push(...list.data);
    after = list.meta.next_cursor;
  } while (after && rows.length < MAX_RECORDS);
  return rows.slice(0, MAX_RECORDS);
}

/** The data of an operation, or its first error as the ApiError it stands for. */
export async function dataOf(read: Reader, operation: ExecutedOperation): Promise<Record<string, unknown>> {
  const result = await read(operation);
  const [error] = result.errors ?? [];
  if (error) throw apiErrorOf(error);
  return result.data ?? {};
}

/** A GraphQL error the edge answered, as the platform error it carries (an unknown code is an internal fault). */
export function apiErrorOf(error: { message: string; extensions?: Record<string, unknown> }): Error {
  const { code, ...extra } = error.extensions ?? {};
  if (typeof code === 'string' && Object.hasOwn(errorCatalogue, code) && code !== 'internal_error') return new ApiError(code as keyof typeof errorCatalogue, error.message, extra);
  return new Error(`an operation failed: ${error.message}`);
}
