import type { Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import {
  type OrderKey,
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  assertCurrentVersion,
  inputRules,
  listEnvelope,
  listOrder,
  listWindow,
  paginationArgs,
  parseInput,
  sortArg,
  VERSION_DESCRIPTION,
} from '@platform/graphql-kit';
import { z } from 'zod';
import { CONNECTOR_KINDS } from '../connectors/kinds.ts';
import type { SourceRecord } from '../connectors/source.ts';
import { MAPPING_LIMITS, applyMapping, inputFieldsOf } from '../mapping/index.ts';
import { type ConnectorRecord, findConnector, lockConnector, updateConnector } from '../repositories/connectors.ts';
import { unresolvedFailures } from '../repositories/failures.ts';
import { findSyncJob } from '../repositories/sync-jobs.ts';
import { type MappingRecord, createMapping, findMapping, listMappings } from '../repositories/mappings.ts';
import { type CompiledConnectorMapping, type ConnectorMappingDefinition, compileConnectorMapping, connectorMappingSchema, scopesOfMapping } from '../sync/mapping-definition.ts';
import { MAPPING_TARGETS } from '../sync/targets.ts';
import { CONNECTOR_SCOPES } from './connectors.ts';
import { notFoundConnector, validationFailed } from './errors.ts';
import { saveMappingRules } from './rules.ts';

const VERSION_KEY: OrderKey = { column: 'version', kind: 'integer' };
const MAPPING_SORT_KEYS = { version: VERSION_KEY } as const;
const DEFAULT_MAPPING_SORT = '-version';

export interface RecordErrorShape {
  field: string;
  code: string;
  message: string;
}

/** Why a record could not be mapped or written: shown by previews and by a job's failed records. */
export function defineMappingError(builder: SubgraphBuilder) {
  return builder.objectRef<RecordErrorShape>('MappingError').implement({
    description: 'Why a record could not be mapped or written.',
    authScopes: { anyScope: [...CONNECTOR_SCOPES, 'sync:read', 'sync:write'] },
    fields: (t) => ({
      field: t.exposeString('field', { description: 'Where: `fields.<name>` or `filter` (an expression), a field of the target input (`lines.0.quantity`, as the API names it), `stream`, or `record` (the record as a whole).' }),
      code: t.exposeString('code', { description: 'What: `expression_failed`, `value_invalid`, `value_missing`, `record_unreadable`, or the platform error code of a refused write (`rule_violation`, `already_exists`, …).' }),
      message: t.exposeString('message', { description: 'In words.' }),
    }),
  });
}

export type MappingErrorRef = ReturnType<typeof defineMappingError>;

interface PreviewedRecord {
  stream: string;
  external_id: string;
  outcome: 'mapped' | 'skipped' | 'failed';
  input: unknown;
  errors: RecordErrorShape[];
}

const sampleRecordRule = z.object({
  stream: z.string().min(1).max(64),
  external_id: z.string().min(1).max(255),
  data: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }),
});

const previewRules = z
  .object({
    definition: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }).nullish(),
    records: z.array(sampleRecordRule).min(1).max(MAPPING_LIMITS.previewRecords).nullish(),
    failed_records_of_job: z.string().min(1).max(100).nullish(),
  })
  .refine((input) => (input.records == null) !== (input.failed_records_of_job == null), { message: 'name either records or failed_records_of_job', path: ['records'] });

/**
 * A mapping definition checked as a whole: its form, its streams against the connector's, and
 * each stream's fields against its target's input type (every error at once, as
 * `definition.streams.<stream>.fields.<field>`).
 */
function compiledDefinition(context: SubgraphContext, connector: ConnectorRecord, definition: unknown): { definition: ConnectorMappingDefinition; compiled: CompiledConnectorMapping } {
  const parsed = connectorMappingSchema.safeParse(definition);
  // The published schema says only "a JSON object": its rules are a 422, never a 400.
  if (!parsed.success) throw validationFailed(parsed.error.issues.map((issue) => ({ field: ['definition', ...issue.path.map(String)].join('.'), message: issue.message })), false);
  const streams = CONNECTOR_KINDS[connector.kind].streamsOf(connector.config as object);
  const outcome = compileConnectorMapping(parsed.data, streams, (name) => context.platform.sync.inputType(name));
  if (!outcome.ok) throw validationFailed(outcome.errors.map((error) => ({ field: `definition.${error.field}`, message: `${error.message} (${error.code})` })), false);
  return { definition: parsed.data, compiled: outcome.compiled };
}

