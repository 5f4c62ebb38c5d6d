import type { ObjectRef } from '@pothos/core';
import { batchLoader } from '../batching.ts';
import type { SubgraphBuilder, SubgraphContext, SubgraphSchemaTypes } from '../builder.ts';
import { inputRules } from '../input-contract.ts';
import type { RestRoutes } from '../rest-routes.ts';
import { type AggregateCaller, type AggregateDeclaration, type ArgBuilder, filterArgs } from './declaration.ts';
import { type AggregateArgs, DEFAULT_ENTITY_GROUP_LIMIT, DEFAULT_GROUP_LIMIT, MAX_GROUP_BY, MAX_GROUP_LIMIT, TIME_BUCKETS, aggregateNames, aggregateRequest, aggregateRules } from './request.ts';
import { type AggregateGroup, type AggregateResult, type MoneyStatistics, type NumberStatistics, runAggregate, runParentAggregates } from './statement.ts';

type SharedTypes = ReturnType<typeof defineSharedTypes>;
const sharedTypes = new WeakMap<SubgraphBuilder, SharedTypes>();
const aggregateTypes = new WeakMap<SubgraphBuilder, Map<string, ObjectRef<SubgraphSchemaTypes, AggregateResult>>>();

/** The types every subgraph with aggregates declares identically (value types of the supergraph). */
function defineSharedTypes(builder: SubgraphBuilder) {
  const TimeBucketEnum = builder.enumType('TimeBucket', {
    description: 'A calendar period records are bucketed by, in the time zone of the request (`week`: ISO weeks, from Monday).',
    values: TIME_BUCKETS,
  });
  const MoneyStatisticsRef = builder.objectRef<MoneyStatistics>('MoneyStatistics').implement({
    description: 'Statistics of an amount of money over the records of a group in one currency: amounts in different currencies are never added or compared.',
    shareable: true,
    fields: (t) => ({
      currency: t.exposeString('currency', { description: 'ISO 4217 currency code.' }),
      count: t.exposeInt('count', { description: 'Records with an amount in this currency.' }),
      sum: t.field({ type: 'MinorUnits', resolve: (statistics) => statistics.sum, description: 'Sum, in minor units.' }),
      avg: t.exposeFloat('avg', { description: 'Average, in minor units (not rounded).' }),
      min: t.field({ type: 'MinorUnits', resolve: (statistics) => statistics.min, description: 'Smallest amount, in minor units.' }),
      max: t.field({ type: 'MinorUnits', resolve: (statistics) => statistics.max, description: 'Largest amount, in minor units.' }),
    }),
  });
  const NumberStatisticsRef = builder.objectRef<NumberStatistics>('NumberStatistics').implement({
    description: 'Statistics of a number over the records of a group; null when no record of the group has a value.',
    shareable: true,
    fields: (t) => ({
      sum: t.exposeFloat('sum', { nullable: true, description: 'Sum.' }),
      avg: t.exposeFloat('avg', { nullable: true, description: 'Average.' }),
      min: t.exposeFloat('min', { nullable: true, description: 'Smallest value.' }),
      max: t.exposeFloat('max', { nullable: true, description: 'Largest value.' }),
    }),
  });
  return { TimeBucketEnum, MoneyStatisticsRef, NumberStatisticsRef };
}

function shared(builder: SubgraphBuilder): SharedTypes {
  let types = sharedTypes.get(builder);
  if (!types) sharedTypes.set(builder, (types = defineSharedTypes(builder)));
  return types;
}

