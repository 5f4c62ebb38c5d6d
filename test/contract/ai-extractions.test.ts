/**
 * Document extraction through the API: generated supplier documents (a typeset PDF, a scanned
 * image, an e-mail) read field by field, kept and listed, refused when unreadable, turned into a
 * draft purchase order through the CRM's own operation (audited, scope-checked), and kept to the
 * tenant.
 */
import { type SampleDocument, invoiceEmail, invoicePdf, sampleTotals, scannedInvoice } from '@platform/subgraph-ai/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_SCOPES } from '../support/ai.ts';
import { createCustomer, createItem, crmAccount, getOrder } from '../support/crm.ts';
import { type ApiClient, clientWithScope, database, json, problemOf } from '../support/fixtures.ts';

interface Field<T> {
  value: T | null;
  confidence: number;
  source: { page: number; line: number; text: string } | null;
}
interface Extraction {
  id: string;
  method: string;
  document_type: Field<string>;
  supplier: Field<string>;
  document_number: Field<string>;
  issue_date: Field<string>;
  due_date: Field<string>;
  currency: Field<string>;
  lines: Array<{ description: Field<string>; sku: Field<string>; quantity: Field<number>; unit_price: Field<number>; amount: Field<number> }>;
  subtotal: Field<number>;
  tax_total: Field<number>;
  total: Field<number>;
  checks: Record<string, boolean | null>;
  warnings: Array<{ code: string; fields: string[] }>;
  draft: { type: string; id: string } | null;
  sha256: string;
}

const SUPPLIER = 'Lyon Fixings SAS';
const DOCUMENT: SampleDocument = {
  kind: 'invoice',
  supplier: { name: SUPPLIER, address: ['12 quai Perrache', '69002 Lyon', 'France'], email: 'billing@rhone-fixings.example' },
  buyer: { name: 'Platform Test Buyer Ltd', address: ['1 Test Street', 'London'] },
  number: 'RF-2026-0042',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'EUR',
  lines: [
    { sku: 'BOLT-M8', description: 'Hex bolt M8 x 40', quantity: 200, unit_price: 35, tax_rate: 2000 },
    { sku: 'NUT-M8', description: 'Hex nut M8', quantity: 500, unit_price: 8, tax_rate: 2000 },
  ],
};

async function extract(api: ApiClient, body: Record<string, unknown>): Promise<Response> {
  return api.send('POST', '/v1/ai/extractions', body);
}

function expectRead(extraction: Extraction, doc: SampleDocument): void {
  const totals = sampleTotals(doc);
  expect(extraction.supplier.value).toBe(doc.supplier.name);
  expect(extraction.document_number.value).toBe(doc.number);
  expect(extraction.issue_date.value).toBe(doc.issue_date);
  expect(extraction.due_date.value).toBe(doc.due_date);
  expect(extraction.currency.value).toBe(doc.currency);
  expect(extraction.lines.map((line) => [line.sku.value, line.quantity.value, line.unit_price.value, line.amount.value])).toEqual(doc.lines.map((line, index) => [line.sku, line.quantity, line.unit_price, totals.amounts[index]]));
  expect([extraction.subtotal.value, extraction.tax_total.value, extraction.total.value]).toEqual([totals.subtotal, totals.tax_total, totals.total]);
  expect(extraction.checks).toEqual({ line_amounts: true, lines_sum_to_subtotal: true, subtotal_plus_tax_equals_total: true, line_taxes_sum_to_tax_total: true });
  expect(extraction.supplier.source?.text).toContain(doc.supplier.name);
}

