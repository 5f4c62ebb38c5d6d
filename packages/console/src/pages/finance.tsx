import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { useQuery } from '../api/use-query.ts';
import { ProblemAlert, StatusBadge } from '../components/feedback.tsx';
import { optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatMoney, formatTime, toMinorUnits } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';

interface Invoice {
  id: string;
  number: string | null;
  status: string;
  customer_id: string;
  order_id: string | null;
  currency: string;
  total: number;
  amount_due: number;
  due_date: string | null;
  version: number;
  created_at: string;
  customer: { name: string };
}

interface LedgerEntry {
  id: string;
  currency: string;
  description: string;
  posted_at: string;
  source_type: string;
  source_id: string | null;
  reversed_by_entry_id: string | null;
  reverses_entry_id: string | null;
  lines: { account: string; debit: number; credit: number }[];
}

interface Balance {
  account: string;
  currency: string;
  debit_total: number;
  credit_total: number;
  balance: number;
}

const label = (invoice: Invoice) => invoice.number ?? `draft ${invoice.id}`;

export function FinancePage() {
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  const balances = useQuery<{ ledger_balances: Balance[] }>('query ConsoleLedgerBalances { ledger_balances { account currency debit_total credit_total balance } }', {}, changes);
  return (
    <>
      <PageTitle title="Finance">Invoices (draft, issued, paid, void) and the double-entry ledger their issuing, payments and voids post to.</PageTitle>
      <Section title="Invoices">
        <ListView<Invoice>
          caption="Invoices"
          field="invoices"
          selection="id number status customer_id order_id currency total amount_due due_date version created_at customer { name }"
          reloadKey={changes}
          filters={[
            { name: 'status', label: 'Status', type: 'select', graphqlType: 'InvoiceStatus', options: ['draft', 'issued', 'paid', 'void'].map((status) => ({ value: status, label: status })) },
            { name: 'customer_id', label: 'Customer id', graphqlType: 'String' },
            { name: 'order_id', label: 'Order id', graphqlType: 'String' },
            { name: 'currency', label: 'Currency', graphqlType: 'String' },
            { name: 'overdue', label: 'Overdue', type: 'select', graphqlType: 'Boolean', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
            { name: 'issued_after', label: 'Issued from', type: 'datetime', graphqlType: 'DateTime' },
            { name: 'issued_before', label: 'Issued until', type: 'datetime', graphqlType: 'DateTime' },
          ]}
          rowKey={(invoice) => invoice.id}
          rowLabel={(invoice) => `invoice ${label(invoice)}`}
          columns={[
            { label: 'Number', render: label, rowHeader: true },
            { label: 'Status', render: (invoice) => <StatusBadge value={invoice.status} /> },
            { label: 'Customer', render: (invoice) => invoice.customer.name },
            { label: 'Total', render: (invoice) => formatMoney(invoice.total, invoice.currency) },
            { label: 'Due', render: (invoice) => formatMoney(invoice.amount_due, invoice.currency) },
            { label: 'Due date', render: (invoice) => invoice.due_date ?? '—' },
            { label: 'Created', render: (invoice) => formatTime(invoice.created_at) },
          ]}
          toolbar={[
            {
              label: 'Create invoice from order',
              scope: ACTION_SCOPES.createInvoice,
              fields: [
                { name: 'order_id', label: 'Order id', required: true, placeholder: 'ord_…' },
                { name: 'memo', label: 'Memo' },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ create_invoice: { id: string } }>('mutation ConsoleCreateInvoice($input: CreateInvoiceInput!) { create_invoice(input: $input) { id } }', { input: { order_id: text(values, 'order_id'), memo: optional(values, 'memo') } });
                changed();
                return `Draft invoice ${data.create_invoice.id} created.`;
              },
            },
          ]}
          actions={[
            {
              label: 'Issue',
              scope: ACTION_SCOPES.invoiceLifecycle,
              when: (invoice) => invoice.status === 'draft',
              run: async (invoice) => {
                const data = await graphql<{ issue_invoice: { number: string } }>('mutation ConsoleIssueInvoice($id: String!, $version: Int) { issue_invoice(id: $id, version: $version) { id number } }', { id: invoice.id, version: invoice.version });
                changed();
                return `Invoice ${data.issue_invoice.number} issued.`;
              },
            },
            {
              label: 'Record payment',
              scope: ACTION_SCOPES.invoiceLifecycle,
              when: (invoice) => invoice.status === 'issued',
              fields: (invoice) => [{ name: 'amount', label: `Amount (${invoice.currency}); empty pays the amount due`, type: 'number', min: 0, step: '0.01' }],
              run: async (invoice, values) => {
                const amount = text(values, 'amount');
                await graphql('mutation ConsolePayInvoice($id: String!, $input: PayInvoiceInput!) { pay_invoice(id: $id, input: $input) { id status } }', { id: invoice.id, input: { version: invoice.version, ...(amount && { amount: toMinorUnits(amount, invoice.currency) }) } });
                changed();
                return `Payment recorded on invoice ${label(invoice)}.`;
              },
            },
            {
              label: 'Void',
              scope: ACTION_SCOPES.invoiceLifecycle,
              when: (invoice) => invoice.status === 'issued' || invoice.status === 'draft',
              confirm: (invoice) => `Void invoice ${label(invoice)}? Its ledger postings are reversed.`,
              run: async (invoice) => {
                await graphql('mutation ConsoleVoidInvoice($id: String!, $version: Int) { void_invoice(id: $id, version: $version) { id status } }', { id: invoice.id, version: invoice.version });
                changed();
                return `Invoice ${label(invoice)} voided.`;
              },
            },
          ]}
        />
      </Section>
      <Section title="Ledger entries">
        <ListView<LedgerEntry>
          caption="Ledger entries"
          field="ledger_entries"
          selection="id currency description posted_at source_type source_id reversed_by_entry_id reverses_entry_id lines { account debit credit }"
          perPage={10}
          reloadKey={changes}
          filters={[
            { name: 'account', label: 'Account', graphqlType: 'String' },
            { name: 'source_type', label: 'Source', type: 'select', graphqlType: 'LedgerEntrySourceType', options: ['invoice', 'payment', 'manual', 'reversal'].map((source) => ({ value: source, label: source })) },
            { name: 'currency', label: 'Currency', graphqlType: 'String' },
            { name: 'posted_after', label: 'Posted from', type: 'datetime', graphqlType: 'DateTime' },
            { name: 'posted_before', label: 'Posted until', type: 'datetime', graphqlType: 'DateTime' },
          ]}
          rowKey={(entry) => entry.id}
          rowLabel={(entry) => `entry ${entry.id}`}
          columns={[
            { label: 'Posted', render: (entry) => formatTime(entry.posted_at), rowHeader: true },
            { label: 'Description', render: (entry) => entry.description },
            { label: 'Source', render: (entry) => `${entry.source_type}${entry.source_id ? ` ${entry.source_id}` : ''}` },
            {
              label: 'Lines',
              render: (entry) => (
                <ul className="plain">
                  {entry.lines.map((line, index) => (
                    <li key={index}>
                      {line.account}: {line.debit ? `Dr ${formatMoney(line.debit, entry.currency)}` : `Cr ${formatMoney(line.credit, entry.currency)}`}
                    </li>
                  ))}
                </ul>
              ),
            },
            { label: 'Reversed', render: (entry) => (entry.reversed_by_entry_id ? 'yes' : 'no') },
          ]}
          actions={[
            {
              label: 'Reverse',
              scope: ACTION_SCOPES.reverseLedgerEntry,
              when: (entry) => entry.source_type === 'manual' && !entry.reversed_by_entry_id,
              confirm: (entry) => `Post a reversal of entry ${entry.id}?`,
              run: async (entry) => {
                await graphql('mutation ConsoleReverseEntry($id: String!) { reverse_ledger_entry(id: $id) { id } }', { id: entry.id });
                changed();
                return `Entry ${entry.id} reversed.`;
              },
            },
          ]}
        />
      </Section>
      <Section title="Account balances">
        <ProblemAlert problem={balances.problem} />
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Account balances">
          <table>
            <caption>Balances per account and currency, now</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Currency</th>
                <th scope="col">Debits</th>
                <th scope="col">Credits</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {(balances.data?.ledger_balances ?? []).map((balance) => (
                <tr key={`${balance.account}:${balance.currency}`}>
                  <th scope="row">{balance.account}</th>
                  <td>{balance.currency}</td>
                  <td>{formatMoney(balance.debit_total, balance.currency)}</td>
                  <td>{formatMoney(balance.credit_total, balance.currency)}</td>
                  <td>{formatMoney(balance.balance, balance.currency)}</td>
                </tr>
              ))}
              {balances.data?.ledger_balances.length === 0 && (
                <tr>
                  <td colSpan={5} className="empty">
                    Nothing posted yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
