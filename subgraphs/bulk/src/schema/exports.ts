import type { Principal } from '@platform/auth';
import { ApiError, type ErrorCode, errorCatalogue } from '@platform/errors';
import { type PlatformOperationResult, type RestRoutes, type SubgraphBuilder, type SubgraphContext, inputRules, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, sortArg } from '@platform/graphql-kit';
import { z } from 'zod';
import { META_KEY, pageVariables, prepareExportQuery } from '../export-query.ts';
import { ACTIVE_EXPORT_STATUSES, type ExportRecord, createExport, findExport, listExports, lockExport } from '../repositories/exports.ts';
import { type ExportView, exportView } from '../representation.ts';

export const BULK_SCOPES = ['bulk:read', 'bulk:write'] as const;
const EXPORT_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_EXPORT_SORT = '-created_at';
const MAX_QUERY_LENGTH = 20_000;

export const createExportRules = z.object({
  query: z.string().min(1).max(MAX_QUERY_LENGTH),
  variables: z.record(z.string(), z.unknown(), { error: 'must be a JSON object: the query’s variables' }).nullish(),
  format: z.enum(['ndjson', 'csv']),
});

/** Bulk exports: create one from a list query, follow its progress, download its file, cancel it. */
export function defineExportSchema(builder: SubgraphBuilder) {
  const StatusEnum = builder.enumType('BulkExportStatus', {
    description: 'Where an export is.',
    values: {
      queued: { description: 'Created, waiting for the job queue.' },
      running: { description: 'Reading the list page by page; `progress` grows with each page.' },
      completed: { description: 'Every record is in the file: `download_url` gives it until `download_expires_at`. `export.completed` was emitted.' },
      failed: { description: 'A page was refused (a scope or a filter no longer valid), or the credential that created it was revoked (`credential_revoked`): `error` says why. `export.completed` was emitted.' },
      cancelled: { description: 'Cancelled through the API; what it had written was deleted.' },
    } as const,
  });
  const FormatEnum = builder.enumType('BulkExportFormat', {
    description: 'The file an export writes.',
    values: {
      ndjson: { description: 'One JSON object per line (`application/x-ndjson`), each record as the query selects it.' },
      csv: { description: 'RFC 4180 CSV (`text/csv`): a header of the selected leaf fields, nested objects flattened (`customer.name`), lists and JSON values as JSON text.' },
    } as const,
  });
  const ProgressType = builder.objectRef<ExportView['progress']>('BulkExportProgress').implement({
    description: 'How far an export has come.',
    authScopes: { anyScope: BULK_SCOPES },
    fields: (t) => ({
      rows_written: t.exposeInt('rows_written', { description: 'Records written to the file so far (updated with every page).' }),
      total_rows: t.exposeInt('total_rows', { nullable: true, description: 'Records the list held when the export read its first page (`meta.total`); the file may differ by what changed while it ran.' }),
    }),
  });
  const ErrorType = builder.objectRef<NonNullable<ExportView['error']>>('BulkExportError').implement({
    description: 'Why an export failed.',
    authScopes: { anyScope: BULK_SCOPES },
    fields: (t) => ({
      code: t.exposeString('code', { description: 'The platform error code of the refused page (`insufficient_scope`, `rule_violation`, …).' }),
      message: t.exposeString('message', { description: 'What went wrong, for people.' }),
    }),
  });
  const ExportType = builder.objectRef<ExportView>('BulkExport').implement({
    description: 'An asynchronous export of a list query to an NDJSON or CSV file, run on the job queue with its creator’s scopes as held at creation.',
    authScopes: { anyScope: BULK_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Export identifier (`exp_…`).' }),
      status: t.field({ type: StatusEnum, resolve: (view) => view.status, description: 'Where it is.' }),
      format: t.field({ type: FormatEnum, resolve: (view) => view.format, description: '`ndjson` or `csv`.' }),
      query: t.exposeString('query', { description: 'The list query as sent.' }),
      variables: t.field({ type: 'JSON', resolve: (view) => view.variables, description: 'Its variables as sent.' }),
      progress: t.field({ type: ProgressType, resolve: (view) => view.progress, description: 'Records written, and the list’s total when known.' }),
      byte_size: t.exposeInt('byte_size', { description: 'Size of the file written so far, in bytes.' }),
      error: t.field({ type: ErrorType, nullable: true, resolve: (view) => view.error, description: 'A failed export: the code and message of the refused page.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was created.' }),
      started_at: t.expose('started_at', { type: 'DateTime', nullable: true, description: 'When its first page was read by the job.' }),
      completed_at: t.expose('completed_at', { type: 'DateTime', nullable: true, description: 'When it completed or failed.' }),
      expires_at: t.expose('expires_at', { type: 'DateTime', description: 'When the export and its file are deleted (retention: 7 days after it ended by default).' }),
      download_url: t.exposeString('download_url', {
        nullable: true,
        description: 'A completed export: a signed link to its file, usable without credentials until `download_expires_at` (a fresh link with every read). Share it with care: whoever holds it can download the file.',
      }),
      download_expires_at: t.expose('download_expires_at', { type: 'DateTime', nullable: true, description: 'When `download_url` stops working (1 hour after this read by default, never past `expires_at`).' }),
    }),
  });
  const ExportList = listEnvelope(builder, 'BulkExportList', ExportType);

  const CreateExportInput = builder.inputType('CreateBulkExportInput', {
    extensions: inputRules(createExportRules),
    description: 'The list query to export and the file format.',
    fields: (t) => ({
      query: t.string({
        required: true,
        description: `A GraphQL query of exactly one paginated list field at its root (one returning \`{ data, meta }\`), with its filters and sort, selecting \`data { … }\` (federated fields included), without \`page\`, \`per_page\`, \`after\` or \`before\`: the export pages through the list itself. Up to ${MAX_QUERY_LENGTH} characters.`,
      }),
      variables: t.field({ type: 'JSON', required: false, description: 'The query’s variables (a JSON object).' }),
      format: t.field({ type: FormatEnum, required: true, description: '`ndjson` or `csv`.' }),
    }),
  });

  const viewOf = (context: SubgraphContext, record: ExportRecord) => exportView(record, (completed) => context.platform.bulk.downloadLink(completed.tenant_id, completed.id, completed.purge_at));

  builder.queryFields((t) => ({
    exports: t.field({
      type: ExportList,
      description: 'Bulk exports, newest first by default.',
      authScopes: { scope: 'bulk:read' },
      args: {
        status: t.arg({ type: StatusEnum, required: false, description: 'Only exports in this status.' }),
        sort: sortArg(t.arg, Object.keys(EXPORT_SORT_KEYS), DEFAULT_EXPORT_SORT),
        ...paginationArgs(t),
      },
      resolve: async (_root, args, context, info) => {
        const page = await listExports(context.prisma, context.principal.tenantId, args, listWindow(args, 'exports', listOrder(args.sort, EXPORT_SORT_KEYS, DEFAULT_EXPORT_SORT), info));
        return { ...page, data: page.data.map((record) => viewOf(context, record)) };
      },
    }),
    export: t.field({
      type: ExportType,
      description: 'One export by id: its status, progress and, once completed, a fresh download link.',
      authScopes: { scope: 'bulk:read' },
      args: { id: t.arg.string({ required: true, description: 'The export id (`exp_…`).' }) },
      resolve: async (_root, { id }, context) => viewOf(context, await exportOf(context, id)),
    }),
  }));

  builder.mutationFields((t) => ({
    create_export: t.field({
      type: ExportType,
      description:
        'Starts an asynchronous export of a list query (its filters, sort and selected fields, federated fields included) to NDJSON or CSV. The query runs as you: its first page is read now, so a scope you lack or a filter that does not hold is refused here (with the list’s own error); the export then runs with the scopes your credential holds now, never more. A query that is not one paginated list field is a 422 naming `query`. Follow it with `GET /v1/bulk/exports/{id}` or `export.completed`.',
      authScopes: { scope: 'bulk:write' },
      args: { input: t.arg({ type: CreateExportInput, required: true, description: 'The query and format (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const { query, variables, format } = parseInput(createExportRules, input);
        const prepared = prepareExportQuery(context.platform.bulk.schema(), query);
        const clientVariables = variables ?? {};
        const first = await context.platform.bulk.execute(context.principal, { document: prepared.document, variables: pageVariables(clientVariables, null, 1, true) });
        throwRefusal(first);
        const meta = (first.data?.[prepared.listField] as Record<string, { total?: number } | undefined> | undefined)?.[META_KEY];
        const principal: Principal = context.principal;
        const created = await context.audit.recordChange(
          'export.create',
          async (tx) => {
            const record = await createExport(tx, {
              tenant_id: principal.tenantId,
              format,
              query,
              variables: clientVariables,
              document: prepared.document,
              list_field: prepared.listField,
              data_field: prepared.dataField,
              columns: prepared.columns,
              created_by: principal.credential.id,
              credential_type: principal.credential.type,
              scopes: [...principal.scopes],
              total_rows: meta?.total ?? null,
              purge_at: new Date(Date.now() + context.platform.bulk.retentionSeconds * 1000),
            });
            await context.platform.bulk.queueExport(tx, principal.tenantId, record.id);
            return record;
          },
          (record) => record.id,
        );
        context.platform.bulk.wake();
        return viewOf(context, created);
      },
    }),
    cancel_export: t.field({
      type: ExportType,
      description: 'Cancels a queued or running export and deletes what it had written (any other status: `invalid_state`). A running export stops before its next page.',
      authScopes: { scope: 'bulk:write' },
      args: { id: t.arg.string({ required: true, description: 'The export id.' }) },
      resolve: async (_root, { id }, context) => {
        const { tenantId } = context.principal;
        const cancelled = await context.audit.recordChange(
          'export.cancel',
          async (tx) => {
            const record = await lockExport(tx, tenantId, id);
            if (!record) throw notFoundExport(id);
            if (!ACTIVE_EXPORT_STATUSES.includes(record.status)) throw new ApiError('invalid_state', `Export ${id} is ${record.status}; only a queued or running export can be cancelled.`, { current_status: record.status });
            await tx.exportChunk.deleteMany({ where: { tenant_id: tenantId, export_id: id } });
            return tx.export.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { status: 'cancelled', completed_at: new Date(), next_cursor: null, attempt_token: null, rows_written: 0, byte_size: 0, chunk_count: 0 } });
          },
          () => id,
        );
        context.platform.bulk.interrupt(tenantId, id);
        return viewOf(context, cancelled);
      },
    }),
  }));
}

