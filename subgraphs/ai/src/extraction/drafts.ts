import type { Principal } from '@platform/auth';
import { ApiError, type FieldError } from '@platform/errors';
import type { AiPort } from '@platform/graphql-kit';
import { catalogueOf, runnerFor } from '../copilot/ask.ts';
import { dataOf } from '../copilot/execute.ts';
import { type Reader, readList } from '../tasks/reads.ts';
import type { Extraction } from './types.ts';

export interface DraftRequest {
  kind: 'purchase_order' | 'invoice';
  /** The supplier (a purchase order) or the customer (an invoice); default: the customer named like the document's supplier. */
  customer_id?: string | null;
  /** Per line, the SKU to use (null: matched by the line's item code, then its description). */
  item_ids?: Array<string | null> | null;
}

interface Item {
  id: string;
  name: string;
}
interface Customer {
  id: string;
  name: string;
}

/**
 * Turns an extraction into a draft purchase order (CRM `create_order`) or a draft invoice
 * (finance `create_invoice`) through those operations, with the caller's credential: their scopes,
 * rules, events and audit record are the domain's own. `idempotencyKey` makes a retry return the
 * first draft. What cannot be matched (the supplier, a line's SKU) or is missing is refused
 * naming the field to give.
 */
export async function createDraft(port: AiPort, principal: Principal, extraction: Extraction, request: DraftRequest, idempotencyKey: string): Promise<{ type: 'purchase_order' | 'invoice'; id: string }> {
  const reader: Reader = { run: runnerFor(port, principal), catalogue: catalogueOf(port), log: [] };
  const errors: FieldError[] = [];
  const currency = extraction.currency.value;
  if (!currency) errors.push({ field: 'currency', message: 'the document names no currency the extraction could read' });
  const customerId = request.customer_id ?? (await customerNamed(reader, extraction.supplier.value));
  if (!customerId) errors.push({ field: 'customer_id', message: `no single customer is named “${extraction.supplier.value ?? '(no supplier read)'}”; give customer_id` });
  const items = await readList<Item>(reader, 'inventory_items', { fields: ['id', 'name'] });
  const lines = extraction.lines.map((line, index) => {
    const given = request.item_ids?.[index];
    const matched = given ?? items.find((item) => item.id === line.sku.value)?.id ?? items.find((item) => item.name.toLowerCase() === line.description.value?.trim().toLowerCase())?.id ?? null;
    const quantity = line.quantity.value;
    if (request.kind === 'purchase_order' && !matched) errors.push({ field: `item_ids.${index}`, message: `line ${index + 1} (“${line.description.value ?? ''}”): no SKU has its item code or name; give its item_id` });
    if (quantity === null || !Number.isInteger(quantity) || quantity < 1) errors.push({ field: `lines.${index}.quantity`, message: `line ${index + 1}: the quantity read (${quantity ?? 'none'}) is not a whole number of at least 1` });
    if (line.unit_price.value === null) errors.push({ field: `lines.${index}.unit_price`, message: `line ${index + 1}: no unit price was read` });
    return { item_id: matched, description: line.description.value ?? `Line ${index + 1}`, quantity: quantity ?? 0, unit_price: line.unit_price.value ?? 0, tax_rate: line.tax_rate.value };
  });
  if (lines.length === 0) errors.push({ field: 'lines', message: 'the extraction holds no line' });
  if (errors.length > 0) throw new ApiError('rule_violation', 'The extraction cannot become a draft as it is: give what the errors name.', { errors });

  const operation =
    request.kind === 'purchase_order'
      ? {
          document: 'mutation DraftPurchaseOrder($input: CreateOrderInput!) { create_order(input: $input) { id } }',
          field: 'create_order',
          input: { kind: 'purchase', customer_id: customerId, currency, external_reference: extraction.document_number.value ?? undefined, lines: lines.map(({ item_id, description, quantity, unit_price }) => ({ item_id, description, quantity, unit_price })) },
        }
      : {
          document: 'mutation DraftInvoice($input: CreateInvoiceInput!) { create_invoice(input: $input) { id } }',
          field: 'create_invoice',
          input: { customer_id: customerId, currency, ...(extraction.due_date.value && { due_date: extraction.due_date.value }), lines: lines.map(({ item_id, description, quantity, unit_price, tax_rate }) => ({ ...(item_id && { item_id }), description, quantity, unit_price, ...(tax_rate !== null && { tax_rate }) })) },
        };
  const data = dataOf(await port.execute(principal, { document: operation.document, variables: { input: operation.input }, idempotencyKey }), `Drafting with ${operation.field}`);
  const created = data[operation.field] as { id: string };
  return { type: request.kind, id: created.id };
}

/** The one customer whose name is `name` (ignoring case), if exactly one is. */
async function customerNamed(reader: Reader, name: string | null): Promise<string | null> {
  if (!name) return null;
  const candidates = await readList<Customer>(reader, 'customers', { arguments: { q: name }, fields: ['id', 'name'] });
  const exact = candidates.filter((customer) => customer.name.trim().toLowerCase() === name.trim().toLowerCase());
  return exact.length === 1 && exact[0] ? exact[0].id : null;
}
