/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant: an RFC 3339 date-time. Answers give it in UTC with a `Z` suffix (`2026-11-21T09:30:00.000Z`); inputs may also carry an offset (`2026-11-21T10:30:00+01:00`). */
  DateTime: { input: string; output: string; }
  /** Any JSON value (an event's `data`: the record as the REST API shows it, or a custom event's payload). */
  JSON: { input: unknown; output: unknown; }
  /** An amount of money as an integer count of the minor unit of its currency (cents for USD, yen for JPY), up to ±9007199254740991. Never a float: `1999` with `currency: "USD"` is $19.99. */
  MinorUnits: { input: number; output: number; }
};

/** What an address is used for. */
export type AddressKind =
  /** Where invoices go. */
  | 'billing'
  /** Where goods are delivered (sales) or collected from (purchase). */
  | 'shipping';

/** A correction of the stock in one warehouse (a count, damage, loss). */
export type AdjustInventoryItemInput = {
  /** Signed, non-zero change: positive adds stock, negative removes it. At most 1000000000 either way. */
  quantity: Scalars['Int']['input'];
  /** Free text kept on the movement, up to 500 characters. */
  reason?: InputMaybe<Scalars['String']['input']>;
  /** The item version this change is based on; a different current version refuses it with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
  /** The warehouse whose stock changes. Default: the item’s home warehouse. */
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};

/** A structured answer: a number, or rows with typed columns. */
export type AiAnswer = {
  __typename?: 'AiAnswer';
  /** The columns of `rows`, in order. */
  columns: Array<AiAnswerColumn>;
  /** `number`, `records` or `table`. */
  kind: AiAnswerKind;
  /** The rows, each an array of values in the order of `columns`. */
  rows: Scalars['JSON']['output'];
  /** `records`/`table`: rows in all (`rows` may be cut by the question’s limit). */
  total?: Maybe<Scalars['Int']['output']>;
  /** `number`: what it counts or its currency, when it has one. */
  unit?: Maybe<Scalars['String']['output']>;
  /** `number`: the value (null when nothing was there to average, for instance). */
  value?: Maybe<Scalars['Float']['output']>;
};

/** A column of an answer: its name (a field path or the aggregate) and its type. */
export type AiAnswerColumn = {
  __typename?: 'AiAnswerColumn';
  /** A field of the records (`quantity_on_hand`, `warehouse.name`), or the aggregate (`count`, `sum_total`). */
  name: Scalars['String']['output'];
  /** `string`, `id`, `integer`, `number`, `boolean`, `datetime`, `date`, `money` (integer minor units), `enum`, `object` or `list`. */
  type: Scalars['String']['output'];
};

/** The shape of an answer. */
export type AiAnswerKind =
  /** One number (`value`), e.g. a count or a sum. */
  | 'number'
  /** Records of one list, a row each. */
  | 'records'
  /** Rows of groups with their aggregates. */
  | 'table';

/** What planned the question. */
export type AiEngine =
  /** The language model the operator configured, through tool calling over the same catalogue. */
  | 'language_model'
  /** The built-in semantic parser over the schema’s catalogue and the tenant’s own vocabulary (no model, no network). */
  | 'offline';

/** A GraphQL operation the platform ran on your behalf, as you can run it again (`POST /graphql`). */
export type AiExecutedOperation = {
  __typename?: 'AiExecutedOperation';
  /** The GraphQL document. */
  document: Scalars['String']['output'];
  /** Its variables, as sent (a list’s first page; later pages add `after`). */
  variables: Scalars['JSON']['output'];
};

/** An amount of money read from the document, in minor units of the document’s currency. */
export type AiExtractedAmount = {
  __typename?: 'AiExtractedAmount';
  /** From 0 (not found) to 1: how sure the extraction is; lowered when a cross-check of the amounts fails. */
  confidence: Scalars['Float']['output'];
  /** Where it was read. */
  source?: Maybe<AiExtractionSource>;
  /** The value read; null when none was found. */
  value?: Maybe<Scalars['MinorUnits']['output']>;
};

/** A line of the document’s table. */
export type AiExtractedLine = {
  __typename?: 'AiExtractedLine';
  /** The line’s amount before tax. */
  amount: AiExtractedAmount;
  /** What the line is for. */
  description: AiExtractedText;
  /** How many. */
  quantity: AiExtractedNumber;
  /** The item code, when the document has one. */
  sku: AiExtractedText;
  /** Tax rate in basis points. */
  tax_rate: AiExtractedNumber;
  /** Price of one, before tax. */
  unit_price: AiExtractedAmount;
};

/** A number read from the document: a quantity, or a tax rate in basis points (2000 = 20 %). */
export type AiExtractedNumber = {
  __typename?: 'AiExtractedNumber';
  /** From 0 (not found) to 1: how sure the extraction is; lowered when a cross-check of the amounts fails. */
  confidence: Scalars['Float']['output'];
  /** Where it was read. */
  source?: Maybe<AiExtractionSource>;
  /** The value read; null when none was found. */
  value?: Maybe<Scalars['Float']['output']>;
};

/** A text value read from the document. */
export type AiExtractedText = {
  __typename?: 'AiExtractedText';
  /** From 0 (not found) to 1: how sure the extraction is; lowered when a cross-check of the amounts fails. */
  confidence: Scalars['Float']['output'];
  /** Where it was read. */
  source?: Maybe<AiExtractionSource>;
  /** The value read; null when none was found. */
  value?: Maybe<Scalars['String']['output']>;
};

/** A supplier invoice or purchase order read field by field: each value with its confidence and where it was found, the amounts cross-checked. */
export type AiExtraction = {
  __typename?: 'AiExtraction';
  /** Its size. */
  byte_size: Scalars['Int']['output'];
  /** Cross-checks of the amounts. */
  checks: AiExtractionChecks;
  /** The document’s type as given. */
  content_type: Scalars['String']['output'];
  /** When it was extracted. */
  created_at: Scalars['DateTime']['output'];
  /** The credential that sent the document. */
  created_by: Scalars['String']['output'];
  /** ISO 4217. */
  currency: AiExtractedText;
  /** The invoice or order number. */
  document_number: AiExtractedText;
  /** `invoice`, `purchase_order` or `unknown`. */
  document_type: AiExtractedText;
  /** The draft made from it, once made. */
  draft?: Maybe<AiExtractionDraft>;
  /** `YYYY-MM-DD`: payment due (invoice) or delivery (purchase order). */
  due_date: AiExtractedText;
  /** The file name given. */
  filename?: Maybe<Scalars['String']['output']>;
  /** Extraction identifier (`aix_…`). */
  id: Scalars['String']['output'];
  /** `YYYY-MM-DD`. */
  issue_date: AiExtractedText;
  /** The table’s lines. */
  lines: Array<AiExtractedLine>;
  /** `pdf_text` (the PDF’s text layer), `ocr` (text recognition of an image or a scanned page) or `text`. */
  method: Scalars['String']['output'];
  /** Pages read. */
  pages: Scalars['Int']['output'];
  /** SHA-256 of the document, hex (the document itself is not kept). */
  sha256: Scalars['String']['output'];
  /** Total before tax. */
  subtotal: AiExtractedAmount;
  /** The issuing company. */
  supplier: AiExtractedText;
  /** Tax. */
  tax_total: AiExtractedAmount;
  /** Total due. */
  total: AiExtractedAmount;
  /** What a reviewer should look at. */
  warnings: Array<AiExtractionWarning>;
};

/** Cross-checks of the amounts read: true, false, or null when the document lacks what a check needs. */
export type AiExtractionChecks = {
  __typename?: 'AiExtractionChecks';
  /** Each line’s quantity × unit price is its amount. */
  line_amounts?: Maybe<Scalars['Boolean']['output']>;
  /** The lines’ taxes (amount × rate) add up to the tax total: catches a misread rate. */
  line_taxes_sum_to_tax_total?: Maybe<Scalars['Boolean']['output']>;
  /** The lines add up to the subtotal. */
  lines_sum_to_subtotal?: Maybe<Scalars['Boolean']['output']>;
  /** Subtotal plus tax is the total. */
  subtotal_plus_tax_equals_total?: Maybe<Scalars['Boolean']['output']>;
};

/** The draft made from an extraction. */
export type AiExtractionDraft = {
  __typename?: 'AiExtractionDraft';
  /** Its id. */
  id: Scalars['String']['output'];
  /** `purchase_order` (a CRM order, `ord_…`) or `invoice` (`inv_…`). */
  type: Scalars['String']['output'];
};

/** A page of AiExtraction records. */
export type AiExtractionList = {
  __typename?: 'AiExtractionList';
  /** Records of this page. */
  data: Array<AiExtraction>;
  meta: PageMeta;
};

/** Where a value was read on the document. */
export type AiExtractionSource = {
  __typename?: 'AiExtractionSource';
  /** The line (row of text) on that page, from 1. */
  line: Scalars['Int']['output'];
  /** The page, from 1. */
  page: Scalars['Int']['output'];
  /** That line’s text. */
  text: Scalars['String']['output'];
};

/** Something a reviewer should look at: a failed cross-check or a doubtful value. */
export type AiExtractionWarning = {
  __typename?: 'AiExtractionWarning';
  /** `line_amount_mismatch`, `lines_do_not_sum_to_subtotal`, `totals_do_not_add_up`, `line_taxes_do_not_sum_to_tax_total`, `ambiguous_date` or `no_lines_found`. */
  code: Scalars['String']['output'];
  /** The fields concerned (`subtotal`, `lines.2.amount`); their confidence was lowered. */
  fields: Array<Scalars['String']['output']>;
  /** What is wrong. */
  message: Scalars['String']['output'];
};

/** A question asked of the copilot and what it answered. The copilot only reads, with the asker’s own credential. */
export type AiQuery = {
  __typename?: 'AiQuery';
  /** The answer; null unless `answered`. */
  answer?: Maybe<AiAnswer>;
  /** The credential that asked. */
  asked_by: Scalars['String']['output'];
  /** From 0 to 1: how much of the question the plan accounts for. */
  confidence: Scalars['Float']['output'];
  /** When it was asked. */
  created_at: Scalars['DateTime']['output'];
  /** Time to plan and answer. */
  duration_ms: Scalars['Int']['output'];
  /** What planned it. */
  engine: AiEngine;
  /** Query identifier (`aiq_…`). */
  id: Scalars['String']['output'];
  /** What the question was understood to ask. */
  interpretation?: Maybe<Scalars['String']['output']>;
  /** The GraphQL operations run to answer it, with their variables. */
  operations: Array<AiExecutedOperation>;
  /** The question as asked. */
  question: Scalars['String']['output'];
  /** `answered`, `ambiguous` or `unanswerable`. */
  status: AiQueryStatus;
  /** Questions to ask instead (when ambiguous or unanswerable) or next. */
  suggestions: Array<Scalars['String']['output']>;
  /** The answer in one sentence, or why there is none. */
  summary: Scalars['String']['output'];
};

/** A page of AiQuery records. */
export type AiQueryList = {
  __typename?: 'AiQueryList';
  /** Records of this page. */
  data: Array<AiQuery>;
  meta: PageMeta;
};

/** What became of a question. */
export type AiQueryStatus =
  /** It could mean several things: `summary` says which, `suggestions` how to ask; nothing ran. */
  | 'ambiguous'
  /** Planned and executed: `answer` holds the result, `operations` what ran. */
  | 'answered'
  /** Nothing the platform holds answers it (or it asks for a change, which the copilot never makes): `suggestions` lists questions it can answer; nothing ran. */
  | 'unanswerable';

/** A goal planned into writes over the platform’s operations and executed on the job queue, as the task: its writes carry the task as actor in the audit trail, with at most the scopes of the credential that created it. */
export type AiTask = {
  __typename?: 'AiTask';
  /** When cancellation was asked of a running task (it stops before its next step). */
  cancel_requested_at?: Maybe<Scalars['DateTime']['output']>;
  /** When it was created (and planned). */
  created_at: Scalars['DateTime']['output'];
  /** The credential that created it. */
  created_by: Scalars['String']['output'];
  /** When the plan was approved or rejected. */
  decided_at?: Maybe<Scalars['DateTime']['output']>;
  /** The credential that approved or rejected the plan. */
  decided_by?: Maybe<Scalars['String']['output']>;
  /** The approver’s comment. */
  decision_comment?: Maybe<Scalars['String']['output']>;
  /** What planned it. */
  engine: AiEngine;
  /** A failed task: the step, code and message. */
  error?: Maybe<AiTaskError>;
  /** When it ended. */
  finished_at?: Maybe<Scalars['DateTime']['output']>;
  /** The goal as given. */
  goal: Scalars['String']['output'];
  /** Task identifier (`ait_…`): the actor of its writes in the audit trail. */
  id: Scalars['String']['output'];
  /** The plan’s kind. */
  kind: Scalars['String']['output'];
  /** The plan: its summary and the writes it makes. */
  plan: AiTaskPlan;
  /** The reads run while planning, with the creator’s credential. */
  planning_operations: Array<AiExecutedOperation>;
  /** Whether the plan waits for an approval before any write. */
  require_approval: Scalars['Boolean']['output'];
  /** The scopes its writes act with: the creator’s. */
  scopes: Array<Scalars['String']['output']>;
  /** When its first step began. */
  started_at?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is. */
  status: AiTaskStatus;
  /** Incremented by every change of the task. */
  version: Scalars['Int']['output'];
};

/** Why a task failed. */
export type AiTaskError = {
  __typename?: 'AiTaskError';
  /** The platform error code the step’s operation answered (`insufficient_stock`, `invalid_state`, …). */
  code: Scalars['String']['output'];
  /** What went wrong. */
  message: Scalars['String']['output'];
  /** The step that failed. */
  step?: Maybe<Scalars['String']['output']>;
};

/** A page of AiTask records. */
export type AiTaskList = {
  __typename?: 'AiTaskList';
  /** Records of this page. */
  data: Array<AiTask>;
  meta: PageMeta;
};

/** What a task will do, reviewed before it runs. */
export type AiTaskPlan = {
  __typename?: 'AiTaskPlan';
  /** A kind the offline planner knows (`restock_below_reorder_point`, `invoice_reminders`, `archive_dormant_skus`) or `free_form` (planned by the language model). */
  kind: Scalars['String']['output'];
  /** The writes, in the order they run. */
  steps: Array<AiTaskPlannedStep>;
  /** What the plan does, in a sentence, with what it left out and why. */
  summary: Scalars['String']['output'];
};

/** A write the task will make: one mutation of the supergraph with its variables, exactly as it will run. */
export type AiTaskPlannedStep = {
  __typename?: 'AiTaskPlannedStep';
  /** What it does, in a sentence. */
  description: Scalars['String']['output'];
  /** The GraphQL mutation. */
  document: Scalars['String']['output'];
  /** The step’s id in the plan (`step_1`). */
  id: Scalars['String']['output'];
  /** The mutation’s root field (`create_order`). */
  operation: Scalars['String']['output'];
  /** Its variables. */
  variables: Scalars['JSON']['output'];
};

/** Where a task is. */
export type AiTaskStatus =
  /** Planned; nothing runs until someone approves the plan (`POST /v1/ai/tasks/{id}/approval`). */
  | 'awaiting_approval'
  /** Cancelled before its last step; what earlier steps did stays. `ai.task.completed` fired. */
  | 'cancelled'
  /** A step failed: `error` names it (what earlier steps did stays). `ai.task.completed` fired. */
  | 'failed'
  /** Approved (or created without approval); waiting for the engine. */
  | 'queued'
  /** Its plan was rejected; nothing ran. `ai.task.completed` fired. */
  | 'rejected'
  /** Executing its steps, one after the other. */
  | 'running'
  /** Every step ran. `ai.task.completed` fired. */
  | 'succeeded';

/** A step of a task as it executed. */
export type AiTaskStep = {
  __typename?: 'AiTaskStep';
  /** How long it took. */
  duration_ms: Scalars['Int']['output'];
  /** `{ code, message }` of a failed step. */
  error?: Maybe<Scalars['JSON']['output']>;
  /** When it ended. */
  finished_at: Scalars['DateTime']['output'];
  /** The mutation it ran. */
  operation: Scalars['String']['output'];
  /** The operation’s `data`. */
  output?: Maybe<Scalars['JSON']['output']>;
  /** Its place in the plan, from 0. */
  position: Scalars['Int']['output'];
  /** When it started. */
  started_at: Scalars['DateTime']['output'];
  /** `succeeded` or `failed`. */
  status: Scalars['String']['output'];
  /** The plan’s step (`step_1`). */
  step_id: Scalars['String']['output'];
};

/** A page of AiTaskStep records. */
export type AiTaskStepList = {
  __typename?: 'AiTaskStepList';
  /** Records of this page. */
  data: Array<AiTaskStep>;
  meta: PageMeta;
};

