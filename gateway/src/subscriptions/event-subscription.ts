import type { Principal } from '@platform/auth';
import { type PrismaClient, databaseFault } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type EventEnvelope, CUSTOM_TYPE_RULE, mayReceive, platformEventTypes, scopeToReceive } from '@platform/events';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  execute,
  parseType,
  visit,
} from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import { Repeater } from 'graphql-yoga';
import { DEFAULT_QUERY_LIMITS, type QueryLimits, recordEstimate } from '../edge/plugins/use-query-cost.ts';
import { HORIZON_POLL_MS, LOG_PAGE_EVENTS, type LogPosition, logNow, positionOf, readLog } from './event-log.ts';
import type { SubscriberCredential } from './subscriber-credential.ts';

/** The one subscription field of the API and the root query that serves each of its events. */
export const EVENTS_FIELD = 'events';
export const EVENT_QUERY_FIELD = 'event';
/** Receiving any event needs this scope; each type needs its own as well (`scopeToReceive`). */
export const EVENTS_READ_SCOPE = 'events:read';
/** The variable carrying the event's id into the per-event query (a name no client document uses). */
const EVENT_ID_VARIABLE = 'platform_live_event_id';
/**
 * How long a caught-up subscription waits for the live bus before reading the log again anyway:
 * an event whose live publication was lost (its process died after the commit) is delivered
 * this late rather than never.
 */
const IDLE_RECHECK_MS = 5_000;
/** Where each result's event id travels to the SSE stream's `id:` field (a symbol: never serialised). */
const EVENT_ID = Symbol('event id');

/** A subscription the edge accepted: which events it wants and the query that renders each one. */
export interface EventSubscriptionPlan {
  /** Requested types; undefined: every type the principal may receive. */
  types: ReadonlySet<string> | undefined;
  /** The `after` argument: the event to resume after, checked with `resumePosition` before subscribing. */
  after: string | undefined;
  /** `query (...$variables, $id) { <alias>: event(id: $id) { <the subscription's selection> } }`. */
  eventQuery: DocumentNode;
  variableValues: Record<string, unknown>;
  operationName: string | undefined;
  /**
   * The subscription document itself, when its selection asks only for what the event envelope
   * holds (no navigation to the changed record): each event is then rendered from the envelope in
   * this process, without a query through the gateway (the tenant and scopes were checked by
   * `wantsEvent`). Undefined when the selection navigates.
   */
  envelopeDocument: DocumentNode | undefined;
}

/** Fields an event's envelope holds itself, at any level of the selection; any other field needs the gateway. */
const ENVELOPE_FIELDS = new Set(['__typename', 'id', 'type', 'tenant_id', 'occurred_at', 'data', 'resource', 'source', 'credential_id', 'request_id']);

/**
 * Checks a (parsed and validated) subscription operation before anything is subscribed: the
 * query cost limits (depth and aliases were checked while validating), `events:read`, each
 * requested type (an unknown one is `validation_failed` naming `types.<i>`; one the credential
 * may not receive is `insufficient_scope` naming the scope). Returns the plan, or the errors to
 * refuse the subscription with.
 */
