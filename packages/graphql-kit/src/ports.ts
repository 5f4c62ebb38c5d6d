import type { Principal } from '@platform/auth';
import type { GraphQLInputObjectType, GraphQLSchema } from 'graphql';
import type { Db, Prisma, SqlRunner } from '@platform/db';

/**
 * Cross-domain operations. A subgraph never reads or writes another domain's tables; when a
 * change in one domain must change another in the same transaction (fulfilling a sales order
 * takes stock out of inventory), the owning domain implements a port and the platform hands it
 * to every subgraph's resolvers as `context.platform`.
 */

/** What moved stock; kept on every movement so history explains itself. */
export interface StockMovementSource {
  type: 'sales_order' | 'purchase_order';
  id: string;
  /** The order line that moved the stock. */
  line_id?: string;
}

export interface StockChange {
  /** The SKU. */
  item_id: string;
  /** Default: the item's own warehouse (`warehouse_id`). */
  warehouse_id?: string;
  /** Signed: positive adds stock (receipt), negative takes it out (fulfilment). */
  quantity: number;
  kind: 'receipt' | 'fulfilment';
  source: StockMovementSource;
  /** Field path reported when this change is refused, e.g. `lines.2.quantity`. */
  field: string;
}

/** Implemented by the inventory subgraph. */
export interface StockPort {
  /**
   * Appends one movement per change and updates the stock levels, in the caller's transaction.
   * Refuses the whole set (nothing written) with `insufficient_stock` when a level would fall below
   * zero for an item that does not allow backorders, or `validation_failed` for an unknown SKU
   * or warehouse; each error names the change's `field`. Emits the events of the change
   * (`inventory.stock.low`) in the same transaction, through `emitter`.
   */
  applyStockChanges(tx: Prisma.TransactionClient, tenantId: string, changes: StockChange[], emitter: EventEmitter): Promise<void>;
  /** The SKUs among `ids` that exist (and are not archived) in the tenant. */
  existingItemIds(db: SqlRunner, tenantId: string, ids: readonly string[]): Promise<Set<string>>;
}

/** A sales order as finance needs it to draw up an invoice. */
export interface InvoiceableOrder {
  id: string;
  kind: 'sales' | 'purchase';
  status: string;
  customer_id: string;
  currency: string;
  lines: Array<{ id: string; item_id: string; description: string; quantity: number; unit_price: number }>;
}

/** Implemented by the CRM subgraph. */
export interface OrdersPort {
  findOrderForInvoicing(db: Db, tenantId: string, orderId: string): Promise<InvoiceableOrder | null>;
  /** Whether a customer exists in the tenant (archived ones included). */
  customerExists(db: Db, tenantId: string, customerId: string): Promise<boolean>;
}

/** What produced an event: a request of a credential, or the platform itself. */
export interface EventSource {
  type: 'api' | 'platform' | 'connector' | 'workflow' | 'ai_task';
  credential_id?: string;
  request_id?: string;
  /** `workflow`: the run whose step produced it, and that run's depth in a chain of runs (runs it triggers are one deeper). */
  workflow_run_id?: string;
  chain_depth?: number;
}

export interface NewEvent {
  /** A platform event type (`order.created`) or a custom one (`custom.…`). */
  type: string;
  /** The record as the REST API shows it (JSON-serialisable), or a custom event's payload. */
  data: unknown;
  /** The record the event is about, when there is one. */
  resource?: { type: string; id: string };
}

