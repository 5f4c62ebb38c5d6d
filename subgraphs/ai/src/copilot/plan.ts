/**
 * The copilot's contract between a planner (the offline semantic parser, or a language model
 * through tool calling) and the executor. A planner never writes GraphQL or runs anything: it
 * answers a QueryPlan over the catalogue's lists, which the platform checks against the catalogue
 * and then executes as read-only queries with the caller's credential. So whatever a question or
 * a record's text says, the most a plan can do is read what the caller could read anyway.
 */

/** The longest question (or task goal) a planner takes: a paragraph, more than any question about operations data needs. */
export const MAX_QUESTION_LENGTH = 500;

/** The type of a record field or a list argument, as the catalogue reads it from the schema. */
export type ValueType = 'string' | 'id' | 'integer' | 'number' | 'boolean' | 'datetime' | 'date' | 'money' | 'enum' | 'object' | 'list';

export interface CatalogueField {
  /** The field's name in the schema (snake_case), or a path into a nested object (`total.amount`). */
  name: string;
  type: ValueType;
  /** `enum`: the values the schema allows. */
  enumValues?: string[];
  description?: string;
  nullable: boolean;
  /** A list argument: its GraphQL input type as the schema spells it (`OrderStatus`, `String!`), for the variables of the executed operation. */
  graphqlType?: string;
}

/** A list query of the supergraph (`inventory_items`), with what may narrow, sort and show it. */
export interface CatalogueList {
  /** The root Query field. */
  field: string;
  /** The record type (`InventoryItem`). */
  recordType: string;
  description: string;
  /** Any one of these admits the root field (`inventory:read`). */
  scopes: string[];
  /** The record's fields a plan may select, filter on after fetching, group, sort or aggregate. */
  fields: CatalogueField[];
  /** The list's own arguments that filter (pagination and `sort` excluded). */
  filters: CatalogueField[];
  /** The values its `sort` argument takes, ascending (prefix `-` for descending). */
  sorts: string[];
}

export interface Catalogue {
  lists: CatalogueList[];
}

/** A condition on a fetched record's field, for what the list's arguments cannot say. */
export interface RecordCondition {
  field: string;
  op: 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'in' | 'is_null' | 'not_null';
  value?: unknown;
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';

export interface QueryPlan {
  /** A list of the catalogue (`CatalogueList.field`). */
  list: string;
  /** Values for the list's filter arguments (names of `CatalogueList.filters`). */
  arguments: Record<string, unknown>;
  /** The list's own sort (one of `CatalogueList.sorts`, `-` prefixed for descending). */
  sort?: string;
  /** Conditions on fetched records, all of which must hold. */
  where: RecordCondition[];
  /** Fields shown per record or group (record fields). */
  select: string[];
  /** Group the records by these fields (then `aggregate` is computed per group). */
  group_by?: string[];
  /** A number over the (grouped) records; without `group_by` the answer is one number. */
  aggregate?: { function: AggregateFunction; field?: string };
  /** Order of the answer's rows: a record field, or `value` for the aggregate. */
  order_by?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
}

/** How sure a planner is, and what it understood (shown to the caller). */
export interface PlannerResult {
  status: 'planned' | 'ambiguous' | 'unanswerable';
  plan?: QueryPlan;
  /** 0..1 */
  confidence: number;
  /** What the planner understood, in a sentence ("SKUs in warehouse Lyon below their reorder point"). */
  interpretation?: string;
  /** For `ambiguous` and `unanswerable`: why, and questions the caller could ask instead. */
  reason?: string;
  suggestions?: string[];
}

/** A GraphQL operation the executor actually ran, as an analyst can run it again. */
export interface ExecutedOperation {
  document: string;
  variables: Record<string, unknown>;
}

export interface AnswerColumn {
  name: string;
  type: ValueType;
}

/** The structured answer: a number, records, or a table of typed columns. */
export type Answer =
  | { kind: 'number'; value: number | null; unit?: string; columns: AnswerColumn[]; rows: unknown[][] }
  | { kind: 'records' | 'table'; columns: AnswerColumn[]; rows: unknown[][]; total: number };