/** A scoped API key, presented as `Authorization: Bearer <secret>`. */
export type ApiKey = {
  __typename?: 'ApiKey';
  /** When the key was created. */
  created_at: Scalars['DateTime']['output'];
  /** When the key stops working; null: it does not expire. */
  expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** API key identifier (`key_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** Last time the key authenticated a request (updated at most once a minute). */
  last_used_at?: Maybe<Scalars['DateTime']['output']>;
  /** A name to recognise the key by, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** The first characters of the secret, to recognise the key. */
  prefix: Scalars['String']['output'];
  /** When the key was revoked (or stops working after a rotation); null while active. */
  revoked_at?: Maybe<Scalars['DateTime']['output']>;
  /** The key this one replaced by rotation. */
  rotated_from_id?: Maybe<Scalars['String']['output']>;
  /** The scopes requests made with the key hold. */
  scopes: Array<Scalars['String']['output']>;
  /** The secret: present only in the response that creates it (creation or rotation), never again. */
  secret?: Maybe<Scalars['String']['output']>;
  /** Whether the key authenticates requests now. */
  status: ApiKeyStatus;
};

/** A page of ApiKey records. */
export type ApiKeyList = {
  __typename?: 'ApiKeyList';
  /** Records of this page. */
  data: Array<ApiKey>;
  meta: PageMeta;
};

/** `active`: authenticates requests; `expired`: past `expires_at`; `revoked`: revoked (or replaced by rotation and past its overlap). */
export type ApiKeyStatus =
  | 'active'
  | 'expired'
  | 'revoked';

/** A question about the tenant’s operations data. */
export type AskCopilotInput = {
  /** In plain English, up to 500 characters: “which SKUs in Lyon are below their reorder point?” */
  question: Scalars['String']['input'];
};

/** Who made a request: an OAuth client, an API key, a user, a connector (the writes of its sync jobs), or nobody known (a request without a valid credential). */
export type AuditActorType =
  | 'ai_task'
  | 'anonymous'
  | 'api_key'
  | 'connector'
  | 'oauth_client'
  | 'user'
  | 'workflow';

/** One audited event. Records of a tenant form a hash chain: `hash` is the SHA-256 of `prev_hash` and the record, `prev_hash` the hash of the record before it, so a changed or deleted record is detected. */
export type AuditRecord = {
  __typename?: 'AuditRecord';
  /** What was done: `GET /v1/inventory/items`, `graphql query ListItems`, or a data change such as `inventory_item.create`. */
  action: Scalars['String']['output'];
  /** The OAuth client, API key, user or connector; null when anonymous. */
  actor_id?: Maybe<Scalars['String']['output']>;
  /** Who acted: an OAuth client, an API key, a user, a connector, a workflow, an agent task (`ai_task`: its writes, the task as actor and credential), or nobody identified. */
  actor_type: AuditActorType;
  /** The client's IP address. */
  client_address?: Maybe<Scalars['String']['output']>;
  /** The credential presented: an access token's id, an API key id. */
  credential_id?: Maybe<Scalars['String']['output']>;
  /** Time to answer, in milliseconds. */
  duration_ms?: Maybe<Scalars['Float']['output']>;
  /** SHA-256 (hex) of `prev_hash` and the canonical JSON of this record. */
  hash: Scalars['String']['output'];
  /** HTTP method. */
  method?: Maybe<Scalars['String']['output']>;
  /** When the request arrived or the change happened. */
  occurred_at: Scalars['DateTime']['output'];
  /** GraphQL operation name. */
  operation_name?: Maybe<Scalars['String']['output']>;
  /** HTTP path, without the query string. */
  path?: Maybe<Scalars['String']['output']>;
  /** Hash of the previous record of the chain (64 zeros for the first). */
  prev_hash: Scalars['String']['output'];
  /** The `X-Request-Id` of the request. */
  request_id?: Maybe<Scalars['String']['output']>;
  /** The record a data change created or changed. */
  resource_id?: Maybe<Scalars['String']['output']>;
  /** Position in the tenant's chain, from 1, as a decimal string (it can exceed 32 bits). */
  seq: Scalars['String']['output'];
  /** HTTP status of the response; null for a data change (recorded inside its transaction). */
  status?: Maybe<Scalars['Int']['output']>;
  /** Where the event came in: REST, GraphQL, the OAuth endpoints, a subscription, or a data change. */
  surface: AuditSurface;
};

/** Aggregates of audit records: one group per distinct grouping key, in the requested order. */
export type AuditRecordAggregate = {
  __typename?: 'AuditRecordAggregate';
  /** The groups, at most `limit`. */
  groups: Array<AuditRecordAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the audit records of a group. */
export type AuditRecordAggregateDistinct = {
  __typename?: 'AuditRecordAggregateDistinct';
  /** Actors. */
  actor_id: Scalars['Int']['output'];
  /** Credentials presented. */
  credential_id: Scalars['Int']['output'];
};

/** A group of audit records: its key, how many records it holds and the statistics of their numbers and amounts. */
export type AuditRecordAggregateGroup = {
  __typename?: 'AuditRecordAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: AuditRecordAggregateDistinct;
  /** Milliseconds to answer a request (null for data changes). */
  duration_ms: NumberStatistics;
  /** What the records of the group share. */
  key: AuditRecordAggregateKey;
};

/** The grouping key of a group of audit records: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type AuditRecordAggregateKey = {
  __typename?: 'AuditRecordAggregateKey';
  /** What was done: `GET /v1/inventory/items`, `graphql query ListItems`, `inventory_item.create`. */
  action?: Maybe<Scalars['String']['output']>;
  /** The OAuth client, API key, user or connector; null when anonymous. */
  actor_id?: Maybe<Scalars['String']['output']>;
  /** Who acted: an OAuth client, an API key, a user, a connector, a workflow, an agent task, or nobody identified. */
  actor_type?: Maybe<AuditActorType>;
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** For a data change, the kind of record it changed (`inventory_item` of `inventory_item.create`); null for requests. */
  resource_type?: Maybe<Scalars['String']['output']>;
  /** The HTTP status of the response; null for data changes. */
  status?: Maybe<Scalars['Int']['output']>;
  /** The class of the HTTP status (`2xx`, `4xx`, `5xx`); null for data changes. */
  status_class?: Maybe<Scalars['String']['output']>;
  /** Where the request came in: REST, GraphQL, a subscription or the OAuth endpoints. */
  surface?: Maybe<AuditSurface>;
};

/** A page of AuditRecord records. */
export type AuditRecordList = {
  __typename?: 'AuditRecordList';
  /** Records of this page. */
  data: Array<AuditRecord>;
  meta: PageMeta;
};

/** Where a request came in: the REST facade, GraphQL, a subscription, or the OAuth token endpoint. */
export type AuditSurface =
  | 'graphql'
  | 'oauth'
  | 'rest'
  | 'subscription';

/** An asynchronous export of a list query to an NDJSON or CSV file, run on the job queue with its creator’s scopes as held at creation. */
export type BulkExport = {
  __typename?: 'BulkExport';
  /** Size of the file written so far, in bytes. */
  byte_size: Scalars['Int']['output'];
  /** When it completed or failed. */
  completed_at?: Maybe<Scalars['DateTime']['output']>;
  /** When it was created. */
  created_at: Scalars['DateTime']['output'];
  /** When `download_url` stops working (1 hour after this read by default, never past `expires_at`). */
  download_expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** A completed export: a signed link to its file, usable without credentials until `download_expires_at` (a fresh link with every read). Share it with care: whoever holds it can download the file. */
  download_url?: Maybe<Scalars['String']['output']>;
  /** A failed export: the code and message of the refused page. */
  error?: Maybe<BulkExportError>;
  /** When the export and its file are deleted (retention: 7 days after it ended by default). */
  expires_at: Scalars['DateTime']['output'];
  /** `ndjson` or `csv`. */
  format: BulkExportFormat;
  /** Export identifier (`exp_…`). */
  id: Scalars['String']['output'];
  /** Records written, and the list’s total when known. */
  progress: BulkExportProgress;
  /** The list query as sent. */
  query: Scalars['String']['output'];
  /** When its first page was read by the job. */
  started_at?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is. */
  status: BulkExportStatus;
  /** Its variables as sent. */
  variables: Scalars['JSON']['output'];
};

/** Why an export failed. */
export type BulkExportError = {
  __typename?: 'BulkExportError';
  /** The platform error code of the refused page (`insufficient_scope`, `rule_violation`, …). */
  code: Scalars['String']['output'];
  /** What went wrong, for people. */
  message: Scalars['String']['output'];
};

/** The file an export writes. */
export type BulkExportFormat =
  /** RFC 4180 CSV (`text/csv`): a header of the selected leaf fields, nested objects flattened (`customer.name`), lists and JSON values as JSON text. */
  | 'csv'
  /** One JSON object per line (`application/x-ndjson`), each record as the query selects it. */
  | 'ndjson';

/** A page of BulkExport records. */
export type BulkExportList = {
  __typename?: 'BulkExportList';
  /** Records of this page. */
  data: Array<BulkExport>;
  meta: PageMeta;
};

/** How far an export has come. */
export type BulkExportProgress = {
  __typename?: 'BulkExportProgress';
  /** Records written to the file so far (updated with every page). */
  rows_written: Scalars['Int']['output'];
  /** Records the list held when the export read its first page (`meta.total`); the file may differ by what changed while it ran. */
  total_rows?: Maybe<Scalars['Int']['output']>;
};

/** Where an export is. */
export type BulkExportStatus =
  /** Cancelled through the API; what it had written was deleted. */
  | 'cancelled'
  /** Every record is in the file: `download_url` gives it until `download_expires_at`. `export.completed` was emitted. */
  | 'completed'
  /** A page was refused (a scope or a filter no longer valid), or the credential that created it was revoked (`credential_revoked`): `error` says why. `export.completed` was emitted. */
  | 'failed'
  /** Created, waiting for the job queue. */
  | 'queued'
  /** Reading the list page by page; `progress` grows with each page. */
  | 'running';

/** One GraphQL mutation run once per line of an uploaded JSONL file (each line its variables), on the job queue, as its creator with the scopes held at creation; each line’s outcome is a line of the result file. */
export type BulkMutation = {
  __typename?: 'BulkMutation';
  /** When it completed, failed or was cancelled. */
  completed_at?: Maybe<Scalars['DateTime']['output']>;
  /** When it was created. */
  created_at: Scalars['DateTime']['output'];
  /** A failed bulk mutation: why it could not go on. */
  error?: Maybe<BulkMutationError>;
  /** When it and its result file are deleted (7 days after it ended by default). */
  expires_at: Scalars['DateTime']['output'];
  /** Bulk mutation identifier (`bmu_…`). */
  id: Scalars['String']['output'];
  /** The mutation document as sent. */
  mutation: Scalars['String']['output'];
  /** Lines in all, done and failed. */
  progress: BulkMutationProgress;
  /** Once ended: a signed link to the result file, usable without credentials until `result_url_expires_at` (a fresh link with every read). JSONL, one line per input line that ran, in order: `{"line": n, "ok": true, "data": {…}}` (the root field’s result as selected) or `{"line": n, "ok": false, "problem": {type, title, status, detail, code, errors?}}`. */
  result_url?: Maybe<Scalars['String']['output']>;
  /** When `result_url` stops working (1 hour after this read by default, never past `expires_at`). */
  result_url_expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the job started on its first line. */
  started_at?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is. */
  status: BulkMutationStatus;
  /** The upload whose lines it runs (`bku_…`). */
  upload_id: Scalars['String']['output'];
};

/** Why a bulk mutation could not go on. */
export type BulkMutationError = {
  __typename?: 'BulkMutationError';
  /** The platform error code. */
  code: Scalars['String']['output'];
  /** What went wrong, for people. */
  message: Scalars['String']['output'];
};

/** A page of BulkMutation records. */
export type BulkMutationList = {
  __typename?: 'BulkMutationList';
  /** Records of this page. */
  data: Array<BulkMutation>;
  meta: PageMeta;
};

/** How far a bulk mutation has come. */
export type BulkMutationProgress = {
  __typename?: 'BulkMutationProgress';
  /** Lines whose outcome is in the result file (the failed ones included), updated with every batch of lines. */
  lines_done: Scalars['Int']['output'];
  /** Of those, the lines that failed (their problem is in the result file). */
  lines_failed: Scalars['Int']['output'];
  /** Lines of the upload: one run of the mutation each. */
  lines_total: Scalars['Int']['output'];
};

/** Where a bulk mutation is. */
export type BulkMutationStatus =
  /** Cancelled through the API: the lines that ran are in the result file, the others never run. */
  | 'cancelled'
  /** Every line ran (some may have failed: `progress.lines_failed`); `result_url` gives the result file. `bulk_mutation.completed` was emitted. */
  | 'completed'
  /** It could not go on (its upload expired, or the credential that created it was revoked: `credential_revoked`): `error` says why; the result file holds the lines that ran. `bulk_mutation.completed` was emitted. */
  | 'failed'
  /** Created, waiting for the job queue. */
  | 'queued'
  /** Running its lines in order; `progress` grows with each batch of lines. */
  | 'running';

/** A new OAuth client secret, shown once. */
export type ClientSecret = {
  __typename?: 'ClientSecret';
  /** The OAuth client whose secret was rotated. */
  client_id: Scalars['String']['output'];
  /** The new secret (`cs_live_…`/`cs_test_…`); shown only in this response. */
  client_secret: Scalars['String']['output'];
  /** Until then the previous secret still works. */
  previous_secret_expires_at: Scalars['DateTime']['output'];
};

/** The whole configuration (it replaces any previous one; the secret is asked again). */
export type ConfigureIdentityProviderInput = {
  /** The client id the provider gave the platform, 1 to 500 characters. */
  client_id: Scalars['String']['input'];
  /** The client secret the provider gave the platform, 1 to 2000 characters; stored encrypted, never returned. */
  client_secret: Scalars['String']['input'];
  /** Shown on the sign-in button, 1 to 100 characters. */
  display_name: Scalars['String']['input'];
  /** The provider’s issuer identifier (`https://login.example.com`), whose `/.well-known/openid-configuration` is fetched and checked when saving. HTTPS; plain HTTP only for sandbox tenants; public addresses only, unless the operator allowed a private network. */
  issuer: Scalars['String']['input'];
};

/** A connection to another system. Its credentials are sealed when saved and never returned; `config` holds everything else. */
export type Connector = {
  __typename?: 'Connector';
  /** The settings of its kind (see the API reference of each kind); never a secret. */
  config: Scalars['JSON']['output'];
  /** When the connector was created. */
  created_at: Scalars['DateTime']['output'];
  /** Whether credentials are stored (they are never shown). */
  has_credentials: Scalars['Boolean']['output'];
  /** Connector identifier (`con_…`): also the `channel` of the orders it creates and the actor of its writes in the audit trail. */
  id: Scalars['String']['output'];
  /** `shopify`, `rest` or `csv`. */
  kind: ConnectorKind;
  /** The field mapping version new sync jobs use; 0 while no mapping is saved. */
  mapping_version: Scalars['Int']['output'];
  /** Your name for it, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** When the schedule next starts a sync; null without a schedule. */
  next_scheduled_sync_at?: Maybe<Scalars['DateTime']['output']>;
  /** A connector with `push` rules (REST): the `occurred_at` of the last event its last push read; the next push sends the events after it. Set to the time push rules were first saved (older events are sent by a push with `full`). Null for a connector that never pushed. */
  push_cursor?: Maybe<Scalars['String']['output']>;
  /** Seconds before the second attempt, doubled before each later one; default 60. */
  retry_delay_seconds: Scalars['Int']['output'];
  /** Attempts a sync job makes in all before it fails (1 to 10); default 3. */
  retry_max_attempts: Scalars['Int']['output'];
  /** A cron expression (minute hour day-of-month month day-of-week): a sync job starts at each of its times in `schedule_time_zone`, unless one of the connector’s jobs is under way then (that time is skipped). Null: no schedule. */
  schedule_cron?: Maybe<Scalars['String']['output']>;
  /** The IANA time zone of the schedule’s times (daylight saving included); default UTC. */
  schedule_time_zone: Scalars['String']['output'];
  /** The streams it reads: what a field mapping maps. */
  streams: Array<Scalars['String']['output']>;
  /** Aggregates of the connector’s sync jobs (needs `sync:read`). Same arguments as `sync_jobs_aggregate`. */
  sync_jobs_aggregate: SyncJobAggregate;
  /** When it last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};


/** A connection to another system. Its credentials are sealed when saved and never returned; `config` holds everything else. */
export type ConnectorSync_Jobs_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  connector_id?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  state?: InputMaybe<SyncJobState>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
};

/** The protocol a connector speaks. */
export type ConnectorKind =
  /** CSV files uploaded to it (`POST /v1/connectors/{id}/uploads`), one stream (`stream_name`, default `rows`); each upload is imported by a sync job naming it (`upload_id`). */
  | 'csv'
  /** Any REST/JSON API, configured declaratively: auth, pagination, record paths, incremental reads. */
  | 'rest'
  /** A Shopify shop, through the Admin GraphQL API: streams `products` (one record per variant) and `orders`. */
  | 'shopify';

/** A page of Connector records. */
export type ConnectorList = {
  __typename?: 'ConnectorList';
  /** Records of this page. */
  data: Array<Connector>;
  meta: PageMeta;
};

/** One version of a connector’s field mapping. Versions are never changed: saving a mapping adds one. Each sync job records the version it used. */
export type ConnectorMapping = {
  __typename?: 'ConnectorMapping';
  /** The connector (`con_…`). */
  connector_id: Scalars['String']['output'];
  /** When it was saved. */
  created_at: Scalars['DateTime']['output'];
  /** The credential that saved it. */
  created_by: Scalars['String']['output'];
  /** For each stream it maps: `target` (the platform mutation its records go through: `create_inventory_item`, `create_customer` or `create_order`), `fields` (for each input field of the target, a JSONata expression over the source record: `$` is its data, `$record` the record with `external_id`, `stream`, `updated_at`) and an optional `filter` (a JSONata condition; records it rejects are skipped). */
  definition: Scalars['JSON']['output'];
  /** The version, from 1. */
  version: Scalars['Int']['output'];
};

/** A page of ConnectorMapping records. */
export type ConnectorMappingList = {
  __typename?: 'ConnectorMappingList';
  /** Records of this page. */
  data: Array<ConnectorMapping>;
  meta: PageMeta;
};

/** The outcome of a connectivity test. */
export type ConnectorTestResult = {
  __typename?: 'ConnectorTestResult';
  /** What was checked, or why it failed (never a secret). */
  detail: Scalars['String']['output'];
  /** Whether the other system accepted the credentials and answered as its protocol says. */
  ok: Scalars['Boolean']['output'];
};

/** A goal for an agent task. */
export type CreateAiTaskInput = {
  /** What to achieve, up to 500 characters. Without a language model the offline planner knows: “Restock everything below its reorder point from its usual supplier”; “Send reminders for invoices overdue by 30 days”; “Find SKUs with stock but no sales in 90 days and archive them”. */
  goal: Scalars['String']['input'];
  /** Default true: the plan waits for an approval before any write. `false`: it runs at once. */
  require_approval?: InputMaybe<Scalars['Boolean']['input']>;
};

export type CreateApiKeyInput = {
  /** When the key stops working; never when absent. */
  expires_at?: InputMaybe<Scalars['DateTime']['input']>;
  /** What the key is for, 1 to 100 characters. */
  name: Scalars['String']['input'];
  /** Scopes of the key; each must be held by the credential creating it. */
  scopes: Array<Scalars['String']['input']>;
};

/** The list query to export and the file format. */
export type CreateBulkExportInput = {
  /** `ndjson` or `csv`. */
  format: BulkExportFormat;
  /** A GraphQL query of exactly one paginated list field at its root (one returning `{ data, meta }`), with its filters and sort, selecting `data { … }` (federated fields included), without `page`, `per_page`, `after` or `before`: the export pages through the list itself. Up to 20000 characters. */
  query: Scalars['String']['input'];
  /** The query’s variables (a JSON object). */
  variables?: InputMaybe<Scalars['JSON']['input']>;
};

/** The mutation to run and the upload whose lines are its variables. */
export type CreateBulkMutationInput = {
  /** A GraphQL document of exactly one mutation operation selecting exactly one root field (e.g. `mutation($input: CreateCustomerInput!) { create_customer(input: $input) { id } }`); each line of the upload is one run of it, the line being its variables. Up to 20000 characters. */
  mutation: Scalars['String']['input'];
  /** The upload (`POST /v1/bulk/uploads`, `bku_…`) whose lines to run. */
  upload_id: Scalars['String']['input'];
};

/** A new connector. */
export type CreateConnectorInput = {
  /** The settings of its kind. Every URL in them must be public (HTTPS for production tenants). */
  config: Scalars['JSON']['input'];
  /** The secrets of its kind (Shopify: `access_token`, `webhook_secret`; REST: those of its `auth` type). Sealed when saved, never returned. */
  credentials?: InputMaybe<Scalars['JSON']['input']>;
  /** The protocol it speaks. */
  kind: ConnectorKind;
  /** Your name for it, 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** Seconds before the second attempt (doubled before each later one), 0 to 86400. Default 60. */
  retry_delay_seconds?: InputMaybe<Scalars['Int']['input']>;
  /** Attempts a sync job makes in all, 1 to 10. Default 3. */
  retry_max_attempts?: InputMaybe<Scalars['Int']['input']>;
  /** Start a sync at each time of this cron expression (five fields, such as `0 *\/6 * * *`); none by default. */
  schedule_cron?: InputMaybe<Scalars['String']['input']>;
  /** The IANA time zone of the schedule (such as `Europe/Paris`); default UTC. */
  schedule_time_zone?: InputMaybe<Scalars['String']['input']>;
};

/** A new customer. */
export type CreateCustomerInput = {
  /** Addresses, at most 20. */
  addresses?: InputMaybe<Array<CustomerAddressInput>>;
  /** Legal company name, up to 200 characters. */
  company_name?: InputMaybe<Scalars['String']['input']>;
  /** Contacts, at most 50; at most one primary. */
  contacts?: InputMaybe<Array<CustomerContactInput>>;
  /** ISO 4217 code (3 upper-case letters): the default currency of the customer’s orders. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** Main e-mail address; stored lower-cased. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Display name, 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** Internal notes, up to 5000 characters. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Main telephone number, up to 50 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Tax or VAT number, up to 50 characters. */
  tax_id?: InputMaybe<Scalars['String']['input']>;
};

/** What to make of an extraction. */
export type CreateDraftFromExtractionInput = {
  /** The supplier or customer; default: the one customer named exactly like the document’s supplier. */
  customer_id?: InputMaybe<Scalars['String']['input']>;
  /** Per line, in order, the SKU to use (null: matched by the line’s item code, then its description). A purchase order needs one for every line. */
  item_ids?: InputMaybe<Array<Scalars['String']['input']>>;
  /** `purchase_order` (a draft CRM purchase order from the supplier) or `invoice` (a draft invoice). */
  kind: Scalars['String']['input'];
};

/** A new item. Its initial `quantity_on_hand` is recorded as a `receipt` movement into its home warehouse. */
export type CreateInventoryItemInput = {
  /** Whether stock may fall below zero. Default false. */
  allow_backorder?: InputMaybe<Scalars['Boolean']['input']>;
  /** ISO 4217 code of `unit_cost` (3 upper-case letters). Given with `unit_cost`, or neither. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** The SKU: 1 to 64 letters, digits, ".", "_", ":" or "-". */
  id: Scalars['String']['input'];
  /** Item name, 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** Initial stock in the home warehouse, 0 to 1000000000. */
  quantity_on_hand: Scalars['Int']['input'];
  /** Reorder threshold, 0 or more. */
  reorder_point: Scalars['Int']['input'];
  /** What one unit costs, in minor units of `currency`, 0 to 1000000000. Given with `currency`, or neither. */
  unit_cost?: InputMaybe<Scalars['MinorUnits']['input']>;
  /** Home warehouse: an existing, active warehouse of the tenant. */
  warehouse_id: Scalars['String']['input'];
};

/** A new draft invoice: either `customer_id`, `currency` and `lines`, or `order_id` (the order’s customer, currency and lines are copied). */
export type CreateInvoiceInput = {
  /** ISO 4217 code, 3 upper-case letters. Required unless `order_id` is given. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** An existing CRM customer. Required unless `order_id` is given. */
  customer_id?: InputMaybe<Scalars['String']['input']>;
  /** Due date, `YYYY-MM-DD`. Default: the issue date plus `payment_terms_days`. */
  due_date?: InputMaybe<Scalars['String']['input']>;
  /** Up to 500 lines. Default none (add them before issuing). */
  lines?: InputMaybe<Array<InvoiceLineInput>>;
  /** A note shown on the invoice, up to 2000 characters. */
  memo?: InputMaybe<Scalars['String']['input']>;
  /** A confirmed or fulfilled CRM sales order to invoice; its customer, currency and lines are copied (then omit `customer_id`, `currency` and `lines`). */
  order_id?: InputMaybe<Scalars['String']['input']>;
  /** Days from issue to due date when no `due_date` is given, 0 to 3650. Default 30. */
  payment_terms_days?: InputMaybe<Scalars['Int']['input']>;
  /** With `order_id` only: the tax rate (basis points) given to every line copied from the order. Default 0. */
  tax_rate?: InputMaybe<Scalars['Int']['input']>;
};

export type CreateOAuthClientInput = {
  /** What the client is for, 1 to 100 characters. */
  name: Scalars['String']['input'];
  /** Scopes the client may ask for; each must be held by the credential creating it. */
  scopes: Array<Scalars['String']['input']>;
};

/** A new order; it starts as `draft` with the next number of its kind. */
export type CreateOrderInput = {
  /** ISO 4217 code. Default: the customer’s `currency`; required when the customer has none. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** An existing, non-archived customer: the buyer (sales) or the supplier (purchase). */
  customer_id: Scalars['String']['input'];
  /** Your own identifier of the order, up to 100 characters; unique per tenant and kind. */
  external_reference?: InputMaybe<Scalars['String']['input']>;
  /** `sales` or `purchase`. */
  kind: OrderKind;
  /** Lines, at most 500. A draft may have none; confirming needs at least one. */
  lines?: InputMaybe<Array<OrderLineInput>>;
  /** Free-form notes, up to 5000 characters. */
  notes?: InputMaybe<Scalars['String']['input']>;
};

export type CreateRoleInput = {
  /** Up to 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 64 characters; unique per tenant regardless of case, and not a built-in role name. */
  name: Scalars['String']['input'];
  /** At least one scope of the scope catalogue (`/docs/errors` lists them). */
  scopes: Array<Scalars['String']['input']>;
};

/** An operation to save. */
export type CreateSavedOperationInput = {
  /** What it answers, up to 2000 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The GraphQL document: exactly one query or mutation (no subscription) that validates against the API schema, at most 65,536 characters. */
  document: Scalars['String']['input'];
  /** Its name: a lower-case slug (a letter, then letters, digits or underscores; at most 100), unique in the tenant. */
  name: Scalars['String']['input'];
};

/** A new warehouse; the platform assigns its id. */
export type CreateWarehouseInput = {
  /** Warehouse name, 1 to 200 characters. */
  name: Scalars['String']['input'];
};

/** A new webhook endpoint; it starts `enabled` with a new signing secret. */
export type CreateWebhookEndpointInput = {
  /** Your note on the endpoint, up to 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Event types to deliver, 1 to 50, no duplicates: platform types (`order.created`, `inventory.stock.low`, `invoice.paid`, …) and custom types (`custom.…`). The credential must hold the scope that receives each (`order.created`: `crm:read`; `invoice.*`: `finance:read`; custom types: `events:read`). */
  event_types: Array<Scalars['String']['input']>;
  /** Where to POST deliveries: an absolute URL to a public address (not a private, loopback or link-local network), HTTPS for production tenants, at most 2048 characters, without credentials. */
  url: Scalars['String']['input'];
};

/** A new workflow. */
export type CreateWorkflowInput = {
  /** The definition: `{ trigger, steps, timeout_seconds?, output? }` (see the workflows guide of the API reference). Checked when saved; every error names its step and field. */
  definition: Scalars['JSON']['input'];
  /** What it is for, up to 2000 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Whether its trigger starts runs at once (default true). */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Your name for it, 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** The scopes its runs act with: catalogued scopes your credential holds. Each step’s operation must be allowed by them (and receiving the trigger’s event type). */
  scopes: Array<Scalars['String']['input']>;
};

/** A new OAuth client and its secret, shown this once. */
export type CreatedOAuthClient = {
  __typename?: 'CreatedOAuthClient';
  /** The client; its `id` is the client_id of token requests. */
  client: OAuthClient;
  /** The secret (`cs_live_…` in production, `cs_test_…` in sandbox); shown only in this response, stored hashed. */
  client_secret: Scalars['String']['output'];
};

/** A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders. */
export type Customer = {
  __typename?: 'Customer';
  /** Postal addresses, in the order given. An update that includes `addresses` replaces the whole list. */
  addresses: Array<CustomerAddress>;
  /** When the customer was archived; null while active. */
  archived_at?: Maybe<Scalars['DateTime']['output']>;
  /** Legal name of the company, when the customer is one; up to 200 characters. */
  company_name?: Maybe<Scalars['String']['output']>;
  /** People to deal with, in the order given. An update that includes `contacts` replaces the whole list. */
  contacts: Array<CustomerContact>;
  /** When the customer was created. */
  created_at: Scalars['DateTime']['output'];
  /** ISO 4217 code; the currency of new orders for this customer when the order names none. */
  currency?: Maybe<Scalars['String']['output']>;
  /** Main e-mail address, stored lower-cased. */
  email?: Maybe<Scalars['String']['output']>;
  /** Customer identifier (`cus_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** The customer's invoices, newest first: `first` of them after skipping the `offset` newest, so `offset: 100, first: 100` is the second hundred (finance; GraphQL only). */
  invoices: Array<Invoice>;
  /** Aggregates of the customer's invoices (finance): billed, paid and open amounts per currency. Same arguments as `invoices_aggregate`. */
  invoices_aggregate: InvoiceAggregate;
  /** Display name, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** Free-form internal notes, up to 5000 characters. */
  notes?: Maybe<Scalars['String']['output']>;
  /** What the customer owes, per currency: the sum of `amount_due` of the customer's issued (not yet fully paid) invoices; currencies with nothing due are left out; ordered by currency (finance; GraphQL only). */
  open_balances: Array<MoneyAmount>;
  /** The customer’s orders, newest first: `first` of them after skipping the `offset` newest, so `offset: 100, first: 100` is the second hundred (GraphQL only). */
  orders: Array<Order>;
  /** Aggregates of the customer's orders. Same arguments as `orders_aggregate`. */
  orders_aggregate: OrderAggregate;
  /** Main telephone number as given, up to 50 characters. */
  phone?: Maybe<Scalars['String']['output']>;
  /** Tax or VAT registration number as given, up to 50 characters. */
  tax_id?: Maybe<Scalars['String']['output']>;
  /** When the customer last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};


/** A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders. */
export type CustomerInvoicesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/** A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders. */
export type CustomerInvoices_AggregateArgs = {
  amount_due_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  amount_due_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  due_after?: InputMaybe<Scalars['String']['input']>;
  due_before?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  issued_after?: InputMaybe<Scalars['DateTime']['input']>;
  issued_before?: InputMaybe<Scalars['DateTime']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  order_id?: InputMaybe<Scalars['String']['input']>;
  overdue?: InputMaybe<Scalars['Boolean']['input']>;
  paid_after?: InputMaybe<Scalars['DateTime']['input']>;
  paid_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<InvoiceStatus>;
  status_in?: InputMaybe<Array<InvoiceStatus>>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  voided_after?: InputMaybe<Scalars['DateTime']['input']>;
  voided_before?: InputMaybe<Scalars['DateTime']['input']>;
};


/** A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders. */
export type CustomerOrdersArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  kind?: InputMaybe<OrderKind>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<OrderStatus>;
};


/** A trading partner of the tenant: the buyer on sales orders and the supplier on purchase orders (an order’s `customer_id` names either). Archived customers stay readable and keep their orders but take no new orders. */
export type CustomerOrders_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  cancelled_after?: InputMaybe<Scalars['DateTime']['input']>;
  cancelled_before?: InputMaybe<Scalars['DateTime']['input']>;
  channel?: InputMaybe<Scalars['String']['input']>;
  confirmed_after?: InputMaybe<Scalars['DateTime']['input']>;
  confirmed_before?: InputMaybe<Scalars['DateTime']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  fulfilled_after?: InputMaybe<Scalars['DateTime']['input']>;
  fulfilled_before?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<OrderKind>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  received_after?: InputMaybe<Scalars['DateTime']['input']>;
  received_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
  status_in?: InputMaybe<Array<OrderStatus>>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
};

/** A postal address of a customer. */
export type CustomerAddress = {
  __typename?: 'CustomerAddress';
  /** City or town, 1 to 100 characters. */
  city: Scalars['String']['output'];
  /** ISO 3166-1 alpha-2 country code, upper-case (`DE`, `US`). */
  country: Scalars['String']['output'];
  /** Address identifier (`cad_…`), assigned by the platform. Replacing the address list assigns new ids. */
  id: Scalars['String']['output'];
  /** `billing` or `shipping`. */
  kind: AddressKind;
  /** First address line (street and number), 1 to 200 characters. */
  line1: Scalars['String']['output'];
  /** Second address line (building, floor), up to 200 characters. */
  line2?: Maybe<Scalars['String']['output']>;
  /** Postal or ZIP code, up to 20 characters. */
  postal_code?: Maybe<Scalars['String']['output']>;
  /** State, province or county, up to 100 characters. */
  region?: Maybe<Scalars['String']['output']>;
};

/** A postal address. */
export type CustomerAddressInput = {
  /** City or town, 1 to 100 characters. */
  city: Scalars['String']['input'];
  /** ISO 3166-1 alpha-2 country code in upper case (`DE`, `US`). */
  country: Scalars['String']['input'];
  /** `billing` or `shipping`. */
  kind: AddressKind;
  /** First address line, 1 to 200 characters. */
  line1: Scalars['String']['input'];
  /** Second address line, up to 200 characters. */
  line2?: InputMaybe<Scalars['String']['input']>;
  /** Postal or ZIP code, up to 20 characters. */
  postal_code?: InputMaybe<Scalars['String']['input']>;
  /** State, province or county, up to 100 characters. */
  region?: InputMaybe<Scalars['String']['input']>;
};

/** Aggregates of customers: one group per distinct grouping key, in the requested order. */
export type CustomerAggregate = {
  __typename?: 'CustomerAggregate';
  /** The groups, at most `limit`. */
  groups: Array<CustomerAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** A group of customers: its key, how many records it holds and the statistics of their numbers and amounts. */
export type CustomerAggregateGroup = {
  __typename?: 'CustomerAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** What the records of the group share. */
  key: CustomerAggregateKey;
};

/** The grouping key of a group of customers: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type CustomerAggregateKey = {
  __typename?: 'CustomerAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The company name. */
  company_name?: Maybe<Scalars['String']['output']>;
  /** The default currency of the customer's orders. */
  currency?: Maybe<Scalars['String']['output']>;
};

/** A person to deal with at a customer. */
export type CustomerContact = {
  __typename?: 'CustomerContact';
  /** E-mail address, lower-cased. */
  email?: Maybe<Scalars['String']['output']>;
  /** Contact identifier (`cct_…`), assigned by the platform. Replacing the contact list assigns new ids. */
  id: Scalars['String']['output'];
  /** The main contact. At most one contact of a customer is primary. */
  is_primary: Scalars['Boolean']['output'];
  /** Full name, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** Telephone number as given, up to 50 characters. */
  phone?: Maybe<Scalars['String']['output']>;
  /** Job or role at the customer (`Accounts payable`, `Buyer`), up to 100 characters. */
  role?: Maybe<Scalars['String']['output']>;
};

