import SchemaBuilder from '@pothos/core';
import DirectivesPlugin from '@pothos/plugin-directives';
import FederationPlugin from '@pothos/plugin-federation';
import PrismaPlugin from '@pothos/plugin-prisma';
import ScopeAuthPlugin, { type AuthFailure, AuthScopeFailureType } from '@pothos/plugin-scope-auth';
import type { Principal } from '@platform/auth';
import { type Prisma, type PrismaClient, type PrismaTypes, type SqlRunner, getDatamodel } from '@platform/db';
import { ApiError } from '@platform/errors';
import { GraphQLScalarType, type GraphQLSchema, Kind, type ValueNode, valueFromASTUntyped } from 'graphql';
import NullableMutationsPlugin from './nullable-mutations.ts';
import type { AiPort, BulkPort, EventEmitter, EventSource, EventsPort, OrdersPort, SignInPort, StockPort, SyncPort, WorkflowsPort } from './ports.ts';

/** What every subgraph resolver receives; the edge builds it once per request. */
export interface SubgraphContext {
  principal: Principal;
  prisma: PrismaClient;
  requestId: string;
  /** The version named by a REST `If-Match` header (see `assertCurrentVersion`). */
  ifMatchVersion?: number;
  /** Operations that span domains, provided by the platform (see ports.ts). */
  platform: {
    /** Deletes all business data of a tenant in every domain, within the caller's transaction. */
    deleteTenantData(tx: Prisma.TransactionClient, tenantId: string): Promise<void>;
    stock: StockPort;
    orders: OrdersPort;
    events: EventsPort;
    sync: SyncPort;
    workflows: WorkflowsPort;
    ai: AiPort;
    bulk: BulkPort;
    signIn: SignInPort;
  };
  audit: {
    /**
     * Runs a data change in a transaction that also appends the request's audit record, so the
     * change and its record commit together or not at all. `action` names the change
     * (`inventory_item.create`); `resourceIdOf` picks the changed resource's id from the result.
     */
    recordChange<T>(action: string, work: (tx: Prisma.TransactionClient) => Promise<T>, resourceIdOf?: (result: T) => string | undefined): Promise<T>;
    /**
     * `recordChange` for a change made of raw statements only: it runs in a plain transaction on a
     * node-postgres connection (`sqlTransaction`) instead of Prisma's interactive one, about 2 ms
     * less CPU per write. For the hottest writes (order creation).
     */
    recordSqlChange<T>(action: string, work: (tx: SqlRunner) => Promise<T>, resourceIdOf?: (result: T) => string | undefined): Promise<T>;
  };
}

interface SubgraphTypes {
  PrismaTypes: PrismaTypes;
  Context: SubgraphContext;
  AuthScopes: { scope: string; anyScope: readonly string[] };
  Scalars: { DateTime: { Input: Date; Output: Date }; MinorUnits: { Input: number; Output: number }; JSON: { Input: unknown; Output: unknown } };
  DefaultFieldNullability: false;
}

/**
 * A Pothos builder configured the same way for every subgraph: Prisma-backed objects,
 * federation directives, and scope checks that fail with the platform's `insufficient_scope`
 * error naming the missing scope. Root fields name one scope (`{ scope: 'inventory:read' }`);
 * object types accept the read or the write scope (`{ anyScope: [...] }`), so a write returns
 * the record it wrote to a client that holds only the write scope. Fields are non-null, except
 * Mutation fields (see nullable-mutations.ts): in a request of several mutations, each one's
 * result or error is reported on its own.
 */
export function createSubgraphBuilder() {
  const builder = new SchemaBuilder<SubgraphTypes>({
    plugins: [ScopeAuthPlugin, DirectivesPlugin, PrismaPlugin, FederationPlugin, NullableMutationsPlugin],
    defaultFieldNullability: false,
    prisma: { client: (context) => context.prisma, dmmf: getDatamodel(), filterConnectionTotalCount: true },
    scopeAuth: {
      authScopes: (context) => ({
        scope: (scope: string) => context.principal.scopes.has(scope),
        anyScope: (scopes: readonly string[]) => scopes.some((scope) => context.principal.scopes.has(scope)),
      }),
      unauthorizedError: (_parent, _context, _info, result) => {
        const scope = firstMissingScope(result.failure);
        return scope
          ? new ApiError('insufficient_scope', `This operation requires the scope ${scope}.`, { required_scope: scope })
          : new ApiError('insufficient_scope', result.message);
      },
    },
  });

  builder.scalarType('DateTime', platformScalars.DateTime);
  builder.scalarType('MinorUnits', platformScalars.MinorUnits);
  builder.scalarType('JSON', platformScalars.JSON);
  return builder;
}

export type SubgraphBuilder = ReturnType<typeof createSubgraphBuilder>;

