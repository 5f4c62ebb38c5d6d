import type { WorkflowVersionRecord } from '../repositories/workflows.ts';
import { type WorkflowDefinition, definitionSchema } from './format.ts';

/** Parsed definitions of stored versions, which never change once saved. */
const parsed = new Map<string, WorkflowDefinition>();
const CACHED_VERSIONS = 1000;

/** A saved version's definition (checked when it was saved: only its shape is read again, once per version and process). */
export function storedDefinition(version: Pick<WorkflowVersionRecord, 'tenant_id' | 'workflow_id' | 'version' | 'definition'>): WorkflowDefinition {
  const key = `${version.tenant_id}/${version.workflow_id}/${version.version}`;
  let definition = parsed.get(key);
  if (!definition) {
    definition = definitionSchema.parse(version.definition);
    if (parsed.size >= CACHED_VERSIONS) parsed.delete(parsed.keys().next().value as string);
    parsed.set(key, definition);
  }
  return definition;
}
