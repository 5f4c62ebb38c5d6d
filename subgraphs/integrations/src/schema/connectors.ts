import { type Prisma, newId } from '@platform/db';
import { ApiError, type FieldError } from '@platform/errors';
import {
  type RestRoutes,
  type SubgraphBuilder,
  type SubgraphContext,
  assertCurrentVersion,
  inputRules,
  listOrder,
  listEnvelope,
  listWindow,
  paginationArgs,
  parseInput,
  recordActionArgs,
  sortArg,
  VERSION_DESCRIPTION,
} from '@platform/graphql-kit';
import { scopeToReceive } from '@platform/events';
import { CONNECTOR_KINDS, type ConnectorKindName, checkConnectorSettings } from '../connectors/kinds.ts';
import { shopifyGraphqlEndpoint } from '../connectors/shopify/index.ts';
import { type ConnectorRecord, countConnectorsForRegistration, createConnector, deleteConnector, findConnector, listConnectors, lockConnector, updateConnector } from '../repositories/connectors.ts';
import { activeSyncJob } from '../repositories/sync-jobs.ts';
import { nextScheduledTime } from '@platform/automation';
import { notFoundConnector, validationFailed } from './errors.ts';
import { MAX_RETRY_ATTEMPTS, MAX_RETRY_DELAY_SECONDS, createConnectorRules, updateConnectorRules } from './rules.ts';

export const CONNECTOR_SCOPES = ['connectors:read', 'connectors:write'];
const CONNECTOR_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_SORT = '-created_at';

type ConnectorAction = 'update' | 'delete';

/** The URLs a connector's configuration makes the platform call. */
function outboundUrls(kind: ConnectorKindName, config: Record<string, unknown>): Array<{ field: string; url: string }> {
  if (kind === 'shopify') return [{ field: 'config.base_url', url: shopifyGraphqlEndpoint(config as never) }];
  if (kind === 'csv') return [];
  const auth = config.auth as { type: string; token_url?: string };
  return [{ field: 'config.base_url', url: String(config.base_url) }, ...(auth.token_url ? [{ field: 'config.auth.token_url', url: auth.token_url }] : [])];
}

/**
 * A connector's settings checked by its kind (every field at fault at once, as `config.…` and
 * `credentials.…`), and each URL it would call by the platform's outbound policy (public
 * addresses only; HTTPS for production tenants), as webhook URLs are.
 */
async function checkedSettings(context: SubgraphContext, kind: ConnectorKindName, config: unknown, credentials: unknown): Promise<{ config: Record<string, unknown>; credentials: object }> {
  const checked = checkConnectorSettings(kind, config, credentials ?? {});
  // The published schema says only "a JSON object" (its shape depends on the kind): a 422, never a 400.
  if (!checked.ok) throw validationFailed(checked.errors, false);
  const errors: FieldError[] = [];
  for (const { field, url } of outboundUrls(kind, checked.config as Record<string, unknown>)) {
    const verdict = await context.platform.events.checkEndpointUrl(context.principal.tenantId, url);
    if (!verdict.ok) errors.push({ field, message: verdict.reason });
  }
  if (errors.length > 0) throw validationFailed(errors, false);
  // A push sends the tenant's events out: only a caller who may read them may set it up.
  for (const rule of CONNECTOR_KINDS[kind].pushRulesOf(checked.config)) {
    const scope = scopeToReceive(rule.event_type);
    if (scope && !context.principal.scopes.has(scope)) throw new ApiError('insufficient_scope', `Pushing ${rule.event_type} events sends records that require the scope ${scope}, which this credential lacks.`, { required_scope: scope });
  }
  return { config: checked.config as Record<string, unknown>, credentials: checked.credentials };
}

/** A connector that starts pushing pushes the events from now on (a push with `full` sends the older ones). */
function pushCursorChange(kind: ConnectorKindName, config: object, currentCursor: string | null): { push_cursor?: string } {
  return currentCursor === null && CONNECTOR_KINDS[kind].pushRulesOf(config).length > 0 ? { push_cursor: new Date().toISOString() } : {};
}

/** A CSV connector imports the files uploaded to it: there is nothing to read on a schedule. */
function refuseCsvSchedule(kind: ConnectorKindName, cron: string | undefined): void {
  if (kind === 'csv' && cron) throw validationFailed([{ field: 'schedule_cron', message: 'a csv connector imports the files uploaded to it and has no schedule' }], false);
}

/** A connector's schedule columns, with its next time computed from now. */
function scheduleChanges(cron: string | null, timeZone: string) {
  return { schedule_cron: cron, schedule_time_zone: timeZone, next_scheduled_sync_at: cron === null ? null : nextScheduledTime({ cron, timeZone }, new Date()) };
}