/** A contact person. */
export type CustomerContactInput = {
  /** E-mail address; stored lower-cased. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** The main contact; at most one per customer. Default false. */
  is_primary?: InputMaybe<Scalars['Boolean']['input']>;
  /** Full name, 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** Telephone number, up to 50 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Job or role at the customer, up to 100 characters. */
  role?: InputMaybe<Scalars['String']['input']>;
};

/** A page of Customer records. */
export type CustomerList = {
  __typename?: 'CustomerList';
  /** Records of this page. */
  data: Array<Customer>;
  meta: PageMeta;
};

/** The decision on a task’s plan. */
export type DecideAiTaskInput = {
  /** Why, up to 2000 characters. */
  comment?: InputMaybe<Scalars['String']['input']>;
  /** `approved` (it runs) or `rejected` (nothing runs; the task ends `rejected`). */
  decision: Scalars['String']['input'];
};

/** The decision on the approval a run waits for. */
export type DecideWorkflowApprovalInput = {
  /** Why, up to 2000 characters (the step’s output keeps it). */
  comment?: InputMaybe<Scalars['String']['input']>;
  /** `approved` (the run goes on) or `rejected` (the run fails with `approval_rejected`, or goes on if the step says `on_reject: continue`). */
  decision: Scalars['String']['input'];
};

/** Sandbox and production are separate tenants with identical APIs and separate data and credentials. */
export type Environment =
  | 'production'
  | 'sandbox';

/** Something that happened in a tenant: a platform event (`order.created`, `inventory.stock.low`, …) or a custom event a client published (`custom.…`). The same envelope is the REST record, the body of every webhook delivery and the payload of the `events` subscription. Events are immutable and kept in an append-only log. */
export type Event = {
  __typename?: 'Event';
  /** For a platform event, the record as the REST API showed it at the time of the event (an `order.created` carries the order); for a custom event, the JSON object its publisher sent. */
  data: Scalars['JSON']['output'];
  /** Event identifier (`evt_…`). Also the `webhook-id` header of every delivery of the event, retries and resends included: deduplicate by it. */
  id: Scalars['String']['output'];
  /** The inventory item the event is about when `resource.type` is `inventory_item`, else null; resolved by inventory (GraphQL only; needs `inventory:read`). */
  inventory_item?: Maybe<InventoryItem>;
  /** When the event was recorded, in the transaction of the change that caused it. */
  occurred_at: Scalars['DateTime']['output'];
  /** The order the event is about when `resource.type` is `order`, else null; resolved by CRM (GraphQL only; needs `crm:read`). */
  order?: Maybe<Order>;
  /** The record the event is about; null for custom events. */
  resource?: Maybe<EventResource>;
  /** What produced the event. */
  source: EventSourceInfo;
  /** The tenant the event belongs to (`ten_…`). */
  tenant_id: Scalars['String']['output'];
  /** The event type: a platform type such as `order.created`, or `custom.…` for events clients publish. */
  type: Scalars['String']['output'];
};

/** Aggregates of events: one group per distinct grouping key, in the requested order. */
export type EventAggregate = {
  __typename?: 'EventAggregate';
  /** The groups, at most `limit`. */
  groups: Array<EventAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the events of a group. */
export type EventAggregateDistinct = {
  __typename?: 'EventAggregateDistinct';
  /** Records the events are about. */
  resource_id: Scalars['Int']['output'];
};

/** A group of events: its key, how many records it holds and the statistics of their numbers and amounts. */
export type EventAggregateGroup = {
  __typename?: 'EventAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: EventAggregateDistinct;
  /** What the records of the group share. */
  key: EventAggregateKey;
};

/** The grouping key of a group of events: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type EventAggregateKey = {
  __typename?: 'EventAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The kind of record the event is about (`order`, `inventory_item`, …); null for custom events. */
  resource_type?: Maybe<Scalars['String']['output']>;
  /** What produced the event: `api`, `platform`, `connector`, `workflow` or `ai_task`. */
  source_type?: Maybe<EventSourceType>;
  /** The event type (`order.created`, `custom.…`). */
  type?: Maybe<Scalars['String']['output']>;
};

/** A page of Event records. */
export type EventList = {
  __typename?: 'EventList';
  /** Records of this page. */
  data: Array<Event>;
  meta: PageMeta;
};

/** The record an event is about. */
export type EventResource = {
  __typename?: 'EventResource';
  /** The record’s id (`ord_…`, a SKU, `inv_…`, …), as its own REST resource names it. */
  id: Scalars['String']['output'];
  /** The kind of record: `order`, `inventory_item`, `invoice`, `sync_job` (later `workflow_run`, `ai_query`). */
  type: Scalars['String']['output'];
};

/** What produced an event. */
export type EventSourceInfo = {
  __typename?: 'EventSourceInfo';
  /** For `workflow`: how deep that run is in a chain of runs triggering runs (1: started by the API, a schedule or an event no run produced). A run this event triggers is one deeper; past the limit it is not started (loop protection). */
  chain_depth?: Maybe<Scalars['Int']['output']>;
  /** For `api`: the OAuth client (`cli_…`) or API key (`key_…`) whose request produced the event; for `connector` the connector (`con_…`), for `workflow` the workflow (`wf_…`); else null. */
  credential_id?: Maybe<Scalars['String']['output']>;
  /** For `api`: the `X-Request-Id` of that request (`req_…`); else null. */
  request_id?: Maybe<Scalars['String']['output']>;
  /** `api`, `platform`, `connector`, `workflow` or `ai_task`. */
  type: EventSourceType;
  /** For `workflow`: the run (`wfr_…`) whose step produced the event; else null. */
  workflow_run_id?: Maybe<Scalars['String']['output']>;
};

/** What produced an event. */
export type EventSourceType =
  /** A write of an AI agent task; `credential_id` is the task (`ait_…`). */
  | 'ai_task'
  /** A request of a credential (REST or GraphQL); `credential_id` and `request_id` name it. */
  | 'api'
  /** A connected channel (integrations). */
  | 'connector'
  /** The platform itself: a rule or a background job. */
  | 'platform'
  /** An automation workflow. */
  | 'workflow';

/** A document: a PDF or an image as base64, or plain text / an e-mail as text. */
export type ExtractDocumentInput = {
  /** A PDF or an image, base64-encoded (the request body is limited to MAX_REQUEST_BODY_BYTES, 1 MiB by default). */
  content_base64?: InputMaybe<Scalars['String']['input']>;
  /** `application/pdf`, `image/png`, `image/jpeg`, `text/plain` or `message/rfc822`. */
  content_type: Scalars['String']['input'];
  /** Its file name, kept for reference. */
  filename?: InputMaybe<Scalars['String']['input']>;
  /** Plain text or an e-mail (RFC 822), up to 500,000 characters. */
  text?: InputMaybe<Scalars['String']['input']>;
};

/** The OpenID Connect provider people of the tenant sign in to the console with. The client secret is never returned. */
export type IdentityProvider = {
  __typename?: 'IdentityProvider';
  /** The platform’s client id at the provider. */
  client_id: Scalars['String']['output'];
  /** When the provider was first configured. */
  created_at: Scalars['DateTime']['output'];
  /** Shown on the console’s sign-in button (“Sign in with …”). */
  display_name: Scalars['String']['output'];
  /** The issuer identifier, as the provider’s discovery document spells it. */
  issuer: Scalars['String']['output'];
  /** The redirect URI to register for the client at the provider: `<PUBLIC_URL>/auth/oidc/callback`. */
  redirect_uri: Scalars['String']['output'];
  /** When the configuration last changed. */
  updated_at: Scalars['DateTime']['output'];
};

/** The parameters of a template to install. */
export type InstallWorkflowTemplateInput = {
  /** Whether its trigger starts runs at once (default true). */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The workflow’s name (default: the template’s). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The template’s parameters (see its `parameters` schema). */
  parameters?: InputMaybe<Scalars['JSON']['input']>;
};

/** A stock-keeping unit. Its stock is held per warehouse (`stock_levels`); `warehouse_id` is its home warehouse. */
export type InventoryItem = {
  __typename?: 'InventoryItem';
  /** When true, stock may fall below zero (orders are taken for stock not yet received); when false, such changes are refused with `insufficient_stock`. */
  allow_backorder: Scalars['Boolean']['output'];
  /** When the item was archived; null while it is active. Archived items only take adjustments. */
  archived_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the item was created. */
  created_at: Scalars['DateTime']['output'];
  /** ISO 4217 code of `unit_cost`; null exactly when `unit_cost` is. */
  currency?: Maybe<Scalars['String']['output']>;
  /** SKU identifier, chosen by the client; unique per tenant. */
  id: Scalars['String']['output'];
  /** Time of the last synchronisation of this record (its creation or last change through the API, or a connector sync). */
  last_synced_at: Scalars['DateTime']['output'];
  /** The stock movements of the item, newest first, one page at a time (`page`, `per_page`) (GraphQL only; `stock_movements(item_id: ...)` also pages through them, with cursors). */
  movements: Array<StockMovement>;
  /** Aggregates of the stock movements of this SKU: net change, receipts and shipments per warehouse or period. Same arguments as `stock_movements_aggregate`. */
  movements_aggregate: StockMovementAggregate;
  /** Item name. */
  name: Scalars['String']['output'];
  /** Purchase orders in `draft` or `confirmed` with a line for this SKU, newest first: stock on its way in (GraphQL only; needs a CRM scope). */
  open_purchase_orders: Array<Order>;
  /** Aggregates of the order lines of this SKU: quantities sold and bought, revenue. Same arguments as `order_lines_aggregate`. */
  order_lines_aggregate: OrderLineAggregate;
  /** Current stock quantity: the sum of the item’s stock levels over all warehouses. */
  quantity_on_hand: Scalars['Int']['output'];
  /** Threshold used by the `inventory.stock.low` event: stock is low when `quantity_on_hand < reorder_point`. */
  reorder_point: Scalars['Int']['output'];
  /** Stock per warehouse, by warehouse id; levels brought back to zero stay listed (GraphQL only). */
  stock_levels: Array<StockLevel>;
  /** The value of the item’s stock: `quantity_on_hand` × `unit_cost`, in `currency` (negative while backordered); null when the item has no `unit_cost`. */
  stock_value?: Maybe<MoneyAmount>;
  /** What one unit costs, in minor units of `currency` (0 to 1000000000); null when not known. */
  unit_cost?: Maybe<Scalars['MinorUnits']['output']>;
  /** When the item last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change (stock changes included); send it back as `version` (or REST `If-Match: "<version>"`) to refuse a change based on an older read. */
  version: Scalars['Int']['output'];
  /** The home warehouse (GraphQL only). */
  warehouse: Warehouse;
  /** Home warehouse of the item: where receipts, fulfilments and adjustments go unless they name another warehouse. Stock may also be held elsewhere (see `stock_levels`). */
  warehouse_id: Scalars['String']['output'];
};


/** A stock-keeping unit. Its stock is held per warehouse (`stock_levels`); `warehouse_id` is its home warehouse. */
export type InventoryItemMovementsArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
};


/** A stock-keeping unit. Its stock is held per warehouse (`stock_levels`); `warehouse_id` is its home warehouse. */
export type InventoryItemMovements_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<StockMovementKind>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  quantity_max?: InputMaybe<Scalars['Int']['input']>;
  quantity_min?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  source_id?: InputMaybe<Scalars['String']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};


/** A stock-keeping unit. Its stock is held per warehouse (`stock_levels`); `warehouse_id` is its home warehouse. */
export type InventoryItemOrder_Lines_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  cancelled_after?: InputMaybe<Scalars['DateTime']['input']>;
  cancelled_before?: InputMaybe<Scalars['DateTime']['input']>;
  channel?: InputMaybe<Scalars['String']['input']>;
  confirmed_after?: InputMaybe<Scalars['DateTime']['input']>;
  confirmed_before?: InputMaybe<Scalars['DateTime']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  fulfilled_after?: InputMaybe<Scalars['DateTime']['input']>;
  fulfilled_before?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<OrderKind>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  received_after?: InputMaybe<Scalars['DateTime']['input']>;
  received_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
  status_in?: InputMaybe<Array<OrderStatus>>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
};

/** Aggregates of inventory items: one group per distinct grouping key, in the requested order. */
export type InventoryItemAggregate = {
  __typename?: 'InventoryItemAggregate';
  /** The groups, at most `limit`. */
  groups: Array<InventoryItemAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the inventory items of a group. */
export type InventoryItemAggregateDistinct = {
  __typename?: 'InventoryItemAggregateDistinct';
  /** Currencies of unit costs. */
  currency: Scalars['Int']['output'];
  /** Home warehouses. */
  warehouse_id: Scalars['Int']['output'];
};

/** A group of inventory items: its key, how many records it holds and the statistics of their numbers and amounts. */
export type InventoryItemAggregateGroup = {
  __typename?: 'InventoryItemAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: InventoryItemAggregateDistinct;
  /** What the records of the group share. */
  key: InventoryItemAggregateKey;
  /** Stock over all warehouses. */
  quantity_on_hand: NumberStatistics;
  /** Reorder points. */
  reorder_point: NumberStatistics;
  /** Stock values: `quantity_on_hand` × `unit_cost` (negative while backordered; items without a cost are left out). One entry per currency, by currency code. */
  stock_value: Array<MoneyStatistics>;
  /** Unit costs (items without a cost are left out). One entry per currency, by currency code. */
  unit_cost: Array<MoneyStatistics>;
};

/** The grouping key of a group of inventory items: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type InventoryItemAggregateKey = {
  __typename?: 'InventoryItemAggregateKey';
  /** Whether the item takes backorders. */
  allow_backorder?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the item is archived (with `archived: true`). */
  archived?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the item is below its reorder point (`quantity_on_hand < reorder_point`). */
  below_reorder_point?: Maybe<Scalars['Boolean']['output']>;
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The currency of the unit cost (ISO 4217); null for items without a cost. */
  currency?: Maybe<Scalars['String']['output']>;
  /** The home warehouse. */
  warehouse_id?: Maybe<Scalars['String']['output']>;
};

/** A page of InventoryItem records. */
export type InventoryItemList = {
  __typename?: 'InventoryItemList';
  /** Records of this page. */
  data: Array<InventoryItem>;
  meta: PageMeta;
};

export type InviteUserInput = {
  /** Email address; stored lower-cased, unique per tenant. */
  email: Scalars['String']['input'];
  /** 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** A built-in role id (`role_owner`, `role_admin`, `role_developer`, `role_analyst`, `role_viewer`) or a custom role id. */
  role_id: Scalars['String']['input'];
};

/** A bill to a customer (accounts receivable). Amounts are in minor units of `currency` and computed by the server from the lines. Issuing posts Dr accounts_receivable / Cr revenue and tax_payable; each payment posts Dr cash / Cr accounts_receivable. */
export type Invoice = {
  __typename?: 'Invoice';
  /** `total - amount_paid`. 0 once paid. */
  amount_due: Scalars['MinorUnits']['output'];
  /** Sum of the payments recorded. */
  amount_paid: Scalars['MinorUnits']['output'];
  /** When the invoice was created. */
  created_at: Scalars['DateTime']['output'];
  /** ISO 4217 currency code of every amount of the invoice (3 upper-case letters). */
  currency: Scalars['String']['output'];
  /** The customer billed (GraphQL only; resolved by the CRM subgraph). */
  customer: Customer;
  /** The CRM customer billed. */
  customer_id: Scalars['String']['output'];
  /** Date payment is due, `YYYY-MM-DD`. When not given it is set on issue to the issue date (UTC) plus `payment_terms_days`; null for drafts without one. */
  due_date?: Maybe<Scalars['String']['output']>;
  /** Invoice identifier (`inv_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** When the invoice was issued. */
  issued_at?: Maybe<Scalars['DateTime']['output']>;
  /** The journal entries of the invoice (issue, payments, reversal on void), in posting order (GraphQL only). */
  ledger_entries: Array<LedgerEntry>;
  /** The lines, in order. */
  lines: Array<InvoiceLine>;
  /** A note shown on the invoice. */
  memo?: Maybe<Scalars['String']['output']>;
  /** Invoice number, `INV-000001`: assigned when the invoice is issued, in issue order without gaps per tenant; null for drafts. */
  number?: Maybe<Scalars['String']['output']>;
  /** The sales order invoiced, if any (GraphQL only; resolved by the CRM subgraph). */
  order?: Maybe<Order>;
  /** The CRM sales order the invoice was drawn up from, if any. */
  order_id?: Maybe<Scalars['String']['output']>;
  /** When the last payment settled the invoice. */
  paid_at?: Maybe<Scalars['DateTime']['output']>;
  /** Days from the issue date to the due date when no `due_date` is given. Default 30. */
  payment_terms_days: Scalars['Int']['output'];
  /** Lifecycle status. */
  status: InvoiceStatus;
  /** Sum of the lines’ `subtotal`. */
  subtotal: Scalars['MinorUnits']['output'];
  /** Sum of the lines’ `tax`. */
  tax_total: Scalars['MinorUnits']['output'];
  /** `subtotal + tax_total`: what the customer owes in all. */
  total: Scalars['MinorUnits']['output'];
  /** When the invoice last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change and action; send it back as `version` (or `If-Match: "<version>"`) to refuse a change based on a stale copy. */
  version: Scalars['Int']['output'];
  /** When the invoice was voided. */
  voided_at?: Maybe<Scalars['DateTime']['output']>;
};

/** Aggregates of invoices: one group per distinct grouping key, in the requested order. */
export type InvoiceAggregate = {
  __typename?: 'InvoiceAggregate';
  /** The groups, at most `limit`. */
  groups: Array<InvoiceAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the invoices of a group. */
export type InvoiceAggregateDistinct = {
  __typename?: 'InvoiceAggregateDistinct';
  /** Customers. */
  customer_id: Scalars['Int']['output'];
};

/** A group of invoices: its key, how many records it holds and the statistics of their numbers and amounts. */
export type InvoiceAggregateGroup = {
  __typename?: 'InvoiceAggregateGroup';
  /** Amounts due (`total - amount_paid`): with `status: issued`, the open balance. One entry per currency, by currency code. */
  amount_due: Array<MoneyStatistics>;
  /** Amounts paid. One entry per currency, by currency code. */
  amount_paid: Array<MoneyStatistics>;
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: InvoiceAggregateDistinct;
  /** Days from issue to full payment, for paid invoices (their average is the days sales outstanding of the invoices paid). */
  days_to_payment: NumberStatistics;
  /** What the records of the group share. */
  key: InvoiceAggregateKey;
  /** Subtotals (before taxes). One entry per currency, by currency code. */
  subtotal: Array<MoneyStatistics>;
  /** Taxes. One entry per currency, by currency code. */
  tax_total: Array<MoneyStatistics>;
  /** Totals (taxes included). One entry per currency, by currency code. */
  total: Array<MoneyStatistics>;
};

/** The grouping key of a group of invoices: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type InvoiceAggregateKey = {
  __typename?: 'InvoiceAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The currency (ISO 4217). */
  currency?: Maybe<Scalars['String']['output']>;
  /** The customer. */
  customer_id?: Maybe<Scalars['String']['output']>;
  /** Whether the invoice is overdue (issued, not fully paid, due date before today in UTC). */
  overdue?: Maybe<Scalars['Boolean']['output']>;
  /** The invoice status. */
  status?: Maybe<InvoiceStatus>;
};

/** One line of an invoice. `subtotal`, `tax` and `total` are computed by the server. */
export type InvoiceLine = {
  __typename?: 'InvoiceLine';
  /** What is billed, as the customer sees it. */
  description: Scalars['String']['output'];
  /** Line identifier (`inl_…`), assigned by the platform; lines replaced by an update get new ids. */
  id: Scalars['String']['output'];
  /** The SKU billed, if any (lines copied from an order carry the order line’s SKU). */
  item_id?: Maybe<Scalars['String']['output']>;
  /** Number of units, greater than 0. */
  quantity: Scalars['Int']['output'];
  /** `quantity × unit_price`. */
  subtotal: Scalars['MinorUnits']['output'];
  /** `subtotal × tax_rate / 10000`, rounded half up to a whole minor unit, per line. */
  tax: Scalars['MinorUnits']['output'];
  /** Tax rate in basis points, 0 to 10000 (2000 = 20 %). */
  tax_rate: Scalars['Int']['output'];
  /** `subtotal + tax`. */
  total: Scalars['MinorUnits']['output'];
  /** Price of one unit before tax, in minor units of the invoice currency; 0 or more. */
  unit_price: Scalars['MinorUnits']['output'];
};

/** One line of an invoice; the server computes its subtotal, tax and total. */
export type InvoiceLineInput = {
  /** What is billed, 1 to 500 characters. */
  description: Scalars['String']['input'];
  /** The SKU billed, if any: 1 to 64 letters, digits, `.`, `_`, `:` or `-`. */
  item_id?: InputMaybe<Scalars['String']['input']>;
  /** Number of units, greater than 0. */
  quantity: Scalars['Int']['input'];
  /** Tax rate in basis points, 0 to 10000 (2000 = 20 %). Default 0. */
  tax_rate?: InputMaybe<Scalars['Int']['input']>;
  /** Price of one unit before tax, in minor units; 0 or more. */
  unit_price: Scalars['MinorUnits']['input'];
};

/** A page of Invoice records. */
export type InvoiceList = {
  __typename?: 'InvoiceList';
  /** Records of this page. */
  data: Array<Invoice>;
  meta: PageMeta;
};

/** Where an invoice is in its lifecycle: `draft` → `issued` → `paid`; `void` from `draft`, or from `issued` before any payment. */
export type InvoiceStatus =
  /** Being prepared: editable and deletable; no number, no ledger entry. */
  | 'draft'
  /** Sent to the customer: numbered, posted to the ledger (accounts receivable), awaiting payment. Partially paid invoices stay `issued`. */
  | 'issued'
  /** Fully paid: `amount_due` is 0. Final. */
  | 'paid'
  /** Cancelled: a voided issued invoice has its issue entry reversed. Final. */
  | 'void';

/** The totals of one account in one currency. Over all accounts of a currency the balances sum to 0 (the trial balance), because every entry balances. */
export type LedgerBalance = {
  __typename?: 'LedgerBalance';
  /** Account code. */
  account: Scalars['String']['output'];
  /** `debit_total - credit_total`: positive for a debit balance (assets such as cash and accounts_receivable), negative for a credit balance (revenue, tax_payable). */
  balance: Scalars['MinorUnits']['output'];
  /** Sum of the credits to the account. */
  credit_total: Scalars['MinorUnits']['output'];
  /** ISO 4217 currency code. */
  currency: Scalars['String']['output'];
  /** Sum of the debits to the account. */
  debit_total: Scalars['MinorUnits']['output'];
};

/** A double-entry journal entry: its debits equal its credits. Entries are never changed or deleted; a manual entry is corrected by its reversal, an invoice’s entries by voiding the invoice. */
export type LedgerEntry = {
  __typename?: 'LedgerEntry';
  /** When the entry was recorded. */
  created_at: Scalars['DateTime']['output'];
  /** ISO 4217 currency code of every amount of the entry. */
  currency: Scalars['String']['output'];
  /** What the entry records. */
  description: Scalars['String']['output'];
  /** Entry identifier (`le_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** The debit and credit lines, at least two, in the order posted. */
  lines: Array<LedgerLine>;
  /** Accounting time of the entry (balances `as_of` a time include entries posted at or before it). */
  posted_at: Scalars['DateTime']['output'];
  /** The reversal of this entry, once reversed (an entry is reversed at most once). */
  reversed_by_entry_id?: Maybe<Scalars['String']['output']>;
  /** The entry this one reverses (only for `reversal` entries). */
  reverses_entry_id?: Maybe<Scalars['String']['output']>;
  /** The invoice of `invoice`, `payment` and invoice `reversal` entries; null for manual entries and their reversals. */
  source_id?: Maybe<Scalars['String']['output']>;
  /** What posted the entry. */
  source_type: LedgerEntrySourceType;
};

/** Aggregates of journal entries: one group per distinct grouping key, in the requested order. */
export type LedgerEntryAggregate = {
  __typename?: 'LedgerEntryAggregate';
  /** The groups, at most `limit`. */
  groups: Array<LedgerEntryAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the journal entries of a group. */
export type LedgerEntryAggregateDistinct = {
  __typename?: 'LedgerEntryAggregateDistinct';
  /** Sources (invoices). */
  source_id: Scalars['Int']['output'];
};

/** A group of journal entries: its key, how many records it holds and the statistics of their numbers and amounts. */
export type LedgerEntryAggregateGroup = {
  __typename?: 'LedgerEntryAggregateGroup';
  /** Entry amounts (the sum of the debits, equal to the credits). One entry per currency, by currency code. */
  amount: Array<MoneyStatistics>;
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: LedgerEntryAggregateDistinct;
  /** What the records of the group share. */
  key: LedgerEntryAggregateKey;
};

/** The grouping key of a group of journal entries: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type LedgerEntryAggregateKey = {
  __typename?: 'LedgerEntryAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The currency (ISO 4217). */
  currency?: Maybe<Scalars['String']['output']>;
  /** What posted the entry. */
  source_type?: Maybe<LedgerEntrySourceType>;
};

/** A page of LedgerEntry records. */
export type LedgerEntryList = {
  __typename?: 'LedgerEntryList';
  /** Records of this page. */
  data: Array<LedgerEntry>;
  meta: PageMeta;
};

/** What posted a journal entry. */
export type LedgerEntrySourceType =
  /** Issuing an invoice (`source_id`: the invoice): Dr accounts_receivable, Cr revenue and tax_payable. */
  | 'invoice'
  /** Posted by a client through `post_ledger_entry` (`source_id` is null). */
  | 'manual'
  /** A payment of an invoice (`source_id`: the invoice): Dr cash, Cr accounts_receivable. */
  | 'payment'
  /** The mirror of another entry (`reverses_entry_id`); `source_id` is that entry’s source (the invoice of a voided invoice). */
  | 'reversal';

