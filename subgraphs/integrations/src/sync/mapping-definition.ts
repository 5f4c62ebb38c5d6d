import type { GraphQLInputObjectType } from 'graphql';
import { z } from 'zod';
import { type CompiledMapping, compileMapping } from '../mapping/index.ts';
import { MAPPING_TARGETS, type MappingTarget } from './targets.ts';

/** A connector's mapping as stored (one version): for each stream it maps, the mutation its records go through and how. */
export const connectorMappingSchema = z.strictObject({
  streams: z
    .record(
      z.string().min(1).max(64),
      z.strictObject({
        target: z.enum(Object.keys(MAPPING_TARGETS) as [string, ...string[]], { error: `must be one of ${Object.keys(MAPPING_TARGETS).join(', ')}` }),
        fields: z.record(z.string(), z.string()),
        filter: z.string().optional(),
      }),
    )
    .refine((streams) => Object.keys(streams).length >= 1, 'must map at least one stream'),
});
export type ConnectorMappingDefinition = z.infer<typeof connectorMappingSchema>;

export interface CompiledStream {
  targetName: string;
  target: MappingTarget;
  mapping: CompiledMapping;
}

export type CompiledConnectorMapping = Map<string, CompiledStream>;

/**
 * Checks every stream's mapping against the connector's streams and its target's input type,
 * reporting every error at once (`streams.<stream>.fields.<field>`, …); never throws.
 */
export function compileConnectorMapping(
  definition: ConnectorMappingDefinition,
  streams: readonly string[],
  inputType: (name: string) => GraphQLInputObjectType | undefined,
): { ok: true; compiled: CompiledConnectorMapping } | { ok: false; errors: Array<{ field: string; code: string; message: string }> } {
  const compiled: CompiledConnectorMapping = new Map();
  const errors: Array<{ field: string; code: string; message: string }> = [];
  for (const [stream, definitionOfStream] of Object.entries(definition.streams).sort(([a], [b]) => a.localeCompare(b))) {
    if (!streams.includes(stream)) {
      errors.push({ field: `streams.${stream}`, code: 'unknown_stream', message: `the connector has no stream "${stream}"; its streams: ${streams.join(', ')}` });
      continue;
    }
    const target = MAPPING_TARGETS[definitionOfStream.target] as MappingTarget;
    const type = inputType(target.inputType);
    if (!type) throw new Error(`the supergraph has no input type ${target.inputType}`);
    const outcome = compileMapping({ fields: definitionOfStream.fields, ...(definitionOfStream.filter !== undefined && { filter: definitionOfStream.filter }) }, type);
    if (outcome.ok) compiled.set(stream, { targetName: definitionOfStream.target, target, mapping: outcome.mapping });
    else errors.push(...outcome.errors.map((error) => ({ ...error, field: `streams.${stream}.${error.field}` })));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, compiled };
}

/** The scopes a connector's writes need under this mapping (those of its targets). */
export function scopesOfMapping(definition: ConnectorMappingDefinition): string[] {
  return [...new Set(Object.values(definition.streams).map((stream) => (MAPPING_TARGETS[stream.target] as MappingTarget).scope))].sort();
}
