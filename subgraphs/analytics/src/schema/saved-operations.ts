import { type Prisma, newId } from '@platform/db';
import { ApiError } from '@platform/errors';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  VERSION_DESCRIPTION,
  assertCurrentVersion,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  paginationArgs,
  parseInput,
  sortArg,
} from '@platform/graphql-kit';
import { analyseOperation } from '../operations/analyse.ts';
import { documentHash } from '../operations/document-id.ts';
import {
  type SavedOperationRecord,
  countSavedOperationsForRegistration,
  createSavedOperation,
  deleteSavedOperation,
  findSavedOperation,
  listSavedOperations,
  lockSavedOperation,
  updateSavedOperation,
} from '../repositories/saved-operations.ts';
import { documentInvalid, notFoundSavedOperation, runRefused } from './errors.ts';
import { createSavedOperationRules, runSavedOperationRules, savedOperationName, updateSavedOperationRules } from './rules.ts';

export const ANALYTICS_SCOPES = ['analytics:read', 'analytics:write'];
/** Operations one tenant may save: enough for every dashboard, and a bound on what a tenant stores. */
export const MAX_SAVED_OPERATIONS = 500;
const SORT_KEYS = { created_at: 'timestamp', name: 'text' } as const;
const DEFAULT_SORT = 'name';

type ArgBuilder = Parameters<Parameters<SubgraphBuilder['mutationField']>[1]>[0]['arg'];

interface RunResult {
  data: Record<string, unknown> | null;
  errors: unknown[] | null;
}

/** The columns derived from a document: checked against the supergraph's API schema (a 422 naming `document` when it does not hold up). */
function analysedColumns(context: SubgraphContext, document: string) {
  const { schema, rootFieldScopes } = context.platform.ai.supergraph();
  const analysis = analyseOperation(schema, rootFieldScopes, document);
  if (!analysis.ok) throw documentInvalid(analysis.errors);
  return {
    document,
    document_hash: documentHash(document),
    operation_kind: analysis.kind,
    operation_name: analysis.operationName,
    variables: analysis.variables as unknown as Prisma.InputJsonValue,
    result_schema: analysis.resultSchema as Prisma.InputJsonValue,
    root_fields: analysis.rootFields as unknown as Prisma.InputJsonValue,
  };
}

/**
 * Runs a saved operation through the edge as the caller (`AiPort.execute`: the copilot's way of
 * running the caller's own operations): the caller's own scopes, query cost and audit apply,
 * exactly as if it had sent the document; saving an operation grants nothing. The run is part of
 * the request that asked for it, which the rate limit counted already (`paced`: not twice).
 */
async function runSaved(context: SubgraphContext, name: string, variables: Record<string, unknown> | null | undefined): Promise<RunResult> {
  const saved = await findSavedOperation(context.prisma, context.principal.tenantId, name);
  if (!saved) throw notFoundSavedOperation(name);
  const result = await context.platform.ai.execute(context.principal, { document: saved.document, variables: variables ?? {}, paced: true });
  const [first] = result.errors ?? [];
  // Refused as a whole: no root field answered (a refused mutation field is null, not the data).
  if (first && Object.values(result.data ?? {}).every((value) => value === null)) throw runRefused(first);
  return { data: result.data ?? null, errors: result.errors?.length ? result.errors : null };
}