/** One side of a journal entry: an amount debited or credited to an account. Exactly one of `debit` and `credit` is greater than 0. */
export type LedgerLine = {
  __typename?: 'LedgerLine';
  /** Account code (`accounts_receivable`, `revenue`, `tax_payable`, `cash`, or any code of a manual entry). */
  account: Scalars['String']['output'];
  /** Amount credited, in minor units of the entry’s currency; 0 on a debit line. */
  credit: Scalars['MinorUnits']['output'];
  /** Amount debited, in minor units of the entry’s currency; 0 on a credit line. */
  debit: Scalars['MinorUnits']['output'];
};

/** Aggregates of journal entry lines: one group per distinct grouping key, in the requested order. */
export type LedgerLineAggregate = {
  __typename?: 'LedgerLineAggregate';
  /** The groups, at most `limit`. */
  groups: Array<LedgerLineAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the journal entry lines of a group. */
export type LedgerLineAggregateDistinct = {
  __typename?: 'LedgerLineAggregateDistinct';
  /** Accounts. */
  account: Scalars['Int']['output'];
  /** Entries. */
  entry_id: Scalars['Int']['output'];
};

/** A group of journal entry lines: its key, how many records it holds and the statistics of their numbers and amounts. */
export type LedgerLineAggregateGroup = {
  __typename?: 'LedgerLineAggregateGroup';
  /** Debit minus credit: its sum per account is the account balance. One entry per currency, by currency code. */
  balance: Array<MoneyStatistics>;
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: LedgerLineAggregateDistinct;
  /** Credits (0 on debit lines). One entry per currency, by currency code. */
  credit: Array<MoneyStatistics>;
  /** Debits (0 on credit lines). One entry per currency, by currency code. */
  debit: Array<MoneyStatistics>;
  /** What the records of the group share. */
  key: LedgerLineAggregateKey;
};

/** The grouping key of a group of journal entry lines: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type LedgerLineAggregateKey = {
  __typename?: 'LedgerLineAggregateKey';
  /** The account of the line. */
  account?: Maybe<Scalars['String']['output']>;
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The currency (ISO 4217). */
  currency?: Maybe<Scalars['String']['output']>;
  /** What posted the entry. */
  source_type?: Maybe<LedgerEntrySourceType>;
};

/** One line of a manual entry: exactly one of `debit` and `credit` greater than 0. */
export type LedgerLineInput = {
  /** Account code: a lower-case letter, then up to 63 lower-case letters, digits, `_`, `.`, `:` or `-`. */
  account: Scalars['String']['input'];
  /** Amount credited, 0 or more. Default 0. */
  credit?: InputMaybe<Scalars['MinorUnits']['input']>;
  /** Amount debited, 0 or more. Default 0. */
  debit?: InputMaybe<Scalars['MinorUnits']['input']>;
};

/** Why a record could not be mapped or written. */
export type MappingError = {
  __typename?: 'MappingError';
  /** What: `expression_failed`, `value_invalid`, `value_missing`, `record_unreadable`, or the platform error code of a refused write (`rule_violation`, `already_exists`, …). */
  code: Scalars['String']['output'];
  /** Where: `fields.<name>` or `filter` (an expression), a field of the target input (`lines.0.quantity`, as the API names it), `stream`, or `record` (the record as a whole). */
  field: Scalars['String']['output'];
  /** In words. */
  message: Scalars['String']['output'];
};

/** A dry run of a mapping: nothing was written. */
export type MappingPreview = {
  __typename?: 'MappingPreview';
  /** Each record’s outcome, in order. */
  records: Array<MappingPreviewRecord>;
};

/** What a mapping makes of one record. */
export type MappingPreviewRecord = {
  __typename?: 'MappingPreviewRecord';
  /** Every error of the record; empty unless failed. */
  errors: Array<MappingError>;
  /** Its id in the source. */
  external_id: Scalars['String']['output'];
  /** The input the target mutation would receive; null unless mapped. */
  input?: Maybe<Scalars['JSON']['output']>;
  /** `mapped` (see `input`), `skipped` (the filter rejected it) or `failed` (see `errors`). */
  outcome: Scalars['String']['output'];
  /** The record’s stream. */
  stream: Scalars['String']['output'];
};

/** A record as a connector reads it, to preview a mapping with. */
export type MappingSampleRecordInput = {
  /** The record (a JSON object): what the mapping’s expressions read as `$`. */
  data: Scalars['JSON']['input'];
  /** Its id in the source. */
  external_id: Scalars['String']['input'];
  /** The stream it comes from (`products`, `orders`, or a REST source’s stream name). */
  stream: Scalars['String']['input'];
};

/** A platform mutation a field mapping may write through, with the input fields a mapping maps. */
export type MappingTarget = {
  __typename?: 'MappingTarget';
  /** The input fields: `name`, `type`, `required`, `description`, `enum_values`, nested `fields`. */
  fields: Scalars['JSON']['output'];
  /** Its GraphQL input type. */
  input_type: Scalars['String']['output'];
  /** The mutation (`create_order`): a stream’s `target`. */
  name: Scalars['String']['output'];
  /** The kind of record it creates. */
  resource: Scalars['String']['output'];
  /** The scope its writes take: saving a mapping to it requires holding it. */
  scope: Scalars['String']['output'];
  /** Whether a record it created is updated when the source record changes (else it is created once). */
  updates: Scalars['Boolean']['output'];
};

/** An amount of money in one currency. */
export type MoneyAmount = {
  __typename?: 'MoneyAmount';
  /** Amount in minor units of `currency`. */
  amount: Scalars['MinorUnits']['output'];
  /** ISO 4217 currency code, 3 upper-case letters. */
  currency: Scalars['String']['output'];
};

/** Statistics of an amount of money over the records of a group in one currency: amounts in different currencies are never added or compared. */
export type MoneyStatistics = {
  __typename?: 'MoneyStatistics';
  /** Average, in minor units (not rounded). */
  avg: Scalars['Float']['output'];
  /** Records with an amount in this currency. */
  count: Scalars['Int']['output'];
  /** ISO 4217 currency code. */
  currency: Scalars['String']['output'];
  /** Largest amount, in minor units. */
  max: Scalars['MinorUnits']['output'];
  /** Smallest amount, in minor units. */
  min: Scalars['MinorUnits']['output'];
  /** Sum, in minor units. */
  sum: Scalars['MinorUnits']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Corrects the stock of an item in one warehouse (default: its home) by a signed quantity, recording an `adjustment` movement. The only stock change archived items take. */
  adjust_inventory_item?: Maybe<InventoryItem>;
  /** Archives a customer: it is left out of lists by default and cannot be named on new orders or order changes. Its orders are unaffected. Archiving an archived customer is refused (`invalid_state`). */
  archive_customer?: Maybe<Customer>;
  /** Archives an item: it leaves the item list (unless `archived=true`), other domains no longer see it as an existing SKU, and its stock only changes by adjustments. */
  archive_inventory_item?: Maybe<InventoryItem>;
  /** Archives a warehouse: it takes no more stock and cannot become a home warehouse. Refused (`invalid_state`) while any item has stock in it (positive or negative) or any active item has it as its home warehouse. */
  archive_warehouse?: Maybe<Warehouse>;
  /** Asks a question about the tenant’s operations data in plain English. It is planned over the supergraph’s own list queries (by the built-in semantic parser, or by the configured language model) and executed with your credential: your tenant and your scopes, never more (a question reading a list you may not read is refused with `insufficient_scope` naming the scope). The answer is structured (a number, records, or a table with typed columns) and comes with the GraphQL operations that produced it. An ambiguous or unanswerable question is said so, with suggestions, and nothing runs. Kept (`GET /v1/ai/queries`); `ai.query.completed` fires. */
  ask_copilot?: Maybe<AiQuery>;
  /** Cancels a task awaiting approval, queued or running (any other status: `invalid_state`). A running task stops before its next step; what its steps did stays. */
  cancel_ai_task?: Maybe<AiTask>;
  /** Cancels a queued or running bulk mutation (any other status: `invalid_state`): no line after the batch under way runs; the lines that ran stay applied, and their outcomes are in the result file. */
  cancel_bulk_mutation?: Maybe<BulkMutation>;
  /** Cancels a queued or running export and deletes what it had written (any other status: `invalid_state`). A running export stops before its next page. */
  cancel_export?: Maybe<BulkExport>;
  /** Cancels a draft or confirmed order (→ `cancelled`). No stock has moved for such orders, so none moves back. Fulfilled, received and cancelled orders cannot be cancelled. */
  cancel_order?: Maybe<Order>;
  /** Cancels a queued or running job (any other state: `invalid_state`). A queued job is cancelled at once; a running one stops at its next record, keeping what it wrote. */
  cancel_sync?: Maybe<SyncJob>;
  /** Cancels a queued, running or waiting run (any other status: `invalid_state`). A run between two steps is cancelled at once; one performing a step stops when that step ends, keeping what it did. `workflow.completed` fires with `cancelled`. */
  cancel_workflow_run?: Maybe<WorkflowRun>;
  /** Configures (or replaces) the tenant’s OpenID Connect identity provider. The discovery document is fetched now, within 10 seconds: a provider that cannot be reached, names another issuer or lacks the authorization code flow is refused with `rule_violation` naming `issuer`. Register `redirect_uri` at the provider. */
  configure_identity_provider?: Maybe<IdentityProvider>;
  /** Confirms a draft order (`draft` → `confirmed`); it needs at least one line (else `invalid_state`). A confirmed order can no longer be changed. */
  confirm_order?: Maybe<Order>;
  /** Plans a goal into writes over the platform’s operations (reading what it needs with your credential) and keeps the plan. With `require_approval` (the default) nothing is written until the plan is approved; then its steps run on the job queue, one after the other, as the task: with your scopes, never more (a plan needing a scope you lack is refused with `insufficient_scope`), each write audited with the task as actor. A plan with no step ends `succeeded` at once. An unknown goal without a language model: `rule_violation` listing the goals the offline planner knows. */
  create_ai_task?: Maybe<AiTask>;
  /** Creates an API key. The response holds its secret, shown this once. */
  create_api_key?: Maybe<ApiKey>;
  /** Runs one mutation once per line of an upload (`POST /v1/bulk/uploads`, JSONL: each line its variables), asynchronously on the job queue, in line order (a few lines at a time). Counted as one request against the rate limit: its lines are not. Each line runs as you, with the scopes your credential holds now (never more), with the `Idempotency-Key` `<id>:<line>`, so a line is never applied twice. A document that is not one mutation of one root field is a 422 naming `mutation`; an unknown or expired upload a 422 naming `upload_id`; more than 3 bulk mutations under way in the tenant a 409 `quota_exceeded`. Follow it with `GET /v1/bulk/mutations/{id}` or `bulk_mutation.completed`. */
  create_bulk_mutation?: Maybe<BulkMutation>;
  /** Creates a connector. Its credentials are sealed and never shown again; check them with `test_connector`. Save a field mapping before the first sync. A tenant holds at most 20 connectors by default: one more is refused with `quota_exceeded` (`limit: connectors`, `maximum`). */
  create_connector?: Maybe<Connector>;
  /** Creates a customer with its contacts and addresses; the platform assigns its id. */
  create_customer?: Maybe<Customer>;
  /** Turns an extraction into a draft purchase order (`create_order`, needs `crm:write`) or a draft invoice (`create_invoice`, needs `finance:write`), made through that operation with your credential (its rules, events and audit record). Lines are matched to SKUs by item code, then description; what cannot be matched is refused with `rule_violation` naming the field to give. An extraction makes one draft (again: `invalid_state`). */
  create_draft_from_extraction?: Maybe<AiExtraction>;
  /** Starts an asynchronous export of a list query (its filters, sort and selected fields, federated fields included) to NDJSON or CSV. The query runs as you: its first page is read now, so a scope you lack or a filter that does not hold is refused here (with the list’s own error); the export then runs with the scopes your credential holds now, never more. A query that is not one paginated list field is a 422 naming `query`. Follow it with `GET /v1/bulk/exports/{id}` or `export.completed`. */
  create_export?: Maybe<BulkExport>;
  /** Creates an inventory item with a client-chosen SKU; a non-zero initial stock is recorded as a `receipt` movement. */
  create_inventory_item?: Maybe<InventoryItem>;
  /** Creates a draft invoice, from lines or from a confirmed or fulfilled sales order (`order_id`). */
  create_invoice?: Maybe<Invoice>;
  /** Creates an OAuth client allowed the given scopes (at most those of the calling credential). The response holds its secret, shown this once. */
  create_oauth_client?: Maybe<CreatedOAuthClient>;
  /** Creates a draft order with the next number of its kind (`SO-…`, `PO-…`). `channel` is set to `api` (a connector’s id when its sync creates the order); totals are computed. */
  create_order?: Maybe<Order>;
  /** Creates a custom role; the platform assigns its id. */
  create_role?: Maybe<Role>;
  /** Saves a GraphQL operation under a name. The document must parse, hold exactly one query or mutation and validate against the API schema: otherwise a 422 `rule_violation` naming `document` with GraphQL’s messages. A name already saved is `already_exists`. A tenant saves at most 500 operations (`quota_exceeded`). Saving grants nothing: each run is checked against the running credential’s scopes. */
  create_saved_operation?: Maybe<SavedOperation>;
  /** Creates a warehouse; the platform assigns its id. */
  create_warehouse?: Maybe<Warehouse>;
  /** Registers a webhook endpoint for some event types, with a new signing secret (`whsec_…`) shown in this answer only. Every later event of those types is delivered to it. A tenant holds at most 20 endpoints by default, enabled or disabled: one more is refused with `quota_exceeded` (`limit: webhook_endpoints`, `maximum`). */
  create_webhook_endpoint?: Maybe<WebhookEndpointWithSecret>;
  /** Creates a workflow (definition version 1). Its definition is checked as a whole: unknown step kinds, expressions that do not parse, GraphQL operations the schema does not have or that need scopes it is not granted, URLs the outbound policy refuses: a 422 `rule_violation` naming each step and field (all of them at once). Granting a scope your credential lacks is a 422 too (`scopes`). Its signing secret is in this answer only. A tenant holds at most 50 workflows by default (`quota_exceeded`). */
  create_workflow?: Maybe<WorkflowWithSecret>;
  /** Deactivates a user and ends their console sessions; the record is kept. A user already deactivated is refused with `invalid_state`. */
  deactivate_user?: Maybe<User>;
  /** Approves or rejects the plan of a task awaiting approval (any other status: `invalid_state`). Approved: its steps run. Rejected: nothing runs, the task ends `rejected`. */
  decide_ai_task?: Maybe<AiTask>;
  /** Approves or rejects what a waiting run asks (its approval step). Approved: the run goes on. Rejected: the run fails with `approval_rejected`, unless the step says `on_reject: continue` (then later steps read `steps.<id>.decision`). A run not waiting for an approval: `invalid_state`. */
  decide_workflow_approval?: Maybe<WorkflowRun>;
  /** Deletes a connector with its mappings, sync jobs, failed records and links, and returns it as it was. Records it created stay. Refused with `invalid_state` while one of its jobs is queued or running: cancel it first. */
  delete_connector?: Maybe<Connector>;
  /** Deletes a draft invoice and returns it as it was (any other status: `invalid_transition`; void an issued invoice instead). */
  delete_invoice?: Maybe<Invoice>;
  /** Deletes a draft order (any other status: `invalid_transition`; cancel it instead) and returns it as it was. Its number is not reused. */
  delete_order?: Maybe<Order>;
  /** Deletes a custom role and returns it. Refused (`invalid_state`) for built-in roles and for roles still assigned to users (deactivated users included). */
  delete_role?: Maybe<Role>;
  /** Deletes a saved operation and returns it as it was; its name and hash name nothing from then on. */
  delete_saved_operation?: Maybe<SavedOperation>;
  /** Deletes an endpoint with its delivery log and returns it as it was. Deliveries still pending are dropped. */
  delete_webhook_endpoint?: Maybe<WebhookEndpoint>;
  /** Deletes a workflow with its versions and runs, and returns it as it was. Records its runs created stay. Refused with `invalid_state` while one of its runs is queued, running or waiting: cancel it first. */
  delete_workflow?: Maybe<Workflow>;
  /** Disables an enabled endpoint (already disabled: `invalid_state`): nothing is delivered to it, and its pending deliveries fail at their next attempt. */
  disable_webhook_endpoint?: Maybe<WebhookEndpoint>;
  /** Disables a workflow: its trigger starts no run, nor may the API. Runs under way go on (cancel them to stop them). */
  disable_workflow?: Maybe<Workflow>;
  /** Enables a disabled endpoint (already enabled: `invalid_state`) and clears `disabled_reason`. Events that occurred while it was disabled are not delivered by themselves: replay their time range. */
  enable_webhook_endpoint?: Maybe<WebhookEndpoint>;
  /** Enables a workflow: its trigger starts runs again (a schedule from its next time after now; events from now on). */
  enable_workflow?: Maybe<Workflow>;
  /** Reads a supplier invoice or purchase order: a PDF (its text layer), an image or a scanned PDF (text recognition, offline), plain text or an e-mail. Answers the supplier, number, dates, currency, lines and totals, each with a confidence and where it was found, the amounts cross-checked (a failed check lowers the confidence of the fields involved and adds a warning). Kept (the document itself is not: only its hash); turn it into a draft with `POST /v1/ai/extractions/{id}/draft`. */
  extract_document?: Maybe<AiExtraction>;
  /** Fulfils a confirmed sales order (`confirmed` → `fulfilled`): takes each line’s quantity out of its item’s stock in the same transaction. If any item lacks the stock (and allows no backorder) the order stays confirmed, no stock moves, and the answer is `insufficient_stock` naming the lines (`lines.N.quantity`). Purchase orders are received, not fulfilled (`invalid_transition`). */
  fulfil_order?: Maybe<Order>;
  /** Installs a template as a new workflow (its definition built from the parameters, then saved and checked as any other), granted the template’s scopes. Its signing secret is in this answer only. */
  install_workflow_template?: Maybe<WorkflowWithSecret>;
  /** Invites a person: creates the user in `invited` state with a role and, when the platform has a mail server (`SMTP_URL`), e-mails them the invitation link; otherwise hand them the link of `issue_invitation`. */
  invite_user?: Maybe<User>;
  /** A new invitation link for an invited user (7 days; shown once; an earlier link stops working). Hand it to the person when no e-mail reaches them. */
  issue_invitation?: Maybe<UserInvitation>;
  /** Issues a draft invoice: numbers it, fixes its due date and posts Dr accounts_receivable / Cr revenue, tax_payable. Needs at least one line. A total of 0 is issued straight to `paid`. Emits `invoice.issued` (then `invoice.paid` for a total of 0). */
  issue_invoice?: Maybe<Invoice>;
  /** A password-reset link for an active user (1 hour; shown once; an earlier link stops working). Setting the new password ends the user’s sessions and lockout. */
  issue_password_reset?: Maybe<UserPasswordReset>;
  /** Records a payment of an issued invoice (default: the whole amount due) and posts Dr cash / Cr accounts_receivable; the invoice is `paid` once nothing is due. Emits `invoice.payment_recorded`, then `invoice.paid` when nothing is due any more. */
  pay_invoice?: Maybe<Invoice>;
  /** Sends a signed test request (type `webhook.ping`, a fresh `webhook-id`, `data: { endpoint_id }`) to the endpoint now, whatever its status and event types, and answers with the outcome. Nothing is retried or recorded in the delivery log. */
  ping_webhook_endpoint?: Maybe<WebhookPingResult>;
  /** Posts a manual journal entry (`source_type: manual`). Refused with 422 `unbalanced_entry` when debits and credits differ. */
  post_ledger_entry?: Maybe<LedgerEntry>;
  /** Maps sample records, or a job’s failed records, with a mapping (the current one by default) and shows each outcome. Nothing is written: use it to check a mapping fix before saving it and replaying. */
  preview_connector_mapping?: Maybe<MappingPreview>;
  /** Publishes a custom event (`custom.…`): it is recorded in the event log and delivered to the webhook endpoints subscribed to its type and to live subscribers, like a platform event. `source` names the credential and request. */
  publish_event?: Maybe<Event>;
  /** Adds received stock to one warehouse (default: the item’s home), recording a `receipt` movement. */
  receive_inventory_item?: Maybe<InventoryItem>;
  /** Receives a confirmed purchase order (`confirmed` → `received`): adds each line’s quantity to its item’s stock in the same transaction. Sales orders are fulfilled, not received (`invalid_transition`). */
  receive_order?: Maybe<Order>;
  /** Removes the tenant’s identity provider and returns it: single sign-on stops at once (sessions already open stay; passwords keep working). `not_found` when none is configured. */
  remove_identity_provider?: Maybe<IdentityProvider>;
  /** Starts a replay job (trigger `replay`) that writes a job’s unresolved failed records again with the connector’s current mapping (after you fixed it), from their stored payloads: every one, or one (`failure_id`). A record already written is found unchanged, never written twice. Each record written is marked resolved; one that fails again is kept as a failure of the replay job. */
  replay_sync_failures?: Maybe<SyncJob>;
  /** Sends every event of the endpoint’s types that occurred in a time range to it again, oldest first, as new deliveries (trigger `replay`, `webhook-id` the event id). At most 10,000 events (more: `validation_failed`; split the range). The endpoint must be enabled. */
  replay_webhook_events?: Maybe<WebhookRedeliveryResult>;
  /** Sends one event to the endpoint again, as a new delivery (trigger `resend`) with the same `webhook-id` (the event id). The endpoint must be enabled and subscribe to the event’s type. */
  resend_webhook_event?: Maybe<WebhookRedeliveryResult>;
  /** Deletes all business data of a sandbox tenant (inventory and every other domain) in one transaction. Credentials, users, roles and the audit trail stay. Refused for production tenants. */
  reset_sandbox?: Maybe<Tenant>;
  /** Posts the reversal of a manual entry (every debit becomes a credit of the same account and amount) and returns it. An entry is reversed at most once and a reversal cannot be reversed (`invalid_state`); entries of invoices change only with their invoice (`void_invoice`). */
  reverse_ledger_entry?: Maybe<LedgerEntry>;
  /** Revokes an API key at once. */
  revoke_api_key?: Maybe<ApiKey>;
  /** Revokes an OAuth client for good: its token requests are refused at once, the access tokens it holds within 5 seconds. */
  revoke_oauth_client?: Maybe<OAuthClient>;
  /** Replaces an API key by a new one (same name, scopes and expiry); the old one keeps working for the overlap, then expires. */
  rotate_api_key?: Maybe<ApiKey>;
  /** Gives an OAuth client a new secret; the previous one keeps working for the overlap. */
  rotate_client_secret?: Maybe<ClientSecret>;
  /** Gives the endpoint a new signing secret, shown in this answer only. The previous secret keeps signing beside the new one (two signatures in `webhook-signature`) for `expire_previous_in_seconds` (default 24 hours), so receivers can switch without missing a delivery. A secret older than that one is dropped. */
  rotate_webhook_endpoint_secret?: Maybe<WebhookEndpointWithSecret>;
  /** Replaces the workflow’s signing secret; HTTP calls from now on are signed with the new one, shown in this answer only. */
  rotate_workflow_signing_secret?: Maybe<WorkflowWithSecret>;
  /** Runs a saved operation with variables and answers its GraphQL result (`data`, and `errors` of fields that failed while others answered). It runs with your credential’s own scopes, rate limit and query cost, exactly as sending its document would: a run refused as a whole answers that refusal (`insufficient_scope` naming the scope, `query_invalid` for variables that do not coerce). Needs `analytics:read` to find it; a saved mutation also needs the write scopes of its fields. */
  run_saved_operation?: Maybe<SavedOperationResult>;
  /** Saves a new version of the connector’s mapping, used by the sync jobs started after it (jobs already started keep theirs). Every target’s input fields are checked: unknown fields, required fields left unmapped, expressions that do not parse (`rule_violation` naming each). Saving a mapping to a target needs the scope its writes take (`inventory:write` for `create_inventory_item`, `crm:write` for customers and orders): the connector never writes what its author could not. */
  save_connector_mapping?: Maybe<ConnectorMapping>;
  /** Starts a sync job of a connector with its current mapping, from where its last successful sync ended (from the beginning with `full`, from an instant with `since`); a csv connector’s job imports the upload named by `upload_id`; `direction: outbound` starts a push of its events instead. One job of a connector runs at a time: while one is queued or running, `invalid_state`. */
  start_sync?: Maybe<SyncJob>;
  /** Starts a run of an enabled workflow with its current definition version and this input (checked against the trigger’s `input_schema`; an event workflow may be run with a sample event as input). Send `Idempotency-Key`: a retry returns the first run instead of starting another. Started by a workflow’s own step, the run is one deeper in its chain (refused past the limit). */
  start_workflow_run?: Maybe<WorkflowRun>;
  /** Checks the connector’s credentials and reachability now, reading as little as its protocol allows (at most 30 seconds). Nothing is recorded but the audit record of the request. */
  test_connector?: Maybe<ConnectorTestResult>;
  /** Moves stock of an item between two warehouses: a `transfer_out` and a `transfer_in` movement sharing a `transfer_id`; the item total stays the same. */
  transfer_inventory_item?: Maybe<InventoryItem>;
  /** Makes an archived customer active again. Unarchiving an active customer is refused (`invalid_state`). */
  unarchive_customer?: Maybe<Customer>;
  /** Makes an archived item active again. Refused while its home warehouse is archived (change `warehouse_id` first). */
  unarchive_inventory_item?: Maybe<InventoryItem>;
  /** Changes a connector’s name, settings, credentials or retry policy. Jobs already queued or running keep the retry policy they started with. */
  update_connector?: Maybe<Connector>;
  /** Changes a customer. `contacts` and `addresses`, when given, replace the whole list. */
  update_customer?: Maybe<Customer>;
  /** Changes an inventory item: its name, reorder point, home warehouse, backorder rule, or (for compatibility) its total stock, recorded as an `adjustment`. */
  update_inventory_item?: Maybe<InventoryItem>;
  /** Changes a draft invoice; absent fields keep their value, `lines` replaces every line and the totals are recomputed (any other status: `invalid_transition`). */
  update_invoice?: Maybe<Invoice>;
  /** Changes a draft order (any other status: `invalid_transition`). `lines`, when given, replace every line; totals are recomputed. */
  update_order?: Maybe<Order>;
  /** Changes a custom role. Built-in roles cannot be changed (`invalid_state`). */
  update_role?: Maybe<Role>;
  /** Changes a saved operation’s description or document (checked as on saving; its `document_id` changes with it, and the old hash names nothing any more). Its name is fixed: save under a new name and delete the old one to rename. */
  update_saved_operation?: Maybe<SavedOperation>;
  /** Changes a user’s name or role. */
  update_user?: Maybe<User>;
  /** Renames a warehouse. */
  update_warehouse?: Maybe<Warehouse>;
  /** Changes an endpoint’s URL, description or event types. Deliveries already made or scheduled are not affected. */
  update_webhook_endpoint?: Maybe<WebhookEndpoint>;
  /** Changes a workflow’s name or description, or saves a new definition version (a new `definition` or `scopes`, checked as on creation). Runs under way keep the version they started with. */
  update_workflow?: Maybe<Workflow>;
  /** Voids a draft, or an issued invoice without payments (posting the reversal of its issue entry). Refused once a payment exists. Emits `invoice.voided`. */
  void_invoice?: Maybe<Invoice>;
};


