import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { ApiError } from '@platform/errors';
import { DEFAULT_PER_PAGE, MAX_GROUP_LIMIT, MAX_PER_PAGE } from '@platform/graphql-kit';
import { type DocumentNode, type FieldNode, type GraphQLError, type GraphQLSchema, Kind, type ValidationContext, getNamedType, getNullableType, isCompositeType, isListType, isObjectType, visit } from 'graphql';
import { type ComplexityEstimator, getComplexity } from 'graphql-query-complexity';
import { type Plugin, isAsyncIterable } from 'graphql-yoga';
import { type QueryCost, requestState } from '../request-state.ts';

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
 * What an aggregate on Query costs besides its groups: its statement reads every matching record
 * of the tenant, about as much work as the largest page of a list. (An aggregate as a field of
 * entities is one statement for the whole page of them, counted once with its parent list.)
 */
export const AGGREGATE_SCAN_COST = MAX_PER_PAGE;

/**
 * Query cost limits, checked before anything executes, so that one request cannot ask for
 * unbounded work: depth and aliases while validating (GraphQL Armor's rules), and an estimate of
 * the records a query can return before executing (graphql-query-complexity). Each refusal is
 * `query_too_complex` naming the limit (`limit`: `depth`, `aliases` or `complexity`), its
 * maximum and what the query asked for.
 *
 * Every answer of an operation that was estimated (executed, or refused by a limit) tells its
 * cost, as Shopify's `extensions.cost` does, so that clients see how close they are to the limit:
 * `extensions.cost = { requested, actual, budget }` on GraphQL answers, and the header
 * `Query-Cost: requested=…, actual=…, budget=…` (an RFC 8941 dictionary) on GraphQL and REST
 * answers alike (REST bodies are the records themselves, with no room for extensions).
 * `requested` is the estimate, `actual` the objects the answer holds counted by the same rule
 * (`actualRecords`; 0 when refused), `budget` the complexity limit.
 */
export function useQueryCost(limits: QueryLimits = DEFAULT_QUERY_LIMITS): Plugin {
  // Yoga and SOFA hand over the same DocumentNode for the same operation, so this is a per-operation cache.
  const estimates = new WeakMap<DocumentNode, number>();
  const refuseAs = (limit: keyof QueryLimits) => (context: ValidationContext | null, error: GraphQLError) =>
    context?.reportError(new ApiError('query_too_complex', `The query exceeds the ${limit} limit: ${error.message.replace(/^Syntax Error: /, '')}`, { limit, maximum: limits[limit] }));
  const estimate = (args: { schema: GraphQLSchema; document: DocumentNode; variableValues?: Record<string, unknown> | null; operationName?: string | null }): number | undefined => {
    let complexity = estimates.get(args.document);
    if (complexity !== undefined) return complexity;
    try {
      complexity = getComplexity({ schema: args.schema, query: args.document, variables: args.variableValues ?? {}, operationName: args.operationName ?? undefined, estimators: [recordEstimate] });
    } catch {
      return undefined; // Invalid variables: execution reports them.
    }
    // The estimate ignores variable values (page sizes given as variables count as their maximum),
    // so one estimate serves every execution of the document, unless @skip/@include depend on variables.
    if (!hasConditionalDirectives(args.document)) estimates.set(args.document, complexity);
    return complexity;
  };
  const record = (request: Request | undefined, requested: number, actual: number): QueryCost => {
    const cost = { requested, actual, budget: limits.complexity };
    if (request) requestState(request).queryCost = cost;
    return cost;
  };
  return {
    onValidate({ addValidationRule, params, context }) {
      addValidationRule(maxDepthRule({ n: limits.depth, propagateOnRejection: false, onReject: [refuseAs('depth')] }));
      addValidationRule(maxAliasesRule({ n: limits.aliases, propagateOnRejection: false, onReject: [refuseAs('aliases')] }));
      return ({ valid, result }) => {
        // A document refused for its depth or aliases is otherwise valid, so it can still be estimated.
        if (valid || !result.every((error) => error.extensions?.code === 'query_too_complex')) return;
        const variables = (context as { params?: { variables?: Record<string, unknown> } }).params?.variables;
        const requested = estimate({ schema: params.schema, document: params.documentAST, variableValues: variables ?? null });
        if (requested !== undefined) record(requestOf(context), requested, 0);
      };
    },
    onExecute({ args, setResultAndStopExecution }) {
      const request = requestOf(args.contextValue);
      const complexity = estimate(args);
      if (complexity === undefined) return;
      if (complexity > limits.complexity) {
        const cost = record(request, complexity, 0);
        setResultAndStopExecution({
          errors: [
            new ApiError('query_too_complex', `The query could return about ${complexity} records, over the complexity limit of ${limits.complexity}. Ask for smaller pages (per_page, first) or fewer nested lists.`, {
              limit: 'complexity',
              maximum: limits.complexity,
              actual: complexity,
            }),
          ],
          extensions: { cost },
        });
        return;
      }
      return {
        onExecuteDone({ result, setResult }) {
          // A stream (a subscription) has no one answer to count.
          if (isAsyncIterable(result)) return;
          const cost = record(request, complexity, actualRecords(result.data));
          setResult({ ...result, extensions: { ...result.extensions, cost } });
        },
      };
    },
    onResultProcess({ request, result, setResult }) {
      // Refusals in validation never reach execution; the answer they get carries the cost recorded then.
      const cost = requestState(request).queryCost;
      if (!cost || Array.isArray(result) || isAsyncIterable(result) || result.extensions?.cost) return;
      setResult({ ...result, extensions: { ...result.extensions, cost } });
    },
    onResponse({ request, response }) {
      const cost = requestState(request).queryCost;
      if (cost) response.headers.set('query-cost', `requested=${cost.requested}, actual=${cost.actual}, budget=${cost.budget}`);
    },
  };
}