export function planEventSubscription(args: ExecutionArgs, principal: Principal, limits: QueryLimits = DEFAULT_QUERY_LIMITS): EventSubscriptionPlan | readonly GraphQLError[] {
  const { schema, document } = args;
  const operationName = args.operationName ?? undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== OperationTypeNode.SUBSCRIPTION) return [new ApiError('query_invalid', 'The document has no subscription operation to run.')];
  const rawVariables = (args.variableValues ?? {}) as Record<string, unknown>;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  if (coerced.errors) return coerced.errors.map((error) => new ApiError('query_invalid', error.message));

  let complexity: number;
  try {
    complexity = getComplexity({ schema, query: document, variables: rawVariables, operationName, estimators: [recordEstimate] });
  } catch (error) {
    return [new ApiError('query_invalid', error instanceof Error ? error.message : String(error))];
  }
  if (complexity > limits.complexity) {
    return [
      new ApiError('query_too_complex', `Each event could return about ${complexity} records, over the complexity limit of ${limits.complexity}. Ask for smaller pages (per_page, first) or fewer nested lists.`, {
        limit: 'complexity',
        maximum: limits.complexity,
        actual: complexity,
      }),
    ];
  }

  const field = rootField(operation.selectionSet, document);
  const fieldDefinition = schema.getSubscriptionType()?.getFields()[field?.name.value ?? ''];
  if (!field || !fieldDefinition || field.name.value !== EVENTS_FIELD) return [new ApiError('query_invalid', `Subscribe to the ${EVENTS_FIELD} field.`)];
  const withoutRead = missingScope(principal, []);
  if (withoutRead) return [withoutRead];

  const argumentValues = getArgumentValues(fieldDefinition, field, coerced.coerced) as { types?: string[] | null; after?: string | null };
  const requested = argumentValues.types;
  let types: Set<string> | undefined;
  if (requested !== undefined && requested !== null) {
    if (requested.length === 0) {
      const message = 'types must name at least one event type; leave it out to receive every type your scopes allow.';
      return [new ApiError('validation_failed', message, { errors: [{ field: 'types', message }] })];
    }
    const unknown = requested.flatMap((type, index) => (scopeToReceive(type) === undefined ? [{ field: `types.${index}`, message: `${JSON.stringify(type)} is not an event type: use a platform type (${Object.keys(platformEventTypes).join(', ')}) or a custom one (${CUSTOM_TYPE_RULE}).` }] : []));
    if (unknown.length > 0) {
      const detail = unknown.length === 1 ? (unknown[0] as { message: string }).message : `${unknown.length} of the types are not event types: ${unknown.map((error) => error.field).join(', ')}.`;
      return [new ApiError('validation_failed', detail, { errors: unknown })];
    }
    types = new Set(requested);
    const missing = missingScope(principal, types);
    if (missing) return [missing];
  }
  return {
    types,
    after: argumentValues.after ?? undefined,
    eventQuery: eventQueryOf(schema, document, operation, field),
    variableValues: coerced.coerced,
    operationName: operation.name?.value,
    envelopeDocument: asksOnlyForEnvelope(field, document) ? document : undefined,
  };
}

export function isPlan(planned: EventSubscriptionPlan | readonly GraphQLError[]): planned is EventSubscriptionPlan {
  return !Array.isArray(planned);
}

/**
 * What `principal` lacks to receive the requested types (`insufficient_scope` naming the scope):
 * `events:read`, and the scope that reads each type. Checked when subscribing and again when a
 * graphql-ws connection renews its credential.
 */
export function missingScope(principal: Principal, types: Iterable<string>): ApiError | undefined {
  if (!principal.scopes.has(EVENTS_READ_SCOPE)) return new ApiError('insufficient_scope', `This operation requires the scope ${EVENTS_READ_SCOPE}.`, { required_scope: EVENTS_READ_SCOPE });
  for (const type of types) {
    if (!mayReceive(type, principal.scopes)) {
      const scope = scopeToReceive(type) as string;
      return new ApiError('insufficient_scope', `Receiving ${type} events requires the scope ${scope}.`, { required_scope: scope });
    }
  }
  return undefined;
}

function asksOnlyForEnvelope(field: FieldNode, document: DocumentNode): boolean {
  const fragments = fragmentsOf(document);
  let envelopeOnly = true;
  const seen = new Set<string>();
  const walk = (selectionSet: SelectionSetNode | undefined) =>
    selectionSet &&
    visit(selectionSet, {
      Field: (node) => void (ENVELOPE_FIELDS.has(node.name.value) || (envelopeOnly = false)),
      FragmentSpread: (spread) => {
        if (seen.has(spread.name.value)) return;
        seen.add(spread.name.value);
        walk(fragments.get(spread.name.value)?.selectionSet);
      },
    });
  walk(field.selectionSet);
  return envelopeOnly;
}

