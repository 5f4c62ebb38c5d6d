import type { SubgraphBuilder } from '@platform/graphql-kit';
import type { ExecutedOperation } from '../copilot/plan.ts';

/** Object types of the AI domain admit a credential holding either scope (see createSubgraphBuilder). */
export const AI_SCOPES = ['ai:read', 'ai:write'];

/** Types more than one part of the AI schema returns. */
export function defineSharedTypes(builder: SubgraphBuilder) {
  const EngineEnum = builder.enumType('AiEngine', {
    description: 'What planned the question.',
    values: {
      offline: { description: 'The built-in semantic parser over the schema’s catalogue and the tenant’s own vocabulary (no model, no network).' },
      language_model: { description: 'The language model the operator configured, through tool calling over the same catalogue.' },
    } as const,
  });
  const Operation = builder.objectRef<ExecutedOperation>('AiExecutedOperation').implement({
    description: 'A GraphQL operation the platform ran on your behalf, as you can run it again (`POST /graphql`).',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      document: t.exposeString('document', { description: 'The GraphQL document.' }),
      variables: t.field({ type: 'JSON', resolve: (operation) => operation.variables, description: 'Its variables, as sent (a list’s first page; later pages add `after`).' }),
    }),
  });
  return { Operation, EngineEnum };
}
export type SharedTypes = ReturnType<typeof defineSharedTypes>;
