import { type Prisma, lockTenantRegistrations } from '@platform/db';
import { ApiError, fieldErrors } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, type SubgraphContext, inputRules, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, sortArg } from '@platform/graphql-kit';
import { z } from 'zod';
import { createFile, findFile } from './files.ts';
import { MAX_MUTATION_LENGTH, checkBulkMutation } from './operation.ts';
import { ACTIVE_BULK_MUTATION_STATUSES, type BulkMutationRecord, countActiveBulkMutations, createBulkMutation, findBulkMutation, keepFileUntil, listBulkMutations, lockBulkMutation } from './repository.ts';
import { type BulkMutationView, bulkMutationView } from './representation.ts';

const BULK_SCOPES = ['bulk:read', 'bulk:write'] as const;
const SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_SORT = '-created_at';
/** An arbitrary constant naming the per-tenant bulk mutation bound's locks among PostgreSQL advisory locks. */
const ACTIVE_BOUND_LOCK = 7_340_226;

export const createBulkMutationRules = z.object({
  mutation: z.string().min(1).max(MAX_MUTATION_LENGTH),
  upload_id: z.string().min(1).max(100),
});

/** Bulk mutations: one mutation run once per line of an uploaded JSONL file, its progress, its result file, cancel. */
export function defineBulkMutationSchema(builder: SubgraphBuilder) {
  const StatusEnum = builder.enumType('BulkMutationStatus', {
    description: 'Where a bulk mutation is.',
    values: {
      queued: { description: 'Created, waiting for the job queue.' },
      running: { description: 'Running its lines in order; `progress` grows with each batch of lines.' },
      completed: { description: 'Every line ran (some may have failed: `progress.lines_failed`); `result_url` gives the result file. `bulk_mutation.completed` was emitted.' },
      failed: { description: 'It could not go on (its upload expired, or the credential that created it was revoked: `credential_revoked`): `error` says why; the result file holds the lines that ran. `bulk_mutation.completed` was emitted.' },
      cancelled: { description: 'Cancelled through the API: the lines that ran are in the result file, the others never run.' },
    } as const,
  });
  const ProgressType = builder.objectRef<BulkMutationView['progress']>('BulkMutationProgress').implement({
    description: 'How far a bulk mutation has come.',
    authScopes: { anyScope: BULK_SCOPES },
    fields: (t) => ({
      lines_total: t.exposeInt('lines_total', { description: 'Lines of the upload: one run of the mutation each.' }),
      lines_done: t.exposeInt('lines_done', { description: 'Lines whose outcome is in the result file (the failed ones included), updated with every batch of lines.' }),
      lines_failed: t.exposeInt('lines_failed', { description: 'Of those, the lines that failed (their problem is in the result file).' }),
    }),
  });
  const ErrorType = builder.objectRef<NonNullable<BulkMutationView['error']>>('BulkMutationError').implement({
    description: 'Why a bulk mutation could not go on.',
    authScopes: { anyScope: BULK_SCOPES },
    fields: (t) => ({
      code: t.exposeString('code', { description: 'The platform error code.' }),
      message: t.exposeString('message', { description: 'What went wrong, for people.' }),
    }),
  });
  const BulkMutationType = builder.objectRef<BulkMutationView>('BulkMutation').implement({
    description: 'One GraphQL mutation run once per line of an uploaded JSONL file (each line its variables), on the job queue, as its creator with the scopes held at creation; each line’s outcome is a line of the result file.',
    authScopes: { anyScope: BULK_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Bulk mutation identifier (`bmu_…`).' }),
      status: t.field({ type: StatusEnum, resolve: (view) => view.status, description: 'Where it is.' }),
      mutation: t.exposeString('mutation', { description: 'The mutation document as sent.' }),
      upload_id: t.exposeString('upload_id', { description: 'The upload whose lines it runs (`bku_…`).' }),
      progress: t.field({ type: ProgressType, resolve: (view) => view.progress, description: 'Lines in all, done and failed.' }),
      error: t.field({ type: ErrorType, nullable: true, resolve: (view) => view.error, description: 'A failed bulk mutation: why it could not go on.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was created.' }),
      started_at: t.expose('started_at', { type: 'DateTime', nullable: true, description: 'When the job started on its first line.' }),
      completed_at: t.expose('completed_at', { type: 'DateTime', nullable: true, description: 'When it completed, failed or was cancelled.' }),
      expires_at: t.expose('expires_at', { type: 'DateTime', description: 'When it and its result file are deleted (7 days after it ended by default).' }),
      result_url: t.exposeString('result_url', {
        nullable: true,
        description:
          'Once ended: a signed link to the result file, usable without credentials until `result_url_expires_at` (a fresh link with every read). JSONL, one line per input line that ran, in order: `{"line": n, "ok": true, "data": {…}}` (the root field’s result as selected) or `{"line": n, "ok": false, "problem": {type, title, status, detail, code, errors?}}`.',
      }),
      result_url_expires_at: t.expose('result_url_expires_at', { type: 'DateTime', nullable: true, description: 'When `result_url` stops working (1 hour after this read by default, never past `expires_at`).' }),
    }),
  });
  const BulkMutationList = listEnvelope(builder, 'BulkMutationList', BulkMutationType);

  const CreateInput = builder.inputType('CreateBulkMutationInput', {
    extensions: inputRules(createBulkMutationRules),
    description: 'The mutation to run and the upload whose lines are its variables.',
    fields: (t) => ({
      mutation: t.string({
        required: true,
        description: `A GraphQL document of exactly one mutation operation selecting exactly one root field (e.g. \`mutation($input: CreateCustomerInput!) { create_customer(input: $input) { id } }\`); each line of the upload is one run of it, the line being its variables. Up to ${MAX_MUTATION_LENGTH} characters.`,
      }),
      upload_id: t.string({ required: true, description: 'The upload (`POST /v1/bulk/uploads`, `bku_…`) whose lines to run.' }),
    }),
  });

  const viewOf = (context: SubgraphContext, record: BulkMutationRecord) => bulkMutationView(record, (ended) => context.platform.bulk.mutations.resultLink(ended.tenant_id, ended.id, ended.purge_at));

  builder.queryFields((t) => ({
    bulk_mutations: t.field({
      type: BulkMutationList,
      description: 'Bulk mutations, newest first by default.',
      authScopes: { scope: 'bulk:read' },
      args: {
        status: t.arg({ type: StatusEnum, required: false, description: 'Only bulk mutations in this status.' }),
        sort: sortArg(t.arg, Object.keys(SORT_KEYS), DEFAULT_SORT),
        ...paginationArgs(t),
      },
      resolve: async (_root, args, context, info) => {
        const page = await listBulkMutations(context.prisma, context.principal.tenantId, args, listWindow(args, 'bulk_mutations', listOrder(args.sort, SORT_KEYS, DEFAULT_SORT), info));
        return { ...page, data: page.data.map((record) => viewOf(context, record)) };
      },
    }),
    bulk_mutation: t.field({
      type: BulkMutationType,
      description: 'One bulk mutation by id: its status, progress and, once ended, a fresh link to its result file.',
      authScopes: { scope: 'bulk:read' },
      args: { id: t.arg.string({ required: true, description: 'The bulk mutation id (`bmu_…`).' }) },
      resolve: async (_root, { id }, context) => viewOf(context, await bulkMutationOf(context, id)),
    }),
  }));

  builder.mutationFields((t) => ({
    create_bulk_mutation: t.field({
      type: BulkMutationType,
      description:
        'Runs one mutation once per line of an upload (`POST /v1/bulk/uploads`, JSONL: each line its variables), asynchronously on the job queue, in line order (a few lines at a time). Counted as one request against the rate limit: its lines are not. Each line runs as you, with the scopes your credential holds now (never more), with the `Idempotency-Key` `<id>:<line>`, so a line is never applied twice. A document that is not one mutation of one root field is a 422 naming `mutation`; an unknown or expired upload a 422 naming `upload_id`; more than 3 bulk mutations under way in the tenant a 409 `quota_exceeded`. Follow it with `GET /v1/bulk/mutations/{id}` or `bulk_mutation.completed`.',
      authScopes: { scope: 'bulk:write' },
      args: { input: t.arg({ type: CreateInput, required: true, description: 'The mutation and the upload (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const { mutation, upload_id } = parseInput(createBulkMutationRules, input);
        const { rootField, fieldName } = checkBulkMutation(context.platform.bulk.schema(), mutation);
        const { principal } = context;
        const port = context.platform.bulk.mutations;
        // Refused now rather than once per line: every line would fail with the same missing scope.
        const required = port.rootFieldScopes.get(`Mutation.${fieldName}`) ?? [];
        if (required.length > 0 && !required.some((scope) => principal.scopes.has(scope))) {
          throw new ApiError('insufficient_scope', `The bulk mutation runs ${fieldName}, which requires the scope ${required.join(' or ')}.`, { required_scope: required[0] });
        }
        const created = await context.audit.recordChange(
          'bulk_mutation.create',
          async (tx) => {
            const upload = await findFile(tx, principal.tenantId, upload_id, 'upload');
            if (!upload || upload.expires_at.getTime() <= Date.now()) throw fieldErrors('rule_violation', 'upload_id', `No upload ${upload_id} exists in this tenant (uploads expire 24 hours after they were sent).`);
            await boundActive(tx, principal.tenantId, port.maxActive);
            const purgeAt = new Date(Date.now() + port.retentionSeconds * 1000);
            const result = await createFile(tx, principal.tenantId, 'result', principal.credential.id, purgeAt);
            // The upload is read until the last line has run.
            await keepFileUntil(tx, principal.tenantId, upload.id, purgeAt);
            const record = await createBulkMutation(tx, {
              tenant_id: principal.tenantId,
              mutation,
              root_field: rootField,
              upload_id: upload.id,
              result_file_id: result.id,
              created_by: principal.credential.id,
              credential_type: principal.credential.type,
              scopes: [...principal.scopes],
              lines_total: upload.line_count,
              purge_at: purgeAt,
            });
            await port.queue(tx, principal.tenantId, record.id);
            return record;
          },
          (record) => record.id,
        );
        port.wake();
        return viewOf(context, created);
      },
    }),
    cancel_bulk_mutation: t.field({
      type: BulkMutationType,
      description: 'Cancels a queued or running bulk mutation (any other status: `invalid_state`): no line after the batch under way runs; the lines that ran stay applied, and their outcomes are in the result file.',
      authScopes: { scope: 'bulk:write' },
      args: { id: t.arg.string({ required: true, description: 'The bulk mutation id.' }) },
      resolve: async (_root, { id }, context) => {
        const { tenantId } = context.principal;
        const port = context.platform.bulk.mutations;
        const cancelled = await context.audit.recordChange(
          'bulk_mutation.cancel',
          async (tx) => {
            const record = await lockBulkMutation(tx, tenantId, id);
            if (!record) throw notFoundBulkMutation(id);
            if (!ACTIVE_BULK_MUTATION_STATUSES.includes(record.status)) throw new ApiError('invalid_state', `Bulk mutation ${id} is ${record.status}; only a queued or running one can be cancelled.`, { current_status: record.status });
            const purgeAt = new Date(Date.now() + port.retentionSeconds * 1000);
            await keepFileUntil(tx, tenantId, record.result_file_id, purgeAt);
            // The attempt under way keeps its token: the outcomes of its batch in flight are still recorded.
            return tx.bulkMutation.update({ where: { tenant_id_id: { tenant_id: tenantId, id } }, data: { status: 'cancelled', completed_at: new Date(), purge_at: purgeAt } });
          },
          () => id,
        );
        port.interrupt(tenantId, id);
        return viewOf(context, cancelled);
      },
    }),
  }));
}

/** At most `maximum` bulk mutations under way per tenant, exactly, however many are created at once. */
async function boundActive(tx: Prisma.TransactionClient, tenantId: string, maximum: number): Promise<void> {
  await lockTenantRegistrations(tx, ACTIVE_BOUND_LOCK, tenantId);
  if ((await countActiveBulkMutations(tx, tenantId)) >= maximum) {
    throw new ApiError('quota_exceeded', `This tenant already has ${maximum} bulk mutations queued or running, the most it may; wait for one to end or cancel one.`, { limit: 'bulk_mutations_active', maximum });
  }
}

async function bulkMutationOf(context: SubgraphContext, id: string): Promise<BulkMutationRecord> {
  const record = await findBulkMutation(context.prisma, context.principal.tenantId, id);
  if (!record) throw notFoundBulkMutation(id);
  return record;
}

function notFoundBulkMutation(id: string): ApiError {
  return new ApiError('not_found', `No bulk mutation ${id} exists in this tenant.`);
}

/** Deletes every bulk mutation and bulk file of a tenant (a sandbox reset); the files' chunks cascade. */
export async function deleteBulkMutationData(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.bulkMutation.deleteMany({ where: { tenant_id: tenantId } });
  await tx.bulkFile.deleteMany({ where: { tenant_id: tenantId } });
}

export const bulkMutationRestRoutes: RestRoutes = {
  'Query.bulk_mutations': { method: 'GET', path: '/bulk/mutations', tags: ['Bulk mutations'] },
  'Mutation.create_bulk_mutation': { method: 'POST', path: '/bulk/mutations', responseStatus: 201, tags: ['Bulk mutations'] },
  'Query.bulk_mutation': { method: 'GET', path: '/bulk/mutations/:id', tags: ['Bulk mutations'] },
  'Mutation.cancel_bulk_mutation': { method: 'POST', path: '/bulk/mutations/:id/cancel', tags: ['Bulk mutations'] },
};
