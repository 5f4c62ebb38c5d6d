import { Prisma } from '@platform/db';
import { type AggregateDeclaration, type RestRoutes, type SubgraphBuilder, aggregateRoute, atOrAfter, condition, defineAggregateField, equalTo, inputRules, parseArgument } from '@platform/graphql-kit';
import { type defineAuditSchema, statusFilter } from './audit.ts';

/** The audit trail: requests and data changes per actor, action, outcome and period, and their durations. */
export function auditRecordAggregates({ AuditSurface, AuditActorType }: ReturnType<typeof defineAuditSchema>): AggregateDeclaration {
  return {
    name: 'audit_records',
    typeName: 'AuditRecord',
    records: 'audit records',
    scope: 'audit:read',
    from: 'audit_records r',
    filters: {
      actor_id: equalTo('r.actor_id', (arg) => arg.string({ required: false, description: 'Only records of this OAuth client, API key or user.' })),
      action: equalTo('r.action', (arg) => arg.string({ required: false, description: 'Only records of this action, e.g. `inventory_item.create` (exact match).' })),
      status: condition(
        (arg) => arg.int({ required: false, description: 'Only records with this HTTP status, e.g. 403.', extensions: inputRules(statusFilter) }),
        (status: number) => Prisma.sql`r.status = ${parseArgument('status', statusFilter, status)}`,
      ),
      from: atOrAfter('r.occurred_at', (arg) => arg({ type: 'DateTime', required: false, description: 'Only records that occurred at or after this instant.' })),
      // The list's `to` includes its instant.
      to: condition((arg) => arg({ type: 'DateTime', required: false, description: 'Only records that occurred at or before this instant.' }), (to: Date) => Prisma.sql`r.occurred_at <= ${to}`),
    },
    dimensions: {
      actor_type: { sql: 'r.actor_type', type: AuditActorType, description: 'Who acted: an OAuth client, an API key, a user, a connector, a workflow, an agent task, or nobody identified.' },
      actor_id: { sql: 'r.actor_id', type: 'String', description: 'The OAuth client, API key, user or connector; null when anonymous.' },
      action: { sql: 'r.action', type: 'String', description: 'What was done: `GET /v1/inventory/items`, `graphql query ListItems`, `inventory_item.create`.' },
      status: { sql: 'r.status', type: 'Int', description: 'The HTTP status of the response; null for data changes.' },
      status_class: { sql: "(r.status / 100)::text || 'xx'", type: 'String', description: 'The class of the HTTP status (`2xx`, `4xx`, `5xx`); null for data changes.' },
      surface: { sql: 'r.surface', type: AuditSurface, description: 'Where the request came in: REST, GraphQL, a subscription or the OAuth endpoints.' },
      // A data change's action is `<resource type>.<verb>`; a request's (`GET /v1/…`, `graphql query …`) holds a space.
      resource_type: { sql: "CASE WHEN strpos(r.action, ' ') = 0 THEN split_part(r.action, '.', 1) END", type: 'String', description: 'For a data change, the kind of record it changed (`inventory_item` of `inventory_item.create`); null for requests.' },
    },
    times: { occurred_at: { sql: 'r.occurred_at', description: 'When the request arrived or the change happened.' } },
    measures: { duration_ms: { sql: 'r.duration_ms', description: 'Milliseconds to answer a request (null for data changes).' } },
    distinct: { actor_id: { sql: 'r.actor_id', description: 'Actors.' }, credential_id: { sql: 'r.credential_id', description: 'Credentials presented.' } },
  };
}

/** `audit_records_aggregate`. */
export function defineIdentityAggregates(builder: SubgraphBuilder, audit: ReturnType<typeof defineAuditSchema>): void {
  defineAggregateField(builder, auditRecordAggregates(audit));
}

export const identityAggregateRestRoutes: RestRoutes = aggregateRoute('audit_records', '/audit/records/aggregate', ['Audit']);
