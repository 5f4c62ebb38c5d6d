import { Prisma } from '@platform/db';
import type { ArgumentRef, EnumRef } from '@pothos/core';
import type { SubgraphBuilder, SubgraphSchemaTypes } from '../builder.ts';
import { escapeLike } from '../list-filters.ts';

export type ArgBuilder = Parameters<Parameters<SubgraphBuilder['queryField']>[1]>[0]['arg'];

/** The GraphQL type of a grouping key's values. */
export type DimensionType = 'String' | 'Int' | 'Boolean' | EnumRef<SubgraphSchemaTypes, string, string>;

/** A field records can be grouped by: its SQL over the resource's alias `r` (code, never input). */
export interface AggregateDimension {
  sql: string;
  type: DimensionType;
  description: string;
}

/** A numeric field: summed, averaged, its minimum and maximum. Money is aggregated per currency. */
export interface AggregateMeasure {
  sql: string;
  description: string;
  /** An amount in minor units of the record's currency (`AggregateDeclaration.currency`). */
  money?: boolean;
}

/** Who asks: conditions that depend on the caller (the event types its scopes may read) see it. */
export interface AggregateCaller {
  tenantId: string;
  scopes: ReadonlySet<string>;
}

/** A filter of the list, applied to the aggregate: its argument and its SQL condition. */
export interface AggregateFilter {
  arg: (arg: ArgBuilder) => ArgumentRef<SubgraphSchemaTypes, unknown>;
  where: (value: never, caller: AggregateCaller) => Prisma.Sql;
  /** The condition when the argument is not given, if the list has one (customers: active only). */
  absent?: Prisma.Sql;
}

/**
 * One declaration per resource generates its `<name>_aggregate` field (GraphQL and REST), the
 * types of its answer, and its aggregates as fields of other entities (`Customer.orders_aggregate`).
 * Every SQL fragment is the code's own; requests only choose among the declared names.
 */
export interface AggregateDeclaration {
  /** The list it aggregates (`orders`): the field is `orders_aggregate`. */
  name: string;
  /** The record type (`Order`): the answer's types are `OrderAggregate`, `OrderAggregateGroup`, … */
  typeName: string;
  /** The records in prose (`orders`), for descriptions. */
  records: string;
  /** The scope that reads the list. */
  scope: string;
  /** The table (or join) aliased `r`, with a `tenant_id` column (`orders r`). */
  from: string;
  /** The list's filters, with the same names and types (a contract test holds them equal). */
  filters: Record<string, AggregateFilter>;
  dimensions: Record<string, AggregateDimension>;
  /** Instants records can be bucketed by (`created_at`); the first is the default. */
  times: Record<string, { sql: string; description: string }>;
  measures?: Record<string, AggregateMeasure>;
  /** The currency of the money measures (`r.currency`). */
  currency?: string;
  /** Fields whose distinct values can be counted (`customer_id`: how many customers ordered). */
  distinct?: Record<string, { sql: string; description: string }>;
  /** The records the caller may see at all, when the list restricts them beyond the tenant (events: the types its scopes read). */
  restrict?: (caller: AggregateCaller) => Prisma.Sql;
}

/** The filters of a declaration as field arguments. */
export function filterArgs(arg: ArgBuilder, declaration: AggregateDeclaration): Record<string, ArgumentRef<SubgraphSchemaTypes, unknown>> {
  return Object.fromEntries(Object.entries(declaration.filters).map(([name, filter]) => [name, filter.arg(arg)]));
}

/** The `where` of filters on `column`: equal to the value (cast to an enum type when named). */
export function equalTo(column: string, arg: AggregateFilter['arg'], enumType?: string): AggregateFilter {
  return { arg, where: (value: unknown) => sqlCondition(column, '=', value, enumType) };
}

/** The `where` of a lower bound (`created_after`: at or after). */
export function atOrAfter(column: string, arg: AggregateFilter['arg']): AggregateFilter {
  return { arg, where: (value: unknown) => sqlCondition(column, '>=', value) };
}

/** The `where` of an upper bound (`created_before`: strictly before). */
export function before(column: string, arg: AggregateFilter['arg']): AggregateFilter {
  return { arg, where: (value: unknown) => sqlCondition(column, '<', value) };
}

/** The `where` of an inclusive upper bound (`total_max`: at most). */
export function atMost(column: string, arg: AggregateFilter['arg']): AggregateFilter {
  return { arg, where: (value: unknown) => sqlCondition(column, '<=', value) };
}

/** The `where` of a list of values (`status_in`): the column equals any of them (cast to an enum type when named). */
export function oneOf(column: string, arg: AggregateFilter['arg'], enumType?: string): AggregateFilter {
  const { sql, raw, join } = Prisma;
  return { arg, where: (values: readonly unknown[]) => sql`${raw(column)} IN (${join(values.map((value) => (enumType ? sql`CAST(${value} AS ${raw(enumType)})` : sql`${value}`)))})` };
}

/** The `where` of a flag: the column is (not) null (`archived: true` = archived_at is set); `absent`: the flag's default. */
export function isSet(column: string, arg: AggregateFilter['arg'], absent?: boolean): AggregateFilter {
  const condition = (value: boolean) => rawSql(`${column} IS ${value ? 'NOT ' : ''}NULL`);
  return { arg, where: condition, ...(absent !== undefined && { absent: condition(absent) }) };
}

/** The `where` of a text search: any of the columns contains the text, ignoring case (LIKE's wildcards taken literally). */
export function containsText(columns: readonly string[], arg: AggregateFilter['arg']): AggregateFilter {
  return {
    arg,
    where: (value: string) => {
      const pattern = `%${escapeLike(value)}%`;
      return Prisma.sql`(${Prisma.join(columns.map((column) => Prisma.sql`${Prisma.raw(column)} ILIKE ${pattern}`), ' OR ')})`;
    },
  };
}

/** The `where` of any other condition the list has (a line of the order names the SKU). */
export function condition(arg: AggregateFilter['arg'], where: AggregateFilter['where']): AggregateFilter {
  return { arg, where };
}

function sqlCondition(column: string, operator: '=' | '>=' | '<' | '<=', value: unknown, enumType?: string): Prisma.Sql {
  const { sql, raw } = Prisma;
  return enumType ? sql`${raw(column)} ${raw(operator)} CAST(${value} AS ${raw(enumType)})` : sql`${raw(column)} ${raw(operator)} ${value}`;
}

function rawSql(text: string): Prisma.Sql {
  return Prisma.raw(text);
}
