import SchemaBuilder from '@pothos/core';
import DirectivesPlugin from '@pothos/plugin-directives';
import FederationPlugin from '@pothos/plugin-federation';
import PrismaPlugin from '@pothos/plugin-prisma';
import ScopeAuthPlugin, { type AuthFailure, AuthScopeFailureType } from '@pothos/plugin-scope-auth';
import type { Principal } from '@platform/auth';
import { type Prisma, type PrismaClient, type PrismaTypes, getDatamodel } from '@platform/db';
import { ApiError } from '@platform/errors';
import { Kind } from 'graphql';

/** What every subgraph resolver receives; the edge builds it once per request. */
export interface SubgraphContext {
  principal: Principal;
  prisma: PrismaClient;
  requestId: string;
  /** Operations that span every domain, provided by the platform. */
  platform: {
    /** Deletes all business data of a tenant in every domain, within the caller's transaction. */
    deleteTenantData(tx: Prisma.TransactionClient, tenantId: string): Promise<void>;
  };
  audit: {
    /**
     * Runs a data change in a transaction that also appends the request's audit record, so the
     * change and its record commit together or not at all. `action` names the change
     * (`inventory_item.create`); `resourceIdOf` picks the changed resource's id from the result.
     */
    recordChange<T>(action: string, work: (tx: Prisma.TransactionClient) => Promise<T>, resourceIdOf?: (result: T) => string | undefined): Promise<T>;
  };
}

interface SubgraphTypes {
  PrismaTypes: PrismaTypes;
  Context: SubgraphContext;
  AuthScopes: { scope: string; anyScope: readonly string[] };
  Scalars: { DateTime: { Input: Date; Output: Date } };
  DefaultFieldNullability: false;
}

/**
 * A Pothos builder configured the same way for every subgraph: Prisma-backed objects,
 * federation directives, and scope checks that fail with the platform's `insufficient_scope`
 * error naming the missing scope. Root fields name one scope (`{ scope: 'inventory:read' }`);
 * object types accept the read or the write scope (`{ anyScope: [...] }`), so a write returns
 * the record it wrote to a client that holds only the write scope.
 */
export function createSubgraphBuilder() {
  const builder = new SchemaBuilder<SubgraphTypes>({
    plugins: [ScopeAuthPlugin, DirectivesPlugin, PrismaPlugin, FederationPlugin],
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

  builder.scalarType('DateTime', {
    description: 'An instant, as an ISO 8601 string in UTC with a `Z` suffix, e.g. `2026-11-21T09:30:00.000Z`.',
    serialize: (value) => value.toISOString(),
    parseValue: (value) => parseDateTime(value),
    parseLiteral: (node) => parseDateTime(node.kind === Kind.STRING ? node.value : undefined),
  });
  return builder;
}

export type SubgraphBuilder = ReturnType<typeof createSubgraphBuilder>;
export type SubgraphSchemaTypes = PothosSchemaTypes.ExtendDefaultTypes<SubgraphTypes>;

function parseDateTime(value: unknown): Date {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new ApiError('invalid_parameter', 'DateTime values are ISO 8601 UTC strings such as 2026-11-21T09:30:00Z.');
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
