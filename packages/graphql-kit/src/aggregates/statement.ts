import { type Db, Prisma } from '@platform/db';
import type { AggregateCaller, AggregateDeclaration } from './declaration.ts';
import { type AggregateName, type AggregateRequest, COMPARISONS, STATISTICS, type Statistic } from './request.ts';

/** One currency's statistics of a money measure in a group. */
export interface MoneyStatistics {
  currency: string;
  count: number;
  sum: number;
  avg: number;
  min: number;
  max: number;
}

export interface NumberStatistics {
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
}

/** One group of an aggregate's answer. */
export interface AggregateGroup {
  key: Record<string, unknown> & { bucket: Date | null; bucket_label: string | null };
  count: number;
  count_distinct: Record<string, number>;
  measures: Record<string, MoneyStatistics[] | NumberStatistics>;
}

export interface AggregateResult {
  groups: AggregateGroup[];
  /** More groups than `limit` matched: the answer holds the first `limit` in its order. */
  truncated: boolean;
}

const SQL_FUNCTION: Record<Statistic, string> = { sum: 'sum', avg: 'avg', min: 'min', max: 'max' };
const COLUMN_PREFIX: Record<Statistic, string> = { sum: 's', avg: 'a', min: 'n', max: 'x' };
/** The label of a bucket's start, in the request's time zone. */
const BUCKET_LABEL: Record<string, string> = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM', quarter: 'YYYY-"Q"Q', year: 'YYYY' };

const raw = Prisma.raw;
const join = (parts: Prisma.Sql[], separator = ', ') => Prisma.join(parts, separator);

/** The SQL column of a grouping key, an aggregate or a statistic in the `grouped` relation. */
function keyColumn(field: string): string {
  return field === 'bucket' ? 'g.bucket' : `g."d_${field}"`;
}

function aggregateColumn(aggregate: AggregateName): string {
  if (aggregate.kind === 'count') return 'g.count';
  if (aggregate.kind === 'distinct') return `g."cd_${aggregate.field}"`;
  return `g."${COLUMN_PREFIX[aggregate.statistic]}_${aggregate.measure}"`;
}

/**
 * The one statement of an aggregate request: the filtered records of the tenant (`base`), their
 * groups with counts and statistics (`grouped`), the money statistics per currency of each group
 * (`money`, never added across currencies), `having`, the order and the limit. With `parents`
 * (an entity field such as `Customer.orders_aggregate`), the records of every parent of a page are
 * grouped in the same statement and the limit applies per parent.
 */
export function aggregateStatement(declaration: AggregateDeclaration, caller: AggregateCaller, request: AggregateRequest, parents?: { column: string; ids: readonly string[] }): Prisma.Sql {
  const measures = Object.entries(declaration.measures ?? {});
  const money = measures.filter(([, measure]) => measure.money);
  const distinct = Object.entries(declaration.distinct ?? {});
  const keys = [...(parents ? ['p'] : []), ...request.groupBy.map((field) => `"d_${field}"`), ...(request.bucket ? ['bucket', 'bucket_label'] : [])];

  const baseColumns: Prisma.Sql[] = [
    ...(parents ? [raw(`${parents.column} AS p`)] : []),
    ...request.groupBy.map((field) => raw(`${declaration.dimensions[field]?.sql} AS "d_${field}"`)),
    ...(money.length > 0 ? [raw(`${declaration.currency} AS cur`)] : []),
    ...measures.map(([name, measure]) => raw(`${measure.sql} AS "m_${name}"`)),
    ...distinct.map(([name, field]) => raw(`${field.sql} AS "v_${name}"`)),
  ];
  if (request.bucket) {
    const time = raw(declaration.times[request.bucket.field]?.sql as string);
    const { unit, timeZone } = request.bucket;
    // The bucket's start as an instant, and its label, both in the caller's time zone.
    baseColumns.push(Prisma.sql`(date_trunc(${unit}, ${time} AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone}) AS bucket`);
    baseColumns.push(Prisma.sql`to_char(date_trunc(${unit}, ${time} AT TIME ZONE ${timeZone}), ${BUCKET_LABEL[unit]}) AS bucket_label`);
  }
  const conditions: Prisma.Sql[] = [Prisma.sql`r.tenant_id = ${caller.tenantId}`];
  if (declaration.restrict) conditions.push(declaration.restrict(caller));
  if (parents) conditions.push(Prisma.sql`${raw(parents.column)} = ANY(${[...parents.ids]})`);
  if (request.bucket) conditions.push(raw(`${declaration.times[request.bucket.field]?.sql} IS NOT NULL`));
  for (const [name, filter] of Object.entries(declaration.filters)) {
    const value = request.filters[name];
    if (value !== undefined) conditions.push(filter.where(value as never, caller));
    else if (filter.absent) conditions.push(filter.absent);
  }

  const groupKeys = keys.length > 0 ? raw(`GROUP BY ${keys.join(', ')}`) : raw('');
  const groupedColumns = [
    ...keys.map((key) => raw(key)),
    raw('count(*)::int AS count'),
    ...distinct.map(([name]) => raw(`count(DISTINCT "v_${name}")::int AS "cd_${name}"`)),
    ...measures.flatMap(([name]) => STATISTICS.map((statistic) => raw(`${SQL_FUNCTION[statistic]}("m_${name}")::float8 AS "${COLUMN_PREFIX[statistic]}_${name}"`))),
  ];
  const moneyObject = money.map(([name]) =>
    raw(`'${name}', jsonb_build_object('count', count("m_${name}"), ${STATISTICS.map((statistic) => `'${statistic}', ${SQL_FUNCTION[statistic]}("m_${name}")${statistic === 'avg' ? '::float8' : ''}`).join(', ')})`),
  );
  const moneyRelation =
    money.length > 0
      ? Prisma.sql`, per_currency AS (
          SELECT ${join([...keys.map((key) => raw(key)), raw('cur')])}, jsonb_build_object('currency', cur, ${join(moneyObject)}) AS statistics
          FROM base GROUP BY ${join([...keys.map((key) => raw(key)), raw('cur')])}
        ), money AS (
          SELECT ${join([...keys.map((key) => raw(key)), raw('jsonb_agg(statistics ORDER BY cur) AS money')])} FROM per_currency ${groupKeys}
        )`
      : Prisma.empty;
  const moneyJoin =
    money.length > 0
      ? Prisma.sql`LEFT JOIN money m ON ${keys.length > 0 ? raw(keys.map((key) => `g.${key} IS NOT DISTINCT FROM m.${key}`).join(' AND ')) : raw('TRUE')}`
      : Prisma.empty;

  const having = request.having.map((condition) => Prisma.sql`${raw(aggregateColumn(condition.aggregate))} ${raw(COMPARISONS[condition.comparison])} CAST(${condition.value} AS double precision)`);
  const order = [
    ...request.sort.map((key) => raw(`${key.kind === 'key' ? keyColumn(key.field) : aggregateColumn(key)} ${key.descending ? 'DESC' : 'ASC'} NULLS LAST`)),
    // Every grouping key after the requested order: a deterministic answer, the time series in time order.
    ...(request.bucket ? [raw('g.bucket ASC')] : []),
    ...request.groupBy.map((field) => raw(`${keyColumn(field)} ASC NULLS LAST`)),
  ];
  const orderBy = order.length > 0 ? Prisma.sql`ORDER BY ${join(order)}` : Prisma.empty;
  const selected = Prisma.sql`SELECT g.*${money.length > 0 ? raw(', m.money') : Prisma.empty}`;
  const where = having.length > 0 ? Prisma.sql`WHERE ${join(having, ' AND ')}` : Prisma.empty;

  const relations = Prisma.sql`WITH base AS (
      SELECT ${join(baseColumns.length > 0 ? baseColumns : [raw('1 AS one')])} FROM ${raw(declaration.from)} WHERE ${join(conditions, ' AND ')}
    ), grouped AS (
      SELECT ${join(groupedColumns)} FROM base ${groupKeys}
    )${moneyRelation}`;
  if (!parents) return Prisma.sql`${relations} ${selected} FROM grouped g ${moneyJoin} ${where} ${orderBy} LIMIT ${request.limit + 1}`;
  // Per parent: the first `limit` + 1 groups of each, in the requested order.
  const ranked = Prisma.sql`${selected}, row_number() OVER (PARTITION BY g.p ${orderBy}) AS rank FROM grouped g ${moneyJoin} ${where}`;
  return Prisma.sql`${relations} SELECT * FROM (${ranked}) AS ranked WHERE rank <= ${request.limit + 1} ORDER BY p, rank`;
}

