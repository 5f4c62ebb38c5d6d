import { createHash } from 'node:crypto';
import type { Principal } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import type { PlatformOperationExecutor, PlatformOperationResult } from '@platform/graphql-kit';
import type { GraphQLInputObjectType } from 'graphql';
import type { SourceRecord } from '../connectors/source.ts';
import { applyMapping } from '../mapping/index.ts';
import { findLink, saveLink } from '../repositories/links.ts';
import type { CompiledStream } from './mapping-definition.ts';
import { createDocument, updateDocument } from './targets.ts';

export interface RecordError {
  field: string;
  code: string;
  message: string;
}

export type WriteOutcome = 'created' | 'updated' | 'unchanged' | { errors: RecordError[] };

/**
 * The platform could not take the write now (its database unavailable, the request timed out):
 * not the record's fault. The job stops and its retry policy decides, so the record is neither
 * kept as failed nor skipped.
 */
export class PlatformFault extends Error {
  override readonly name = 'PlatformFault';
}

/** Codes of answers that say nothing about the record: the write may succeed later as it is. */
const FAULT_CODES = new Set(['database_unavailable', 'service_unavailable', 'request_timeout', 'internal_error', 'idempotency_key_in_use', 'rate_limited']);

/** The code of an error of the platform's answer when it is a fault of the platform (not of what was asked), else undefined. */
export function faultOf(error: { extensions?: Record<string, unknown> }): string | undefined {
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'internal_error';
  return FAULT_CODES.has(code) ? code : undefined;
}

/**
 * Writes one source record through the platform's own mutations, with the connector as the caller,
 * and links it to the record it produced (connector + stream + external id), so a record synced or
 * replayed twice is written once: an unchanged record (same mapped input as last written) is not
 * written again; a changed one goes through its target's update mutation. The create and update
 * carry an idempotency key derived from the record and its input: a crash between the write's
 * commit and the link's replays the write's first answer rather than writing a second record.
 */
export async function writeRecord(
  context: { prisma: PrismaClient; execute: PlatformOperationExecutor; principal: Principal; inputType: (name: string) => GraphQLInputObjectType | undefined },
  stream: CompiledStream,
  record: SourceRecord,
): Promise<WriteOutcome> {
  if (record.problem !== undefined) return { errors: [{ field: 'record', code: 'record_unreadable', message: record.problem }] };
  const mapped = await applyMapping(stream.mapping, record);
  if (!mapped.ok) return { errors: mapped.errors };
  if ('skipped' in mapped) return 'unchanged';

  const connectorId = context.principal.credential.id;
  const key = { tenantId: context.principal.tenantId, connectorId, stream: record.stream, externalId: record.external_id };
  const inputHash = sha256(JSON.stringify([stream.targetName, mapped.input]));
  const idempotencyKey = `sync_${sha256(JSON.stringify([connectorId, record.stream, record.external_id, inputHash]))}`;
  const link = await findLink(context.prisma, key);
  if (link?.input_hash === inputHash) return 'unchanged';

  const { update } = stream.target;
  if (link && !update) return 'unchanged';
  const result =
    link && update
      ? await context.execute(context.principal, { document: updateDocument(update), variables: { id: link.resource_id, input: fieldsOf(mapped.input, context.inputType(update.inputType)) }, idempotencyKey })
      : await context.execute(context.principal, { document: createDocument(stream.targetName), variables: { input: mapped.input }, idempotencyKey });
  const written = writtenId(result);
  if (typeof written !== 'string') return written;
  await saveLink(context.prisma, key, { type: stream.target.resource, id: written }, inputHash);
  return link ? 'updated' : 'created';
}

/** The mapped input's fields that the update input type has (a create's `id`, for one, is not changed by an update). */
function fieldsOf(input: Record<string, unknown>, type: GraphQLInputObjectType | undefined): Record<string, unknown> {
  if (!type) throw new Error('the update input type is missing from the supergraph');
  const fields = type.getFields();
  return Object.fromEntries(Object.entries(input).filter(([name]) => Object.hasOwn(fields, name) && name !== 'version'));
}

/** The written record's id, or the refusal as the record's errors; a fault of the platform throws. */
function writtenId(result: PlatformOperationResult): string | { errors: RecordError[] } {
  const [error] = result.errors ?? [];
  if (!error) {
    const written = result.data?.written as { id?: unknown } | null | undefined;
    if (typeof written?.id === 'string') return written.id;
    throw new PlatformFault('the platform answered a write without the written record');
  }
  const fault = faultOf(error);
  if (fault) throw new PlatformFault(`the platform could not take the write (${fault}): ${error.message}`);
  const code = error.extensions?.code as string;
  const fieldErrors = error.extensions?.errors;
  if (Array.isArray(fieldErrors) && fieldErrors.length > 0) {
    return { errors: fieldErrors.map((fieldError: { field?: unknown; message?: unknown }) => ({ field: String(fieldError.field), code, message: String(fieldError.message) })) };
  }
  return { errors: [{ field: 'record', code, message: error.message }] };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
