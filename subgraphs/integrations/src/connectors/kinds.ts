import { z } from 'zod';
import { createCsvSource, csvConfigSchema } from './csv/index.ts';
import type { OutboundHttp } from './http.ts';
import { type RestPushRule, createRestSource, restCredentialsSchemaFor, restSourceConfigSchema } from './rest/index.ts';
import { SHOPIFY_STREAMS, createShopifySource, shopifyConfigSchema, shopifyCredentialsSchema, shopifyCursorSince } from './shopify/index.ts';
import { type SourceConnector, SourceError } from './source.ts';

/**
 * What the platform needs of each connector kind it serves: how its settings and its secrets are
 * checked, the streams it reads, and how a stored connector is opened for a sync.
 */
export interface ConnectorKind {
  config: z.ZodType<object>;
  /** The credentials schema for a checked configuration (a REST source's depend on its auth type). */
  credentialsFor(config: object): z.ZodType<object>;
  streamsOf(config: object): string[];
  open(config: object, credentials: object, io: ConnectorIo): SourceConnector;
  /** The cursor of a read of the records changed since `since` (a window re-run); undefined when the kind reads no change times. */
  cursorSince(config: object, since: Date): string | undefined;
  /** The platform events the connector pushes to its system, one rule per event type; none for a kind that only reads. */
  pushRulesOf(config: object): RestPushRule[];
}

/** What a connector reads through: the platform's outbound HTTP client, and for a CSV import the bytes of its upload. */
export interface ConnectorIo {
  http: OutboundHttp;
  /** Streams the job's uploaded file from its start (each call reads it anew); absent when the job names none. */
  upload?: () => AsyncIterable<Uint8Array>;
}

/** A CSV connector's source without a file: every read fails, saying what to do. */
async function* noUpload(): AsyncGenerator<Uint8Array> {
  yield* [];
  throw new SourceError('no file to read: upload one (POST /v1/connectors/{id}/uploads) and start a sync naming it (upload_id)', false);
}

export const CONNECTOR_KINDS = {
  shopify: {
    config: shopifyConfigSchema,
    credentialsFor: () => shopifyCredentialsSchema,
    streamsOf: () => [...SHOPIFY_STREAMS],
    open: (config, credentials, io) => createShopifySource(shopifyConfigSchema.parse(config), shopifyCredentialsSchema.parse(credentials), io.http),
    cursorSince: (_config, since) => shopifyCursorSince(since),
    pushRulesOf: () => [],
  },
  rest: {
    config: restSourceConfigSchema,
    credentialsFor: (config) => restCredentialsSchemaFor(restSourceConfigSchema.parse(config).auth.type),
    streamsOf: (config) => restSourceConfigSchema.parse(config).streams.map((stream) => stream.name),
    open: (config, credentials, io) => createRestSource(restSourceConfigSchema.parse(config), credentials as never, io.http),
    // The REST source's cursor is the latest change time it read; without `incremental` it reads everything every time.
    cursorSince: (config, since) => (restSourceConfigSchema.parse(config).incremental ? since.toISOString() : undefined),
    pushRulesOf: (config) => restSourceConfigSchema.parse(config).push ?? [],
  },
  csv: {
    config: csvConfigSchema,
    credentialsFor: () => z.strictObject({}),
    streamsOf: (config) => [csvConfigSchema.parse(config).stream_name],
    open: (config, _credentials, io) => createCsvSource(csvConfigSchema.parse(config), io.upload ?? noUpload),
    cursorSince: () => undefined,
    pushRulesOf: () => [],
  },
} satisfies Record<string, ConnectorKind>;

export type ConnectorKindName = keyof typeof CONNECTOR_KINDS;

/** A kind's checked configuration and credentials, or every field at fault (paths prefixed with `config.` or `credentials.`). */
export function checkConnectorSettings(
  kind: ConnectorKindName,
  config: unknown,
  credentials: unknown,
): { ok: true; config: object; credentials: object } | { ok: false; errors: Array<{ field: string; message: string }> } {
  const definition: ConnectorKind = CONNECTOR_KINDS[kind];
  const checkedConfig = definition.config.safeParse(config);
  const errors = checkedConfig.success ? [] : issues('config', checkedConfig.error);
  // Credentials are checked against the configuration they go with; a bad configuration leaves only their shape to check.
  const credentialsSchema = checkedConfig.success ? definition.credentialsFor(checkedConfig.data) : z.record(z.string(), z.unknown());
  const checkedCredentials = credentialsSchema.safeParse(credentials);
  if (!checkedCredentials.success) errors.push(...issues('credentials', checkedCredentials.error));
  if (!checkedConfig.success || !checkedCredentials.success) return { ok: false, errors };
  return { ok: true, config: checkedConfig.data, credentials: checkedCredentials.data };
}

function issues(prefix: string, error: z.ZodError): Array<{ field: string; message: string }> {
  return error.issues.map((issue) => ({ field: [prefix, ...issue.path.map(String)].join('.'), message: issue.message }));
}