/** Connectors: connections to other systems, with sealed credentials, a retry policy and a connectivity test. */
export function defineConnectorSchema(builder: SubgraphBuilder) {
  const ConnectorKindEnum = builder.enumType('ConnectorKind', {
    description: 'The protocol a connector speaks.',
    values: {
      shopify: { description: 'A Shopify shop, through the Admin GraphQL API: streams `products` (one record per variant) and `orders`.' },
      rest: { description: 'Any REST/JSON API, configured declaratively: auth, pagination, record paths, incremental reads.' },
      csv: { description: 'CSV files uploaded to it (`POST /v1/connectors/{id}/uploads`), one stream (`stream_name`, default `rows`); each upload is imported by a sync job naming it (`upload_id`).' },
    } as const,
  });

  const Connector = builder.objectRef<ConnectorRecord>('Connector').implement({
    description: 'A connection to another system. Its credentials are sealed when saved and never returned; `config` holds everything else.',
    authScopes: { anyScope: CONNECTOR_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Connector identifier (`con_…`): also the `channel` of the orders it creates and the actor of its writes in the audit trail.' }),
      name: t.exposeString('name', { description: 'Your name for it, 1 to 200 characters.' }),
      kind: t.field({ type: ConnectorKindEnum, resolve: (connector) => connector.kind, description: '`shopify`, `rest` or `csv`.' }),
      config: t.field({ type: 'JSON', resolve: (connector) => connector.config, description: 'The settings of its kind (see the API reference of each kind); never a secret.' }),
      streams: t.stringList({ resolve: (connector) => CONNECTOR_KINDS[connector.kind].streamsOf(connector.config as object), description: 'The streams it reads: what a field mapping maps.' }),
      has_credentials: t.boolean({ resolve: (connector) => connector.credentials_ciphertext !== null, description: 'Whether credentials are stored (they are never shown).' }),
      retry_max_attempts: t.exposeInt('retry_max_attempts', { description: `Attempts a sync job makes in all before it fails (1 to ${MAX_RETRY_ATTEMPTS}); default 3.` }),
      retry_delay_seconds: t.exposeInt('retry_delay_seconds', { description: 'Seconds before the second attempt, doubled before each later one; default 60.' }),
      schedule_cron: t.exposeString('schedule_cron', { nullable: true, description: 'A cron expression (minute hour day-of-month month day-of-week): a sync job starts at each of its times in `schedule_time_zone`, unless one of the connector’s jobs is under way then (that time is skipped). Null: no schedule.' }),
      schedule_time_zone: t.exposeString('schedule_time_zone', { description: 'The IANA time zone of the schedule’s times (daylight saving included); default UTC.' }),
      next_scheduled_sync_at: t.expose('next_scheduled_sync_at', { type: 'DateTime', nullable: true, description: 'When the schedule next starts a sync; null without a schedule.' }),
      mapping_version: t.exposeInt('mapping_version', { description: 'The field mapping version new sync jobs use; 0 while no mapping is saved.' }),
      push_cursor: t.exposeString('push_cursor', {
        nullable: true,
        description: 'A connector with `push` rules (REST): the `occurred_at` of the last event its last push read; the next push sends the events after it. Set to the time push rules were first saved (older events are sent by a push with `full`). Null for a connector that never pushed.',
      }),
      version: t.exposeInt('version', { description: 'Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read.' }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the connector was created.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When it last changed.' }),
    }),
  });

  const ConnectorTestResult = builder.objectRef<{ ok: boolean; detail: string }>('ConnectorTestResult').implement({
    description: 'The outcome of a connectivity test.',
    authScopes: { anyScope: CONNECTOR_SCOPES },
    fields: (t) => ({
      ok: t.exposeBoolean('ok', { description: 'Whether the other system accepted the credentials and answered as its protocol says.' }),
      detail: t.exposeString('detail', { description: 'What was checked, or why it failed (never a secret).' }),
    }),
  });

  const ConnectorList = listEnvelope(builder, 'ConnectorList', Connector);

  const CreateConnectorInput = builder.inputType('CreateConnectorInput', {
    extensions: inputRules(createConnectorRules),
    description: 'A new connector.',
    fields: (t) => ({
      name: t.string({ required: true, description: 'Your name for it, 1 to 200 characters.' }),
      kind: t.field({ type: ConnectorKindEnum, required: true, description: 'The protocol it speaks.' }),
      config: t.field({ type: 'JSON', required: true, description: 'The settings of its kind. Every URL in them must be public (HTTPS for production tenants).' }),
      credentials: t.field({ type: 'JSON', required: false, description: 'The secrets of its kind (Shopify: `access_token`, `webhook_secret`; REST: those of its `auth` type). Sealed when saved, never returned.' }),
      retry_max_attempts: t.int({ required: false, description: `Attempts a sync job makes in all, 1 to ${MAX_RETRY_ATTEMPTS}. Default 3.` }),
      retry_delay_seconds: t.int({ required: false, description: `Seconds before the second attempt (doubled before each later one), 0 to ${MAX_RETRY_DELAY_SECONDS}. Default 60.` }),
      schedule_cron: t.string({ required: false, description: 'Start a sync at each time of this cron expression (five fields, such as `0 */6 * * *`); none by default.' }),
      schedule_time_zone: t.string({ required: false, description: 'The IANA time zone of the schedule (such as `Europe/Paris`); default UTC.' }),
    }),
  });
  const UpdateConnectorInput = builder.inputType('UpdateConnectorInput', {
    extensions: inputRules(updateConnectorRules),
    description: 'Fields to change; absent fields keep their value. A new `config` is checked with the credentials sent beside it: send both.',
    fields: (t) => ({
      name: t.string({ required: false, description: 'Your name for it, 1 to 200 characters.' }),
      config: t.field({ type: 'JSON', required: false, description: 'Replaces the settings; `credentials` must be sent with it.' }),
      credentials: t.field({ type: 'JSON', required: false, description: 'Replaces the secrets (checked against the current or the new `config`).' }),
      retry_max_attempts: t.int({ required: false, description: `1 to ${MAX_RETRY_ATTEMPTS}.` }),
      retry_delay_seconds: t.int({ required: false, description: `0 to ${MAX_RETRY_DELAY_SECONDS}.` }),
      schedule_cron: t.string({ required: false, description: 'A new schedule (five-field cron expression); an empty string removes it.' }),
      schedule_time_zone: t.string({ required: false, description: 'The IANA time zone of the schedule.' }),
      version: t.int({ required: false, description: VERSION_DESCRIPTION }),
    }),
  });

  builder.queryFields((t) => ({
    connectors: t.field({
      type: ConnectorList,
      description: 'Connectors, newest first by default. Credentials are never listed.',
      authScopes: { scope: 'connectors:read' },
      args: { sort: sortArg(t.arg, Object.keys(CONNECTOR_SORT_KEYS), DEFAULT_SORT), ...paginationArgs(t) },
      resolve: (_root, args, { prisma, principal }, info) => listConnectors(prisma, principal.tenantId, listWindow(args, 'connectors', listOrder(args.sort, CONNECTOR_SORT_KEYS, DEFAULT_SORT), info)),
    }),
    connector: t.field({
      type: Connector,
      description: 'One connector by id (without its credentials).',
      authScopes: { scope: 'connectors:read' },
      args: { id: t.arg.string({ required: true, description: 'The connector id (`con_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => (await findConnector(prisma, principal.tenantId, id)) ?? Promise.reject(notFoundConnector(id)),
    }),
  }));

  /** Runs a change of a locked connector: version check, then `work`, in one audited transaction. */
  function changeConnector<T>(context: SubgraphContext, id: string, version: number | null | undefined, action: ConnectorAction, work: (tx: Prisma.TransactionClient, connector: ConnectorRecord) => Promise<T>): Promise<T> {
    return context.audit.recordChange(
      `connector.${action}`,
      async (tx) => {
        const connector = await lockConnector(tx, context.principal.tenantId, id);
        if (!connector) throw notFoundConnector(id);
        assertCurrentVersion(context, version, connector);
        return work(tx, connector);
      },
      () => id,
    );
  }

  builder.mutationFields((t) => ({
    create_connector: t.field({
      type: Connector,
      description: 'Creates a connector. Its credentials are sealed and never shown again; check them with `test_connector`. Save a field mapping before the first sync. A tenant holds at most 20 connectors by default: one more is refused with `quota_exceeded` (`limit: connectors`, `maximum`).',
      authScopes: { scope: 'connectors:write' },
      args: { input: t.arg({ type: CreateConnectorInput, required: true, description: 'The new connector (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const data = parseInput(createConnectorRules, input);
        refuseCsvSchedule(data.kind, data.schedule_cron);
        const settings = await checkedSettings(context, data.kind, data.config, data.credentials);
        return context.audit.recordChange(
          'connector.create',
          async (tx) => {
            const maximum = context.platform.sync.maxConnectors;
            if ((await countConnectorsForRegistration(tx, context.principal.tenantId)) >= maximum) {
              throw new ApiError('quota_exceeded', `This tenant already has ${maximum} connectors, the most it may hold; delete one before creating another.`, { limit: 'connectors', maximum });
            }
            return createConnector(tx, {
              tenant_id: context.principal.tenantId,
              id: newId('con'),
              name: data.name,
              kind: data.kind,
              config: settings.config as Prisma.InputJsonValue,
              credentials_ciphertext: Object.keys(settings.credentials).length > 0 ? context.platform.sync.sealCredentials(settings.credentials) : null,
              ...(data.retry_max_attempts !== undefined && { retry_max_attempts: data.retry_max_attempts }),
              ...(data.retry_delay_seconds !== undefined && { retry_delay_seconds: data.retry_delay_seconds }),
              ...scheduleChanges(data.schedule_cron || null, data.schedule_time_zone ?? 'UTC'),
              ...pushCursorChange(data.kind, settings.config, null),
            });
          },
          (created) => created.id,
        );
      },
    }),
    update_connector: t.field({
      type: Connector,
      description: 'Changes a connector’s name, settings, credentials or retry policy. Jobs already queued or running keep the retry policy they started with.',
      authScopes: { scope: 'connectors:write' },
      args: { id: t.arg.string({ required: true, description: 'The connector id.' }), input: t.arg({ type: UpdateConnectorInput, required: true, description: 'The fields to change (REST: the JSON body).' }) },
      resolve: async (_root, { id, input }, context) => {
        const { version, config, credentials, schedule_cron: cron, schedule_time_zone: timeZone, ...changes } = parseInput(updateConnectorRules, input);
        if (config !== undefined && credentials === undefined) throw validationFailed([{ field: 'credentials', message: 'is required with a new config: send the credentials that go with it' }], false);
        const current = await findConnector(context.prisma, context.principal.tenantId, id);
        if (!current) throw notFoundConnector(id);
        refuseCsvSchedule(current.kind, cron);
        const settings = credentials === undefined ? undefined : await checkedSettings(context, current.kind, config ?? current.config, credentials);
        return changeConnector(context, id, version, 'update', async (tx, connector) => {
          // The settings were checked against the connector as read before the transaction.
          if (connector.version !== current.version) throw new ApiError('version_conflict', 'The connector changed while the request was checked; retry.', { current_version: connector.version });
          const rescheduled = cron !== undefined || timeZone !== undefined;
          return updateConnector(tx, connector.tenant_id, connector.id, {
            ...changes,
            ...(rescheduled && scheduleChanges(cron === undefined ? connector.schedule_cron : cron || null, timeZone ?? connector.schedule_time_zone)),
            ...(settings && {
              config: settings.config as Prisma.InputJsonValue,
              credentials_ciphertext: Object.keys(settings.credentials).length > 0 ? context.platform.sync.sealCredentials(settings.credentials) : null,
              ...pushCursorChange(connector.kind, settings.config, connector.push_cursor),
            }),
          });
        });
      },
    }),
    delete_connector: t.field({
      type: Connector,
      description: 'Deletes a connector with its mappings, sync jobs, failed records and links, and returns it as it was. Records it created stay. Refused with `invalid_state` while one of its jobs is queued or running: cancel it first.',
      authScopes: { scope: 'connectors:write' },
      args: recordActionArgs(t.arg, 'connector'),
      resolve: (_root, { id, version }, context) =>
        changeConnector(context, id, version, 'delete', async (tx, connector) => {
          const active = await activeSyncJob(tx, connector.tenant_id, connector.id);
          if (active) throw new ApiError('invalid_state', `Sync job ${active.id} of connector ${connector.id} is ${active.state}; cancel it before deleting the connector.`, { current_status: active.state });
          await deleteConnector(tx, connector.tenant_id, connector.id);
          return connector;
        }),
    }),
    test_connector: t.field({
      type: ConnectorTestResult,
      description: 'Checks the connector’s credentials and reachability now, reading as little as its protocol allows (at most 30 seconds). Nothing is recorded but the audit record of the request.',
      authScopes: { scope: 'connectors:write' },
      args: { id: t.arg.string({ required: true, description: 'The connector id.' }) },
      resolve: async (_root, { id }, context) => {
        if (!(await findConnector(context.prisma, context.principal.tenantId, id))) throw notFoundConnector(id);
        return context.platform.sync.testConnector(context.principal.tenantId, id);
      },
    }),
  }));

  return { Connector };
}

export const connectorRestRoutes: RestRoutes = {
  'Query.connectors': { method: 'GET', path: '/connectors', tags: ['Connectors'] },
  'Mutation.create_connector': { method: 'POST', path: '/connectors', responseStatus: 201, tags: ['Connectors'] },
  'Query.connector': { method: 'GET', path: '/connectors/:id', tags: ['Connectors'] },
  'Mutation.update_connector': { method: 'PATCH', path: '/connectors/:id', tags: ['Connectors'] },
  'Mutation.delete_connector': { method: 'DELETE', path: '/connectors/:id', tags: ['Connectors'] },
  'Mutation.test_connector': { method: 'POST', path: '/connectors/:id/test', tags: ['Connectors'] },
};