/** The answer types of a declaration (`OrderAggregate` and its groups, keys and counts), built once per builder. */
function answerType(builder: SubgraphBuilder, declaration: AggregateDeclaration): ObjectRef<SubgraphSchemaTypes, AggregateResult> {
  let byName = aggregateTypes.get(builder);
  if (!byName) aggregateTypes.set(builder, (byName = new Map()));
  const existing = byName.get(declaration.name);
  if (existing) return existing;
  const { MoneyStatisticsRef, NumberStatisticsRef } = shared(builder);
  const prefix = `${declaration.typeName}Aggregate`;
  const Key = builder.objectRef<AggregateGroup['key']>(`${prefix}Key`).implement({
    description: `The grouping key of a group of ${declaration.records}: the value of each field of \`group_by\` and the time bucket; null for a key the request does not group by (or a record without a value).`,
    fields: (t) => ({
      ...Object.fromEntries(
        Object.entries(declaration.dimensions).map(([name, dimension]) => [
          name,
          t.field({ type: dimension.type as 'String', nullable: true, description: dimension.description, resolve: (key) => (key[name] ?? null) as string | null }),
        ]),
      ),
      bucket: t.field({ type: 'DateTime', nullable: true, description: 'The start of the time bucket (with `bucket`), as an instant.', resolve: (key) => key.bucket }),
      bucket_label: t.string({ nullable: true, description: 'The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year).', resolve: (key) => key.bucket_label }),
    }),
  });
  const distinct = Object.entries(declaration.distinct ?? {});
  const Distinct =
    distinct.length > 0
      ? builder.objectRef<Record<string, number>>(`${prefix}Distinct`).implement({
          description: `Counts of distinct values among the ${declaration.records} of a group.`,
          fields: (t) => Object.fromEntries(distinct.map(([name, field]) => [name, t.int({ description: field.description, resolve: (counts) => counts[name] ?? 0 })])),
        })
      : undefined;
  const Group = builder.objectRef<AggregateGroup>(`${prefix}Group`).implement({
    description: `A group of ${declaration.records}: its key, how many records it holds and the statistics of their numbers and amounts.`,
    fields: (t) => ({
      key: t.field({ type: Key, resolve: (group) => group.key, description: 'What the records of the group share.' }),
      count: t.exposeInt('count', { description: 'Records in the group.' }),
      ...(Distinct ? { count_distinct: t.field({ type: Distinct, resolve: (group) => group.count_distinct, description: 'Distinct values in the group.' }) } : {}),
      ...Object.fromEntries(
        Object.entries(declaration.measures ?? {}).map(([name, measure]) => [
          name,
          measure.money
            ? t.field({ type: [MoneyStatisticsRef], description: `${measure.description} One entry per currency, by currency code.`, resolve: (group) => group.measures[name] as MoneyStatistics[] })
            : t.field({ type: NumberStatisticsRef, description: measure.description, resolve: (group) => group.measures[name] as NumberStatistics }),
        ]),
      ),
    }),
  });
  const Answer = builder.objectRef<AggregateResult>(prefix).implement({
    description: `Aggregates of ${declaration.records}: one group per distinct grouping key, in the requested order.`,
    fields: (t) => ({
      groups: t.field({ type: [Group], resolve: (result) => result.groups, description: 'The groups, at most `limit`.' }),
      truncated: t.exposeBoolean('truncated', { description: 'Whether more groups matched than `limit`: raise it, narrow the filters or use `having`.' }),
    }),
  });
  byName.set(declaration.name, Answer);
  return Answer;
}

