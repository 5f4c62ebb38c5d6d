import { MAX_PER_PAGE, type SubgraphBuilder, inputRules, nestedFirstRule, nestedOffsetRule, parseArgument } from '@platform/graphql-kit';
import type { InvoiceRecord, OpenBalanceRow } from '../repositories/invoices.ts';
import { ANY_FINANCE_SCOPE, type Ref } from './common.ts';
import { loaders } from './loaders.ts';

const DEFAULT_FIRST = 25;

/** CRM's `Customer` and `Order` entities, as references finance extends (it never reads CRM's tables). */
export function crmEntityRefs(builder: SubgraphBuilder) {
  return {
    Customer: builder.externalRef('Customer', builder.selection<{ id: string }>('id')),
    Order: builder.externalRef('Order', builder.selection<{ id: string }>('id')),
  };
}

/**
 * Finance's fields on CRM's entities (GraphQL only): a customer's invoices and open balances, an
 * order's invoices. Each is batched across parents, so a page of 100 customers costs one query
 * per field.
 */
export function defineCrmExtensions(builder: SubgraphBuilder, refs: ReturnType<typeof crmEntityRefs> & { Invoice: Ref<InvoiceRecord> }) {
  const MoneyAmount = builder.objectRef<Omit<OpenBalanceRow, 'customer_id'>>('MoneyAmount').implement({
    description: 'An amount of money in one currency.',
    shareable: true,
    fields: (t) => ({
      currency: t.exposeString('currency', { description: 'ISO 4217 currency code, 3 upper-case letters.' }),
      amount: t.expose('amount', { type: 'MinorUnits', description: 'Amount in minor units of `currency`.' }),
    }),
  });

  refs.Customer.implement({
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Customer identifier (`cus_…`), assigned by the platform.' }),
      invoices: t.field({
        type: [refs.Invoice],
        description: `The customer's invoices, newest first: \`first\` of them after skipping the \`offset\` newest, so \`offset: 100, first: 100\` is the second hundred (finance; GraphQL only).`,
        authScopes: ANY_FINANCE_SCOPE,
        args: {
          first: t.arg.int({ required: false, description: `How many invoices, 1 to ${MAX_PER_PAGE}. Default ${DEFAULT_FIRST}.`, extensions: inputRules(nestedFirstRule) }),
          offset: t.arg.int({ required: false, description: 'How many of the newest invoices to skip, 0 or more. Default 0.', extensions: inputRules(nestedOffsetRule) }),
        },
        resolve: (customer, args, context) => {
          const first = parseArgument('first', nestedFirstRule, args.first) ?? DEFAULT_FIRST;
          const offset = parseArgument('offset', nestedOffsetRule, args.offset) ?? 0;
          return loaders.customerInvoices(context, { first, offset }).load(customer.id);
        },
      }),
      open_balances: t.field({
        type: [MoneyAmount],
        description: "What the customer owes, per currency: the sum of `amount_due` of the customer's issued (not yet fully paid) invoices; currencies with nothing due are left out; ordered by currency (finance; GraphQL only).",
        authScopes: ANY_FINANCE_SCOPE,
        resolve: (customer, _args, context) => loaders.openBalances(context).load(customer.id),
      }),
    }),
  });

  refs.Order.implement({
    fields: (t) => ({
      id: t.exposeString('id', { description: 'Order identifier (`ord_…`), assigned by the platform.' }),
      invoices: t.field({
        type: [refs.Invoice],
        description: 'The invoices drawn up from this order, newest first (finance; GraphQL only).',
        authScopes: ANY_FINANCE_SCOPE,
        resolve: (order, _args, context) => loaders.orderInvoices(context).load(order.id),
      }),
    }),
  });
}