/** Field mappings: versioned, validated against the platform's input types, previewed without changing anything. */
export function defineMappingSchema(builder: SubgraphBuilder, MappingError: MappingErrorRef) {
  const ConnectorMapping = builder.objectRef<MappingRecord>('ConnectorMapping').implement({
    description: 'One version of a connector’s field mapping. Versions are never changed: saving a mapping adds one. Each sync job records the version it used.',
    authScopes: { anyScope: CONNECTOR_SCOPES },
    fields: (t) => ({
      connector_id: t.exposeString('connector_id', { description: 'The connector (`con_…`).' }),
      version: t.exposeInt('version', { description: 'The version, from 1.' }),
      definition: t.field({
        type: 'JSON',
        resolve: (mapping) => mapping.definition,
        description:
          'For each stream it maps: `target` (the platform mutation its records go through: `create_inventory_item`, `create_customer` or `create_order`), `fields` (for each input field of the target, a JSONata expression over the source record: `$` is its data, `$record` the record with `external_id`, `stream`, `updated_at`) and an optional `filter` (a JSONata condition; records it rejects are skipped).',
      }),
      created_by: t.exposeString('created_by', { description: 'The credential that saved it.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When it was saved.' }),
    }),
  });

  const ConnectorMappingList = listEnvelope(builder, 'ConnectorMappingList', ConnectorMapping);

  const MappingTarget = builder.objectRef<{ name: string; resource: string; scope: string; input_type: string; fields: unknown; updates: boolean }>('MappingTarget').implement({
    description: 'A platform mutation a field mapping may write through, with the input fields a mapping maps.',
    authScopes: { anyScope: CONNECTOR_SCOPES },
    fields: (t) => ({
      name: t.exposeString('name', { description: 'The mutation (`create_order`): a stream’s `target`.' }),
      resource: t.exposeString('resource', { description: 'The kind of record it creates.' }),
      scope: t.exposeString('scope', { description: 'The scope its writes take: saving a mapping to it requires holding it.' }),
      input_type: t.exposeString('input_type', { description: 'Its GraphQL input type.' }),
      updates: t.exposeBoolean('updates', { description: 'Whether a record it created is updated when the source record changes (else it is created once).' }),
      fields: t.field({ type: 'JSON', resolve: (target) => target.fields, description: 'The input fields: `name`, `type`, `required`, `description`, `enum_values`, nested `fields`.' }),
    }),
  });

  const PreviewedRecordRef = builder.objectRef<PreviewedRecord>('MappingPreviewRecord').implement({
    description: 'What a mapping makes of one record.',
    authScopes: { anyScope: CONNECTOR_SCOPES },
    fields: (t) => ({
      stream: t.exposeString('stream', { description: 'The record’s stream.' }),
      external_id: t.exposeString('external_id', { description: 'Its id in the source.' }),
      outcome: t.exposeString('outcome', { description: '`mapped` (see `input`), `skipped` (the filter rejected it) or `failed` (see `errors`).' }),
      input: t.field({ type: 'JSON', nullable: true, resolve: (record) => record.input, description: 'The input the target mutation would receive; null unless mapped.' }),
      errors: t.field({ type: [MappingError], resolve: (record) => record.errors, description: 'Every error of the record; empty unless failed.' }),
    }),
  });

  const MappingPreview = builder.objectRef<{ records: PreviewedRecord[] }>('MappingPreview').implement({
    description: 'A dry run of a mapping: nothing was written.',
    authScopes: { anyScope: CONNECTOR_SCOPES },
    fields: (t) => ({ records: t.field({ type: [PreviewedRecordRef], resolve: (preview) => preview.records, description: 'Each record’s outcome, in order.' }) }),
  });

  const SaveConnectorMappingInput = builder.inputType('SaveConnectorMappingInput', {
    extensions: inputRules(saveMappingRules),
    description: 'A new version of the connector’s mapping.',
    fields: (t) => ({
      definition: t.field({ type: 'JSON', required: true, description: 'The mapping (see `ConnectorMapping.definition`). Checked against the connector’s streams and the targets’ input types before it is saved.' }),
      version: t.int({ required: false, description: `The connector version this change is based on. ${VERSION_DESCRIPTION}` }),
    }),
  });

  const MappingSampleRecordInput = builder.inputType('MappingSampleRecordInput', {
    extensions: inputRules(sampleRecordRule),
    description: 'A record as a connector reads it, to preview a mapping with.',
    fields: (t) => ({
      stream: t.string({ required: true, description: 'The stream it comes from (`products`, `orders`, or a REST source’s stream name).' }),
      external_id: t.string({ required: true, description: 'Its id in the source.' }),
      data: t.field({ type: 'JSON', required: true, description: 'The record (a JSON object): what the mapping’s expressions read as `$`.' }),
    }),
  });

  const PreviewConnectorMappingInput = builder.inputType('PreviewConnectorMappingInput', {
    extensions: inputRules(previewRules),
    description: 'What to preview: a mapping (default: the connector’s current one) over sample records or over a job’s failed records.',
    fields: (t) => ({
      definition: t.field({ type: 'JSON', required: false, description: 'A mapping to try; default: the connector’s current version.' }),
      records: t.field({ type: [MappingSampleRecordInput], required: false, description: `Sample records, 1 to ${MAPPING_LIMITS.previewRecords}.` }),
      failed_records_of_job: t.string({ required: false, description: `Or a sync job (\`sync_…\`) of the connector whose unresolved failed records to map (the first ${MAPPING_LIMITS.previewRecords}).` }),
    }),
  });

  builder.queryFields((t) => ({
    mapping_targets: t.field({
      type: [MappingTarget],
      description: 'The platform mutations a field mapping may write through, with their input fields.',
      authScopes: { scope: 'connectors:read' },
      resolve: (_root, _args, context) =>
        Object.entries(MAPPING_TARGETS).map(([name, target]) => {
          const type = context.platform.sync.inputType(target.inputType);
          return { name, resource: target.resource, scope: target.scope, input_type: target.inputType, updates: target.update !== undefined, fields: type ? inputFieldsOf(type) : [] };
        }),
    }),
    connector_mappings: t.field({
      type: ConnectorMappingList,
      description: 'The versions of a connector’s mapping, newest first by default.',
      authScopes: { scope: 'connectors:read' },
      args: { connector_id: t.arg.string({ required: true, description: 'The connector (`con_…`).' }), sort: sortArg(t.arg, Object.keys(MAPPING_SORT_KEYS), DEFAULT_MAPPING_SORT), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'connector_mappings', listOrder(args.sort, MAPPING_SORT_KEYS, DEFAULT_MAPPING_SORT, VERSION_KEY), info);
        if (!(await findConnector(prisma, principal.tenantId, args.connector_id))) throw notFoundConnector(args.connector_id);
        return listMappings(prisma, principal.tenantId, args.connector_id, window);
      },
    }),
    connector_mapping: t.field({
      type: ConnectorMapping,
      description: 'One version of a connector’s mapping.',
      authScopes: { scope: 'connectors:read' },
      args: { connector_id: t.arg.string({ required: true, description: 'The connector (`con_…`).' }), version: t.arg.int({ required: true, description: 'The version.' }) },
      resolve: async (_root, { connector_id: connectorId, version }, { prisma, principal }) =>
        (await findMapping(prisma, principal.tenantId, connectorId, version)) ?? Promise.reject(new ApiError('not_found', `Connector ${connectorId} has no mapping version ${version} in this tenant.`)),
    }),
  }));

  builder.mutationFields((t) => ({
    save_connector_mapping: t.field({
      type: ConnectorMapping,
      description:
        'Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already started keep theirs). Every target’s input fields are checked: unknown fields, required fields left unmapped, expressions that do not parse (`rule_violation` naming each). Saving a mapping to a target needs the scope its writes take (`inventory:write` for `create_inventory_item`, `crm:write` for customers and orders): the connector never writes what its author could not.',
      authScopes: { scope: 'connectors:write' },
      args: { connector_id: t.arg.string({ required: true, description: 'The connector (`con_…`).' }), input: t.arg({ type: SaveConnectorMappingInput, required: true, description: 'The mapping (REST: the JSON body).' }) },
      resolve: (_root, { connector_id: connectorId, input }, context) => {
        const { definition, version } = parseInput(saveMappingRules, input);
        return context.audit.recordChange(
          'connector.mapping.save',
          async (tx) => {
            const connector = await lockConnector(tx, context.principal.tenantId, connectorId);
            if (!connector) throw notFoundConnector(connectorId);
            assertCurrentVersion(context, version, connector);
            const checked = compiledDefinition(context, connector, definition);
            for (const scope of scopesOfMapping(checked.definition)) {
              if (!context.principal.scopes.has(scope)) throw new ApiError('insufficient_scope', `This mapping writes through mutations that require the scope ${scope}, which this credential lacks.`, { required_scope: scope });
            }
            const next = connector.mapping_version + 1;
            await updateConnector(tx, connector.tenant_id, connector.id, { mapping_version: next });
            return createMapping(tx, { tenant_id: connector.tenant_id, connector_id: connector.id, version: next, definition: checked.definition as Prisma.InputJsonValue, created_by: context.principal.credential.id });
          },
          () => connectorId,
        );
      },
    }),
    preview_connector_mapping: t.field({
      type: MappingPreview,
      description: 'Maps sample records, or a job’s failed records, with a mapping (the current one by default) and shows each outcome. Nothing is written: use it to check a mapping fix before saving it and replaying.',
      // A write scope as every mutation takes, though it writes nothing: previews evaluate tenant-written expressions.
      authScopes: { scope: 'connectors:write' },
      args: { connector_id: t.arg.string({ required: true, description: 'The connector (`con_…`).' }), input: t.arg({ type: PreviewConnectorMappingInput, required: true, description: 'What to preview (REST: the JSON body).' }) },
      resolve: async (_root, { connector_id: connectorId, input }, context) => {
        const data = parseInput(previewRules, input);
        const { prisma, principal } = context;
        const connector = await findConnector(prisma, principal.tenantId, connectorId);
        if (!connector) throw notFoundConnector(connectorId);
        const definition = data.definition ?? (await findMapping(prisma, principal.tenantId, connectorId, connector.mapping_version))?.definition;
        if (definition == null) throw validationFailed([{ field: 'definition', message: `is required: connector ${connectorId} has no mapping yet` }], false);
        const { compiled } = compiledDefinition(context, connector, definition);
        const records: SourceRecord[] = data.records ?? (await failedRecordsOf(context, connector, data.failed_records_of_job as string));
        const previewed: PreviewedRecord[] = [];
        for (const record of records) {
          const stream = compiled.get(record.stream);
          const outcome = stream ? await applyMapping(stream.mapping, record) : { ok: false as const, errors: [{ field: 'stream', code: 'stream_unmapped', message: `the mapping maps no stream "${record.stream}"` }] };
          const base = { stream: record.stream, external_id: record.external_id };
          if (!outcome.ok) previewed.push({ ...base, outcome: 'failed', input: null, errors: outcome.errors });
          else if ('skipped' in outcome) previewed.push({ ...base, outcome: 'skipped', input: null, errors: [] });
          else previewed.push({ ...base, outcome: 'mapped', input: outcome.input, errors: [] });
        }
        return { records: previewed };
      },
    }),
  }));
}

