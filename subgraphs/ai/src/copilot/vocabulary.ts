import { fieldOf, referencedList } from './catalogue.ts';
import { type OperationRunner, OperationRefused, fetchRecords } from './execute.ts';
import type { Catalogue, CatalogueList } from './plan.ts';

/** A value of the tenant's data a question may name: a record (`Lyon` is warehouse `wh_…`) or a field's value (an event type). */
export interface VocabularyTerm {
  /** The list it belongs to (`warehouses`). */
  list: string;
  /** The field whose value it is: `id` for a record, `type` for an event type. */
  field: string;
  value: string;
  /** How a question writes it: the record's name (or number) and its id. */
  phrases: string[];
}

export interface Vocabulary {
  terms: VocabularyTerm[];
}

/** Records (or events) read per list: enough for the names people use, bounded so a question stays cheap. */
const MAX_TERMS_PER_LIST = 500;
/** The record field that names a record as people do (orders' numbers are codes, read when pasted: see the parser). */
const NAMING_FIELD = 'name';
/** A list whose record field of this name holds a kind of record (an event's `type`) rather than a record: its distinct values are terms. */
const KIND_FIELD = 'type';

/**
 * The tenant's own words, read with the caller's credential: the names and ids of the named
 * records other lists filter by (warehouses, customers, SKUs, connectors, workflows), and the
 * event types that occurred. Lists the caller may not read are skipped; each list is read
 * up to a bound.
 */
export async function loadVocabulary(run: OperationRunner, catalogue: Catalogue): Promise<Vocabulary> {
  const lists = catalogue.lists.filter((list) => isNamed(list) && isReferenced(catalogue, list));
  const kinds = catalogue.lists.filter((list) => fieldOf(list, KIND_FIELD)?.type === 'string' && list.filters.some((filter) => filter.name === KIND_FIELD));
  const read = await Promise.all([...lists.map((list) => namedRecords(run, list)), ...kinds.map((list) => kindValues(run, list))]);
  return { terms: read.flat() };
}

function isNamed(list: CatalogueList): boolean {
  return fieldOf(list, 'id') !== undefined && fieldOf(list, NAMING_FIELD)?.type === 'string';
}

/** Whether some list's filter argument takes this list's ids (`warehouse_id` of `inventory_items`). */
function isReferenced(catalogue: Catalogue, target: CatalogueList): boolean {
  return catalogue.lists.some((list) => list.filters.some((filter) => referencedList(catalogue, filter.name)?.field === target.field));
}

async function namedRecords(run: OperationRunner, list: CatalogueList): Promise<VocabularyTerm[]> {
  const records = await readable(run, list, ['id', NAMING_FIELD]);
  return records.flatMap((record) => {
    const id = record.id;
    const name = record[NAMING_FIELD];
    if (typeof id !== 'string') return [];
    return [{ list: list.field, field: 'id', value: id, phrases: typeof name === 'string' && name !== id ? [name, id] : [id] }];
  });
}

async function kindValues(run: OperationRunner, list: CatalogueList): Promise<VocabularyTerm[]> {
  const values = new Set((await readable(run, list, [KIND_FIELD])).map((record) => record[KIND_FIELD]).filter((value) => typeof value === 'string'));
  return [...values].map((value) => ({ list: list.field, field: KIND_FIELD, value, phrases: kindPhrases(value) }));
}

/** `custom.shipment.delayed` is also written "custom shipment delayed" and "shipment delayed"; `order.created` "order created". */
function kindPhrases(value: string): string[] {
  const segments = value.split('.').map((segment) => segment.replaceAll('_', ' '));
  return [...new Set([value, segments.join(' '), ...(segments.length >= 3 ? [segments.slice(1).join(' ')] : [])])];
}

/** A list's records, or none when the caller may not read it. */
async function readable(run: OperationRunner, list: CatalogueList, fields: string[]): Promise<Record<string, unknown>[]> {
  try {
    return (await fetchRecords(run, list, { arguments: {}, fields, maxRecords: MAX_TERMS_PER_LIST })).records;
  } catch (error) {
    if (error instanceof OperationRefused && error.code === 'insufficient_scope') return [];
    throw error;
  }
}