/** Whether a live event goes to this subscription: the principal's tenant, a wanted type, a type its scopes allow. */
export function wantsEvent(plan: EventSubscriptionPlan, principal: Principal, event: EventEnvelope): boolean {
  if (event.tenant_id !== principal.tenantId) return false;
  if (plan.types && !plan.types.has(event.type)) return false;
  return mayReceive(event.type, principal.scopes);
}

/**
 * The subscription's results: every event of the tenant it wants, in the log's order, from
 * `start` (resuming after an event) or from the database's `now()` when it starts. They are read
 * from the event log as their positions settle (see event-log.ts: no gap, no repeat, whatever
 * order concurrent transactions commit in); the live bus only says when to look. Each event's
 * selection set is run as a query (`event(id)`) through the supergraph, so navigation to the
 * changed record works through federation and the subgraph checks the event's tenant and scopes
 * again. Each event is filtered and rendered with the credential's principal at that moment (a
 * graphql-ws connection may renew it), after checking the credential again (revoked, deleted).
 * The results end when the credential does (expiry, failed check): over SSE (`announceEnd`) with
 * one last result carrying the error; over graphql-ws silently, as the socket closes with the
 * error's code. A database that stops answering ends them with one last result carrying its
 * error. A Repeater rather than an async generator: when the client unsubscribes, the
 * subscription ends at once instead of at the next event.
 */
export function eventResults(options: {
  plan: EventSubscriptionPlan;
  credential: SubscriberCredential;
  announceEnd: boolean;
  contextValue: object;
  live: AsyncIterable<EventEnvelope>;
  prisma: PrismaClient;
  /** Resume after this position (`resumePosition`); undefined: from now. */
  start: LogPosition | undefined;
  execute(args: ExecutionArgs): Promise<ExecutionResult>;
  schema: GraphQLSchema;
}): AsyncIterableIterator<ExecutionResult> {
  const { plan, credential, prisma } = options;
  const tenantId = credential.principal.tenantId;
  return new Repeater<ExecutionResult>(async (push, stop) => {
    const live = options.live[Symbol.asyncIterator]();
    let stopped = false;
    let newestNotified = 0;
    let wake = () => {};
    const woken = (ms: number) =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    void stop.then(() => {
      stopped = true;
      wake();
      void live.return?.();
    });
    const stopListening = credential.onEnd((error) => {
      if (options.announceEnd) void push({ errors: [error] });
      stop();
    });
    // Listening starts before the log is first read, so an event committed after that read is announced.
    void (async () => {
      for (let next = await live.next(); !next.done; next = await live.next()) {
        if (!wantsEvent(plan, credential.principal, next.value)) continue;
        newestNotified = Math.max(newestNotified, Date.parse(next.value.occurred_at));
        wake();
      }
    })().catch(() => {
      // Announcements are hints: without them the log is read again every IDLE_RECHECK_MS.
    });

    try {
      let position = options.start ?? { at: await logNow(prisma), id: '' };
      while (!stopped) {
        const page = await readLog(prisma, tenantId, position, plan.types);
        for (const event of page.events) {
          if (stopped) break;
          position = positionOf(event);
          if (!wantsEvent(plan, credential.principal, event)) continue;
          // Nothing is delivered on a credential that fails the check, nor on one that could not be
          // checked: the credential ends (see onEnd above), and with it every subscription on it.
          const failure = await credential.check();
          if (failure) {
            credential.end(failure);
            break;
          }
          await push(await render(options, event));
        }
        if (stopped || page.events.length === LOG_PAGE_EVENTS) continue;
        // An announced event not settled yet (a transaction that began before it is still open): look again shortly.
        await woken(newestNotified >= page.horizon.getTime() ? HORIZON_POLL_MS : IDLE_RECHECK_MS);
      }
    } catch (error) {
      const fault = databaseFault(error);
      if (!fault) throw error;
      await push({ errors: [fault] });
    } finally {
      stopListening();
      stop();
      void live.return?.();
    }
  });
}