export type MutationAdjust_Inventory_ItemArgs = {
  id: Scalars['String']['input'];
  input: AdjustInventoryItemInput;
};


export type MutationArchive_CustomerArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationArchive_Inventory_ItemArgs = {
  id: Scalars['String']['input'];
};


export type MutationArchive_WarehouseArgs = {
  id: Scalars['String']['input'];
};


export type MutationAsk_CopilotArgs = {
  input: AskCopilotInput;
};


export type MutationCancel_Ai_TaskArgs = {
  id: Scalars['String']['input'];
};


export type MutationCancel_Bulk_MutationArgs = {
  id: Scalars['String']['input'];
};


export type MutationCancel_ExportArgs = {
  id: Scalars['String']['input'];
};


export type MutationCancel_OrderArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationCancel_SyncArgs = {
  id: Scalars['String']['input'];
};


export type MutationCancel_Workflow_RunArgs = {
  id: Scalars['String']['input'];
  workflow_id: Scalars['String']['input'];
};


export type MutationConfigure_Identity_ProviderArgs = {
  input: ConfigureIdentityProviderInput;
};


export type MutationConfirm_OrderArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationCreate_Ai_TaskArgs = {
  input: CreateAiTaskInput;
};


export type MutationCreate_Api_KeyArgs = {
  input: CreateApiKeyInput;
};


export type MutationCreate_Bulk_MutationArgs = {
  input: CreateBulkMutationInput;
};


export type MutationCreate_ConnectorArgs = {
  input: CreateConnectorInput;
};


export type MutationCreate_CustomerArgs = {
  input: CreateCustomerInput;
};


export type MutationCreate_Draft_From_ExtractionArgs = {
  id: Scalars['String']['input'];
  input: CreateDraftFromExtractionInput;
};


export type MutationCreate_ExportArgs = {
  input: CreateBulkExportInput;
};


export type MutationCreate_Inventory_ItemArgs = {
  input: CreateInventoryItemInput;
};


export type MutationCreate_InvoiceArgs = {
  input: CreateInvoiceInput;
};


export type MutationCreate_Oauth_ClientArgs = {
  input: CreateOAuthClientInput;
};


export type MutationCreate_OrderArgs = {
  input: CreateOrderInput;
};


export type MutationCreate_RoleArgs = {
  input: CreateRoleInput;
};


export type MutationCreate_Saved_OperationArgs = {
  input: CreateSavedOperationInput;
};


export type MutationCreate_WarehouseArgs = {
  input: CreateWarehouseInput;
};


export type MutationCreate_Webhook_EndpointArgs = {
  input: CreateWebhookEndpointInput;
};


export type MutationCreate_WorkflowArgs = {
  input: CreateWorkflowInput;
};


export type MutationDeactivate_UserArgs = {
  id: Scalars['String']['input'];
};


export type MutationDecide_Ai_TaskArgs = {
  id: Scalars['String']['input'];
  input: DecideAiTaskInput;
};


export type MutationDecide_Workflow_ApprovalArgs = {
  id: Scalars['String']['input'];
  input: DecideWorkflowApprovalInput;
  workflow_id: Scalars['String']['input'];
};


export type MutationDelete_ConnectorArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDelete_InvoiceArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDelete_OrderArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDelete_RoleArgs = {
  id: Scalars['String']['input'];
};


export type MutationDelete_Saved_OperationArgs = {
  name: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDelete_Webhook_EndpointArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDelete_WorkflowArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDisable_Webhook_EndpointArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationDisable_WorkflowArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationEnable_Webhook_EndpointArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationEnable_WorkflowArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationExtract_DocumentArgs = {
  input: ExtractDocumentInput;
};


export type MutationFulfil_OrderArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationInstall_Workflow_TemplateArgs = {
  input?: InputMaybe<InstallWorkflowTemplateInput>;
  key: Scalars['String']['input'];
};


export type MutationInvite_UserArgs = {
  input: InviteUserInput;
};


export type MutationIssue_InvitationArgs = {
  id: Scalars['String']['input'];
};


export type MutationIssue_InvoiceArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationIssue_Password_ResetArgs = {
  id: Scalars['String']['input'];
};


export type MutationPay_InvoiceArgs = {
  id: Scalars['String']['input'];
  input: PayInvoiceInput;
};


export type MutationPing_Webhook_EndpointArgs = {
  id: Scalars['String']['input'];
};


export type MutationPost_Ledger_EntryArgs = {
  input: PostLedgerEntryInput;
};


export type MutationPreview_Connector_MappingArgs = {
  connector_id: Scalars['String']['input'];
  input: PreviewConnectorMappingInput;
};


export type MutationPublish_EventArgs = {
  input: PublishEventInput;
};


export type MutationReceive_Inventory_ItemArgs = {
  id: Scalars['String']['input'];
  input: ReceiveInventoryItemInput;
};


export type MutationReceive_OrderArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationReplay_Sync_FailuresArgs = {
  id: Scalars['String']['input'];
  input?: InputMaybe<ReplaySyncFailuresInput>;
};


export type MutationReplay_Webhook_EventsArgs = {
  id: Scalars['String']['input'];
  input: ReplayWebhookEventsInput;
};


export type MutationResend_Webhook_EventArgs = {
  id: Scalars['String']['input'];
  input: ResendWebhookEventInput;
};


export type MutationReverse_Ledger_EntryArgs = {
  id: Scalars['String']['input'];
};


export type MutationRevoke_Api_KeyArgs = {
  id: Scalars['String']['input'];
};


export type MutationRevoke_Oauth_ClientArgs = {
  id: Scalars['String']['input'];
};


export type MutationRotate_Api_KeyArgs = {
  id: Scalars['String']['input'];
  input: RotationInput;
};


export type MutationRotate_Client_SecretArgs = {
  id: Scalars['String']['input'];
  input: RotationInput;
};


export type MutationRotate_Webhook_Endpoint_SecretArgs = {
  id: Scalars['String']['input'];
  input?: InputMaybe<RotateWebhookEndpointSecretInput>;
};


export type MutationRotate_Workflow_Signing_SecretArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationRun_Saved_OperationArgs = {
  input?: InputMaybe<RunSavedOperationInput>;
  name: Scalars['String']['input'];
};


export type MutationSave_Connector_MappingArgs = {
  connector_id: Scalars['String']['input'];
  input: SaveConnectorMappingInput;
};


export type MutationStart_SyncArgs = {
  input: StartSyncInput;
};


export type MutationStart_Workflow_RunArgs = {
  id: Scalars['String']['input'];
  input?: InputMaybe<StartWorkflowRunInput>;
};


export type MutationTest_ConnectorArgs = {
  id: Scalars['String']['input'];
};


export type MutationTransfer_Inventory_ItemArgs = {
  id: Scalars['String']['input'];
  input: TransferInventoryItemInput;
};


export type MutationUnarchive_CustomerArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationUnarchive_Inventory_ItemArgs = {
  id: Scalars['String']['input'];
};


export type MutationUpdate_ConnectorArgs = {
  id: Scalars['String']['input'];
  input: UpdateConnectorInput;
};


export type MutationUpdate_CustomerArgs = {
  id: Scalars['String']['input'];
  input: UpdateCustomerInput;
};


export type MutationUpdate_Inventory_ItemArgs = {
  id: Scalars['String']['input'];
  input: UpdateInventoryItemInput;
};


export type MutationUpdate_InvoiceArgs = {
  id: Scalars['String']['input'];
  input: UpdateInvoiceInput;
};


export type MutationUpdate_OrderArgs = {
  id: Scalars['String']['input'];
  input: UpdateOrderInput;
};


export type MutationUpdate_RoleArgs = {
  id: Scalars['String']['input'];
  input: UpdateRoleInput;
};


export type MutationUpdate_Saved_OperationArgs = {
  input: UpdateSavedOperationInput;
  name: Scalars['String']['input'];
};


export type MutationUpdate_UserArgs = {
  id: Scalars['String']['input'];
  input: UpdateUserInput;
};


export type MutationUpdate_WarehouseArgs = {
  id: Scalars['String']['input'];
  input: UpdateWarehouseInput;
};


export type MutationUpdate_Webhook_EndpointArgs = {
  id: Scalars['String']['input'];
  input: UpdateWebhookEndpointInput;
};


export type MutationUpdate_WorkflowArgs = {
  id: Scalars['String']['input'];
  input: UpdateWorkflowInput;
};


export type MutationVoid_InvoiceArgs = {
  id: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Statistics of a number over the records of a group; null when no record of the group has a value. */
export type NumberStatistics = {
  __typename?: 'NumberStatistics';
  /** Average. */
  avg?: Maybe<Scalars['Float']['output']>;
  /** Largest value. */
  max?: Maybe<Scalars['Float']['output']>;
  /** Smallest value. */
  min?: Maybe<Scalars['Float']['output']>;
  /** Sum. */
  sum?: Maybe<Scalars['Float']['output']>;
};

/** An OAuth 2.0 client of the tenant (client-credentials grant). Its secret is shown only when it is created or rotated. */
export type OAuthClient = {
  __typename?: 'OAuthClient';
  /** When the client was created. */
  created_at: Scalars['DateTime']['output'];
  /** The client_id (`cli_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** A name to recognise the client by, 1 to 100 characters. */
  name: Scalars['String']['output'];
  /** After a secret rotation, until when the previous secret still works; null when the client was never rotated. */
  previous_secret_expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the client was revoked; null while active. */
  revoked_at?: Maybe<Scalars['DateTime']['output']>;
  /** The scopes the client may ask for in a token request. */
  scopes: Array<Scalars['String']['output']>;
  /** Whether the client gets access tokens now. */
  status: OAuthClientStatus;
};

/** A page of OAuthClient records. */
export type OAuthClientList = {
  __typename?: 'OAuthClientList';
  /** Records of this page. */
  data: Array<OAuthClient>;
  meta: PageMeta;
};

/** `active`: gets access tokens at `POST /v1/oauth/token`; `revoked`: refused there, and its access tokens are refused too. */
export type OAuthClientStatus =
  | 'active'
  | 'revoked';

/** A sales order (goods out to a customer) or a purchase order (goods in from a supplier). Changed only while `draft`; then moved on by actions: `confirm`, `fulfil` (sales), `receive` (purchase), `cancel`. Amounts are in minor units of `currency`; orders carry no tax (invoices do). */
export type Order = {
  __typename?: 'Order';
  /** When the order was cancelled. */
  cancelled_at?: Maybe<Scalars['DateTime']['output']>;
  /** Which channel created the order: `api` for this API (REST or GraphQL), set by the platform; a connector’s id for orders it imports. */
  channel: Scalars['String']['output'];
  /** When the order was confirmed. */
  confirmed_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the order was created. */
  created_at: Scalars['DateTime']['output'];
  /** ISO 4217 code of every amount of the order. */
  currency: Scalars['String']['output'];
  /** The trading partner named by `customer_id` (GraphQL only). */
  customer: Customer;
  /** The trading partner: the buyer of a sales order, the supplier of a purchase order. */
  customer_id: Scalars['String']['output'];
  /** The client’s own identifier of the order (e.g. a web-shop order number); unique per tenant and kind when given. */
  external_reference?: Maybe<Scalars['String']['output']>;
  /** When the sales order was fulfilled (its stock taken out). */
  fulfilled_at?: Maybe<Scalars['DateTime']['output']>;
  /** Order identifier (`ord_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** The invoices drawn up from this order, newest first (finance; GraphQL only). */
  invoices: Array<Invoice>;
  /** `sales` or `purchase`; fixed at creation. */
  kind: OrderKind;
  /** The lines, in the order given. */
  lines: Array<OrderLine>;
  /** Free-form notes, up to 5000 characters. */
  notes?: Maybe<Scalars['String']['output']>;
  /** Human-readable number, assigned at creation per tenant and kind without gaps: `SO-000001`, `PO-000001`. */
  number: Scalars['String']['output'];
  /** When the purchase order was received (its stock added). */
  received_at?: Maybe<Scalars['DateTime']['output']>;
  /** Lifecycle status; changed only by the actions. */
  status: OrderStatus;
  /** Sum of the line totals, computed by the platform. */
  subtotal: Scalars['MinorUnits']['output'];
  /** Amount of the order; equals `subtotal` (orders carry no tax or discounts; invoices carry tax). */
  total: Scalars['MinorUnits']['output'];
  /** When the order last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change and action; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};

/** Aggregates of orders: one group per distinct grouping key, in the requested order. */
export type OrderAggregate = {
  __typename?: 'OrderAggregate';
  /** The groups, at most `limit`. */
  groups: Array<OrderAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the orders of a group. */
export type OrderAggregateDistinct = {
  __typename?: 'OrderAggregateDistinct';
  /** Customers. */
  customer_id: Scalars['Int']['output'];
};

/** A group of orders: its key, how many records it holds and the statistics of their numbers and amounts. */
export type OrderAggregateGroup = {
  __typename?: 'OrderAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: OrderAggregateDistinct;
  /** What the records of the group share. */
  key: OrderAggregateKey;
  /** Order totals. One entry per currency, by currency code. */
  total: Array<MoneyStatistics>;
};

/** The grouping key of a group of orders: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type OrderAggregateKey = {
  __typename?: 'OrderAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The channel that created the order (`api` or a connector id). */
  channel?: Maybe<Scalars['String']['output']>;
  /** The currency (ISO 4217). */
  currency?: Maybe<Scalars['String']['output']>;
  /** The customer. */
  customer_id?: Maybe<Scalars['String']['output']>;
  /** The order kind. */
  kind?: Maybe<OrderKind>;
  /** The order status. */
  status?: Maybe<OrderStatus>;
};

/** Which way goods move. */
export type OrderKind =
  /** A purchase order: goods come in from the customer as supplier; numbered `PO-…`; ends `received`. */
  | 'purchase'
  /** A sales order: goods go out to the customer; numbered `SO-…`; ends `fulfilled`. */
  | 'sales';

/** One line of an order: a quantity of an inventory SKU at a unit price. */
export type OrderLine = {
  __typename?: 'OrderLine';
  /** Text shown on the order; defaults to the SKU. */
  description: Scalars['String']['output'];
  /** Line identifier (`oln_…`), assigned by the platform. Replacing the lines of a draft assigns new ids. */
  id: Scalars['String']['output'];
  /** The inventory item of this line, resolved by the inventory domain (GraphQL only; needs `inventory:read`). */
  item: InventoryItem;
  /** The SKU (inventory item id). It existed in inventory when the line was written. */
  item_id: Scalars['String']['output'];
  /** Units ordered; an integer greater than 0. */
  quantity: Scalars['Int']['output'];
  /** `quantity × unit_price`, computed by the platform. */
  total: Scalars['MinorUnits']['output'];
  /** Price of one unit in minor units of the order’s `currency`, 0 or more. */
  unit_price: Scalars['MinorUnits']['output'];
};

/** Aggregates of order lines: one group per distinct grouping key, in the requested order. */
export type OrderLineAggregate = {
  __typename?: 'OrderLineAggregate';
  /** The groups, at most `limit`. */
  groups: Array<OrderLineAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the order lines of a group. */
export type OrderLineAggregateDistinct = {
  __typename?: 'OrderLineAggregateDistinct';
  /** Customers. */
  customer_id: Scalars['Int']['output'];
  /** SKUs. */
  item_id: Scalars['Int']['output'];
  /** Orders. */
  order_id: Scalars['Int']['output'];
};

/** A group of order lines: its key, how many records it holds and the statistics of their numbers and amounts. */
export type OrderLineAggregateGroup = {
  __typename?: 'OrderLineAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: OrderLineAggregateDistinct;
  /** What the records of the group share. */
  key: OrderLineAggregateKey;
  /** Quantities. */
  quantity: NumberStatistics;
  /** Line totals (quantity × unit price). One entry per currency, by currency code. */
  total: Array<MoneyStatistics>;
  /** Unit prices. One entry per currency, by currency code. */
  unit_price: Array<MoneyStatistics>;
};

/** The grouping key of a group of order lines: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type OrderLineAggregateKey = {
  __typename?: 'OrderLineAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The channel that created the order (`api` or a connector id). */
  channel?: Maybe<Scalars['String']['output']>;
  /** The currency (ISO 4217). */
  currency?: Maybe<Scalars['String']['output']>;
  /** The customer. */
  customer_id?: Maybe<Scalars['String']['output']>;
  /** The SKU of the line. */
  item_id?: Maybe<Scalars['String']['output']>;
  /** The order kind. */
  kind?: Maybe<OrderKind>;
  /** The order status. */
  status?: Maybe<OrderStatus>;
};

/** A line of an order. */
export type OrderLineInput = {
  /** Text shown on the order, up to 500 characters. Default: the SKU. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The SKU; must exist in inventory. */
  item_id: Scalars['String']['input'];
  /** Units, an integer greater than 0. */
  quantity: Scalars['Int']['input'];
  /** Price of one unit in minor units of the order’s currency, 0 or more. */
  unit_price: Scalars['MinorUnits']['input'];
};

/** A page of Order records. */
export type OrderList = {
  __typename?: 'OrderList';
  /** Records of this page. */
  data: Array<Order>;
  meta: PageMeta;
};

/** Where an order is in its lifecycle. */
export type OrderStatus =
  /** Called off before fulfilment or receipt; no stock moved. Final. */
  | 'cancelled'
  /** Agreed with the customer; no longer editable. Can be fulfilled (sales), received (purchase) or cancelled. */
  | 'confirmed'
  /** Being prepared: can be changed (PATCH) or deleted. */
  | 'draft'
  /** Sales orders: shipped; the stock of every line was taken out of inventory. Final. */
  | 'fulfilled'
  /** Purchase orders: goods received; the stock of every line was added to inventory. Final. */
  | 'received';

/** Position of a page within a list. */
export type PageMeta = {
  __typename?: 'PageMeta';
  /** The cursor of the next page (pass it as `after`, with the same filters and `sort`); null on the last page. */
  next_cursor?: Maybe<Scalars['String']['output']>;
  /** Page number, from 1. After a cursor: the number of the page in the walk that made the cursor, one more (`after`) or one less (`before`, but 1 only on the page no record precedes). */
  page: Scalars['Int']['output'];
  /** Records per page. */
  per_page: Scalars['Int']['output'];
  /** The cursor of the previous page (pass it as `before`, with the same filters and `sort`); null on the first page. */
  prev_cursor?: Maybe<Scalars['String']['output']>;
  /** Total count of matching records: exact, for numbered pages and cursor pages alike. */
  total: Scalars['Int']['output'];
};

/** A payment received for an invoice. */
export type PayInvoiceInput = {
  /** Amount received, greater than 0 and at most `amount_due`. Default: the whole `amount_due`. */
  amount?: InputMaybe<Scalars['MinorUnits']['input']>;
  /** The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Commercial plan; it sets the rate limits. */
export type Plan =
  | 'enterprise'
  | 'growth'
  | 'launch'
  | 'scale';

/** A manual journal entry. */
export type PostLedgerEntryInput = {
  /** ISO 4217 currency code, 3 upper-case letters. */
  currency: Scalars['String']['input'];
  /** What the entry records, 1 to 500 characters. */
  description: Scalars['String']['input'];
  /** At least 2 (at most 100) lines; total debits must equal total credits (else 422 `unbalanced_entry`). */
  lines: Array<LedgerLineInput>;
  /** Accounting time; default now; not in the future. */
  posted_at?: InputMaybe<Scalars['DateTime']['input']>;
};

/** What to preview: a mapping (default: the connector’s current one) over sample records or over a job’s failed records. */
export type PreviewConnectorMappingInput = {
  /** A mapping to try; default: the connector’s current version. */
  definition?: InputMaybe<Scalars['JSON']['input']>;
  /** Or a sync job (`sync_…`) of the connector whose unresolved failed records to map (the first 100). */
  failed_records_of_job?: InputMaybe<Scalars['String']['input']>;
  /** Sample records, 1 to 100. */
  records?: InputMaybe<Array<MappingSampleRecordInput>>;
};

/** A custom event to publish. */
export type PublishEventInput = {
  /** The payload: a JSON object of at most 64 KiB (its JSON encoding). Stored as JSON: key order is not kept. */
  data: Scalars['JSON']['input'];
  /** The event type: `custom.` followed by 1 to 5 dot-separated segments of lower-case letters, digits and `_` (`custom.invoice.exported`), at most 100 characters. Platform types cannot be published. */
  type: Scalars['String']['input'];
};

export type Query = {
  __typename?: 'Query';
  /** One document extraction by id. */
  ai_extraction: AiExtraction;
  /** Document extractions of the tenant, newest first by default. */
  ai_extractions: AiExtractionList;
  /** Copilot queries of the tenant, newest first by default. */
  ai_queries: AiQueryList;
  /** One copilot query by id. */
  ai_query: AiQuery;
  /** One agent task by id, as it is now. */
  ai_task: AiTask;
  /** A task’s step log, in plan order: each executed step’s output or error and timings. */
  ai_task_steps: AiTaskStepList;
  /** Agent tasks of the tenant, newest first by default. */
  ai_tasks: AiTaskList;
  api_key: ApiKey;
  /** API keys of the tenant, newest first. */
  api_keys: ApiKeyList;
  /** The tenant's audit trail, newest first. Filters combine (all must match). */
  audit_records: AuditRecordList;
  /** Counts, sums, averages, minimums and maximums of audit records, grouped by fields and by calendar period, with the filters of the list `audit_records`. Computed by the database in one statement. */
  audit_records_aggregate: AuditRecordAggregate;
  /** One bulk mutation by id: its status, progress and, once ended, a fresh link to its result file. */
  bulk_mutation: BulkMutation;
  /** Bulk mutations, newest first by default. */
  bulk_mutations: BulkMutationList;
  /** One connector by id (without its credentials). */
  connector: Connector;
  /** One version of a connector’s mapping. */
  connector_mapping: ConnectorMapping;
  /** The versions of a connector’s mapping, newest first by default. */
  connector_mappings: ConnectorMappingList;
  /** Connectors, newest first by default. Credentials are never listed. */
  connectors: ConnectorList;
  /** One customer by id, archived or not. */
  customer: Customer;
  /** Customers, newest first by default. Archived customers are left out unless `archived: true`. */
  customers: CustomerList;
  /** Counts, sums, averages, minimums and maximums of customers, grouped by fields and by calendar period, with the filters of the list `customers`. Computed by the database in one statement. */
  customers_aggregate: CustomerAggregate;
  /** One event by id. An event of a type the credential may not receive is `not_found`, as if it did not exist. */
  event: Event;
  /** Events of the tenant, newest first by default. Lists only the types the credential may receive: `events:read` and, for a platform type, the scope that reads its record (`order.created` needs `crm:read`, `inventory.stock.low` `inventory:read`, `invoice.*` `finance:read`). */
  events: EventList;
  /** Counts, sums, averages, minimums and maximums of events, grouped by fields and by calendar period, with the filters of the list `events`. Computed by the database in one statement. */
  events_aggregate: EventAggregate;
  /** One export by id: its status, progress and, once completed, a fresh download link. */
  export: BulkExport;
  /** Bulk exports, newest first by default. */
  exports: BulkExportList;
  /** The tenant’s OpenID Connect identity provider; `not_found` when none is configured. */
  identity_provider: IdentityProvider;
  /** One inventory item by SKU (archived ones included). */
  inventory_item: InventoryItem;
  /** Inventory items; by default the active ones, ordered by SKU. */
  inventory_items: InventoryItemList;
  /** Counts, sums, averages, minimums and maximums of inventory items, grouped by fields and by calendar period, with the filters of the list `inventory_items`. Computed by the database in one statement. */
  inventory_items_aggregate: InventoryItemAggregate;
  /** One invoice by id. */
  invoice: Invoice;
  /** Invoices, newest first by default. */
  invoices: InvoiceList;
  /** Counts, sums, averages, minimums and maximums of invoices, grouped by fields and by calendar period, with the filters of the list `invoices`. Computed by the database in one statement. */
  invoices_aggregate: InvoiceAggregate;
  /** The trial balance: per account and currency, the totals of debits and credits and the balance, ordered by currency then account. Not paginated (one row per account and currency). */
  ledger_balances: Array<LedgerBalance>;
  /** Journal entries, newest posting first by default. */
  ledger_entries: LedgerEntryList;
  /** Counts, sums, averages, minimums and maximums of journal entries, grouped by fields and by calendar period, with the filters of the list `ledger_entries`. Computed by the database in one statement. */
  ledger_entries_aggregate: LedgerEntryAggregate;
  /** One journal entry by id. */
  ledger_entry: LedgerEntry;
  /** Counts, sums, averages, minimums and maximums of journal entry lines, grouped by fields and by calendar period, with the filters of the list `ledger_lines`. Computed by the database in one statement. */
  ledger_lines_aggregate: LedgerLineAggregate;
  /** The platform mutations a field mapping may write through, with their input fields. */
  mapping_targets: Array<MappingTarget>;
  oauth_client: OAuthClient;
  /** OAuth clients of the tenant, newest first. */
  oauth_clients: OAuthClientList;
  /** One order by id. */
  order: Order;
  /** Counts, sums, averages, minimums and maximums of order lines, grouped by fields and by calendar period, with the filters of the list `order_lines`. Computed by the database in one statement. */
  order_lines_aggregate: OrderLineAggregate;
  /** Sales and purchase orders, newest first by default. */
  orders: OrderList;
  /** Counts, sums, averages, minimums and maximums of orders, grouped by fields and by calendar period, with the filters of the list `orders`. Computed by the database in one statement. */
  orders_aggregate: OrderAggregate;
  /** One role, built-in or custom, by id. */
  role: Role;
  /** The built-in roles (most privileged first), then the custom roles, oldest first. */
  roles: RoleList;
  /** One saved operation by name, with its variables and result schema. */
  saved_operation: SavedOperation;
  /** The tenant’s saved operations, by name by default. */
  saved_operations: SavedOperationList;
  /** Every scope with its meaning. */
  scopes: Array<Scope>;
  /** One stock movement by id. */
  stock_movement: StockMovement;
  /** The stock movement history, newest first by default. */
  stock_movements: StockMovementList;
  /** Counts, sums, averages, minimums and maximums of stock movements, grouped by fields and by calendar period, with the filters of the list `stock_movements`. Computed by the database in one statement. */
  stock_movements_aggregate: StockMovementAggregate;
  /** The records a job could not write, oldest first by default. */
  sync_failures: SyncFailureList;
  /** One sync job by id, with its counters as of now. */
  sync_job: SyncJob;
  /** Sync jobs, newest first by default. */
  sync_jobs: SyncJobList;
  /** Counts, sums, averages, minimums and maximums of sync jobs, grouped by fields and by calendar period, with the filters of the list `sync_jobs`. Computed by the database in one statement. */
  sync_jobs_aggregate: SyncJobAggregate;
  /** The tenant the credential belongs to. */
  tenant: Tenant;
  /** One user by id. */
  user: User;
  /** Users of the tenant, oldest first. */
  users: UserList;
  /** One warehouse by id (archived ones included). */
  warehouse: Warehouse;
  /** Warehouses, oldest first; by default the active ones. */
  warehouses: WarehouseList;
  /** The delivery log of an endpoint, newest first by default: each delivery with its attempts. */
  webhook_deliveries: WebhookDeliveryList;
  /** Counts, sums, averages, minimums and maximums of webhook deliveries, grouped by fields and by calendar period, with the filters of the list `webhook_deliveries`. Computed by the database in one statement. */
  webhook_deliveries_aggregate: WebhookDeliveryAggregate;
  /** One delivery by id, with its attempts. */
  webhook_delivery: WebhookDelivery;
  /** One webhook endpoint by id (without its secret). */
  webhook_endpoint: WebhookEndpoint;
  /** Webhook endpoints, newest first by default. Secrets are never listed. */
  webhook_endpoints: WebhookEndpointList;
  /** One workflow by id, with its current definition. */
  workflow: Workflow;
  /** One run of a workflow by id, as it is now. */
  workflow_run: WorkflowRun;
  /** A run’s step log, in the order its steps started: each step’s input, output, error, attempts and timings. */
  workflow_run_steps: WorkflowRunStepList;
  /** Workflow runs, newest first by default. */
  workflow_runs: WorkflowRunList;
  /** Counts, sums, averages, minimums and maximums of workflow runs, grouped by fields and by calendar period, with the filters of the list `workflow_runs`. Computed by the database in one statement. */
  workflow_runs_aggregate: WorkflowRunAggregate;
  /** The workflow templates, with the parameters each takes. */
  workflow_templates: Array<WorkflowTemplate>;
  /** One version of a workflow’s definition (what a run with that `definition_version` executes). */
  workflow_version: WorkflowVersion;
  /** The saved versions of a workflow’s definition, newest first. */
  workflow_versions: WorkflowVersionList;
  /** Workflows, newest first by default. */
  workflows: WorkflowList;
};


export type QueryAi_ExtractionArgs = {
  id: Scalars['String']['input'];
};


export type QueryAi_ExtractionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAi_QueriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<AiQueryStatus>;
};


export type QueryAi_QueryArgs = {
  id: Scalars['String']['input'];
};


export type QueryAi_TaskArgs = {
  id: Scalars['String']['input'];
};


export type QueryAi_Task_StepsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  task_id: Scalars['String']['input'];
};


export type QueryAi_TasksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<AiTaskStatus>;
};


export type QueryApi_KeyArgs = {
  id: Scalars['String']['input'];
};


export type QueryApi_KeysArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<ApiKeyStatus>;
};


