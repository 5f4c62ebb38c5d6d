import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { ApiError } from '@platform/errors';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@platform/graphql-kit';
import { type DocumentNode, type FieldNode, type GraphQLError, Kind, type ValidationContext, getNamedType, getNullableType, isCompositeType, isListType, isObjectType, visit } from 'graphql';
import { type ComplexityEstimator, getComplexity } from 'graphql-query-complexity';
import type { Plugin } from 'graphql-yoga';

export interface QueryLimits {
  /** Levels of nested selections. */
  depth: number;
  /** Aliased fields in one document (aliases multiply work without multiplying depth). */
  aliases: number;
  /** Estimated records the query can return (see `recordEstimate`). */
  complexity: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { depth: 12, aliases: 30, complexity: 25_000 };

/** Lists without a page size of their own (an order's lines) count as this many records. */
export const ASSUMED_LIST_SIZE = 10;

/**
 * Query cost limits, checked before anything executes, so that one request cannot ask for
 * unbounded work: depth and aliases while validating (GraphQL Armor's rules), and an estimate of
 * the records a query can return before executing (graphql-query-complexity). Each refusal is
 * `query_too_complex` naming the limit (`limit`: `depth`, `aliases` or `complexity`), its
 * maximum and what the query asked for.
 */
export function useQueryCost(limits: QueryLimits = DEFAULT_QUERY_LIMITS): Plugin {
  // Yoga and SOFA hand over the same DocumentNode for the same operation, so this is a per-operation cache.
  const estimates = new WeakMap<DocumentNode, number>();
  const refuseAs = (limit: keyof QueryLimits) => (context: ValidationContext | null, error: GraphQLError) =>
    context?.reportError(new ApiError('query_too_complex', `The query exceeds the ${limit} limit: ${error.message.replace(/^Syntax Error: /, '')}`, { limit, maximum: limits[limit] }));
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule({ n: limits.depth, propagateOnRejection: false, onReject: [refuseAs('depth')] }));
      addValidationRule(maxAliasesRule({ n: limits.aliases, propagateOnRejection: false, onReject: [refuseAs('aliases')] }));
    },
    onExecute({ args, setResultAndStopExecution }) {
      let complexity = estimates.get(args.document);
      if (complexity === undefined) {
        try {
          complexity = getComplexity({ schema: args.schema, query: args.document, variables: args.variableValues ?? {}, operationName: args.operationName ?? undefined, estimators: [recordEstimate] });
        } catch {
          return; // Invalid variables: execution reports them.
        }
        // The estimate ignores variable values (page sizes given as variables count as their maximum),
        // so one estimate serves every execution of the document, unless @skip/@include depend on variables.
        if (!hasConditionalDirectives(args.document)) estimates.set(args.document, complexity);
      }
      if (complexity > limits.complexity) {
        setResultAndStopExecution({
          errors: [
            new ApiError('query_too_complex', `The query could return about ${complexity} records, over the complexity limit of ${limits.complexity}. Ask for smaller pages (per_page, first) or fewer nested lists.`, {
              limit: 'complexity',
              maximum: limits.complexity,
              actual: complexity,
            }),
          ],
        });
      }
    },
  };
}

/**
 * Every object a query can return costs 1; scalars are free. A paginated field multiplies what it
 * selects by its page size (`per_page`, or `first`: as written, MAX_PER_PAGE when given as a
 * variable, or their defaults); other lists by ASSUMED_LIST_SIZE. The `data` list of a page
 * envelope is already counted by its field's page size.
 */
export const recordEstimate: ComplexityEstimator = ({ type, field, node, args, childComplexity }) => {
  if (!isCompositeType(getNamedType(field.type))) return 0;
  const pageSize = pageSizeOf(field, node, args);
  if (pageSize !== undefined) return 1 + childComplexity * pageSize;
  const envelopeData = field.name === 'data' && isObjectType(type) && 'meta' in type.getFields();
  if (isListType(getNullableType(field.type)) && !envelopeData) return 1 + childComplexity * ASSUMED_LIST_SIZE;
  return 1 + childComplexity;
};

function pageSizeOf(field: Parameters<ComplexityEstimator>[0]['field'], node: FieldNode, args: Record<string, unknown>): number | undefined {
  for (const name of ['per_page', 'first']) {
    const arg = field.args.find((candidate) => candidate.name === name);
    if (!arg) continue;
    const givenAsVariable = node.arguments?.some((argument) => argument.name.value === name && argument.value.kind === Kind.VARIABLE);
    const value = givenAsVariable ? MAX_PER_PAGE : (args[name] ?? arg.defaultValue ?? (name === 'per_page' ? DEFAULT_PER_PAGE : ASSUMED_LIST_SIZE));
    return typeof value === 'number' && value > 0 ? value : 1;
  }
  return undefined;
}

function hasConditionalDirectives(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(directive) {
      if (directive.name.value === 'skip' || directive.name.value === 'include') found = true;
    },
  });
  return found;
}