/** Saved operations: named GraphQL documents of the tenant, what they ask for, and running them by name. */
export function defineSavedOperationSchema(builder: SubgraphBuilder) {
  const OperationKind = builder.enumType('SavedOperationKind', {
    description: 'What a saved operation does.',
    values: { query: { description: 'Reads.' }, mutation: { description: 'Changes data: running it needs the write scopes of its fields.' } } as const,
  });

  const Variable = builder.objectRef<{ name: string; type: string; required: boolean; default_value: unknown }>('SavedOperationVariable').implement({
    description: 'A variable the saved document declares.',
    authScopes: { anyScope: ANALYTICS_SCOPES },
    fields: (t) => ({
      name: t.exposeString('name', { description: 'Its name, without `$`.' }),
      type: t.exposeString('type', { description: 'Its GraphQL type as declared (`DateTime!`, `[String!]`); the API reference describes each type.' }),
      required: t.exposeBoolean('required', { description: 'Whether a run must give it (non-null, no default).' }),
      default_value: t.field({ type: 'JSON', nullable: true, resolve: (variable) => variable.default_value, description: 'The default the document declares; null when none.' }),
    }),
  });

  const RootField = builder.objectRef<{ field: string; scopes: string[] }>('SavedOperationRootField').implement({
    description: 'A root field the saved document selects, with what a run needs to be allowed it.',
    authScopes: { anyScope: ANALYTICS_SCOPES },
    fields: (t) => ({
      field: t.exposeString('field', { description: 'Its coordinate (`Query.orders`, `Mutation.create_order`).' }),
      scopes: t.exposeStringList('scopes', { description: 'Any one of these scopes admits it; nested fields of other domains may need their own.' }),
    }),
  });

  const SavedOperation = builder.objectRef<SavedOperationRecord>('SavedOperation').implement({
    description:
      'A GraphQL operation saved for the tenant under a name, to run by name (REST `POST /v1/analytics/saved-operations/{name}/run`) or as a persisted document (POST /graphql with `documentId`: `saved:<name>` or `sha256:<hex>`, no `query`). Its variables and the JSON Schema of its result were derived from the supergraph when it was saved.',
    authScopes: { anyScope: ANALYTICS_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Identifier (`sop_…`).' }),
      name: t.exposeString('name', { description: 'Its name, unique in the tenant: a lower-case slug (`monthly_revenue`), fixed once saved.' }),
      description: t.exposeString('description', { nullable: true, description: 'What it answers, up to 2000 characters.' }),
      document: t.exposeString('document', { description: 'The GraphQL document, exactly as saved: one query or mutation.' }),
      document_id: t.string({ resolve: (saved) => `sha256:${saved.document_hash}`, description: 'Its persisted-document id by content: `sha256:` and the SHA-256 (hex) of `document` as UTF-8. Changes when the document does.' }),
      operation_kind: t.field({ type: OperationKind, resolve: (saved) => saved.operation_kind as 'query' | 'mutation', description: '`query` or `mutation`.' }),
      operation_name: t.exposeString('operation_name', { nullable: true, description: 'The operation’s own name in the document, if it has one.' }),
      variables: t.field({ type: [Variable], resolve: (saved) => saved.variables as unknown as Array<{ name: string; type: string; required: boolean; default_value: unknown }>, description: 'Its variables, in the order declared.' }),
      result_schema: t.field({
        type: 'JSON',
        resolve: (saved) => saved.result_schema,
        description: 'JSON Schema (2020-12) of the `data` a run answers: one property per selected field (by alias), typed from the schema (MinorUnits as integers, DateTime as date-time strings), nullable where the field is, required unless selected under @skip/@include or a fragment on a narrower type. Field descriptions come from the API reference.',
      }),
      root_fields: t.field({ type: [RootField], resolve: (saved) => saved.root_fields as unknown as Array<{ field: string; scopes: string[] }>, description: 'The root fields it selects and the scopes each needs: what a credential must hold to run it.' }),
      created_by: t.exposeString('created_by', { description: 'The credential that saved it (OAuth client or API key).' }),
      version: t.exposeInt('version', { description: 'Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was saved.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When it last changed.' }),
    }),
  });

  const RunResultRef = builder.objectRef<RunResult>('SavedOperationResult').implement({
    description: 'What a run of a saved operation answered: its GraphQL result. `data` has the shape of the operation’s `result_schema`.',
    authScopes: { anyScope: ANALYTICS_SCOPES },
    fields: (t) => ({
      data: t.field({ type: 'JSON', nullable: true, resolve: (result) => result.data, description: 'The result’s data.' }),
      errors: t.field({ type: ['JSON'], nullable: true, resolve: (result) => result.errors, description: 'Errors of fields that failed while others answered (`message`, `path`, `extensions.code`); null when none.' }),
    }),
  });

  const SavedOperationList = listEnvelope(builder, 'SavedOperationList', SavedOperation);

  const CreateInput = builder.inputType('CreateSavedOperationInput', {
    extensions: inputRules(createSavedOperationRules),
    description: 'An operation to save.',
    fields: (t) => ({
      name: t.string({ required: true, description: 'Its name: a lower-case slug (a letter, then letters, digits or underscores; at most 100), unique in the tenant.' }),
      description: t.string({ required: false, description: 'What it answers, up to 2000 characters.' }),
      document: t.string({ required: true, description: 'The GraphQL document: exactly one query or mutation (no subscription) that validates against the API schema, at most 65,536 characters.' }),
    }),
  });
  const UpdateInput = builder.inputType('UpdateSavedOperationInput', {
    extensions: inputRules(updateSavedOperationRules),
    description: 'Fields to change; absent fields keep their value. A new document is checked as on saving, and its `document_id` changes with it.',
    fields: (t) => ({
      description: t.string({ required: false, description: 'Up to 2000 characters; empty clears it.' }),
      document: t.string({ required: false, description: 'A new document (checked as on saving).' }),
      version: t.int({ required: false, description: VERSION_DESCRIPTION }),
    }),
  });
  const RunInput = builder.inputType('RunSavedOperationInput', {
    extensions: inputRules(runSavedOperationRules),
    description: 'The variables of a run.',
    fields: (t) => ({
      variables: t.field({ type: 'JSON', required: false, description: 'The operation’s variables by name (a JSON object), coerced to their declared types as GraphQL does.' }),
    }),
  });

  /** The name in a path (`/analytics/saved-operations/{name}`): a slug, so a malformed one is a 400 naming it. */
  const nameArg = (arg: ArgBuilder) => arg.string({ required: true, description: 'The saved operation’s name.', extensions: inputRules(savedOperationName) });

  builder.queryFields((t) => ({
    saved_operations: t.field({
      type: SavedOperationList,
      description: 'The tenant’s saved operations, by name by default.',
      authScopes: { scope: 'analytics:read' },
      args: { sort: sortArg(t.arg, Object.keys(SORT_KEYS), DEFAULT_SORT), ...paginationArgs(t) },
      resolve: (_root, args, { prisma, principal }, info) => listSavedOperations(prisma, principal.tenantId, listWindow(args, 'saved_operations', listOrder(args.sort, SORT_KEYS, DEFAULT_SORT), info)),
    }),
    saved_operation: t.field({
      type: SavedOperation,
      description: 'One saved operation by name, with its variables and result schema.',
      authScopes: { scope: 'analytics:read' },
      args: { name: nameArg(t.arg) },
      resolve: async (_root, { name }, { prisma, principal }) => (await findSavedOperation(prisma, principal.tenantId, name)) ?? Promise.reject(notFoundSavedOperation(name)),
    }),
  }));

  /** A change of a locked saved operation: version check, then `work`, in one audited transaction. */
  function changeSaved<T>(context: SubgraphContext, name: string, version: number | null | undefined, action: string, work: (tx: Prisma.TransactionClient, saved: SavedOperationRecord) => Promise<T>): Promise<T> {
    let id: string | undefined;
    return context.audit.recordChange(
      `saved_operation.${action}`,
      async (tx) => {
        const saved = await lockSavedOperation(tx, context.principal.tenantId, name);
        if (!saved) throw notFoundSavedOperation(name);
        assertCurrentVersion(context, version, saved);
        id = saved.id;
        return work(tx, saved);
      },
      () => id,
    );
  }

  builder.mutationFields((t) => ({
    create_saved_operation: t.field({
      type: SavedOperation,
      description:
        'Saves a GraphQL operation under a name. The document must parse, hold exactly one query or mutation and validate against the API schema: otherwise a 422 `rule_violation` naming `document` with GraphQL’s messages. A name already saved is `already_exists`. A tenant saves at most 500 operations (`quota_exceeded`). Saving grants nothing: each run is checked against the running credential’s scopes.',
      authScopes: { scope: 'analytics:write' },
      args: { input: t.arg({ type: CreateInput, required: true, description: 'The operation (REST: the JSON body).' }) },
      resolve: (_root, { input }, context) => {
        const { name, description, document } = parseInput(createSavedOperationRules, input);
        const columns = analysedColumns(context, document);
        const { tenantId } = context.principal;
        return context.audit.recordChange(
          'saved_operation.create',
          async (tx) => {
            if ((await countSavedOperationsForRegistration(tx, tenantId)) >= MAX_SAVED_OPERATIONS) {
              throw new ApiError('quota_exceeded', `This tenant already has ${MAX_SAVED_OPERATIONS} saved operations, the most it may hold; delete one before saving another.`, { limit: 'saved_operations', maximum: MAX_SAVED_OPERATIONS });
            }
            // Under the registration lock: no other save of this tenant can take the name meanwhile.
            if (await findSavedOperation(tx, tenantId, name)) throw new ApiError('already_exists', `An operation named ${name} is already saved in this tenant.`, { errors: [{ field: 'name', message: 'is already taken' }] });
            return createSavedOperation(tx, { tenant_id: tenantId, id: newId('sop'), name, description: description ?? null, created_by: context.principal.credential.id, ...columns });
          },
          (saved) => saved.id,
        );
      },
    }),
    update_saved_operation: t.field({
      type: SavedOperation,
      description: 'Changes a saved operation’s description or document (checked as on saving; its `document_id` changes with it, and the old hash names nothing any more). Its name is fixed: save under a new name and delete the old one to rename.',
      authScopes: { scope: 'analytics:write' },
      args: { name: nameArg(t.arg), input: t.arg({ type: UpdateInput, required: true, description: 'The fields to change (REST: the JSON body).' }) },
      resolve: (_root, { name, input }, context) => {
        const { version, document, description } = parseInput(updateSavedOperationRules, input);
        const columns = document === undefined ? {} : analysedColumns(context, document);
        return changeSaved(context, name, version, 'update', (tx, saved) => updateSavedOperation(tx, saved.tenant_id, saved.id, { ...columns, ...(description !== undefined && { description }) }));
      },
    }),
    delete_saved_operation: t.field({
      type: SavedOperation,
      description: 'Deletes a saved operation and returns it as it was; its name and hash name nothing from then on.',
      authScopes: { scope: 'analytics:write' },
      args: { name: nameArg(t.arg), version: t.arg.int({ required: false, description: VERSION_DESCRIPTION }) },
      resolve: (_root, { name, version }, context) =>
        changeSaved(context, name, version, 'delete', async (tx, saved) => {
          await deleteSavedOperation(tx, saved.tenant_id, saved.id);
          return saved;
        }),
    }),
    run_saved_operation: t.field({
      type: RunResultRef,
      description:
        'Runs a saved operation with variables and answers its GraphQL result (`data`, and `errors` of fields that failed while others answered). It runs with your credential’s own scopes, rate limit and query cost, exactly as sending its document would: a run refused as a whole answers that refusal (`insufficient_scope` naming the scope, `query_invalid` for variables that do not coerce). Needs `analytics:read` to find it; a saved mutation also needs the write scopes of its fields.',
      authScopes: { scope: 'analytics:read' },
      args: { name: nameArg(t.arg), input: t.arg({ type: RunInput, required: false, description: 'The run’s variables (REST: the JSON body).' }) },
      resolve: (_root, { name, input }, context) => runSaved(context, name, parseInput(runSavedOperationRules, input ?? {}).variables),
    }),
  }));
}

export const savedOperationRestRoutes: RestRoutes = {
  'Query.saved_operations': { method: 'GET', path: '/analytics/saved-operations', tags: ['Saved operations'] },
  'Mutation.create_saved_operation': { method: 'POST', path: '/analytics/saved-operations', responseStatus: 201, tags: ['Saved operations'] },
  'Query.saved_operation': { method: 'GET', path: '/analytics/saved-operations/:name', tags: ['Saved operations'] },
  'Mutation.update_saved_operation': { method: 'PATCH', path: '/analytics/saved-operations/:name', tags: ['Saved operations'] },
  'Mutation.delete_saved_operation': { method: 'DELETE', path: '/analytics/saved-operations/:name', tags: ['Saved operations'] },
  'Mutation.run_saved_operation': { method: 'POST', path: '/analytics/saved-operations/:name/run', tags: ['Saved operations'] },
};
