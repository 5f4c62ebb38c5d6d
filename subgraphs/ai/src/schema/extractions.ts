import { createHash } from 'node:crypto';
import type { Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import { type RestRoutes, type SubgraphBuilder, inputRules, listEnvelope, listOrder, listWindow, paginationArgs, parseInput, sortArg } from '@platform/graphql-kit';
import { createDraft } from '../extraction/drafts.ts';
import { ExtractionError, extractDocument } from '../extraction/index.ts';
import type { ExtractedField, ExtractedLine, Extraction, ExtractionWarning, SourceLocation } from '../extraction/types.ts';
import { type ExtractionRecord, createExtraction, findExtraction, listExtractions, lockExtraction, updateExtraction } from '../repositories/extractions.ts';
import { createDraftRules, extractDocumentRules } from './rules.ts';
import { AI_SCOPES } from './shared.ts';

const EXTRACTION_SORT_KEYS = { created_at: 'timestamp' } as const;
const DEFAULT_EXTRACTION_SORT = '-created_at';

/** An extraction as the REST API shows it: the stored row with what was read, field by field. */
export function extractionRepresentation(row: ExtractionRecord) {
  const result = row.result as unknown as Extraction;
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    byte_size: row.byte_size,
    sha256: row.sha256,
    method: result.method,
    pages: result.pages,
    document_type: result.document_type,
    supplier: result.supplier,
    document_number: result.document_number,
    issue_date: result.issue_date,
    due_date: result.due_date,
    currency: result.currency,
    lines: result.lines,
    subtotal: result.subtotal,
    tax_total: result.tax_total,
    total: result.total,
    checks: result.checks,
    warnings: result.warnings,
    draft: row.draft as { type: 'purchase_order' | 'invoice'; id: string } | null,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  };
}
type ExtractionRepresentation = ReturnType<typeof extractionRepresentation>;

/** How the extractor's refusals reach clients. */
function problemOf(error: ExtractionError): ApiError {
  // The input rules admit only the types the extractor reads: this is a type its sniffing of the content refused.
  if (error.reason === 'unsupported_content_type') return new ApiError('validation_failed', error.message, { errors: [{ field: 'content_type', message: error.message }] });
  if (error.reason === 'timeout') return new ApiError('extraction_timeout', error.message, error.details);
  return new ApiError('document_unreadable', error.message, { reason: error.reason, ...error.details });
}

