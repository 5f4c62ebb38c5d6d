import type { Prisma, PrismaClient } from '@platform/db';
import { fieldErrors } from '@platform/errors';
import { type ListWindow, type RestRoutes, type SubgraphBuilder, fixedOrder, inputRules, integer, keysetWhere, listEnvelope, listPage, listWindow, paginationArgs, parseArgument, prismaOrderBy } from '@platform/graphql-kit';

const AUDIT_SCOPE = 'audit:read';

/** The values the audit_records CHECK constraints allow (written by @platform/audit). */
const SURFACES = ['rest', 'graphql', 'subscription', 'oauth'] as const;
const ACTOR_TYPES = ['oauth_client', 'api_key', 'user', 'connector', 'workflow', 'ai_task', 'anonymous'] as const;

type AuditRecordRow = Prisma.AuditRecordGetPayload<true>;

export const statusFilter = integer({ min: 100, max: 599, message: 'must be an HTTP status code from 100 to 599' }).nullish();

interface AuditRecordFilter {
  actor_id?: string | null;
  action?: string | null;
  status?: number | null;
  from?: Date | null;
  to?: Date | null;
}

function auditWhere(tenantId: string, filter: AuditRecordFilter): Prisma.AuditRecordWhereInput {
  parseArgument('status', statusFilter, filter.status);
  if (filter.from != null && filter.to != null && filter.from.getTime() > filter.to.getTime()) {
    throw fieldErrors('rule_violation', 'from', 'from must be at or before to.');
  }
  return {
    tenant_id: tenantId,
    ...(filter.actor_id != null && { actor_id: filter.actor_id }),
    ...(filter.action != null && { action: filter.action }),
    ...(filter.status != null && { status: filter.status }),
    ...((filter.from != null || filter.to != null) && {
      occurred_at: { ...(filter.from != null && { gte: filter.from }), ...(filter.to != null && { lte: filter.to }) },
    }),
  };
}

/** Newest first; records of the same instant by their position in the chain. */
const AUDIT_ORDER = fixedOrder([{ column: 'occurred_at', kind: 'timestamp' }, { column: 'seq', kind: 'bigint' }], 'desc');

/** One tenant's records, newest first; the tenant id is required, never taken from the filter. */
async function listAuditRecords(prisma: PrismaClient, tenantId: string, filter: AuditRecordFilter, window: ListWindow) {
  const where = auditWhere(tenantId, filter);
  const keyset = keysetWhere(window) as Prisma.AuditRecordWhereInput | undefined;
  const [total, rows] = await Promise.all([
    window.countTotal ? prisma.auditRecord.count({ where }) : null,
    prisma.auditRecord.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
  ]);
  return listPage(rows, window, total);
}

/** The audit trail: one record per request, whatever its outcome, and per data change. Read-only. */
export function defineAuditSchema(builder: SubgraphBuilder) {
  const AuditSurface = builder.enumType('AuditSurface', {
    description: 'Where a request came in: the REST facade, GraphQL, a subscription, or the OAuth token endpoint.',
    values: SURFACES,
  });
  const AuditActorType = builder.enumType('AuditActorType', {
    description: 'Who made a request: an OAuth client, an API key, a user, a connector (the writes of its sync jobs), or nobody known (a request without a valid credential).',
    values: ACTOR_TYPES,
  });

  const AuditRecord = builder.objectRef<AuditRecordRow>('AuditRecord').implement({
    description:
      'One audited event. Records of a tenant form a hash chain: `hash` is the SHA-256 of `prev_hash` and the record, `prev_hash` the hash of the record before it, so a changed or deleted record is detected.',
    authScopes: { scope: AUDIT_SCOPE },
    fields: (t) => ({
      seq: t.string({ description: "Position in the tenant's chain, from 1, as a decimal string (it can exceed 32 bits).", resolve: (record) => record.seq.toString() }),
      occurred_at: t.expose('occurred_at', { type: 'DateTime', description: 'When the request arrived or the change happened.' }),
      request_id: t.exposeString('request_id', { nullable: true, description: 'The `X-Request-Id` of the request.' }),
      surface: t.field({ type: AuditSurface, description: 'Where the event came in: REST, GraphQL, the OAuth endpoints, a subscription, or a data change.', resolve: (record) => record.surface as (typeof SURFACES)[number] }),
      action: t.exposeString('action', {
        description: 'What was done: `GET /v1/inventory/items`, `graphql query ListItems`, or a data change such as `inventory_item.create`.',
      }),
      method: t.exposeString('method', { nullable: true, description: 'HTTP method.' }),
      path: t.exposeString('path', { nullable: true, description: 'HTTP path, without the query string.' }),
      operation_name: t.exposeString('operation_name', { nullable: true, description: 'GraphQL operation name.' }),
      status: t.exposeInt('status', { nullable: true, description: 'HTTP status of the response; null for a data change (recorded inside its transaction).' }),
      duration_ms: t.exposeFloat('duration_ms', { nullable: true, description: 'Time to answer, in milliseconds.' }),
      actor_type: t.field({ type: AuditActorType, description: 'Who acted: an OAuth client, an API key, a user, a connector, a workflow, an agent task (`ai_task`: its writes, the task as actor and credential), or nobody identified.', resolve: (record) => record.actor_type as (typeof ACTOR_TYPES)[number] }),
      actor_id: t.exposeString('actor_id', { nullable: true, description: 'The OAuth client, API key, user or connector; null when anonymous.' }),
      credential_id: t.exposeString('credential_id', { nullable: true, description: "The credential presented: an access token's id, an API key id." }),
      client_address: t.exposeString('client_address', { nullable: true, description: "The client's IP address." }),
      resource_id: t.exposeString('resource_id', { nullable: true, description: 'The record a data change created or changed.' }),
      prev_hash: t.exposeString('prev_hash', { description: 'Hash of the previous record of the chain (64 zeros for the first).' }),
      hash: t.exposeString('hash', { description: 'SHA-256 (hex) of `prev_hash` and the canonical JSON of this record.' }),
    }),
  });
  const AuditRecordList = listEnvelope(builder, 'AuditRecordList', AuditRecord);

  builder.queryFields((t) => ({
    audit_records: t.field({
      type: AuditRecordList,
      description: "The tenant's audit trail, newest first. Filters combine (all must match).",
      authScopes: { scope: AUDIT_SCOPE },
      args: {
        actor_id: t.arg.string({ required: false, description: 'Only records of this OAuth client, API key or user.' }),
        action: t.arg.string({ required: false, description: 'Only records of this action, e.g. `inventory_item.create` (exact match).' }),
        status: t.arg.int({ required: false, description: 'Only records with this HTTP status, e.g. 403.', extensions: inputRules(statusFilter) }),
        from: t.arg({ type: 'DateTime', required: false, description: 'Only records that occurred at or after this instant.' }),
        to: t.arg({ type: 'DateTime', required: false, description: 'Only records that occurred at or before this instant; not before `from`.' }),
        ...paginationArgs(t),
      },
      resolve: (_root, args, { prisma, principal }, info) => listAuditRecords(prisma, principal.tenantId, args, listWindow(args, 'audit_records', AUDIT_ORDER, info)),
    }),
  }));

  return { AuditSurface, AuditActorType };
}

export const auditRestRoutes: RestRoutes = {
  'Query.audit_records': { method: 'GET', path: '/audit/records', tags: ['Audit'] },
};
