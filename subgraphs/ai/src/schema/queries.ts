import { eventSourceOf, inputRules, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, type RestRoutes, type SubgraphBuilder, sortArg } from '@platform/graphql-kit';
import type { Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import { askCopilot } from '../copilot/ask.ts';
import type { Answer, ExecutedOperation } from '../copilot/plan.ts';
import { type QueryRecord, createQuery, findQuery, listQueries } from '../repositories/queries.ts';
import { AI_SCOPES, type SharedTypes } from './shared.ts';
import { askCopilotRules } from './rules.ts';

const QUERY_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_QUERY_SORT = '-created_at';

/** A query as the REST API shows it, and the data of its `ai.query.completed` event. */
export function queryRepresentation(query: QueryRecord) {
  return {
    id: query.id,
    question: query.question,
    status: query.status as 'answered' | 'ambiguous' | 'unanswerable',
    engine: query.engine as 'offline' | 'language_model',
    answer: query.answer as Answer | null,
    operations: query.operations as unknown as ExecutedOperation[],
    summary: query.summary,
    interpretation: query.interpretation,
    confidence: query.confidence,
    suggestions: query.suggestions,
    asked_by: query.asked_by,
    duration_ms: query.duration_ms,
    created_at: query.created_at.toISOString(),
  };
}
type QueryRepresentation = ReturnType<typeof queryRepresentation>;

/** Copilot queries: ask a question in plain English, get a structured answer and the operations behind it. */
export function defineQuerySchema(builder: SubgraphBuilder, { Operation, EngineEnum }: SharedTypes) {
  const StatusEnum = builder.enumType('AiQueryStatus', {
    description: 'What became of a question.',
    values: {
      answered: { description: 'Planned and executed: `answer` holds the result, `operations` what ran.' },
      ambiguous: { description: 'It could mean several things: `summary` says which, `suggestions` how to ask; nothing ran.' },
      unanswerable: { description: 'Nothing the platform holds answers it (or it asks for a change, which the copilot never makes): `suggestions` lists questions it can answer; nothing ran.' },
    } as const,
  });
  const AnswerKindEnum = builder.enumType('AiAnswerKind', {
    description: 'The shape of an answer.',
    values: { number: { description: 'One number (`value`), e.g. a count or a sum.' }, records: { description: 'Records of one list, a row each.' }, table: { description: 'Rows of groups with their aggregates.' } } as const,
  });
  const Column = builder.objectRef<{ name: string; type: string }>('AiAnswerColumn').implement({
    description: 'A column of an answer: its name (a field path or the aggregate) and its type.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      name: t.exposeString('name', { description: 'A field of the records (`quantity_on_hand`, `warehouse.name`), or the aggregate (`count`, `sum_total`).' }),
      type: t.exposeString('type', { description: '`string`, `id`, `integer`, `number`, `boolean`, `datetime`, `date`, `money` (integer minor units), `enum`, `object` or `list`.' }),
    }),
  });
  const AnswerType = builder.objectRef<Answer>('AiAnswer').implement({
    description: 'A structured answer: a number, or rows with typed columns.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      kind: t.field({ type: AnswerKindEnum, resolve: (answer) => answer.kind, description: '`number`, `records` or `table`.' }),
      value: t.float({ nullable: true, resolve: (answer) => (answer.kind === 'number' ? answer.value : null), description: '`number`: the value (null when nothing was there to average, for instance).' }),
      unit: t.string({ nullable: true, resolve: (answer) => (answer.kind === 'number' ? (answer.unit ?? null) : null), description: '`number`: what it counts or its currency, when it has one.' }),
      columns: t.field({ type: [Column], resolve: (answer) => answer.columns, description: 'The columns of `rows`, in order.' }),
      rows: t.field({ type: 'JSON', resolve: (answer) => answer.rows, description: 'The rows, each an array of values in the order of `columns`.' }),
      total: t.int({ nullable: true, resolve: (answer) => (answer.kind === 'number' ? null : answer.total), description: '`records`/`table`: rows in all (`rows` may be cut by the question’s limit).' }),
    }),
  });
  const Query = builder.objectRef<QueryRepresentation>('AiQuery').implement({
    description: 'A question asked of the copilot and what it answered. The copilot only reads, with the asker’s own credential.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Query identifier (`aiq_…`).' }),
      question: t.exposeString('question', { description: 'The question as asked.' }),
      status: t.field({ type: StatusEnum, resolve: (query) => query.status, description: '`answered`, `ambiguous` or `unanswerable`.' }),
      engine: t.field({ type: EngineEnum, resolve: (query) => query.engine, description: 'What planned it.' }),
      answer: t.field({ type: AnswerType, nullable: true, resolve: (query) => query.answer, description: 'The answer; null unless `answered`.' }),
      operations: t.field({ type: [Operation], resolve: (query) => query.operations, description: 'The GraphQL operations run to answer it, with their variables.' }),
      summary: t.exposeString('summary', { description: 'The answer in one sentence, or why there is none.' }),
      interpretation: t.exposeString('interpretation', { nullable: true, description: 'What the question was understood to ask.' }),
      confidence: t.exposeFloat('confidence', { description: 'From 0 to 1: how much of the question the plan accounts for.' }),
      suggestions: t.exposeStringList('suggestions', { description: 'Questions to ask instead (when ambiguous or unanswerable) or next.' }),
      asked_by: t.exposeString('asked_by', { description: 'The credential that asked.' }),
      duration_ms: t.exposeInt('duration_ms', { description: 'Time to plan and answer.' }),
      created_at: t.field({ type: 'DateTime', resolve: (query) => new Date(query.created_at), description: 'When it was asked.' }),
    }),
  });
  const QueryList = listEnvelope(builder, 'AiQueryList', Query);

  const AskInput = builder.inputType('AskCopilotInput', {
    extensions: inputRules(askCopilotRules),
    description: 'A question about the tenant’s operations data.',
    fields: (t) => ({ question: t.string({ required: true, description: 'In plain English, up to 500 characters: “which SKUs in Lyon are below their reorder point?”' }) }),
  });

  builder.queryFields((t) => ({
    ai_queries: t.field({
      type: QueryList,
      description: 'Copilot queries of the tenant, newest first by default.',
      authScopes: { scope: 'ai:read' },
      args: { status: t.arg({ type: StatusEnum, required: false, description: 'Only queries with this status.' }), sort: sortArg(t.arg, Object.keys(QUERY_SORT_KEYS), DEFAULT_QUERY_SORT), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const page = await listQueries(prisma, principal.tenantId, args, listWindow(args, 'ai_queries', listOrder(args.sort, QUERY_SORT_KEYS, DEFAULT_QUERY_SORT), info));
        return { ...page, data: page.data.map(queryRepresentation) };
      },
    }),
    ai_query: t.field({
      type: Query,
      description: 'One copilot query by id.',
      authScopes: { scope: 'ai:read' },
      args: { id: t.arg.string({ required: true, description: 'The query id (`aiq_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const query = await findQuery(prisma, principal.tenantId, id);
        if (!query) throw new ApiError('not_found', `No copilot query ${id} in this tenant.`);
        return queryRepresentation(query);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    ask_copilot: t.field({
      type: Query,
      description:
        'Asks a question about the tenant’s operations data in plain English. It is planned over the supergraph’s own list queries (by the built-in semantic parser, or by the configured language model) and executed with your credential: your tenant and your scopes, never more (a question reading a list you may not read is refused with `insufficient_scope` naming the scope). The answer is structured (a number, records, or a table with typed columns) and comes with the GraphQL operations that produced it. An ambiguous or unanswerable question is said so, with suggestions, and nothing runs. Kept (`GET /v1/ai/queries`); `ai.query.completed` fires.',
      authScopes: { scope: 'ai:write' },
      args: { input: t.arg({ type: AskInput, required: true, description: 'The question (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const { question } = parseInput(askCopilotRules, input);
        const started = Date.now();
        const outcome = await askCopilot(context.platform.ai, context.principal, question);
        const query = await context.audit.recordChange(
          'ai_query.create',
          async (tx) => {
            const created = await createQuery(tx, {
              tenant_id: context.principal.tenantId,
              question,
              ...outcome,
              answer: (outcome.answer ?? undefined) as Prisma.InputJsonValue | undefined,
              operations: outcome.operations as unknown as Prisma.InputJsonValue,
              asked_by: context.principal.credential.id,
              duration_ms: Date.now() - started,
            });
            await context.platform.events.emit(tx, created.tenant_id, { type: 'ai.query.completed', data: queryRepresentation(created), resource: { type: 'ai_query', id: created.id } }, eventSourceOf(context));
            return created;
          },
          (created) => created.id,
        );
        return queryRepresentation(query);
      },
    }),
  }));
}

export const queryRestRoutes: RestRoutes = {
  'Query.ai_queries': { method: 'GET', path: '/ai/queries', tags: ['Copilot'] },
  'Query.ai_query': { method: 'GET', path: '/ai/queries/:id', tags: ['Copilot'] },
  'Mutation.ask_copilot': { method: 'POST', path: '/ai/queries', responseStatus: 201, tags: ['Copilot'] },
};