/** The source of events a request's changes emit: its credential and request id. */
export function eventSourceOf(context: Pick<SubgraphContext, 'principal' | 'requestId'>): EventSource {
  const { credential, causation } = context.principal;
  if (credential.type === 'workflow') return { type: 'workflow', credential_id: credential.id, request_id: context.requestId, ...(causation && { workflow_run_id: causation.workflow_run_id, chain_depth: causation.chain_depth }) };
  if (credential.type === 'ai_task') return { type: 'ai_task', credential_id: credential.id, request_id: context.requestId };
  return { type: credential.type === 'connector' ? 'connector' : 'api', credential_id: credential.id, request_id: context.requestId };
}

/** How a request's changes emit their events: the platform's bus, with the request as their source. */
export function eventEmitterOf(context: Pick<SubgraphContext, 'principal' | 'requestId' | 'platform'>): EventEmitter {
  return { events: context.platform.events, source: eventSourceOf(context) };
}
export type SubgraphSchemaTypes = PothosSchemaTypes.ExtendDefaultTypes<SubgraphTypes>;

/**
 * The platform's custom scalars. Subgraphs build them; the gateway installs the same parsing on
 * the supergraph's API schema (whose scalars would otherwise accept anything), so variables and
 * REST bodies are checked at the edge with the same rules and messages.
 */
export const platformScalars = {
  DateTime: {
    description: 'An instant: an RFC 3339 date-time. Answers give it in UTC with a `Z` suffix (`2026-11-21T09:30:00.000Z`); inputs may also carry an offset (`2026-11-21T10:30:00+01:00`).',
    serialize: (value: unknown) => (value instanceof Date ? value.toISOString() : value),
    parseValue: (value: unknown) => parseDateTime(value),
    parseLiteral: (node: ValueNode) => parseDateTime(node.kind === Kind.STRING ? node.value : undefined),
  },
  MinorUnits: {
    description:
      'An amount of money as an integer count of the minor unit of its currency (cents for USD, yen for JPY), up to ±9007199254740991. Never a float: `1999` with `currency: "USD"` is $19.99.',
    serialize: (value: unknown) => value,
    parseValue: (value: unknown) => parseMinorUnits(value),
    parseLiteral: (node: ValueNode) => parseMinorUnits(node.kind === Kind.INT ? Number(node.value) : undefined),
  },
  JSON: {
    description: 'Any JSON value (an event\'s `data`: the record as the REST API shows it, or a custom event\'s payload).',
    serialize: (value: unknown) => value,
    parseValue: (value: unknown) => value,
    parseLiteral: (node: ValueNode) => valueFromASTUntyped(node),
  },
} as const;

/** Gives a composed schema's platform scalars their real parsing (see `platformScalars`). */
export function installPlatformScalars(schema: GraphQLSchema): void {
  for (const [name, definition] of Object.entries(platformScalars)) {
    const type = schema.getType(name);
    if (type instanceof GraphQLScalarType) Object.assign(type, { serialize: definition.serialize, parseValue: definition.parseValue, parseLiteral: definition.parseLiteral });
  }
}

/** RFC 3339 `date-time` (the JSON Schema format): a date, `T`, a time with optional fraction, and `Z` or an offset. */
const RFC3339_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * An instant in any RFC 3339 form (`Z` or an offset such as `+02:00`), as the published schema's
 * `format: date-time` allows; answers always use UTC with `Z`. A leap second (`:60`) is read as
 * the last millisecond of its minute, as JavaScript dates have no leap seconds.
 */
function parseDateTime(value: unknown): Date {
  const parts = typeof value === 'string' ? RFC3339_DATE_TIME.exec(value) : null;
  if (parts) {
    const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    const millisecond = Math.floor(Number(`0${parts[7] ?? ''}`) * 1000);
    const offsetMinutes = parts[8] ? 0 : (parts[9] === '-' ? -1 : 1) * (Number(parts[10]) * 60 + Number(parts[11]));
    const valid = month >= 1 && month <= 12 && day >= 1 && day <= monthLength(year, month) && hour <= 23 && minute <= 59 && second <= 60 && Number(parts[10] ?? 0) <= 23 && Number(parts[11] ?? 0) <= 59;
    if (valid) {
      const utc = new Date(0);
      utc.setUTCFullYear(year, month - 1, day);
      utc.setUTCHours(hour, minute, Math.min(second, 59), second === 60 ? 999 : millisecond);
      return new Date(utc.getTime() - offsetMinutes * 60_000);
    }
  }
  throw new ApiError('invalid_parameter', 'DateTime values are RFC 3339 date-times such as 2026-11-21T09:30:00Z or 2026-11-21T10:30:00+01:00.');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function monthLength(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function parseMinorUnits(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new ApiError('invalid_parameter', 'must be an integer amount in minor units (1999 for 19.99), within ±9007199254740991');
}

function firstMissingScope(failure: AuthFailure): string | undefined {
  if (failure.kind === AuthScopeFailureType.AuthScope) return Array.isArray(failure.parameter) ? failure.parameter.join(' or ') : String(failure.parameter);
  if (failure.kind === AuthScopeFailureType.AnyAuthScopes || failure.kind === AuthScopeFailureType.AllAuthScopes) {
    for (const child of failure.failures) {
      const scope = firstMissingScope(child);
      if (scope) return scope;
    }
  }
  return undefined;
}