/** The id of the event a result renders (for SSE's `id:` field), if it renders one. */
export function eventIdOf(result: ExecutionResult): string | undefined {
  return (result as { [EVENT_ID]?: string })[EVENT_ID];
}

/** One event as the subscription's selection asks for it. */
async function render(options: Parameters<typeof eventResults>[0], event: EventEnvelope): Promise<ExecutionResult> {
  const { plan } = options;
  const contextValue = { ...options.contextValue, principal: options.credential.principal };
  const result = plan.envelopeDocument
    ? // The subscription's own selection over the envelope: graphql-js executes a subscription operation against a root value.
      await execute({ schema: options.schema, document: plan.envelopeDocument, operationName: plan.operationName, variableValues: plan.variableValues, rootValue: { [EVENTS_FIELD]: event }, contextValue })
    : await options.execute({
        schema: options.schema,
        document: plan.eventQuery,
        operationName: plan.operationName,
        variableValues: { ...plan.variableValues, [EVENT_ID_VARIABLE]: event.id },
        // A context per event: per-request caches (batch loaders, scope checks) never outlive one event.
        contextValue,
      });
  return Object.assign(withoutServiceNames(result), { [EVENT_ID]: event.id });
}

/** Which subgraph answered is the platform's business, not the client's. */
function withoutServiceNames(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const { serviceName: _serviceName, ...extensions } = error.extensions ?? {};
      return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
    }),
  };
}

/** The single root field of a subscription (validation guarantees there is exactly one), through fragments. */
function rootField(selectionSet: SelectionSetNode, document: DocumentNode): FieldNode | undefined {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) return selection;
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootField(selection.selectionSet, document);
    const fragment = fragmentsOf(document).get(selection.name.value);
    if (fragment) return rootField(fragment.selectionSet, document);
  }
  return undefined;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  return new Map(document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])));
}

/**
 * `subscription S($v: ...) { live: events(types: ...) { id order { number } } }` becomes
 * `query S($v: ..., $id: String!) { live: event(id: $id) { id order { number } } }` with the
 * fragments it uses, so each result has the shape the subscription asked for.
 */
function eventQueryOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, field: FieldNode): DocumentNode {
  const idArgument = schema.getQueryType()?.getFields()[EVENT_QUERY_FIELD]?.args.find((argument) => argument.name === 'id');
  if (!idArgument) throw new Error(`the API schema has no ${EVENT_QUERY_FIELD}(id) query to render live events with`);
  const eventField: FieldNode = {
    kind: Kind.FIELD,
    alias: { kind: Kind.NAME, value: field.alias?.value ?? field.name.value },
    name: { kind: Kind.NAME, value: EVENT_QUERY_FIELD },
    arguments: [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'id' }, value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: EVENT_ID_VARIABLE } } }],
    directives: [],
    selectionSet: field.selectionSet,
  };
  const fragments = fragmentsOf(document);
  const used = new Set<string>();
  const variables = new Set<string>();
  const collect = (node: FieldNode | FragmentDefinitionNode) =>
    visit(node, {
      Variable: (variable) => void variables.add(variable.name.value),
      FragmentSpread: (spread) => {
        if (used.has(spread.name.value)) return;
        used.add(spread.name.value);
        const fragment = fragments.get(spread.name.value);
        if (fragment) collect(fragment);
      },
    });
  collect(eventField);
  const idDefinition: VariableDefinitionNode = {
    kind: Kind.VARIABLE_DEFINITION,
    variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: EVENT_ID_VARIABLE } },
    type: parseType(String(idArgument.type)),
    directives: [],
  };
  const query: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: OperationTypeNode.QUERY,
    name: operation.name,
    variableDefinitions: [...(operation.variableDefinitions ?? []).filter((definition) => variables.has(definition.variable.name.value)), idDefinition],
    directives: [],
    selectionSet: { kind: Kind.SELECTION_SET, selections: [eventField] },
  };
  return { kind: Kind.DOCUMENT, definitions: [query, ...[...used].flatMap((name) => fragments.get(name) ?? [])] };
}