async function failedRecordsOf(context: SubgraphContext, connector: ConnectorRecord, jobId: string): Promise<SourceRecord[]> {
  const job = await findSyncJob(context.prisma, context.principal.tenantId, jobId);
  if (job?.connector_id !== connector.id) throw validationFailed([{ field: 'failed_records_of_job', message: `names no sync job of connector ${connector.id}` }], false);
  const failures = await unresolvedFailures(context.prisma, context.principal.tenantId, jobId, undefined, MAPPING_LIMITS.previewRecords);
  return failures.map((failure) => ({ stream: failure.stream, external_id: failure.external_id, data: failure.payload as Record<string, unknown> }));
}

export const mappingRestRoutes: RestRoutes = {
  'Query.mapping_targets': { method: 'GET', path: '/connectors/mapping-targets', tags: ['Connectors'] },
  'Query.connector_mappings': { method: 'GET', path: '/connectors/:connector_id/mappings', tags: ['Connectors'] },
  'Mutation.save_connector_mapping': { method: 'POST', path: '/connectors/:connector_id/mappings', responseStatus: 201, tags: ['Connectors'] },
  'Mutation.preview_connector_mapping': { method: 'POST', path: '/connectors/:connector_id/mapping-preview', tags: ['Connectors'] },
  'Query.connector_mapping': { method: 'GET', path: '/connectors/:connector_id/mappings/:version', tags: ['Connectors'] },
};