export interface WebhookAttemptResult {
  response_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

/** Implemented by the platform over @platform/events: the event bus and webhook delivery. */
export interface EventsPort {
  /**
   * Records an event in the caller's transaction (the outbox): the event exists, and will be
   * dispatched to webhooks and subscribers, if and only if the transaction commits.
   */
  emit(tx: SqlRunner, tenantId: string, event: NewEvent, source: EventSource): Promise<{ id: string }>;
  /** Encrypts a webhook signing secret for storage. */
  sealSecret(secret: string): string;
  /** Webhook endpoints one tenant may register (`WEBHOOK_ENDPOINTS_PER_TENANT`). */
  maxWebhookEndpoints: number;
  /** Whether the tenant's webhooks may be sent to `url` (public addresses only; HTTPS for production tenants). */
  checkEndpointUrl(tenantId: string, url: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** New deliveries of existing events to one endpoint (a resend, or a replay of a time range). */
  redeliver(tenantId: string, endpointId: string, eventIds: string[], trigger: 'resend' | 'replay'): Promise<number>;
  /** Sends a signed test request to an endpoint now and reports its outcome (nothing is recorded). */
  ping(tenantId: string, endpointId: string): Promise<WebhookAttemptResult>;
}

/**
 * How a change emits its events: the platform's bus and what produced the change, for a request
 * `{ events: context.platform.events, source: eventSourceOf(context) }`. Functions that every path
 * of a change passes through (the stock function, order creation) take it as a required argument,
 * so that no caller, today's API or a later connector, can make the change without its events.
 */
export interface EventEmitter {
  events: EventsPort;
  source: EventSource;
}

/** Implemented by the platform over the integrations sync engine. */
export interface SyncPort {
  /** Queues the run of a sync job within `tx`: it starts once `tx` commits. */
  enqueue(tx: Prisma.TransactionClient, tenantId: string, jobId: string): Promise<void>;
  /** Stops a job this instance is running at its next record (the job's `cancel_requested_at` stops it on any instance). */
  interrupt(tenantId: string, jobId: string): void;
  /** An input type of the supergraph's own schema (`CreateOrderInput`): what a field mapping is checked against. */
  inputType(name: string): GraphQLInputObjectType | undefined;
  /** Connectors one tenant may hold (`CONNECTORS_PER_TENANT`). */
  maxConnectors: number;
  /** Seals connector credentials for storage (the platform's secrets key). */
  sealCredentials(credentials: object): string;
  /** Checks a stored connector's credentials and reachability now; never throws for a failure of the other system. */
  testConnector(tenantId: string, connectorId: string): Promise<{ ok: boolean; detail: string }>;
  /**
   * An inbound webhook of a connector's system (Shopify's, signed with the app's secret): when its
   * signature verifies, it starts an incremental sync of the connector (or one after the job
   * under way). `unknown`: no connector takes webhooks at this id; `refused`: a bad signature.
   */
  receiveWebhook(connectorId: string, webhook: { signature: string | undefined; body: Buffer }): Promise<{ outcome: 'accepted'; tenantId: string } | { outcome: 'unknown' | 'refused' }>;
  /**
   * A file uploaded to a CSV connector (`POST /v1/connectors/{id}/uploads`, multipart/form-data,
   * read from `request` as it streams in and stored): what a sync job then imports. Refusals are
   * ApiErrors (not found, not a CSV connector, not multipart, too large, over the quota).
   */
  receiveUpload(tenantId: string, connectorId: string, request: Request): Promise<ConnectorUploadRepresentation>;
}

/** A stored upload as the API shows it. */
export interface ConnectorUploadRepresentation {
  id: string;
  connector_id: string;
  filename: string;
  content_type: string;
  byte_size: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
  expires_at: string;
  created_at: string;
}

/** What an operation a workflow would run asks of the supergraph (see WorkflowsPort.checkOperation). */
export type OperationCheck =
  | {
      ok: true;
      kind: 'query' | 'mutation';
      /** Each root field it selects (`Mutation.create_order`) and the scopes any one of which admits it. */
      rootFields: Array<{ coordinate: string; anyOf: string[] }>;
      /** Its variables, and whether each must be given (non-null without a default). */
      variables: Array<{ name: string; required: boolean }>;
    }
  | { ok: false; errors: string[] };

/** Implemented by the platform over the workflow engine. */
export interface WorkflowsPort {
  /** Queues a new run within `tx`: its execution starts once `tx` commits, and its timeout is kept even while it waits. */
  queueRun(tx: Prisma.TransactionClient, run: { tenant_id: string; id: string; timeout_at: Date }): Promise<void>;
  /** Queues the next execution of a run within `tx` (an approval decided): it goes on once `tx` commits. */
  resume(tx: Prisma.TransactionClient, tenantId: string, runId: string): Promise<void>;
  /** Asks this instance's run workers to look for runs now rather than at their next poll (after a transaction that queued one committed). */
  wake(): void;
  /** Stops a run this instance is executing at its next step (the run's `cancel_requested_at` stops it on any instance). */
  interrupt(tenantId: string, runId: string): void;
  /** Checks a GraphQL document against the supergraph: one query or mutation that validates, with what it asks for. */
  checkOperation(document: string): OperationCheck;
  /** Workflows one tenant may hold (`WORKFLOWS_PER_TENANT`). */
  maxWorkflows: number;
  /** The time the platform's schedules read (a test's clock may stand in for the machine's). */
  now(): Date;
}

/** A GraphQL operation the platform runs on behalf of a principal it established itself (a connector, a workflow). */
export interface PlatformOperation {
  document: string;
  variables: Record<string, unknown>;
  /** Sent as `Idempotency-Key`: a retry of the operation after a crash replays the first outcome. */
  idempotencyKey?: string;
  /**
   * Not counted against the tenant's rate limit: the caller paces these operations itself (an
   * export's pages, one at a time), or they are part of a request counted already (a saved
   * operation run by name).
   */
  paced?: boolean;
}

export interface PlatformOperationResult {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/**
 * Runs an operation through the edge as if a client had sent it (the same scope checks, rules,
 * idempotency, events and audit record), with `principal` as the caller.
 */
export type PlatformOperationExecutor = (principal: Principal, operation: PlatformOperation) => Promise<PlatformOperationResult>;

/** An OpenAI-compatible chat-completions endpoint an operator configured (`AI_MODEL_*`). */
export interface LanguageModelSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** Implemented by the platform for the AI subgraph: what the copilot reads and runs, and the agent-task engine. */
export interface AiPort {
  /** Runs an operation through the edge as `principal`: a copilot question's reads with the caller's own credential. */
  execute: PlatformOperationExecutor;
  /** The supergraph's API schema and each root field's scopes: what the copilot's catalogue is generated from. */
  supergraph(): { schema: GraphQLSchema; rootFieldScopes: ReadonlyMap<string, readonly string[]> };
  /** Set when an operator configured a language model; the offline engine answers otherwise. */
  languageModel: LanguageModelSettings | undefined;
  /** Queues the execution of a task within `tx`: it starts once `tx` commits. */
  queueTask(tx: Prisma.TransactionClient, tenantId: string, taskId: string): Promise<void>;
  /** Asks this instance's task workers to look for tasks now (after a transaction that queued one committed). */
  wake(): void;
  /** The time relative dates in questions ("last week") are read against. */
  now(): Date;
  /** Bounds of a document extraction. */
  extraction: { timeoutMs: number; maxPages: number };
}

/** Implemented by the platform over the bulk export engine. */
export interface BulkPort {
  /** The supergraph's API schema: what an export's query is checked against. */
  schema(): GraphQLSchema;
  /** Runs an operation through the edge as `principal`: an export's first page, as its creator, checks the query's scopes, filters and variables. */
  execute: PlatformOperationExecutor;
  /** Queues the export within `tx`: it starts once `tx` commits. */
  queueExport(tx: Prisma.TransactionClient, tenantId: string, exportId: string): Promise<void>;
  /** Asks this instance's export workers to look for exports now (after a transaction that queued one committed). */
  wake(): void;
  /** Stops an export this instance is running before its next page (its status stops it on any instance). */
  interrupt(tenantId: string, exportId: string): void;
  /** A signed link to a completed export's file, valid until `expiresAt` (never past the export's purge). */
  downloadLink(tenantId: string, exportId: string, purgeAt: Date): { url: string; expiresAt: Date };
  /** How long an export and its file are kept after it ends (before it ends: after it was created). */
  retentionSeconds: number;
  /** Bulk mutations: a mutation run once per line of an uploaded JSONL file. */
  mutations: BulkMutationsPort;
}

/** Implemented by the platform over the bulk mutation engine. */
export interface BulkMutationsPort {
  /** Queues the bulk mutation within `tx`: it starts once `tx` commits. */
  queue(tx: Prisma.TransactionClient, tenantId: string, id: string): Promise<void>;
  /** Asks this instance's workers to look for bulk mutations now (after a transaction that queued one committed). */
  wake(): void;
  /** Stops a bulk mutation this instance is running before its next batch of lines (its status stops it on any instance). */
  interrupt(tenantId: string, id: string): void;
  /** A signed link to the result file of a bulk mutation, valid until `expiresAt` (never past `purgeAt`). */
  resultLink(tenantId: string, id: string, purgeAt: Date): { url: string; expiresAt: Date };
  /** Bulk mutations a tenant may have queued or running at once. */
  maxActive: number;
  /** The scopes each root field requires (`Mutation.create_customer` → any of them), as the supergraph declares them. */
  rootFieldScopes: ReadonlyMap<string, readonly string[]>;
  /** How long a bulk mutation and its result file are kept after it ends. */
  retentionSeconds: number;
}

/** Implemented by the platform for the identity subgraph: where people's sign-in links point, and how they reach them. */
export interface SignInPort {
  /** The platform's public URL: invitation and password-reset links open `<publicUrl>/console/…`. */
  publicUrl: string;
  /** Sends an e-mail when a mail server is configured (`SMTP_URL`), else undefined; resolves false when it could not be sent (logged). */
  sendMail: ((message: { to: string; subject: string; text: string }) => Promise<boolean>) | undefined;
}
