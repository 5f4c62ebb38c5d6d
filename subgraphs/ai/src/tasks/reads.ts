import { listOf } from '../copilot/catalogue.ts';
import { type OperationRunner, fetchRecords } from '../copilot/execute.ts';
import type { Catalogue, ExecutedOperation } from '../copilot/plan.ts';

/** Records a planner reads at most from one list: a task acts on what a person could review. */
const MAX_RECORDS = 1000;

/** What a planner reads with: the caller's credential, the catalogue, and the log of what it read. */
export interface Reader {
  run: OperationRunner;
  catalogue: Catalogue;
  /** The read operations run (kept with the task, or the extraction's draft). */
  log: ExecutedOperation[];
}

/**
 * Records of a catalogue list (fields as dotted paths, nested as GraphQL answers them), through
 * the copilot's executor: one query document, paged with the list's cursor, up to MAX_RECORDS.
 * A refusal (a scope the caller lacks, a rate limit) is thrown as the platform's own problem.
 */
export async function readList<Row>(reader: Reader, list: string, request: { arguments?: Record<string, unknown>; fields: string[]; sort?: string }): Promise<Row[]> {
  const catalogued = listOf(reader.catalogue, list);
  if (!catalogued) throw new Error(`the catalogue has no list ${list}`);
  const fetched = await fetchRecords(reader.run, catalogued, { arguments: request.arguments ?? {}, fields: request.fields, ...(request.sort && { sort: request.sort }), maxRecords: MAX_RECORDS });
  if (fetched.operations[0]) reader.log.push(fetched.operations[0]);
  return fetched.records as Row[];
}