describe('document extraction (POST /v1/ai/extractions)', () => {
  let account: Awaited<ReturnType<typeof crmAccount>>;
  let api: ApiClient;

  beforeAll(async () => {
    account = await crmAccount([...AI_SCOPES, 'inventory:read', 'inventory:write', 'crm:read', 'crm:write']);
    api = account.api;
  });

  it('reads a typeset PDF field by field, with confidences and where each was found, and keeps only its hash', async () => {
    const pdf = await invoicePdf(DOCUMENT, 'modern');
    const extraction = await json<Extraction>(await extract(api, { filename: 'rf-42.pdf', content_type: 'application/pdf', content_base64: pdf.toString('base64') }), 201);
    expect(extraction).toMatchObject({ method: 'pdf_text', document_type: { value: 'invoice' }, draft: null });
    expectRead(extraction, DOCUMENT);
    expect(extraction.total.confidence).toBeGreaterThan(0.5);
    expect(await json(await api.get(`/v1/ai/extractions/${extraction.id}`))).toEqual(extraction);
    const listed = await json<{ data: Extraction[] }>(await api.get('/v1/ai/extractions'));
    expect(listed.data.map((row) => row.id)).toContain(extraction.id);
  });

  it('reads a scanned image by text recognition, and an e-mail', async () => {
    const scan = await scannedInvoice(DOCUMENT, 'modern');
    const scanned = await json<Extraction>(await extract(api, { content_type: 'image/png', content_base64: scan.png.toString('base64') }), 201);
    expect(scanned.method).toBe('ocr');
    expectRead(scanned, DOCUMENT);
    const mail = await json<Extraction>(await extract(api, { content_type: 'message/rfc822', text: invoiceEmail(DOCUMENT) }), 201);
    expect(mail.method).toBe('text');
    expectRead(mail, DOCUMENT);
  });

  it('flags totals that do not add up instead of passing them', async () => {
    const misprinted = { ...DOCUMENT, number: 'RF-2026-0043', misprinted: { total: sampleTotals(DOCUMENT).total + 1000 } };
    const extraction = await json<Extraction>(await extract(api, { content_type: 'application/pdf', content_base64: (await invoicePdf(misprinted, 'ledger')).toString('base64') }), 201);
    expect(extraction.checks.subtotal_plus_tax_equals_total).toBe(false);
    expect(extraction.warnings.map((warning) => warning.code)).toContain('totals_do_not_add_up');
    expect(extraction.total.confidence).toBeLessThan(0.5);
  });

  it('refuses what it cannot read, keeping nothing', async () => {
    const before = await database().aiExtraction.count({ where: { tenant_id: account.tenantId } });
    const unsupported = await extract(api, { content_type: 'application/zip', content_base64: Buffer.from('PK\u0003\u0004').toString('base64') });
    expect(unsupported.status).toBe(400);
    const unsupportedProblem = await problemOf(unsupported);
    expect(unsupportedProblem.code).toBe('validation_failed');
    expect(unsupportedProblem.errors?.map((error) => error.field)).toEqual(['content_type']);
    const corrupt = await extract(api, { content_type: 'application/pdf', content_base64: Buffer.from('%PDF-1.7 this is not a PDF').toString('base64') });
    expect(corrupt.status).toBe(422);
    expect(await problemOf(corrupt)).toMatchObject({ code: 'document_unreadable' });
    const both = await extract(api, { content_type: 'text/plain', text: 'x', content_base64: 'eA==' });
    expect(both.status).toBe(422);
    expect((await problemOf(both)).errors?.map((error) => error.field)).toEqual(['content_base64']);
    const notBase64 = await extract(api, { content_type: 'application/pdf', content_base64: 'not base64!' });
    expect(notBase64.status).toBe(400);
    expect(await database().aiExtraction.count({ where: { tenant_id: account.tenantId } })).toBe(before);
  });

  it('turns an extraction into a draft purchase order from the supplier through create_order, once, with the caller’s scopes', async () => {
    const supplier = await createCustomer(api, { name: SUPPLIER });
    await createItem(api, account.warehouseId, 'BOLT-M8', 0);
    await createItem(api, account.warehouseId, 'NUT-M8', 0);
    const extraction = await json<Extraction>(await extract(api, { content_type: 'text/plain', text: invoiceEmail(DOCUMENT) }), 201);

    const readOnly = await clientWithScope(account, 'ai:write inventory:read crm:read');
    const refused = await readOnly.send('POST', `/v1/ai/extractions/${extraction.id}/draft`, { kind: 'purchase_order' });
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toMatchObject({ code: 'insufficient_scope', required_scope: 'crm:write' });

    const drafted = await json<Extraction>(await api.send('POST', `/v1/ai/extractions/${extraction.id}/draft`, { kind: 'purchase_order' }));
    expect(drafted.draft).toEqual({ type: 'purchase_order', id: expect.stringMatching(/^ord_/) });
    const order = await getOrder(api, drafted.draft?.id as string);
    expect(order).toMatchObject({ kind: 'purchase', status: 'draft', customer_id: supplier.id, currency: 'EUR', external_reference: DOCUMENT.number });
    expect(order.lines.map((line) => [line.item_id, line.quantity, line.unit_price])).toEqual([['BOLT-M8', 200, 35], ['NUT-M8', 500, 8]]);
    const again = await api.send('POST', `/v1/ai/extractions/${extraction.id}/draft`, { kind: 'purchase_order' });
    expect(again.status).toBe(409);
    expect(await problemOf(again)).toMatchObject({ code: 'invalid_state' });

    const unmatched = await json<Extraction>(await extract(api, { content_type: 'text/plain', text: invoiceEmail({ ...DOCUMENT, number: 'RF-2026-0044', lines: [{ sku: 'WASHER-M8', description: 'Washer M8', quantity: 10, unit_price: 2, tax_rate: 2000 }] }) }), 201);
    const missing = await api.send('POST', `/v1/ai/extractions/${unmatched.id}/draft`, { kind: 'purchase_order' });
    expect(missing.status).toBe(422);
    expect((await problemOf(missing)).errors?.map((error) => error.field)).toEqual(['item_ids.0']);
    const given = await json<Extraction>(await api.send('POST', `/v1/ai/extractions/${unmatched.id}/draft`, { kind: 'purchase_order', item_ids: ['NUT-M8'] }));
    expect((await getOrder(api, given.draft?.id as string)).lines.map((line) => line.item_id)).toEqual(['NUT-M8']);
  });

  it('keeps extractions to their tenant', async () => {
    const extraction = await json<Extraction>(await extract(api, { content_type: 'text/plain', text: invoiceEmail(DOCUMENT) }), 201);
    const other = (await crmAccount([...AI_SCOPES, 'crm:read', 'crm:write', 'inventory:read', 'inventory:write'])).api;
    expect((await other.get(`/v1/ai/extractions/${extraction.id}`)).status).toBe(404);
    expect((await other.send('POST', `/v1/ai/extractions/${extraction.id}/draft`, { kind: 'purchase_order' })).status).toBe(404);
    expect((await json<{ data: unknown[] }>(await other.get('/v1/ai/extractions'))).data).toEqual([]);
  });
});