export type QueryAudit_RecordsArgs = {
  action?: InputMaybe<Scalars['String']['input']>;
  actor_id?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['DateTime']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<Scalars['Int']['input']>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};


export type QueryAudit_Records_AggregateArgs = {
  action?: InputMaybe<Scalars['String']['input']>;
  actor_id?: InputMaybe<Scalars['String']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  from?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['Int']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};


export type QueryBulk_MutationArgs = {
  id: Scalars['String']['input'];
};


export type QueryBulk_MutationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<BulkMutationStatus>;
};


export type QueryConnectorArgs = {
  id: Scalars['String']['input'];
};


export type QueryConnector_MappingArgs = {
  connector_id: Scalars['String']['input'];
  version: Scalars['Int']['input'];
};


export type QueryConnector_MappingsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  connector_id: Scalars['String']['input'];
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
};


export type QueryConnectorsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCustomerArgs = {
  id: Scalars['String']['input'];
};


export type QueryCustomersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCustomers_AggregateArgs = {
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryEventArgs = {
  id: Scalars['String']['input'];
};


export type QueryEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  occurred_after?: InputMaybe<Scalars['DateTime']['input']>;
  occurred_before?: InputMaybe<Scalars['DateTime']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  resource_id?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};


export type QueryEvents_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  occurred_after?: InputMaybe<Scalars['DateTime']['input']>;
  occurred_before?: InputMaybe<Scalars['DateTime']['input']>;
  resource_id?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};


export type QueryExportArgs = {
  id: Scalars['String']['input'];
};


export type QueryExportsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<BulkExportStatus>;
};


export type QueryInventory_ItemArgs = {
  id: Scalars['String']['input'];
};


export type QueryInventory_ItemsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  quantity_on_hand_max?: InputMaybe<Scalars['Int']['input']>;
  quantity_on_hand_min?: InputMaybe<Scalars['Int']['input']>;
  reorder_below?: InputMaybe<Scalars['Boolean']['input']>;
  reorder_point_max?: InputMaybe<Scalars['Int']['input']>;
  reorder_point_min?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  unit_cost_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  unit_cost_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};


export type QueryInventory_Items_AggregateArgs = {
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  quantity_on_hand_max?: InputMaybe<Scalars['Int']['input']>;
  quantity_on_hand_min?: InputMaybe<Scalars['Int']['input']>;
  reorder_below?: InputMaybe<Scalars['Boolean']['input']>;
  reorder_point_max?: InputMaybe<Scalars['Int']['input']>;
  reorder_point_min?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  unit_cost_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  unit_cost_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};


export type QueryInvoiceArgs = {
  id: Scalars['String']['input'];
};


export type QueryInvoicesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  amount_due_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  amount_due_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  due_after?: InputMaybe<Scalars['String']['input']>;
  due_before?: InputMaybe<Scalars['String']['input']>;
  issued_after?: InputMaybe<Scalars['DateTime']['input']>;
  issued_before?: InputMaybe<Scalars['DateTime']['input']>;
  order_id?: InputMaybe<Scalars['String']['input']>;
  overdue?: InputMaybe<Scalars['Boolean']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  paid_after?: InputMaybe<Scalars['DateTime']['input']>;
  paid_before?: InputMaybe<Scalars['DateTime']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<InvoiceStatus>;
  status_in?: InputMaybe<Array<InvoiceStatus>>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  voided_after?: InputMaybe<Scalars['DateTime']['input']>;
  voided_before?: InputMaybe<Scalars['DateTime']['input']>;
};


export type QueryInvoices_AggregateArgs = {
  amount_due_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  amount_due_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  due_after?: InputMaybe<Scalars['String']['input']>;
  due_before?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  issued_after?: InputMaybe<Scalars['DateTime']['input']>;
  issued_before?: InputMaybe<Scalars['DateTime']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  order_id?: InputMaybe<Scalars['String']['input']>;
  overdue?: InputMaybe<Scalars['Boolean']['input']>;
  paid_after?: InputMaybe<Scalars['DateTime']['input']>;
  paid_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<InvoiceStatus>;
  status_in?: InputMaybe<Array<InvoiceStatus>>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  voided_after?: InputMaybe<Scalars['DateTime']['input']>;
  voided_before?: InputMaybe<Scalars['DateTime']['input']>;
};


export type QueryLedger_BalancesArgs = {
  account?: InputMaybe<Scalars['String']['input']>;
  as_of?: InputMaybe<Scalars['DateTime']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
};


export type QueryLedger_EntriesArgs = {
  account?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  posted_after?: InputMaybe<Scalars['DateTime']['input']>;
  posted_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  source_id?: InputMaybe<Scalars['String']['input']>;
  source_type?: InputMaybe<LedgerEntrySourceType>;
};


export type QueryLedger_Entries_AggregateArgs = {
  account?: InputMaybe<Scalars['String']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  posted_after?: InputMaybe<Scalars['DateTime']['input']>;
  posted_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  source_id?: InputMaybe<Scalars['String']['input']>;
  source_type?: InputMaybe<LedgerEntrySourceType>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryLedger_EntryArgs = {
  id: Scalars['String']['input'];
};


export type QueryLedger_Lines_AggregateArgs = {
  account?: InputMaybe<Scalars['String']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  posted_after?: InputMaybe<Scalars['DateTime']['input']>;
  posted_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  source_id?: InputMaybe<Scalars['String']['input']>;
  source_type?: InputMaybe<LedgerEntrySourceType>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryOauth_ClientArgs = {
  id: Scalars['String']['input'];
};


export type QueryOauth_ClientsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<OAuthClientStatus>;
};


export type QueryOrderArgs = {
  id: Scalars['String']['input'];
};


export type QueryOrder_Lines_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  cancelled_after?: InputMaybe<Scalars['DateTime']['input']>;
  cancelled_before?: InputMaybe<Scalars['DateTime']['input']>;
  channel?: InputMaybe<Scalars['String']['input']>;
  confirmed_after?: InputMaybe<Scalars['DateTime']['input']>;
  confirmed_before?: InputMaybe<Scalars['DateTime']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  fulfilled_after?: InputMaybe<Scalars['DateTime']['input']>;
  fulfilled_before?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<OrderKind>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  received_after?: InputMaybe<Scalars['DateTime']['input']>;
  received_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
  status_in?: InputMaybe<Array<OrderStatus>>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
};


export type QueryOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  cancelled_after?: InputMaybe<Scalars['DateTime']['input']>;
  cancelled_before?: InputMaybe<Scalars['DateTime']['input']>;
  channel?: InputMaybe<Scalars['String']['input']>;
  confirmed_after?: InputMaybe<Scalars['DateTime']['input']>;
  confirmed_before?: InputMaybe<Scalars['DateTime']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  fulfilled_after?: InputMaybe<Scalars['DateTime']['input']>;
  fulfilled_before?: InputMaybe<Scalars['DateTime']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<OrderKind>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  received_after?: InputMaybe<Scalars['DateTime']['input']>;
  received_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
  status_in?: InputMaybe<Array<OrderStatus>>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
};


export type QueryOrders_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  cancelled_after?: InputMaybe<Scalars['DateTime']['input']>;
  cancelled_before?: InputMaybe<Scalars['DateTime']['input']>;
  channel?: InputMaybe<Scalars['String']['input']>;
  confirmed_after?: InputMaybe<Scalars['DateTime']['input']>;
  confirmed_before?: InputMaybe<Scalars['DateTime']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  customer_id?: InputMaybe<Scalars['String']['input']>;
  fulfilled_after?: InputMaybe<Scalars['DateTime']['input']>;
  fulfilled_before?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<OrderKind>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  received_after?: InputMaybe<Scalars['DateTime']['input']>;
  received_before?: InputMaybe<Scalars['DateTime']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
  status_in?: InputMaybe<Array<OrderStatus>>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  total_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  total_min?: InputMaybe<Scalars['MinorUnits']['input']>;
};


export type QueryRoleArgs = {
  id: Scalars['String']['input'];
};


export type QueryRolesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerySaved_OperationArgs = {
  name: Scalars['String']['input'];
};


export type QuerySaved_OperationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
};


export type QueryStock_MovementArgs = {
  id: Scalars['String']['input'];
};


export type QueryStock_MovementsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<StockMovementKind>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  quantity_max?: InputMaybe<Scalars['Int']['input']>;
  quantity_min?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  source_id?: InputMaybe<Scalars['String']['input']>;
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};


export type QueryStock_Movements_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  created_after?: InputMaybe<Scalars['DateTime']['input']>;
  created_before?: InputMaybe<Scalars['DateTime']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  item_id?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<StockMovementKind>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  quantity_max?: InputMaybe<Scalars['Int']['input']>;
  quantity_min?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  source_id?: InputMaybe<Scalars['String']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};


export type QuerySync_FailuresArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  resolved?: InputMaybe<Scalars['Boolean']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  sync_job_id: Scalars['String']['input'];
};


export type QuerySync_JobArgs = {
  id: Scalars['String']['input'];
};


export type QuerySync_JobsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  connector_id?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  state?: InputMaybe<SyncJobState>;
};


export type QuerySync_Jobs_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  connector_id?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  state?: InputMaybe<SyncJobState>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryUserArgs = {
  id: Scalars['String']['input'];
};


export type QueryUsersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  role_id?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<UserStatus>;
};


export type QueryWarehouseArgs = {
  id: Scalars['String']['input'];
};


export type QueryWarehousesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhook_DeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  endpoint_id: Scalars['String']['input'];
  event_id?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
};


export type QueryWebhook_Deliveries_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  endpoint_id?: InputMaybe<Scalars['String']['input']>;
  event_id?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWebhook_DeliveryArgs = {
  id: Scalars['String']['input'];
};


export type QueryWebhook_EndpointArgs = {
  id: Scalars['String']['input'];
};


export type QueryWebhook_EndpointsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WebhookEndpointStatus>;
};


export type QueryWorkflowArgs = {
  id: Scalars['String']['input'];
};


export type QueryWorkflow_RunArgs = {
  id: Scalars['String']['input'];
  workflow_id: Scalars['String']['input'];
};


export type QueryWorkflow_Run_StepsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  run_id: Scalars['String']['input'];
  workflow_id: Scalars['String']['input'];
};


export type QueryWorkflow_RunsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WorkflowRunStatus>;
  workflow_id?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWorkflow_Runs_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WorkflowRunStatus>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  workflow_id?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWorkflow_VersionArgs = {
  version: Scalars['Int']['input'];
  workflow_id: Scalars['String']['input'];
};


export type QueryWorkflow_VersionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  workflow_id: Scalars['String']['input'];
};


export type QueryWorkflowsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
};

/** Requests a tenant may make; both windows apply at once. Over either: 429 `rate_limited`. */
export type RateLimits = {
  __typename?: 'RateLimits';
  /** Requests allowed per minute. */
  per_minute: Scalars['Int']['output'];
  /** Requests allowed per second. */
  per_second: Scalars['Int']['output'];
};

/** Stock received into one warehouse. */
export type ReceiveInventoryItemInput = {
  /** Units received, 1 to 1000000000. */
  quantity: Scalars['Int']['input'];
  /** Free text kept on the movement, up to 500 characters. */
  reason?: InputMaybe<Scalars['String']['input']>;
  /** The item version this change is based on; a different current version refuses it with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
  /** The receiving warehouse. Default: the item’s home warehouse. */
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};

/** Which failed records to replay. */
export type ReplaySyncFailuresInput = {
  /** One failed record (`sfr_…`) of the job; default: every unresolved one. */
  failure_id?: InputMaybe<Scalars['String']['input']>;
};

/** A time range of events to send again. */
export type ReplayWebhookEventsInput = {
  /** Events that occurred at or after this instant… */
  occurred_after: Scalars['DateTime']['input'];
  /** …and before this one. At most 10,000 events of the endpoint’s types. */
  occurred_before: Scalars['DateTime']['input'];
};

/** The event to send again. */
export type ResendWebhookEventInput = {
  /** An event (`evt_…`) of a type the endpoint subscribes to. */
  event_id: Scalars['String']['input'];
};