async function exportOf(context: SubgraphContext, id: string): Promise<ExportRecord> {
  const record = await findExport(context.prisma, context.principal.tenantId, id);
  if (!record) throw notFoundExport(id);
  return record;
}

export function notFoundExport(id: string): ApiError {
  return new ApiError('not_found', `No export ${id} exists in this tenant.`);
}

/** The first page's refusal, as the client would have got it reading the list itself (its code, message and details). */
function throwRefusal(result: PlatformOperationResult): void {
  const error = result.errors?.[0];
  if (!error) return;
  const { code, ...details } = error.extensions ?? {};
  if (typeof code === 'string' && Object.hasOwn(errorCatalogue, code) && code !== 'internal_error') throw new ApiError(code as ErrorCode, error.message, details);
  throw new Error(`the first page of an export failed: ${error.message}`);
}

export const exportRestRoutes: RestRoutes = {
  'Query.exports': { method: 'GET', path: '/bulk/exports', tags: ['Bulk exports'] },
  'Mutation.create_export': { method: 'POST', path: '/bulk/exports', responseStatus: 201, tags: ['Bulk exports'] },
  'Query.export': { method: 'GET', path: '/bulk/exports/:id', tags: ['Bulk exports'] },
  'Mutation.cancel_export': { method: 'POST', path: '/bulk/exports/:id/cancel', tags: ['Bulk exports'] },
};