type Row = Record<string, unknown>;

function toGroup(declaration: AggregateDeclaration, request: AggregateRequest, row: Row): AggregateGroup {
  const key: AggregateGroup['key'] = { bucket: (row.bucket as Date | undefined) ?? null, bucket_label: (row.bucket_label as string | undefined) ?? null };
  for (const field of request.groupBy) key[field] = row[`d_${field}`];
  const money = (row.money as Array<Record<string, unknown>> | null | undefined) ?? [];
  const measures: AggregateGroup['measures'] = {};
  for (const [name, measure] of Object.entries(declaration.measures ?? {})) {
    measures[name] = measure.money
      ? money.flatMap((entry) => {
          const statistics = entry[name] as Omit<MoneyStatistics, 'currency'>;
          return statistics.count > 0 ? [{ currency: entry.currency as string, ...statistics }] : [];
        })
      : (Object.fromEntries(STATISTICS.map((statistic) => [statistic, (row[`${COLUMN_PREFIX[statistic]}_${name}`] as number | null | undefined) ?? null])) as unknown as NumberStatistics);
  }
  const count_distinct = Object.fromEntries(Object.keys(declaration.distinct ?? {}).map((name) => [name, (row[`cd_${name}`] as number | undefined) ?? 0]));
  return { key, count: row.count as number, count_distinct, measures };
}

function resultOf(declaration: AggregateDeclaration, request: AggregateRequest, rows: Row[]): AggregateResult {
  return { groups: rows.slice(0, request.limit).map((row) => toGroup(declaration, request, row)), truncated: rows.length > request.limit };
}

/** Runs an aggregate request of one tenant. */
export async function runAggregate(db: Db, declaration: AggregateDeclaration, caller: AggregateCaller, request: AggregateRequest): Promise<AggregateResult> {
  return resultOf(declaration, request, await db.$queryRaw<Row[]>(aggregateStatement(declaration, caller, request)));
}

/** Runs an aggregate request for many parents at once (one statement), by parent id. */
export async function runParentAggregates(db: Db, declaration: AggregateDeclaration, caller: AggregateCaller, request: AggregateRequest, parentColumn: string, ids: readonly string[]): Promise<Map<string, AggregateResult>> {
  const rows = await db.$queryRaw<Row[]>(aggregateStatement(declaration, caller, request, { column: parentColumn, ids }));
  const byParent = new Map<string, Row[]>(ids.map((id) => [id, []]));
  for (const row of rows) byParent.get(row.p as string)?.push(row);
  // A parent without records still has its one overall group when nothing is grouped (count 0).
  const empty = request.groupBy.length === 0 && !request.bucket;
  return new Map(
    [...byParent].map(([id, parentRows]) => [id, resultOf(declaration, request, parentRows.length === 0 && empty ? [{ count: 0 }] : parentRows)]),
  );
}