/** Document extraction: supplier invoices and purchase orders read field by field, and turned into drafts. */
export function defineExtractionSchema(builder: SubgraphBuilder) {
  const Source = builder.objectRef<SourceLocation>('AiExtractionSource').implement({
    description: 'Where a value was read on the document.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      page: t.exposeInt('page', { description: 'The page, from 1.' }),
      line: t.exposeInt('line', { description: 'The line (row of text) on that page, from 1.' }),
      text: t.exposeString('text', { description: 'That line’s text.' }),
    }),
  });
  const fieldType = <Value extends string | number>(name: string, valueType: 'String' | 'MinorUnits' | 'Float', description: string) =>
    builder.objectRef<ExtractedField<Value>>(name).implement({
      description,
      authScopes: { anyScope: AI_SCOPES },
      fields: (t) => ({
        value: t.field({ type: valueType, nullable: true, resolve: (field) => field.value as never, description: 'The value read; null when none was found.' }),
        confidence: t.exposeFloat('confidence', { description: 'From 0 (not found) to 1: how sure the extraction is; lowered when a cross-check of the amounts fails.' }),
        source: t.field({ type: Source, nullable: true, resolve: (field) => field.source, description: 'Where it was read.' }),
      }),
    });
  const Text = fieldType<string>('AiExtractedText', 'String', 'A text value read from the document.');
  const Amount = fieldType<number>('AiExtractedAmount', 'MinorUnits', 'An amount of money read from the document, in minor units of the document’s currency.');
  const Quantity = fieldType<number>('AiExtractedNumber', 'Float', 'A number read from the document: a quantity, or a tax rate in basis points (2000 = 20 %).');
  const Line = builder.objectRef<ExtractedLine>('AiExtractedLine').implement({
    description: 'A line of the document’s table.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      description: t.field({ type: Text, resolve: (line) => line.description, description: 'What the line is for.' }),
      sku: t.field({ type: Text, resolve: (line) => line.sku, description: 'The item code, when the document has one.' }),
      quantity: t.field({ type: Quantity, resolve: (line) => line.quantity, description: 'How many.' }),
      unit_price: t.field({ type: Amount, resolve: (line) => line.unit_price, description: 'Price of one, before tax.' }),
      tax_rate: t.field({ type: Quantity, resolve: (line) => line.tax_rate, description: 'Tax rate in basis points.' }),
      amount: t.field({ type: Amount, resolve: (line) => line.amount, description: 'The line’s amount before tax.' }),
    }),
  });
  const Checks = builder.objectRef<Extraction['checks']>('AiExtractionChecks').implement({
    description: 'Cross-checks of the amounts read: true, false, or null when the document lacks what a check needs.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      line_amounts: t.exposeBoolean('line_amounts', { nullable: true, description: 'Each line’s quantity × unit price is its amount.' }),
      lines_sum_to_subtotal: t.exposeBoolean('lines_sum_to_subtotal', { nullable: true, description: 'The lines add up to the subtotal.' }),
      subtotal_plus_tax_equals_total: t.exposeBoolean('subtotal_plus_tax_equals_total', { nullable: true, description: 'Subtotal plus tax is the total.' }),
      line_taxes_sum_to_tax_total: t.exposeBoolean('line_taxes_sum_to_tax_total', { nullable: true, description: 'The lines’ taxes (amount × rate) add up to the tax total: catches a misread rate.' }),
    }),
  });
  const Warning = builder.objectRef<ExtractionWarning>('AiExtractionWarning').implement({
    description: 'Something a reviewer should look at: a failed cross-check or a doubtful value.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      code: t.exposeString('code', { description: '`line_amount_mismatch`, `lines_do_not_sum_to_subtotal`, `totals_do_not_add_up`, `line_taxes_do_not_sum_to_tax_total`, `ambiguous_date` or `no_lines_found`.' }),
      message: t.exposeString('message', { description: 'What is wrong.' }),
      fields: t.exposeStringList('fields', { description: 'The fields concerned (`subtotal`, `lines.2.amount`); their confidence was lowered.' }),
    }),
  });
  const Draft = builder.objectRef<NonNullable<ExtractionRepresentation['draft']>>('AiExtractionDraft').implement({
    description: 'The draft made from an extraction.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      type: t.exposeString('type', { description: '`purchase_order` (a CRM order, `ord_…`) or `invoice` (`inv_…`).' }),
      id: t.exposeString('id', { description: 'Its id.' }),
    }),
  });
  const ExtractionType = builder.objectRef<ExtractionRepresentation>('AiExtraction').implement({
    description: 'A supplier invoice or purchase order read field by field: each value with its confidence and where it was found, the amounts cross-checked.',
    authScopes: { anyScope: AI_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Extraction identifier (`aix_…`).' }),
      filename: t.exposeString('filename', { nullable: true, description: 'The file name given.' }),
      content_type: t.exposeString('content_type', { description: 'The document’s type as given.' }),
      byte_size: t.exposeInt('byte_size', { description: 'Its size.' }),
      sha256: t.exposeString('sha256', { description: 'SHA-256 of the document, hex (the document itself is not kept).' }),
      method: t.exposeString('method', { description: '`pdf_text` (the PDF’s text layer), `ocr` (text recognition of an image or a scanned page) or `text`.' }),
      pages: t.exposeInt('pages', { description: 'Pages read.' }),
      document_type: t.field({ type: Text, resolve: (row) => row.document_type, description: '`invoice`, `purchase_order` or `unknown`.' }),
      supplier: t.field({ type: Text, resolve: (row) => row.supplier, description: 'The issuing company.' }),
      document_number: t.field({ type: Text, resolve: (row) => row.document_number, description: 'The invoice or order number.' }),
      issue_date: t.field({ type: Text, resolve: (row) => row.issue_date, description: '`YYYY-MM-DD`.' }),
      due_date: t.field({ type: Text, resolve: (row) => row.due_date, description: '`YYYY-MM-DD`: payment due (invoice) or delivery (purchase order).' }),
      currency: t.field({ type: Text, resolve: (row) => row.currency, description: 'ISO 4217.' }),
      lines: t.field({ type: [Line], resolve: (row) => row.lines, description: 'The table’s lines.' }),
      subtotal: t.field({ type: Amount, resolve: (row) => row.subtotal, description: 'Total before tax.' }),
      tax_total: t.field({ type: Amount, resolve: (row) => row.tax_total, description: 'Tax.' }),
      total: t.field({ type: Amount, resolve: (row) => row.total, description: 'Total due.' }),
      checks: t.field({ type: Checks, resolve: (row) => row.checks, description: 'Cross-checks of the amounts.' }),
      warnings: t.field({ type: [Warning], resolve: (row) => row.warnings, description: 'What a reviewer should look at.' }),
      draft: t.field({ type: Draft, nullable: true, resolve: (row) => row.draft, description: 'The draft made from it, once made.' }),
      created_by: t.exposeString('created_by', { description: 'The credential that sent the document.' }),
      created_at: t.field({ type: 'DateTime', resolve: (row) => new Date(row.created_at), description: 'When it was extracted.' }),
    }),
  });
  const ExtractionList = listEnvelope(builder, 'AiExtractionList', ExtractionType);

  const ExtractInput = builder.inputType('ExtractDocumentInput', {
    extensions: inputRules(extractDocumentRules),
    description: 'A document: a PDF or an image as base64, or plain text / an e-mail as text.',
    fields: (t) => ({
      filename: t.string({ required: false, description: 'Its file name, kept for reference.' }),
      content_type: t.string({ required: true, description: '`application/pdf`, `image/png`, `image/jpeg`, `text/plain` or `message/rfc822`.' }),
      content_base64: t.string({ required: false, description: 'A PDF or an image, base64-encoded (the request body is limited to MAX_REQUEST_BODY_BYTES, 1 MiB by default).' }),
      text: t.string({ required: false, description: 'Plain text or an e-mail (RFC 822), up to 500,000 characters.' }),
    }),
  });
  const DraftInput = builder.inputType('CreateDraftFromExtractionInput', {
    extensions: inputRules(createDraftRules),
    description: 'What to make of an extraction.',
    fields: (t) => ({
      kind: t.string({ required: true, description: '`purchase_order` (a draft CRM purchase order from the supplier) or `invoice` (a draft invoice).' }),
      customer_id: t.string({ required: false, description: 'The supplier or customer; default: the one customer named exactly like the document’s supplier.' }),
      item_ids: t.stringList({ required: false, description: 'Per line, in order, the SKU to use (null: matched by the line’s item code, then its description). A purchase order needs one for every line.' }),
    }),
  });

  builder.queryFields((t) => ({
    ai_extractions: t.field({
      type: ExtractionList,
      description: 'Document extractions of the tenant, newest first by default.',
      authScopes: { scope: 'ai:read' },
      args: { sort: sortArg(t.arg, Object.keys(EXTRACTION_SORT_KEYS), DEFAULT_EXTRACTION_SORT), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const page = await listExtractions(prisma, principal.tenantId, listWindow(args, 'ai_extractions', listOrder(args.sort, EXTRACTION_SORT_KEYS, DEFAULT_EXTRACTION_SORT), info));
        return { ...page, data: page.data.map(extractionRepresentation) };
      },
    }),
    ai_extraction: t.field({
      type: ExtractionType,
      description: 'One document extraction by id.',
      authScopes: { scope: 'ai:read' },
      args: { id: t.arg.string({ required: true, description: 'The extraction id (`aix_…`).' }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const row = await findExtraction(prisma, principal.tenantId, id);
        if (!row) throw notFoundExtraction(id);
        return extractionRepresentation(row);
      },
    }),
  }));

  builder.mutationFields((t) => ({
    extract_document: t.field({
      type: ExtractionType,
      description:
        'Reads a supplier invoice or purchase order: a PDF (its text layer), an image or a scanned PDF (text recognition, offline), plain text or an e-mail. Answers the supplier, number, dates, currency, lines and totals, each with a confidence and where it was found, the amounts cross-checked (a failed check lowers the confidence of the fields involved and adds a warning). Kept (the document itself is not: only its hash); turn it into a draft with `POST /v1/ai/extractions/{id}/draft`.',
      authScopes: { scope: 'ai:write' },
      args: { input: t.arg({ type: ExtractInput, required: true, description: 'The document (REST: the JSON body).' }) },
      resolve: async (_root, { input }, context) => {
        const parsed = parseInput(extractDocumentRules, input);
        const content = parsed.content_base64 != null ? Buffer.from(parsed.content_base64, 'base64') : Buffer.from(parsed.text ?? '', 'utf8');
        let result: Extraction;
        try {
          result = await extractDocument({ content, contentType: parsed.content_type, ...(parsed.filename && { filename: parsed.filename }) }, context.platform.ai.extraction);
        } catch (error) {
          if (error instanceof ExtractionError) throw problemOf(error);
          throw error;
        }
        const row = await context.audit.recordChange(
          'ai_extraction.create',
          (tx) =>
            createExtraction(tx, {
              tenant_id: context.principal.tenantId,
              filename: parsed.filename ?? null,
              content_type: parsed.content_type,
              byte_size: content.length,
              sha256: createHash('sha256').update(content).digest('hex'),
              document_type: result.document_type.value ?? 'unknown',
              method: result.method,
              result: result as unknown as Prisma.InputJsonValue,
              created_by: context.principal.credential.id,
            }),
          (created) => created.id,
        );
        return extractionRepresentation(row);
      },
    }),
    create_draft_from_extraction: t.field({
      type: ExtractionType,
      description:
        'Turns an extraction into a draft purchase order (`create_order`, needs `crm:write`) or a draft invoice (`create_invoice`, needs `finance:write`), made through that operation with your credential (its rules, events and audit record). Lines are matched to SKUs by item code, then description; what cannot be matched is refused with `rule_violation` naming the field to give. An extraction makes one draft (again: `invalid_state`).',
      authScopes: { scope: 'ai:write' },
      args: { id: t.arg.string({ required: true, description: 'The extraction id.' }), input: t.arg({ type: DraftInput, required: true, description: 'What to make (REST: the JSON body).' }) },
      resolve: async (_root, { id, input }, context) => {
        const request = parseInput(createDraftRules, input);
        const { tenantId } = context.principal;
        const row = await findExtraction(context.prisma, tenantId, id);
        if (!row) throw notFoundExtraction(id);
        if (row.draft) throw new ApiError('invalid_state', `Extraction ${id} already made a draft.`, { current_status: 'drafted' });
        // Per access token (or key): an outcome stored under the key, a refusal for a scope one token lacks, must not answer another's request.
        const draft = await createDraft(context.platform.ai, context.principal, row.result as unknown as Extraction, request, `${id}:draft:${context.principal.tokenId ?? context.principal.credential.id}`);
        const updated = await context.audit.recordChange(
          'ai_extraction.create_draft',
          async (tx) => {
            const locked = await lockExtraction(tx, tenantId, id);
            if (!locked) throw notFoundExtraction(id);
            return updateExtraction(tx, tenantId, id, { draft });
          },
          () => id,
        );
        return extractionRepresentation(updated);
      },
    }),
  }));
}

function notFoundExtraction(id: string): ApiError {
  return new ApiError('not_found', `No document extraction ${id} in this tenant.`);
}

export const extractionRestRoutes: RestRoutes = {
  'Query.ai_extractions': { method: 'GET', path: '/ai/extractions', tags: ['Document extraction'] },
  'Query.ai_extraction': { method: 'GET', path: '/ai/extractions/:id', tags: ['Document extraction'] },
  'Mutation.extract_document': { method: 'POST', path: '/ai/extractions', responseStatus: 201, tags: ['Document extraction'] },
  'Mutation.create_draft_from_extraction': { method: 'POST', path: '/ai/extractions/:id/draft', tags: ['Document extraction'] },
};