/** The request an operation runs for: Yoga's and SOFA's contexts both carry it (the server's fetch API's Request, not necessarily the global class). */
function requestOf(context: unknown): Request | undefined {
  const request = (context as { request?: unknown } | null | undefined)?.request;
  return typeof request === 'object' && request !== null && 'headers' in request ? (request as Request) : undefined;
}

/**
 * The objects an answer holds, by the rule of the estimate: every object counts 1 (the page
 * envelope, each record of its `data`, `meta`, each nested object), scalars are free; the root
 * `data` object is not a record.
 */
export function actualRecords(data: unknown): number {
  let count = 0;
  const visitValue = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const element of value) visitValue(element);
    } else if (value !== null && typeof value === 'object') {
      count += 1;
      for (const field of Object.values(value)) visitValue(field);
    }
  };
  if (data !== null && typeof data === 'object') for (const field of Object.values(data)) visitValue(field);
  return count;
}

/**
 * Every object a query can return costs 1; scalars are free. A paginated field multiplies what it
 * selects by its page size (`per_page`, or `first`: as written, MAX_PER_PAGE when given as a
 * variable, or their defaults); other lists by ASSUMED_LIST_SIZE. The `data` list of a page
 * envelope is already counted by its field's page size. An aggregate counts its groups and, on
 * Query, the records it scans (AGGREGATE_SCAN_COST).
 */
export const recordEstimate: ComplexityEstimator = ({ type, field, node, args, childComplexity }) => {
  if (!isCompositeType(getNamedType(field.type))) return 0;
  const groups = aggregateGroupsOf(field, node, args);
  if (groups !== undefined) return (type.name === 'Query' ? AGGREGATE_SCAN_COST : 0) + 1 + childComplexity * groups;
  const pageSize = pageSizeOf(field, node, args);
  if (pageSize !== undefined) return 1 + childComplexity * pageSize;
  // A page envelope's `data` and an aggregate's `groups` are counted by their field's page size or limit.
  const counted = isObjectType(type) && ((field.name === 'data' && 'meta' in type.getFields()) || (field.name === 'groups' && 'truncated' in type.getFields()));
  if (isListType(getNullableType(field.type)) && !counted) return 1 + childComplexity * ASSUMED_LIST_SIZE;
  return 1 + childComplexity;
};

/**
 * The groups an aggregate field (`orders_aggregate`, `Customer.orders_aggregate`) can answer: one
 * without `group_by` and `bucket`, else its `limit` (as written, the most allowed when given as a
 * variable, or its default). Undefined for other fields.
 */
function aggregateGroupsOf(field: Parameters<ComplexityEstimator>[0]['field'], node: FieldNode, args: Record<string, unknown>): number | undefined {
  const limit = field.args.find((candidate) => candidate.name === 'limit');
  if (!field.name.endsWith('_aggregate') || !limit) return undefined;
  const given = (name: string) => node.arguments?.some((argument) => argument.name.value === name) ?? false;
  if (!given('group_by') && !given('bucket')) return 1;
  const limitAsVariable = node.arguments?.some((argument) => argument.name.value === 'limit' && argument.value.kind === Kind.VARIABLE);
  const value = limitAsVariable ? MAX_GROUP_LIMIT : (args.limit ?? limit.defaultValue);
  return typeof value === 'number' && value > 0 ? value : MAX_GROUP_LIMIT;
}

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