/** A named set of scopes given to users. Built-in roles: `owner` (every scope), `admin` (every scope except `tenants:write`), `developer` (inventory, CRM and API keys, read and write; `tenants:read`), `analyst` (every read scope) and `viewer` (`tenants:read`, `inventory:read`, `crm:read`). */
export type Role = {
  __typename?: 'Role';
  /** `true` for the built-in roles, which cannot be changed or deleted. */
  built_in: Scalars['Boolean']['output'];
  /** Null for built-in roles. */
  created_at?: Maybe<Scalars['DateTime']['output']>;
  /** What the role is for, up to 500 characters. */
  description?: Maybe<Scalars['String']['output']>;
  /** `role_<name>` for built-in roles, `role_<hex>` for custom ones. */
  id: Scalars['String']['output'];
  /** Unique per tenant, regardless of case; never a built-in role name. */
  name: Scalars['String']['output'];
  /** Scopes the role grants, in the order of the scope catalogue. */
  scopes: Array<Scalars['String']['output']>;
  /** Null for built-in roles. */
  updated_at?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of Role records. */
export type RoleList = {
  __typename?: 'RoleList';
  /** Records of this page. */
  data: Array<Role>;
  meta: PageMeta;
};

/** How to rotate the signing secret. */
export type RotateWebhookEndpointSecretInput = {
  /** How long the previous secret keeps signing beside the new one, 0 to 604800 (7 days). Default 86400 (24 hours). 0 stops it at once. */
  expire_previous_in_seconds?: InputMaybe<Scalars['Int']['input']>;
  /** The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type RotationInput = {
  /** How long the old secret keeps working, 0 to 604800 seconds. Default 86400. */
  overlap_seconds?: InputMaybe<Scalars['Int']['input']>;
};

/** The variables of a run. */
export type RunSavedOperationInput = {
  /** The operation’s variables by name (a JSON object), coerced to their declared types as GraphQL does. */
  variables?: InputMaybe<Scalars['JSON']['input']>;
};

/** A new version of the connector’s mapping. */
export type SaveConnectorMappingInput = {
  /** The mapping (see `ConnectorMapping.definition`). Checked against the connector’s streams and the targets’ input types before it is saved. */
  definition: Scalars['JSON']['input'];
  /** The connector version this change is based on. The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** A GraphQL operation saved for the tenant under a name, to run by name (REST `POST /v1/analytics/saved-operations/{name}/run`) or as a persisted document (POST /graphql with `documentId`: `saved:<name>` or `sha256:<hex>`, no `query`). Its variables and the JSON Schema of its result were derived from the supergraph when it was saved. */
export type SavedOperation = {
  __typename?: 'SavedOperation';
  /** When it was saved. */
  created_at: Scalars['DateTime']['output'];
  /** The credential that saved it (OAuth client or API key). */
  created_by: Scalars['String']['output'];
  /** What it answers, up to 2000 characters. */
  description?: Maybe<Scalars['String']['output']>;
  /** The GraphQL document, exactly as saved: one query or mutation. */
  document: Scalars['String']['output'];
  /** Its persisted-document id by content: `sha256:` and the SHA-256 (hex) of `document` as UTF-8. Changes when the document does. */
  document_id: Scalars['String']['output'];
  /** Identifier (`sop_…`). */
  id: Scalars['String']['output'];
  /** Its name, unique in the tenant: a lower-case slug (`monthly_revenue`), fixed once saved. */
  name: Scalars['String']['output'];
  /** `query` or `mutation`. */
  operation_kind: SavedOperationKind;
  /** The operation’s own name in the document, if it has one. */
  operation_name?: Maybe<Scalars['String']['output']>;
  /** JSON Schema (2020-12) of the `data` a run answers: one property per selected field (by alias), typed from the schema (MinorUnits as integers, DateTime as date-time strings), nullable where the field is, required unless selected under @skip/@include or a fragment on a narrower type. Field descriptions come from the API reference. */
  result_schema: Scalars['JSON']['output'];
  /** The root fields it selects and the scopes each needs: what a credential must hold to run it. */
  root_fields: Array<SavedOperationRootField>;
  /** When it last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Its variables, in the order declared. */
  variables: Array<SavedOperationVariable>;
  /** Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};

/** What a saved operation does. */
export type SavedOperationKind =
  /** Changes data: running it needs the write scopes of its fields. */
  | 'mutation'
  /** Reads. */
  | 'query';

/** A page of SavedOperation records. */
export type SavedOperationList = {
  __typename?: 'SavedOperationList';
  /** Records of this page. */
  data: Array<SavedOperation>;
  meta: PageMeta;
};

/** What a run of a saved operation answered: its GraphQL result. `data` has the shape of the operation’s `result_schema`. */
export type SavedOperationResult = {
  __typename?: 'SavedOperationResult';
  /** The result’s data. */
  data?: Maybe<Scalars['JSON']['output']>;
  /** Errors of fields that failed while others answered (`message`, `path`, `extensions.code`); null when none. */
  errors?: Maybe<Array<Scalars['JSON']['output']>>;
};

/** A root field the saved document selects, with what a run needs to be allowed it. */
export type SavedOperationRootField = {
  __typename?: 'SavedOperationRootField';
  /** Its coordinate (`Query.orders`, `Mutation.create_order`). */
  field: Scalars['String']['output'];
  /** Any one of these scopes admits it; nested fields of other domains may need their own. */
  scopes: Array<Scalars['String']['output']>;
};

/** A variable the saved document declares. */
export type SavedOperationVariable = {
  __typename?: 'SavedOperationVariable';
  /** The default the document declares; null when none. */
  default_value?: Maybe<Scalars['JSON']['output']>;
  /** Its name, without `$`. */
  name: Scalars['String']['output'];
  /** Whether a run must give it (non-null, no default). */
  required: Scalars['Boolean']['output'];
  /** Its GraphQL type as declared (`DateTime!`, `[String!]`); the API reference describes each type. */
  type: Scalars['String']['output'];
};

/** A permission a credential can hold. */
export type Scope = {
  __typename?: 'Scope';
  /** What the scope allows. */
  description: Scalars['String']['output'];
  /** The scope, `<resource>:<read|write>`. */
  scope: Scalars['String']['output'];
};

/** The connector to sync. */
export type StartSyncInput = {
  /** The connector (`con_…`); an inbound job needs its mapping, an outbound one its `push` rules. */
  connector_id: Scalars['String']['input'];
  /** `inbound` (default): read the connector’s system into the platform. `outbound`: push the events its `push` rules name, since its last push (from the start of the event log with `full`, from an instant with `since`); events pushed already are not sent again. */
  direction?: InputMaybe<SyncJobDirection>;
  /** Read the source from the beginning (default false: from where the last successful sync ended). Records already written are found unchanged, never written twice. */
  full?: InputMaybe<Scalars['Boolean']['input']>;
  /** Re-run a window: read the records changed since this instant (not in the future; not with `full`), whatever the connector’s cursor says. Records found as written are unchanged; the changed ones are written again. For connectors that read change times (Shopify; REST with `incremental`). */
  since?: InputMaybe<Scalars['DateTime']['input']>;
  /** A csv connector: the upload to import (`upl_…`, from `POST /v1/connectors/{id}/uploads`; whole and not expired). Required for a csv connector, refused for the others. */
  upload_id?: InputMaybe<Scalars['String']['input']>;
};

/** A run’s input. */
export type StartWorkflowRunInput = {
  /** What its expressions read as `input` (absent or null: `{}`); checked against the trigger’s `input_schema` when it has one. */
  input?: InputMaybe<Scalars['JSON']['input']>;
};

/** The stock of one item in one warehouse: the sum of the item’s movements in that warehouse. */
export type StockLevel = {
  __typename?: 'StockLevel';
  /** The item whose stock this is (GraphQL only). */
  item: InventoryItem;
  /** The SKU whose stock this is. */
  item_id: Scalars['String']['output'];
  /** Units in this warehouse; below zero only for items that allow backorders. */
  quantity_on_hand: Scalars['Int']['output'];
  /** The warehouse holding this stock (GraphQL only). */
  warehouse: Warehouse;
  /** The warehouse holding this stock. */
  warehouse_id: Scalars['String']['output'];
};

/** One change of one stock level. The history is append-only: movements are never changed or deleted. */
export type StockMovement = {
  __typename?: 'StockMovement';
  /** When the movement was recorded. */
  created_at: Scalars['DateTime']['output'];
  /** Movement identifier, assigned by the platform (`mov_…`). */
  id: Scalars['String']['output'];
  /** The SKU whose stock changed. */
  item_id: Scalars['String']['output'];
  /** Why the stock changed. */
  kind: StockMovementKind;
  /** Signed change: positive adds stock, negative takes it out. */
  quantity: Scalars['Int']['output'];
  /** The stock level of the item in this warehouse right after this movement. */
  quantity_after: Scalars['Int']['output'];
  /** Free text given with the change; null when none was given. */
  reason?: Maybe<Scalars['String']['output']>;
  /** The id of the order that caused the movement; null when `source_type` is. */
  source_id?: Maybe<Scalars['String']['output']>;
  /** The order line that caused the movement, when known. */
  source_line_id?: Maybe<Scalars['String']['output']>;
  /** What caused the movement: `sales_order` or `purchase_order`; null for changes made through the inventory API. */
  source_type?: Maybe<Scalars['String']['output']>;
  /** Shared by the two movements of one transfer (`trf_…`); null for other kinds. */
  transfer_id?: Maybe<Scalars['String']['output']>;
  /** The warehouse whose stock level changed. */
  warehouse_id: Scalars['String']['output'];
};

/** Aggregates of stock movements: one group per distinct grouping key, in the requested order. */
export type StockMovementAggregate = {
  __typename?: 'StockMovementAggregate';
  /** The groups, at most `limit`. */
  groups: Array<StockMovementAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the stock movements of a group. */
export type StockMovementAggregateDistinct = {
  __typename?: 'StockMovementAggregateDistinct';
  /** SKUs. */
  item_id: Scalars['Int']['output'];
  /** Orders that caused movements. */
  source_id: Scalars['Int']['output'];
  /** Warehouses. */
  warehouse_id: Scalars['Int']['output'];
};

/** A group of stock movements: its key, how many records it holds and the statistics of their numbers and amounts. */
export type StockMovementAggregateGroup = {
  __typename?: 'StockMovementAggregateGroup';
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: StockMovementAggregateDistinct;
  /** What the records of the group share. */
  key: StockMovementAggregateKey;
  /** Signed changes: the sum is the net change of stock. */
  quantity: NumberStatistics;
};

/** The grouping key of a group of stock movements: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type StockMovementAggregateKey = {
  __typename?: 'StockMovementAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The SKU. */
  item_id?: Maybe<Scalars['String']['output']>;
  /** Why the stock changed. */
  kind?: Maybe<StockMovementKind>;
  /** What caused the movement (`sales_order`, `purchase_order`); null for changes made through the inventory API. */
  source_type?: Maybe<Scalars['String']['output']>;
  /** The warehouse whose stock changed. */
  warehouse_id?: Maybe<Scalars['String']['output']>;
};

/** Why stock changed. */
export type StockMovementKind =
  /** A correction of either sign: a count, damage, loss, a PATCH of `quantity_on_hand`, or an opening balance. */
  | 'adjustment'
  /** Stock shipped (negative), for a sales order. */
  | 'fulfilment'
  /** Stock received (positive): goods in, a purchase order received, or the initial stock of a new item. */
  | 'receipt'
  /** The arriving half of a transfer (positive); `transfer_id` pairs it with its `transfer_out`. */
  | 'transfer_in'
  /** The leaving half of a transfer (negative); `transfer_id` pairs it with its `transfer_in`. */
  | 'transfer_out';

/** A page of StockMovement records. */
export type StockMovementList = {
  __typename?: 'StockMovementList';
  /** Records of this page. */
  data: Array<StockMovement>;
  meta: PageMeta;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Events of your tenant in the order of the event log, as they happen (or from `after` on), of the given types (default: every type your scopes allow). Needs `events:read` and, for each type, the scope that reads its record (`order.created`: `crm:read`). */
  events: Event;
};


export type SubscriptionEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A record a sync could not write, with the source payload as read, the errors and the mapping version used. */
export type SyncFailure = {
  __typename?: 'SyncFailure';
  /** The connector. */
  connector_id: Scalars['String']['output'];
  /** When the failure was recorded. */
  created_at: Scalars['DateTime']['output'];
  /** Why it could not be written. */
  errors: Array<MappingError>;
  /** Its id in the source. */
  external_id: Scalars['String']['output'];
  /** Failed record identifier (`sfr_…`). */
  id: Scalars['String']['output'];
  /** The mapping version used. */
  mapping_version: Scalars['Int']['output'];
  /** The record as the source sent it. */
  payload: Scalars['JSON']['output'];
  /** When a replay wrote it (or found it written); null while unresolved. */
  resolved_at?: Maybe<Scalars['DateTime']['output']>;
  /** The replay job that resolved it. */
  resolved_by_job?: Maybe<Scalars['String']['output']>;
  /** The stream it came from. */
  stream: Scalars['String']['output'];
  /** The job that could not write it. */
  sync_job_id: Scalars['String']['output'];
};

/** A page of SyncFailure records. */
export type SyncFailureList = {
  __typename?: 'SyncFailureList';
  /** Records of this page. */
  data: Array<SyncFailure>;
  meta: PageMeta;
};

/** One run of a connector (or a replay of failed records): its state, its counters (updated page by page while it runs) and its outcome. */
export type SyncJob = {
  __typename?: 'SyncJob';
  /** Attempts started. */
  attempts: Scalars['Int']['output'];
  /** When cancellation was asked. */
  cancel_requested_at?: Maybe<Scalars['DateTime']['output']>;
  /** The connector (`con_…`). */
  connector_id: Scalars['String']['output'];
  /** When it was started. */
  created_at: Scalars['DateTime']['output'];
  /** `inbound` (a sync into the platform) or `outbound` (a push of events to the connector’s system). */
  direction: SyncJobDirection;
  /** When it ended (succeeded, partially failed, failed or cancelled). */
  finished_at?: Maybe<Scalars['DateTime']['output']>;
  /** Whether it reads the source from the beginning rather than from where the last sync ended. */
  full: Scalars['Boolean']['output'];
  /** Sync job identifier (`sync_…`). */
  id: Scalars['String']['output'];
  /** Why the last attempt failed (never a secret). */
  last_error?: Maybe<Scalars['String']['output']>;
  /** The mapping version it uses (the connector’s current one when it was started). */
  mapping_version: Scalars['Int']['output'];
  /** Attempts its retry policy allows in all. */
  max_attempts: Scalars['Int']['output'];
  /** When the next attempt is due after a failed one; null otherwise. */
  next_attempt_at?: Maybe<Scalars['DateTime']['output']>;
  /** Records that created a platform record. */
  records_created: Scalars['Int']['output'];
  /** Records that could not be written: see the job’s failed records. */
  records_failed: Scalars['Int']['output'];
  /** Records read so far. */
  records_seen: Scalars['Int']['output'];
  /** Records already written as they are (or skipped by the mapping’s filter). */
  records_unchanged: Scalars['Int']['output'];
  /** Records that changed the platform record they had created. */
  records_updated: Scalars['Int']['output'];
  /** A replay of one failed record: that record. */
  replay_failure_id?: Maybe<Scalars['String']['output']>;
  /** A replay: the job whose failed records it writes again. */
  replay_of_job_id?: Maybe<Scalars['String']['output']>;
  /** A re-run of a window: it reads the records changed since this instant. */
  since?: Maybe<Scalars['DateTime']['output']>;
  /** When its first attempt began. */
  started_at?: Maybe<Scalars['DateTime']['output']>;
  /** Where the job is. */
  state: SyncJobState;
  /** `manual`, `schedule`, `webhook`, `replay` or `event`. */
  trigger: SyncJobTrigger;
  /** A CSV import: the uploaded file it reads (`upl_…`). */
  upload_id?: Maybe<Scalars['String']['output']>;
  /** Incremented by every change of the job (each page it writes too). */
  version: Scalars['Int']['output'];
};

/** Aggregates of sync jobs: one group per distinct grouping key, in the requested order. */
export type SyncJobAggregate = {
  __typename?: 'SyncJobAggregate';
  /** The groups, at most `limit`. */
  groups: Array<SyncJobAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the sync jobs of a group. */
export type SyncJobAggregateDistinct = {
  __typename?: 'SyncJobAggregateDistinct';
  /** Connectors. */
  connector_id: Scalars['Int']['output'];
};

/** A group of sync jobs: its key, how many records it holds and the statistics of their numbers and amounts. */
export type SyncJobAggregateGroup = {
  __typename?: 'SyncJobAggregateGroup';
  /** Attempts started per job. */
  attempts: NumberStatistics;
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: SyncJobAggregateDistinct;
  /** Milliseconds from the start of a job to its end; null until it ended (or if it never started). */
  duration_ms: NumberStatistics;
  /** What the records of the group share. */
  key: SyncJobAggregateKey;
  /** Records created per job. */
  records_created: NumberStatistics;
  /** Records that could not be written per job. */
  records_failed: NumberStatistics;
  /** Records read per job. */
  records_seen: NumberStatistics;
  /** Records found unchanged per job. */
  records_unchanged: NumberStatistics;
  /** Records updated per job. */
  records_updated: NumberStatistics;
};

/** The grouping key of a group of sync jobs: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type SyncJobAggregateKey = {
  __typename?: 'SyncJobAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The connector (`con_…`). */
  connector_id?: Maybe<Scalars['String']['output']>;
  /** `inbound` (read from the connector’s system) or `outbound` (a push). */
  direction?: Maybe<SyncJobDirection>;
  /** Whether the job read from the beginning rather than from the connector’s cursor. */
  full?: Maybe<Scalars['Boolean']['output']>;
  /** Where the job is. */
  state?: Maybe<SyncJobState>;
  /** What started the job. */
  trigger?: Maybe<SyncJobTrigger>;
};

/** Which way a job moves records. */
export type SyncJobDirection =
  /** Records read from the connector’s system are written to the platform through its own mutations. */
  | 'inbound'
  /** A push: the tenant’s events of the types the connector’s `push` rules name are sent to its system, one request each. */
  | 'outbound';

/** A page of SyncJob records. */
export type SyncJobList = {
  __typename?: 'SyncJobList';
  /** Records of this page. */
  data: Array<SyncJob>;
  meta: PageMeta;
};

/** Where a sync job is. */
export type SyncJobState =
  /** Cancelled through the API; records written before stay. */
  | 'cancelled'
  /** The source or the platform failed and the retry policy is exhausted (`last_error` says why); `sync.failed` was emitted. */
  | 'failed'
  /** Every record was read; `records_failed` of them could not be written (see the job’s failed records). */
  | 'partially_failed'
  /** Waiting to run: just started, or an attempt failed and the next is due at `next_attempt_at`. */
  | 'queued'
  /** Reading the source and writing records; the counters move page by page. */
  | 'running'
  /** Every record was read and written (or found unchanged). */
  | 'succeeded';

/** What started a job. */
export type SyncJobTrigger =
  /** An event the connector pushes was recorded (an invoice issued, paid, …): a push of the events since its last push. */
  | 'event'
  /** A client started it (`start_sync`). */
  | 'manual'
  /** A client replayed failed records of an earlier job (`replay_sync_failures`). */
  | 'replay'
  /** The connector’s schedule (`schedule_cron`); it reads incrementally. */
  | 'schedule'
  /** A verified webhook of the connector’s system announced a change (Shopify: `POST /v1/connectors/{id}/webhooks/shopify`); it reads incrementally. */
  | 'webhook';

/** One isolated environment of a customer account. */
export type Tenant = {
  __typename?: 'Tenant';
  /** When the tenant was created. */
  created_at: Scalars['DateTime']['output'];
  /** `production` or `sandbox`. */
  environment: Environment;
  /** Tenant identifier, sent in the `X-Service-Tenant` header. */
  id: Scalars['String']['output'];
  /** The account name, the same for both environments. */
  name: Scalars['String']['output'];
  /** The other environment of the same account. */
  paired_tenant_id: Scalars['String']['output'];
  /** The plan, which sets the rate limits. */
  plan: Plan;
  /** The plan's limits, or the tenant's own for enterprise tenants. */
  rate_limits: RateLimits;
};

/** A calendar period records are bucketed by, in the time zone of the request (`week`: ISO weeks, from Monday). */
export type TimeBucket =
  | 'day'
  | 'month'
  | 'quarter'
  | 'week'
  | 'year';

/** Stock moved from one warehouse to another: a `transfer_out` and a `transfer_in` movement sharing a `transfer_id`. The item total does not change. */
export type TransferInventoryItemInput = {
  /** The warehouse the stock leaves. */
  from_warehouse_id: Scalars['String']['input'];
  /** Units moved, 1 to 1000000000. */
  quantity: Scalars['Int']['input'];
  /** Free text kept on both movements, up to 500 characters. */
  reason?: InputMaybe<Scalars['String']['input']>;
  /** The warehouse the stock arrives in; different from `from_warehouse_id`. */
  to_warehouse_id: Scalars['String']['input'];
  /** The item version this change is based on; a different current version refuses it with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. A new `config` is checked with the credentials sent beside it: send both. */
export type UpdateConnectorInput = {
  /** Replaces the settings; `credentials` must be sent with it. */
  config?: InputMaybe<Scalars['JSON']['input']>;
  /** Replaces the secrets (checked against the current or the new `config`). */
  credentials?: InputMaybe<Scalars['JSON']['input']>;
  /** Your name for it, 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** 0 to 86400. */
  retry_delay_seconds?: InputMaybe<Scalars['Int']['input']>;
  /** 1 to 10. */
  retry_max_attempts?: InputMaybe<Scalars['Int']['input']>;
  /** A new schedule (five-field cron expression); an empty string removes it. */
  schedule_cron?: InputMaybe<Scalars['String']['input']>;
  /** The IANA time zone of the schedule. */
  schedule_time_zone?: InputMaybe<Scalars['String']['input']>;
  /** The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. An empty string clears an optional text field. `contacts` and `addresses`, when given, replace the whole list. */
export type UpdateCustomerInput = {
  /** Replaces every address (an empty list removes them all). */
  addresses?: InputMaybe<Array<CustomerAddressInput>>;
  /** Legal company name; empty clears it. */
  company_name?: InputMaybe<Scalars['String']['input']>;
  /** Replaces every contact (an empty list removes them all). */
  contacts?: InputMaybe<Array<CustomerContactInput>>;
  /** ISO 4217 default order currency; empty clears it. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** Main e-mail address; stored lower-cased; empty clears it. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Display name, 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Internal notes; empty clears them. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Main telephone number; empty clears it. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Tax or VAT number; empty clears it. */
  tax_id?: InputMaybe<Scalars['String']['input']>;
  /** The version the change is based on; if it is no longer current the change is refused with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. */
export type UpdateInventoryItemInput = {
  /** Whether stock may fall below zero. Turning it off leaves negative levels as they are but refuses further decreases below zero. */
  allow_backorder?: InputMaybe<Scalars['Boolean']['input']>;
  /** ISO 4217 code of `unit_cost`. An item without a cost needs `unit_cost` with it; a cost cannot be removed, only changed. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** Item name, 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The new total stock (0 or more). Kept for compatibility: the difference is recorded as an `adjustment` in the home warehouse as it was before this change; prefer the `adjust` action. */
  quantity_on_hand?: InputMaybe<Scalars['Int']['input']>;
  /** Reorder threshold, 0 or more. */
  reorder_point?: InputMaybe<Scalars['Int']['input']>;
  /** What one unit costs, in minor units of `currency`, 0 to 1000000000. An item without a cost needs `currency` with it. */
  unit_cost?: InputMaybe<Scalars['MinorUnits']['input']>;
  /** The version this change is based on; a different current version refuses it with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
  /** New home warehouse (existing and active). Moves no stock: use `transfer` for that. */
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};

/** Changes to a draft invoice; absent fields keep their value, `lines` replaces every line, an empty `memo` clears it. */
export type UpdateInvoiceInput = {
  /** ISO 4217 code, 3 upper-case letters. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** An existing CRM customer. */
  customer_id?: InputMaybe<Scalars['String']['input']>;
  /** Due date, `YYYY-MM-DD`. */
  due_date?: InputMaybe<Scalars['String']['input']>;
  /** The new lines, replacing all current ones. */
  lines?: InputMaybe<Array<InvoiceLineInput>>;
  /** A note, up to 2000 characters; empty to clear it. */
  memo?: InputMaybe<Scalars['String']['input']>;
  /** Days from issue to due date, 0 to 3650. */
  payment_terms_days?: InputMaybe<Scalars['Int']['input']>;
  /** The version the change is based on; a different current version refuses the change (409 `version_conflict`). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change on a draft order; absent fields keep their value. `lines`, when given, replace every line. */
export type UpdateOrderInput = {
  /** ISO 4217 code. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** Another existing, non-archived customer. */
  customer_id?: InputMaybe<Scalars['String']['input']>;
  /** Your own identifier; unique per tenant and kind; empty clears it. */
  external_reference?: InputMaybe<Scalars['String']['input']>;
  /** Replaces every line; totals are recomputed. */
  lines?: InputMaybe<Array<OrderLineInput>>;
  /** Free-form notes; empty clears them. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** The version the change is based on; if it is no longer current the change is refused with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. An empty `description` clears it. */
export type UpdateRoleInput = {
  /** Up to 500 characters; an empty string clears it. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 64 characters; unique per tenant regardless of case, and not a built-in role name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Replaces the role’s scopes. */
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Fields to change; absent fields keep their value. A new document is checked as on saving, and its `document_id` changes with it. */
export type UpdateSavedOperationInput = {
  /** Up to 2000 characters; empty clears it. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** A new document (checked as on saving). */
  document?: InputMaybe<Scalars['String']['input']>;
  /** The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. */
export type UpdateUserInput = {
  /** The person’s name, 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** A built-in or custom role; you can give only roles whose scopes your credential holds. */
  role_id?: InputMaybe<Scalars['String']['input']>;
};

/** Fields to change; absent fields keep their value. */
export type UpdateWarehouseInput = {
  /** Warehouse name, 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The version this change is based on; a different current version refuses it with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. */
export type UpdateWebhookEndpointInput = {
  /** A new note; empty clears it. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Replaces the event types. Event types to deliver, 1 to 50, no duplicates: platform types (`order.created`, `inventory.stock.low`, `invoice.paid`, …) and custom types (`custom.…`). The credential must hold the scope that receives each (`order.created`: `crm:read`; `invoice.*`: `finance:read`; custom types: `events:read`). */
  event_types?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A new URL, under the same rules as at registration. */
  url?: InputMaybe<Scalars['String']['input']>;
  /** The version the change is based on; if it is no longer current the change is refused with `version_conflict`. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Fields to change; absent fields keep their value. A new `definition` or `scopes` saves a new definition version (checked as a new workflow’s); runs under way keep theirs. */
export type UpdateWorkflowInput = {
  /** A new definition (a new version). */
  definition?: InputMaybe<Scalars['JSON']['input']>;
  /** Up to 2000 characters; empty clears it. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Your name for it, 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** New scopes for its runs (a new version). */
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The version the action is based on; if it is no longer current the action is refused with `version_conflict` and nothing changes. REST clients may send `If-Match: "<version>"` instead. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** A person of the tenant who uses the operations console. */
export type User = {
  __typename?: 'User';
  /** When the user first signed in; null until then. */
  activated_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the record was created (the invitation). */
  created_at: Scalars['DateTime']['output'];
  /** When the user was deactivated; null otherwise. */
  deactivated_at?: Maybe<Scalars['DateTime']['output']>;
  /** Lower-cased; unique per tenant. */
  email: Scalars['String']['output'];
  /** User identifier (`usr_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** When the user was invited. */
  invited_at: Scalars['DateTime']['output'];
  /** The person’s name; null when the invitation gave none. */
  name?: Maybe<Scalars['String']['output']>;
  /** A built-in role (`role_owner`, …) or a custom role of the tenant. */
  role_id: Scalars['String']['output'];
  /** Where the user is: invited, active or deactivated. */
  status: UserStatus;
  /** When the record last changed. */
  updated_at: Scalars['DateTime']['output'];
};

/** An invitation link for an invited user, shown once: whoever opens it sets the user’s password. An earlier link stops working. */
export type UserInvitation = {
  __typename?: 'UserInvitation';
  /** The link works until then (7 days), once. */
  expires_at: Scalars['DateTime']['output'];
  /** The console’s page to accept the invitation (`<PUBLIC_URL>/console/accept-invitation#token=…`); shown only in this response. */
  invitation_url: Scalars['String']['output'];
  /** The invited user. */
  user_id: Scalars['String']['output'];
};

/** A page of User records. */
export type UserList = {
  __typename?: 'UserList';
  /** Records of this page. */
  data: Array<User>;
  meta: PageMeta;
};

/** A password-reset link for an active user, shown once: whoever opens it sets a new password and ends the user’s sessions. An earlier link stops working. */
export type UserPasswordReset = {
  __typename?: 'UserPasswordReset';
  /** The link works until then (1 hour), once. */
  expires_at: Scalars['DateTime']['output'];
  /** The console’s page to choose a new password (`<PUBLIC_URL>/console/reset-password#token=…`); shown only in this response. */
  reset_url: Scalars['String']['output'];
  /** The user whose password the link resets. */
  user_id: Scalars['String']['output'];
};

/** `invited`: created by an invitation, not signed in yet; `active`: has signed in; `deactivated`: kept for history, can no longer act. */
export type UserStatus =
  | 'active'
  | 'deactivated'
  | 'invited';

/** A place where stock is held. Archived warehouses take no more stock and leave the warehouse list unless `archived=true`. */
export type Warehouse = {
  __typename?: 'Warehouse';
  /** When the warehouse was archived; null while it is active. */
  archived_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the warehouse was created. */
  created_at: Scalars['DateTime']['output'];
  /** Warehouse identifier, assigned by the platform (`wh_…`). */
  id: Scalars['String']['output'];
  /** Aggregates of the items whose home warehouse this is (their stock over all warehouses; `stock_value` holds the value of the stock held here). Same arguments as `inventory_items_aggregate`. */
  items_aggregate: InventoryItemAggregate;
  /** Warehouse name, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** The stock levels held here, by SKU, one page at a time (`page`, `per_page`): levels brought back to zero stay listed. `reorder_below: true` keeps the levels of active items whose total stock is below their reorder point (GraphQL only). */
  stock_levels: Array<StockLevel>;
  /** The value of the stock held here, per currency: each stock level’s quantity × its item’s `unit_cost`, summed per `currency` (amounts in different currencies are never added). Items without a `unit_cost` are left out; negative levels (backorders) count negatively. Ordered by currency; empty when nothing here has a cost. */
  stock_value: Array<MoneyAmount>;
  /** When the warehouse last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change; send it back as `version` (or REST `If-Match: "<version>"`) to refuse a change based on an older read. */
  version: Scalars['Int']['output'];
};


/** A place where stock is held. Archived warehouses take no more stock and leave the warehouse list unless `archived=true`. */
export type WarehouseItems_AggregateArgs = {
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  quantity_on_hand_max?: InputMaybe<Scalars['Int']['input']>;
  quantity_on_hand_min?: InputMaybe<Scalars['Int']['input']>;
  reorder_below?: InputMaybe<Scalars['Boolean']['input']>;
  reorder_point_max?: InputMaybe<Scalars['Int']['input']>;
  reorder_point_min?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  unit_cost_max?: InputMaybe<Scalars['MinorUnits']['input']>;
  unit_cost_min?: InputMaybe<Scalars['MinorUnits']['input']>;
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
};


/** A place where stock is held. Archived warehouses take no more stock and leave the warehouse list unless `archived=true`. */
export type WarehouseStock_LevelsArgs = {
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
  reorder_below?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A page of Warehouse records. */
export type WarehouseList = {
  __typename?: 'WarehouseList';
  /** Records of this page. */
  data: Array<Warehouse>;
  meta: PageMeta;
};

/** One HTTP request of a delivery. */
export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  /** When the request was sent. */
  attempted_at: Scalars['DateTime']['output'];
  /** Milliseconds from sending the request to the response (or the failure). */
  duration_ms: Scalars['Int']['output'];
  /** Why no response arrived (connection refused, timeout, address refused); null when one did. */
  error?: Maybe<Scalars['String']['output']>;
  /** The first 1,000 bytes of the response body; null when none arrived. */
  response_excerpt?: Maybe<Scalars['String']['output']>;
  /** The HTTP status of the response; null when none arrived (see `error`). */
  response_status?: Maybe<Scalars['Int']['output']>;
};

/** One event sent to one endpoint, with every attempt made. Failed attempts are retried on a schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h). */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** Attempts made so far. */
  attempt_count: Scalars['Int']['output'];
  /** The attempts, oldest first. */
  attempts: Array<WebhookAttempt>;
  /** When it succeeded or failed for good; null while pending. */
  completed_at?: Maybe<Scalars['DateTime']['output']>;
  /** When the delivery was created. */
  created_at: Scalars['DateTime']['output'];
  /** The endpoint (`we_…`). */
  endpoint_id: Scalars['String']['output'];
  /** The event delivered (`evt_…`): also the `webhook-id` header of every attempt. */
  event_id: Scalars['String']['output'];
  /** The type of that event. */
  event_type: Scalars['String']['output'];
  /** Why a `failed` delivery gave up; else null. */
  failure_reason?: Maybe<Scalars['String']['output']>;
  /** Delivery identifier (`wd_…`). */
  id: Scalars['String']['output'];
  /** When the next attempt is due while `pending`; null once the delivery is over. */
  next_attempt_at?: Maybe<Scalars['DateTime']['output']>;
  /** `pending`, `succeeded` or `failed`. */
  status: WebhookDeliveryStatus;
  /** `event`, `resend` or `replay`. */
  trigger: WebhookDeliveryTrigger;
};

/** Aggregates of webhook deliveries: one group per distinct grouping key, in the requested order. */
export type WebhookDeliveryAggregate = {
  __typename?: 'WebhookDeliveryAggregate';
  /** The groups, at most `limit`. */
  groups: Array<WebhookDeliveryAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the webhook deliveries of a group. */
export type WebhookDeliveryAggregateDistinct = {
  __typename?: 'WebhookDeliveryAggregateDistinct';
  /** Endpoints. */
  endpoint_id: Scalars['Int']['output'];
  /** Events delivered. */
  event_id: Scalars['Int']['output'];
};

/** A group of webhook deliveries: its key, how many records it holds and the statistics of their numbers and amounts. */
export type WebhookDeliveryAggregateGroup = {
  __typename?: 'WebhookDeliveryAggregateGroup';
  /** Attempts made per delivery. */
  attempts: NumberStatistics;
  /** Milliseconds spent on the attempts of a delivery (sending to response or failure, summed); null before any attempt. */
  attempts_duration_ms: NumberStatistics;
  /** Milliseconds from the creation of a delivery to its success or final failure; null while pending. */
  completion_ms: NumberStatistics;
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: WebhookDeliveryAggregateDistinct;
  /** What the records of the group share. */
  key: WebhookDeliveryAggregateKey;
};

/** The grouping key of a group of webhook deliveries: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type WebhookDeliveryAggregateKey = {
  __typename?: 'WebhookDeliveryAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The endpoint (`we_…`). */
  endpoint_id?: Maybe<Scalars['String']['output']>;
  /** The class of the status of the last attempt’s response (`2xx`, `4xx`, `5xx`, …); null before any attempt or when no response arrived. */
  response_class?: Maybe<Scalars['String']['output']>;
  /** `pending`, `succeeded` or `failed`. */
  status?: Maybe<WebhookDeliveryStatus>;
  /** `event`, `resend` or `replay`. */
  trigger?: Maybe<WebhookDeliveryTrigger>;
};

/** A page of WebhookDelivery records. */
export type WebhookDeliveryList = {
  __typename?: 'WebhookDeliveryList';
  /** Records of this page. */
  data: Array<WebhookDelivery>;
  meta: PageMeta;
};

/** Where a delivery is. */
export type WebhookDeliveryStatus =
  /** Given up: every attempt failed, the endpoint answered 410 Gone, or the endpoint was disabled; `failure_reason` says which. */
  | 'failed'
  /** Not yet delivered: the first attempt is due, or a retry is scheduled at `next_attempt_at`. */
  | 'pending'
  /** An attempt got a 2xx response. */
  | 'succeeded';

/** Why a delivery was made. */
export type WebhookDeliveryTrigger =
  /** The event happened and the endpoint subscribes to its type. */
  | 'event'
  /** A client replayed a time range (`POST …/replay`). */
  | 'replay'
  /** A client resent the event (`POST …/resend`). */
  | 'resend';

/** A URL of yours that receives the events it subscribes to, each as a POST signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the endpoint’s signing secret. The secret is shown only when the endpoint is created and when it is rotated. */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  /** When the endpoint was registered. */
  created_at: Scalars['DateTime']['output'];
  /** Your note on the endpoint, up to 500 characters. */
  description?: Maybe<Scalars['String']['output']>;
  /** When the endpoint was disabled; null while enabled. */
  disabled_at?: Maybe<Scalars['DateTime']['output']>;
  /** Why the endpoint is disabled: `Disabled through the API.`, or the platform’s reason (a 410 Gone, or deliveries that failed every attempt, with the last outcome). Null while enabled. */
  disabled_reason?: Maybe<Scalars['String']['output']>;
  /** The event types delivered to it: platform types (`order.created`) and custom types (`custom.…`). */
  event_types: Array<Scalars['String']['output']>;
  /** Endpoint identifier (`we_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** After a secret rotation, until when the previous secret still signs deliveries beside the new one (two signatures in `webhook-signature`); null when only one secret signs. */
  previous_secret_expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** `enabled` or `disabled`. */
  status: WebhookEndpointStatus;
  /** When the endpoint last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Where deliveries are POSTed: a public HTTPS URL (HTTP is allowed for sandbox tenants). */
  url: Scalars['String']['output'];
  /** Incremented by every change and action (the platform disabling it too); send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};

/** A page of WebhookEndpoint records. */
export type WebhookEndpointList = {
  __typename?: 'WebhookEndpointList';
  /** Records of this page. */
  data: Array<WebhookEndpoint>;
  meta: PageMeta;
};

/** Whether an endpoint receives deliveries. */
export type WebhookEndpointStatus =
  /** Receives nothing; pending deliveries fail. Disabled by a client, or by the platform after a 410 Gone or a delivery that failed every attempt (`disabled_reason` says which). */
  | 'disabled'
  /** Receives a delivery of every event of its types. */
  | 'enabled';

/** A webhook endpoint with its signing secret: the answer of creating an endpoint and of rotating its secret, the only times the secret is shown. Store it; it cannot be read again. */
export type WebhookEndpointWithSecret = {
  __typename?: 'WebhookEndpointWithSecret';
  /** When the endpoint was registered. */
  created_at: Scalars['DateTime']['output'];
  /** Your note on the endpoint, up to 500 characters. */
  description?: Maybe<Scalars['String']['output']>;
  /** When the endpoint was disabled; null while enabled. */
  disabled_at?: Maybe<Scalars['DateTime']['output']>;
  /** Why the endpoint is disabled: `Disabled through the API.`, or the platform’s reason (a 410 Gone, or deliveries that failed every attempt, with the last outcome). Null while enabled. */
  disabled_reason?: Maybe<Scalars['String']['output']>;
  /** The event types delivered to it: platform types (`order.created`) and custom types (`custom.…`). */
  event_types: Array<Scalars['String']['output']>;
  /** Endpoint identifier (`we_…`), assigned by the platform. */
  id: Scalars['String']['output'];
  /** After a secret rotation, until when the previous secret still signs deliveries beside the new one (two signatures in `webhook-signature`); null when only one secret signs. */
  previous_secret_expires_at?: Maybe<Scalars['DateTime']['output']>;
  /** The signing secret (`whsec_…`, Standard Webhooks form). Verify deliveries with it, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
  secret: Scalars['String']['output'];
  /** `enabled` or `disabled`. */
  status: WebhookEndpointStatus;
  /** When the endpoint last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Where deliveries are POSTed: a public HTTPS URL (HTTP is allowed for sandbox tenants). */
  url: Scalars['String']['output'];
  /** Incremented by every change and action (the platform disabling it too); send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};

/** The outcome of a test request (`webhook.ping`) to an endpoint. Nothing is recorded in the delivery log. */
export type WebhookPingResult = {
  __typename?: 'WebhookPingResult';
  /** Milliseconds from sending the request to the response (or the failure). */
  duration_ms: Scalars['Int']['output'];
  /** Why no response arrived; null when one did. */
  error?: Maybe<Scalars['String']['output']>;
  /** The first 1,000 bytes of the response body. */
  response_excerpt?: Maybe<Scalars['String']['output']>;
  /** The HTTP status of the response; null when none arrived (see `error`). */
  response_status?: Maybe<Scalars['Int']['output']>;
};

/** What a resend or replay scheduled. */
export type WebhookRedeliveryResult = {
  __typename?: 'WebhookRedeliveryResult';
  /** New deliveries created (trigger `resend` or `replay`), each sent at once and retried like any other. */
  deliveries: Scalars['Int']['output'];
};

/** An automation: a trigger (an event, a schedule or the API) and steps, acting through the platform’s own operations with the scopes it was granted. HTTP calls it makes are signed with its signing secret (Standard Webhooks), shown only when it is created and when the secret is rotated. */
export type Workflow = {
  __typename?: 'Workflow';
  /** When the workflow was created. */
  created_at: Scalars['DateTime']['output'];
  /** The current definition: `trigger`, `steps`, `timeout_seconds`, `output` (see the workflows guide of the API reference). */
  definition: Scalars['JSON']['output'];
  /** The definition version new runs start with (1, then one more for each saved change of `definition` or `scopes`); a run keeps the version it started with. */
  definition_version: Scalars['Int']['output'];
  /** What it is for, up to 2000 characters. */
  description?: Maybe<Scalars['String']['output']>;
  /** Whether its trigger starts runs (and the API may start one). Runs under way go on when it is disabled. */
  enabled: Scalars['Boolean']['output'];
  /** An event trigger: the event type that starts runs. */
  event_type?: Maybe<Scalars['String']['output']>;
  /** Workflow identifier (`wf_…`): also the actor of its runs’ operations in the audit trail, and the `credential_id` of the events they produce. */
  id: Scalars['String']['output'];
  /** Your name for it, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** A schedule trigger: when the next run starts; null while disabled or for other triggers. */
  next_run_at?: Maybe<Scalars['DateTime']['output']>;
  /** Aggregates of the workflow’s runs. Same arguments as `workflow_runs_aggregate`. */
  runs_aggregate: WorkflowRunAggregate;
  /** What its runs may do: the scopes of its own credential, granted by whoever saved it (never more than they held). Every step’s operation is checked against them. */
  scopes: Array<Scalars['String']['output']>;
  /** The template it was installed from (`reorder_on_low_stock`, …); null otherwise. */
  template?: Maybe<Scalars['String']['output']>;
  /** `event`, `schedule` or `manual` (from the current definition). */
  trigger_type: WorkflowTriggerType;
  /** When it last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};


/** An automation: a trigger (an event, a schedule or the API) and steps, acting through the platform’s own operations with the scopes it was granted. HTTP calls it makes are signed with its signing secret (Standard Webhooks), shown only when it is created and when the secret is rotated. */
export type WorkflowRuns_AggregateArgs = {
  bucket?: InputMaybe<TimeBucket>;
  bucket_by?: InputMaybe<Scalars['String']['input']>;
  group_by?: InputMaybe<Scalars['String']['input']>;
  having?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WorkflowRunStatus>;
  time_zone?: InputMaybe<Scalars['String']['input']>;
  workflow_id?: InputMaybe<Scalars['String']['input']>;
};

/** A page of Workflow records. */
export type WorkflowList = {
  __typename?: 'WorkflowList';
  /** Records of this page. */
  data: Array<Workflow>;
  meta: PageMeta;
};

/** One execution of a workflow, with the definition version it started with, its input, status, and outcome. */
export type WorkflowRun = {
  __typename?: 'WorkflowRun';
  /** When cancellation was asked of a running run (it stops before its next step). */
  cancel_requested_at?: Maybe<Scalars['DateTime']['output']>;
  /** The run whose event (or operation) started this one. */
  caused_by_run_id?: Maybe<Scalars['String']['output']>;
  /** 1 for a run the API, a schedule or an event no run produced started; one more for each run before it in a chain of runs triggering runs (at most 5). */
  chain_depth: Scalars['Int']['output'];
  /** When it was started. */
  created_at: Scalars['DateTime']['output'];
  /** The definition version it executes (the current one when it started). */
  definition_version: Scalars['Int']['output'];
  /** A failed run: the step, code and message. */
  error?: Maybe<WorkflowRunError>;
  /** When it ended. */
  finished_at?: Maybe<Scalars['DateTime']['output']>;
  /** Run identifier (`wfr_…`). */
  id: Scalars['String']['output'];
  /** What its expressions read as `input`: the triggering event (as webhooks receive it), `{ scheduled_for }`, or the input given to the API. */
  input: Scalars['JSON']['output'];
  /** A succeeded run: the definition’s `output`, or every step’s output by step id. */
  output?: Maybe<Scalars['JSON']['output']>;
  /** A schedule trigger: the scheduled time. */
  scheduled_for?: Maybe<Scalars['DateTime']['output']>;
  /** When its first step began. */
  started_at?: Maybe<Scalars['DateTime']['output']>;
  /** A manual run: the credential that started it. */
  started_by?: Maybe<Scalars['String']['output']>;
  /** Where it is. */
  status: WorkflowRunStatus;
  /** Its step log (GraphQL only; REST: `GET /v1/workflows/runs/{id}/steps`). */
  steps: Array<WorkflowRunStep>;
  /** When it fails with `run_timed_out` if still not over. */
  timeout_at: Scalars['DateTime']['output'];
  /** `event`, `schedule` or `manual`. */
  trigger: WorkflowRunTrigger;
  /** An event trigger: the event (`evt_…`). */
  trigger_event_id?: Maybe<Scalars['String']['output']>;
  /** Incremented by every change of the run. */
  version: Scalars['Int']['output'];
  /** A waiting run: the step and what it waits for. */
  waiting_for?: Maybe<WorkflowRunWaiting>;
  /** The workflow (`wf_…`). */
  workflow_id: Scalars['String']['output'];
};

/** Aggregates of workflow runs: one group per distinct grouping key, in the requested order. */
export type WorkflowRunAggregate = {
  __typename?: 'WorkflowRunAggregate';
  /** The groups, at most `limit`. */
  groups: Array<WorkflowRunAggregateGroup>;
  /** Whether more groups matched than `limit`: raise it, narrow the filters or use `having`. */
  truncated: Scalars['Boolean']['output'];
};

/** Counts of distinct values among the workflow runs of a group. */
export type WorkflowRunAggregateDistinct = {
  __typename?: 'WorkflowRunAggregateDistinct';
  /** Workflows. */
  workflow_id: Scalars['Int']['output'];
};

/** A group of workflow runs: its key, how many records it holds and the statistics of their numbers and amounts. */
export type WorkflowRunAggregateGroup = {
  __typename?: 'WorkflowRunAggregateGroup';
  /** How deep runs are in chains of runs triggering runs (1: not started by another run). */
  chain_depth: NumberStatistics;
  /** Records in the group. */
  count: Scalars['Int']['output'];
  /** Distinct values in the group. */
  count_distinct: WorkflowRunAggregateDistinct;
  /** Milliseconds from the start of a run to its end, waits included; null until it ended (or if it never started). */
  duration_ms: NumberStatistics;
  /** What the records of the group share. */
  key: WorkflowRunAggregateKey;
  /** Steps executed per run (each step once, however many attempts it took). */
  steps: NumberStatistics;
};

/** The grouping key of a group of workflow runs: the value of each field of `group_by` and the time bucket; null for a key the request does not group by (or a record without a value). */
export type WorkflowRunAggregateKey = {
  __typename?: 'WorkflowRunAggregateKey';
  /** The start of the time bucket (with `bucket`), as an instant. */
  bucket?: Maybe<Scalars['DateTime']['output']>;
  /** The time bucket in the time zone of the request: `2026-11-27` (day), `2026-W48` (ISO week), `2026-11` (month), `2026-Q4` (quarter), `2026` (year). */
  bucket_label?: Maybe<Scalars['String']['output']>;
  /** The step a failed run failed at; null for other runs (and runs refused before any step). */
  failed_step?: Maybe<Scalars['String']['output']>;
  /** Where the run is. */
  status?: Maybe<WorkflowRunStatus>;
  /** What started the run: an event, a schedule or the API. */
  trigger?: Maybe<WorkflowRunTrigger>;
  /** The workflow (`wf_…`). */
  workflow_id?: Maybe<Scalars['String']['output']>;
  /** The version of the workflow’s definition the run executes. */
  workflow_version?: Maybe<Scalars['Int']['output']>;
};

/** Why a run failed. */
export type WorkflowRunError = {
  __typename?: 'WorkflowRunError';
  /** Stable code: the platform error code of a failed operation (`insufficient_stock`, `insufficient_scope`, …), `http_error`, `http_timeout`, `http_unreachable`, `http_refused`, `expression_failed`, `too_many_items`, `approval_rejected`, `approval_timed_out`, `run_timed_out`, `chain_depth_exceeded`. */
  code: Scalars['String']['output'];
  /** What went wrong, for people (never a secret). */
  message: Scalars['String']['output'];
  /** The key of the step that failed (`notify`, `lines[2].reserve`); null when no step did (a timeout, a refusal). */
  step?: Maybe<Scalars['String']['output']>;
};

/** A page of WorkflowRun records. */
export type WorkflowRunList = {
  __typename?: 'WorkflowRunList';
  /** Records of this page. */
  data: Array<WorkflowRun>;
  meta: PageMeta;
};

/** Where a run is. */
export type WorkflowRunStatus =
  /** Cancelled through the API; what its steps did stays. `workflow.completed` was emitted. */
  | 'cancelled'
  /** A step failed for good (after its retries), the run timed out, or it was refused (loop protection): `error` names the step and the code. `workflow.completed` was emitted, except for a refused run. */
  | 'failed'
  /** Started, waiting for the engine (or going on after an approval). */
  | 'queued'
  /** Executing its steps (or between two attempts of a step being retried). */
  | 'running'
  /** Every step ran; `output` holds the outcome. `workflow.completed` was emitted. */
  | 'succeeded'
  /** Waiting for a delay to pass or for an approval: `waiting_for` says which. */
  | 'waiting';

/** A step of a run as it executed: its input (its expressions evaluated), output or error, attempts and timings. */
export type WorkflowRunStep = {
  __typename?: 'WorkflowRunStep';
  /** Attempts made. */
  attempts: Scalars['Int']['output'];
  /** From its first attempt’s start to its end (retries and waits included). */
  duration_ms?: Maybe<Scalars['Int']['output']>;
  /** `{ code, message }` of the last failed attempt. */
  error?: Maybe<Scalars['JSON']['output']>;
  /** When it succeeded or failed for good. */
  finished_at?: Maybe<Scalars['DateTime']['output']>;
  /** Its expressions’ values: a graphql step’s `variables`, an http step’s `body`, a condition’s `if`, … */
  input?: Maybe<Scalars['JSON']['output']>;
  /** The step’s place in the run: its id, prefixed by the for_each iterations around it (`lines[2].reserve`). */
  key: Scalars['String']['output'];
  /** `condition`, `graphql`, `emit`, `http`, `wait`, `approval` or `for_each`. */
  kind: Scalars['String']['output'];
  /** Attempts its retry policy allows in all. */
  max_attempts: Scalars['Int']['output'];
  /** While `retrying`: when the next attempt is due. */
  next_attempt_at?: Maybe<Scalars['DateTime']['output']>;
  /** Its outcome: an operation’s `data`, an HTTP answer’s `{ status, body }`, a condition’s `{ result }`, a for_each’s `{ items }`, an approval’s `{ decision, comment, decided_by, decided_at }`. */
  output?: Maybe<Scalars['JSON']['output']>;
  /** When its first attempt started. */
  started_at: Scalars['DateTime']['output'];
  /** Where the step is. */
  status: WorkflowStepStatus;
  /** The step’s id in the definition. */
  step_id: Scalars['String']['output'];
  /** A wait: when it ends; an approval: its deadline. */
  wake_at?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of WorkflowRunStep records. */
export type WorkflowRunStepList = {
  __typename?: 'WorkflowRunStepList';
  /** Records of this page. */
  data: Array<WorkflowRunStep>;
  meta: PageMeta;
};

/** What started a run. */
export type WorkflowRunTrigger =
  /** An event of the workflow’s trigger: `input` is the event, `trigger_event_id` its id. */
  | 'event'
  /** The API (`POST /v1/workflows/{id}/runs`): `input` as given, `started_by` the credential. */
  | 'manual'
  /** A time of the workflow’s schedule: `input` is `{ scheduled_for }`. */
  | 'schedule';

/** What a waiting run waits for. */
export type WorkflowRunWaiting = {
  __typename?: 'WorkflowRunWaiting';
  /** `wait` (a delay) or `approval` (a decision through `POST /v1/workflows/runs/{id}/approval`). */
  kind: Scalars['String']['output'];
  /** An approval: what the approver is asked (the step’s `message`). */
  message?: Maybe<Scalars['JSON']['output']>;
  /** The key of the waiting step. */
  step: Scalars['String']['output'];
  /** When the wait ends, or the approval’s deadline (null: none). */
  until?: Maybe<Scalars['DateTime']['output']>;
};

/** Where a step of a run is. */
export type WorkflowStepStatus =
  /** Failed for good: `error` says why; the run failed with it. */
  | 'failed'
  /** An attempt failed for a reason worth retrying; the next is due at `next_attempt_at`. */
  | 'retrying'
  /** An attempt is under way. */
  | 'running'
  /** Done; `output` holds its outcome, which later steps read as `steps.<id>`. */
  | 'succeeded'
  /** A wait until `wake_at`, or an approval waiting for its decision (until `wake_at`, its deadline, if any). */
  | 'waiting';

/** A ready-made workflow, installed with a few parameters (`POST /v1/workflows/templates/{key}/install`). */
export type WorkflowTemplate = {
  __typename?: 'WorkflowTemplate';
  /** What it does. */
  description: Scalars['String']['output'];
  /** Its key (`reorder_on_low_stock`, …). */
  key: Scalars['String']['output'];
  /** Its name. */
  name: Scalars['String']['output'];
  /** JSON Schema of its parameters. */
  parameters: Scalars['JSON']['output'];
  /** The scopes the installed workflow is granted: the installing credential must hold them. */
  scopes: Array<Scalars['String']['output']>;
};

/** What starts a workflow’s runs. */
export type WorkflowTriggerType =
  /** An event of the type `definition.trigger.event_type` (a platform or a custom one), when `definition.trigger.condition` holds for it; the event is the run’s `input`. */
  | 'event'
  /** Only the API (`POST /v1/workflows/{id}/runs`), with an `input` checked against `definition.trigger.input_schema`. */
  | 'manual'
  /** The times of `definition.trigger.cron` in `definition.trigger.time_zone`; `input` is `{ scheduled_for }`. */
  | 'schedule';

/** One saved version of a workflow’s definition, with the scopes granted with it; never changed once saved. */
export type WorkflowVersion = {
  __typename?: 'WorkflowVersion';
  /** When it was saved. */
  created_at: Scalars['DateTime']['output'];
  /** The credential that saved it (OAuth client, API key or workflow id). */
  created_by: Scalars['String']['output'];
  /** The definition as saved. */
  definition: Scalars['JSON']['output'];
  /** The scopes its runs act with. */
  scopes: Array<Scalars['String']['output']>;
  /** The definition version (1, 2, …). */
  version: Scalars['Int']['output'];
  /** The workflow (`wf_…`). */
  workflow_id: Scalars['String']['output'];
};

/** A page of WorkflowVersion records. */
export type WorkflowVersionList = {
  __typename?: 'WorkflowVersionList';
  /** Records of this page. */
  data: Array<WorkflowVersion>;
  meta: PageMeta;
};

/** A workflow with its signing secret: the answer of creating (or installing) a workflow and of rotating its secret, the only times the secret is shown. Store it; it cannot be read again. */
export type WorkflowWithSecret = {
  __typename?: 'WorkflowWithSecret';
  /** When the workflow was created. */
  created_at: Scalars['DateTime']['output'];
  /** The current definition: `trigger`, `steps`, `timeout_seconds`, `output` (see the workflows guide of the API reference). */
  definition: Scalars['JSON']['output'];
  /** The definition version new runs start with (1, then one more for each saved change of `definition` or `scopes`); a run keeps the version it started with. */
  definition_version: Scalars['Int']['output'];
  /** What it is for, up to 2000 characters. */
  description?: Maybe<Scalars['String']['output']>;
  /** Whether its trigger starts runs (and the API may start one). Runs under way go on when it is disabled. */
  enabled: Scalars['Boolean']['output'];
  /** An event trigger: the event type that starts runs. */
  event_type?: Maybe<Scalars['String']['output']>;
  /** Workflow identifier (`wf_…`): also the actor of its runs’ operations in the audit trail, and the `credential_id` of the events they produce. */
  id: Scalars['String']['output'];
  /** Your name for it, 1 to 200 characters. */
  name: Scalars['String']['output'];
  /** A schedule trigger: when the next run starts; null while disabled or for other triggers. */
  next_run_at?: Maybe<Scalars['DateTime']['output']>;
  /** What its runs may do: the scopes of its own credential, granted by whoever saved it (never more than they held). Every step’s operation is checked against them. */
  scopes: Array<Scalars['String']['output']>;
  /** The signing secret (`whsec_…`, Standard Webhooks form) of the workflow’s HTTP calls: receivers verify `webhook-signature` with it. */
  signing_secret: Scalars['String']['output'];
  /** The template it was installed from (`reorder_on_low_stock`, …); null otherwise. */
  template?: Maybe<Scalars['String']['output']>;
  /** `event`, `schedule` or `manual` (from the current definition). */
  trigger_type: WorkflowTriggerType;
  /** When it last changed. */
  updated_at: Scalars['DateTime']['output'];
  /** Incremented by every change; send it back as `version` (or REST `If-Match`) to refuse a change based on a stale read. */
  version: Scalars['Int']['output'];
};

export type OrderEventsSubscriptionVariables = Exact<{
  types?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
}>;


export type OrderEventsSubscription = { __typename?: 'Subscription', events: { __typename?: 'Event', id: string, type: string, occurred_at: string, data: unknown, order?: { __typename?: 'Order', id: string, number: string, status: OrderStatus, external_reference?: string | null, customer: { __typename?: 'Customer', name: string } } | null } };

export type InventoryItemsQueryVariables = Exact<{
  warehouse_id?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
}>;


export type InventoryItemsQuery = { __typename?: 'Query', inventory_items: { __typename?: 'InventoryItemList', data: Array<{ __typename?: 'InventoryItem', id: string, name: string, quantity_on_hand: number, reorder_point: number, warehouse_id: string }>, meta: { __typename?: 'PageMeta', total: number, page: number, per_page: number, next_cursor?: string | null } } };

export type OrdersWithCustomerQueryVariables = Exact<{
  customer_id?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
  page?: InputMaybe<Scalars['Int']['input']>;
  per_page?: InputMaybe<Scalars['Int']['input']>;
}>;


export type OrdersWithCustomerQuery = { __typename?: 'Query', orders: { __typename?: 'OrderList', data: Array<{ __typename?: 'Order', id: string, number: string, kind: OrderKind, status: OrderStatus, currency: string, total: number, external_reference?: string | null, version: number, created_at: string, customer: { __typename?: 'Customer', id: string, name: string } }>, meta: { __typename?: 'PageMeta', total: number, page: number, per_page: number, next_cursor?: string | null } } };

export type OrderQueryVariables = Exact<{
  id: Scalars['String']['input'];
}>;


export type OrderQuery = { __typename?: 'Query', order: { __typename?: 'Order', id: string, number: string, status: OrderStatus, version: number, total: number, currency: string, lines: Array<{ __typename?: 'OrderLine', item_id: string, quantity: number, unit_price: number }> } };

export type CreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
}>;


export type CreateOrderMutation = { __typename?: 'Mutation', create_order?: { __typename?: 'Order', id: string, number: string, status: OrderStatus, version: number } | null };


export const OrderEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OrderEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"types"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"Variable","name":{"kind":"Name","value":"types"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurred_at"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"external_reference"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OrderEventsSubscription, OrderEventsSubscriptionVariables>;
export const InventoryItemsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InventoryItems"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"warehouse_id"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"per_page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inventory_items"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"warehouse_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"warehouse_id"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"per_page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"per_page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity_on_hand"}},{"kind":"Field","name":{"kind":"Name","value":"reorder_point"}},{"kind":"Field","name":{"kind":"Name","value":"warehouse_id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"per_page"}},{"kind":"Field","name":{"kind":"Name","value":"next_cursor"}}]}}]}}]}}]} as unknown as DocumentNode<InventoryItemsQuery, InventoryItemsQueryVariables>;
export const OrdersWithCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrdersWithCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"customer_id"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"per_page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"customer_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"customer_id"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"per_page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"per_page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"external_reference"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"per_page"}},{"kind":"Field","name":{"kind":"Name","value":"next_cursor"}}]}}]}}]}}]} as unknown as DocumentNode<OrdersWithCustomerQuery, OrdersWithCustomerQueryVariables>;
export const OrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Order"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"item_id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit_price"}}]}}]}}]}}]} as unknown as DocumentNode<OrderQuery, OrderQueryVariables>;
export const CreateOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"create_order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<CreateOrderMutation, CreateOrderMutationVariables>;