/** The arguments of an aggregate field: the list's filters, then grouping, bucketing, `having`, `sort` and `limit`. */
function aggregateArgs(builder: SubgraphBuilder, arg: ArgBuilder, declaration: AggregateDeclaration, defaultLimit: number) {
  const rules = aggregateRules(declaration);
  const dimensions = Object.keys(declaration.dimensions);
  const times = Object.keys(declaration.times);
  const aggregates = aggregateNames(declaration);
  return {
    ...filterArgs(arg, declaration),
    group_by: arg.string({ required: false, description: `Fields to group by, up to ${MAX_GROUP_BY} separated by commas: ${dimensions.map((name) => `\`${name}\``).join(', ')}. Without it (and without \`bucket\`) the answer is one group of every matching record.`, extensions: inputRules(rules.groupBy) }),
    bucket: arg({ type: shared(builder).TimeBucketEnum, required: false, description: 'Group by calendar period too: a time series.' }),
    bucket_by: arg.string({ required: false, description: `The instant records are bucketed by: ${times.map((name) => `\`${name}\``).join(', ')}. Default \`${times[0]}\`. Records without it are left out.`, extensions: inputRules(rules.bucketBy) }),
    time_zone: arg.string({ required: false, description: 'The IANA time zone of the buckets (`Europe/Paris`). Default `UTC`.', extensions: inputRules(rules.timeZone) }),
    having: arg.string({ required: false, description: `Keep the groups whose aggregates satisfy every condition, as \`aggregate:comparison:number\` separated by commas (\`count:gte:5\`). Aggregates: ${aggregates.map((name) => `\`${name}\``).join(', ')}; comparisons: \`eq\`, \`ne\`, \`gt\`, \`gte\`, \`lt\`, \`lte\`. A money statistic needs \`currency\` in \`group_by\`.`, extensions: inputRules(rules.having) }),
    sort: arg.string({ required: false, description: 'Order of the groups: grouping keys (`bucket` included) or aggregates, separated by commas, each prefixed with `-` for descending (`-total.sum`). Default: by time bucket, then by the grouping keys.', extensions: inputRules(rules.sort) }),
    limit: arg.int({ required: false, defaultValue: defaultLimit, description: `Most groups returned, 1 to ${MAX_GROUP_LIMIT}. Default ${defaultLimit}. Counts in the query cost (one group without \`group_by\` and \`bucket\`).`, extensions: inputRules(rules.limit) }),
  };
}

const callerOf = (context: SubgraphContext): AggregateCaller => ({ tenantId: context.principal.tenantId, scopes: context.principal.scopes });

/** Declares `<name>_aggregate` on Query, scope-checked like the list. */
export function defineAggregateField(builder: SubgraphBuilder, declaration: AggregateDeclaration): void {
  const Answer = answerType(builder, declaration);
  builder.queryField(`${declaration.name}_aggregate`, (t) =>
    t.field({
      type: Answer,
      description: `Counts, sums, averages, minimums and maximums of ${declaration.records}, grouped by fields and by calendar period, with the filters of the list \`${declaration.name}\`. Computed by the database in one statement.`,
      authScopes: { scope: declaration.scope },
      args: aggregateArgs(builder, t.arg, declaration, DEFAULT_GROUP_LIMIT),
      resolve: (_root, args, context: SubgraphContext) => runAggregate(context.prisma, declaration, callerOf(context), aggregateRequest(declaration, args as AggregateArgs)),
    }),
  );
}

/** The REST route of `<list>_aggregate`: `GET <path>` with the arguments as query parameters. */
export function aggregateRoute(list: string, path: string, tags: string[]): RestRoutes {
  return { [`Query.${list}_aggregate`]: { method: 'GET', path, tags } };
}

/**
 * Declares an aggregate of `declaration`'s records as a field of another entity
 * (`Customer.orders_aggregate`: the customer's orders), batched: the entities of one page with the
 * same arguments cost one statement together.
 */
export function defineEntityAggregateField<Parent extends { id: string }>(
  builder: SubgraphBuilder,
  parent: ObjectRef<SubgraphSchemaTypes, Parent>,
  field: string,
  declaration: AggregateDeclaration,
  options: { parentColumn: string; description: string },
): void {
  const Answer = answerType(builder, declaration);
  builder.objectField(parent, field, (t) =>
    t.field({
      type: Answer,
      description: `${options.description} Same arguments as \`${declaration.name}_aggregate\`.`,
      authScopes: { scope: declaration.scope },
      args: aggregateArgs(builder, t.arg, declaration, DEFAULT_ENTITY_GROUP_LIMIT),
      resolve: (record, args, context: SubgraphContext) => {
        const request = aggregateRequest(declaration, args as AggregateArgs, DEFAULT_ENTITY_GROUP_LIMIT);
        const loader = batchLoader(
          context,
          `aggregate.${parent.name}.${field}.${JSON.stringify(args)}`,
          async (ids: readonly string[]) => [...(await runParentAggregates(context.prisma, declaration, callerOf(context), request, options.parentColumn, ids))],
          ([id]) => id,
        );
        return loader.load(record.id).then((entry) => (entry as [string, AggregateResult])[1]);
      },
    }),
  );
}

