import { graphql } from '../api/graphql.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { optional, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle } from '../components/page.tsx';
import { formatMoney, formatTime } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';

interface Customer {
  id: string;
  name: string;
  email: string | null;
  company_name: string | null;
  currency: string | null;
  archived_at: string | null;
  version: number;
  created_at: string;
  open_balances: { currency: string; amount: number }[];
}

export function CustomersPage() {
  return (
    <>
      <PageTitle title="Customers">Customers with their contact details and open balances.</PageTitle>
      <ListView<Customer>
        caption="Customers"
        field="customers"
        selection="id name email company_name currency archived_at version created_at open_balances { currency amount }"
        filters={[
          { name: 'q', label: 'Search name, company or e-mail', type: 'text', graphqlType: 'String' },
          { name: 'email', label: 'E-mail', type: 'email', graphqlType: 'String' },
          { name: 'archived', label: 'Archived', type: 'select', graphqlType: 'Boolean', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
          { name: 'created_after', label: 'Created from', type: 'datetime', graphqlType: 'DateTime' },
          { name: 'created_before', label: 'Created until', type: 'datetime', graphqlType: 'DateTime' },
        ]}
        sorts={[
          { value: '-created_at', label: 'Newest first' },
          { value: 'name', label: 'Name' },
        ]}
        rowKey={(customer) => customer.id}
        rowLabel={(customer) => `customer ${customer.name}`}
        columns={[
          { label: 'Name', render: (customer) => customer.name, rowHeader: true },
          { label: 'Id', render: (customer) => <code>{customer.id}</code> },
          { label: 'E-mail', render: (customer) => customer.email ?? '—' },
          { label: 'Company', render: (customer) => customer.company_name ?? '—' },
          { label: 'Open balance', render: (customer) => customer.open_balances.map((balance) => formatMoney(balance.amount, balance.currency)).join(', ') || '—' },
          { label: 'Created', render: (customer) => formatTime(customer.created_at) },
          { label: 'Status', render: (customer) => <StatusBadge value={customer.archived_at ? 'archived' : 'active'} /> },
        ]}
        toolbar={[
          {
            label: 'Create customer',
            scope: ACTION_SCOPES.createCustomer,
            fields: [
              { name: 'name', label: 'Name', required: true },
              { name: 'email', label: 'E-mail', type: 'email' },
              { name: 'phone', label: 'Phone' },
              { name: 'company_name', label: 'Company' },
              { name: 'currency', label: 'Currency', placeholder: 'USD' },
            ],
            run: async (_none, values) => {
              const data = await graphql<{ create_customer: { id: string } }>('mutation ConsoleCreateCustomer($input: CreateCustomerInput!) { create_customer(input: $input) { id } }', {
                input: { name: text(values, 'name'), email: optional(values, 'email'), phone: optional(values, 'phone'), company_name: optional(values, 'company_name'), currency: optional(values, 'currency') },
              });
              return `Customer ${text(values, 'name')} created (${data.create_customer.id}).`;
            },
          },
        ]}
        actions={[
          {
            label: 'Archive',
            scope: ACTION_SCOPES.archiveCustomer,
            when: (customer) => !customer.archived_at,
            confirm: (customer) => `Archive ${customer.name}? Archived customers take no new orders.`,
            run: async (customer) => {
              await graphql('mutation ConsoleArchiveCustomer($id: String!, $version: Int) { archive_customer(id: $id, version: $version) { id } }', { id: customer.id, version: customer.version });
              return `${customer.name} archived.`;
            },
          },
          {
            label: 'Unarchive',
            scope: ACTION_SCOPES.archiveCustomer,
            when: (customer) => Boolean(customer.archived_at),
            run: async (customer) => {
              await graphql('mutation ConsoleUnarchiveCustomer($id: String!, $version: Int) { unarchive_customer(id: $id, version: $version) { id } }', { id: customer.id, version: customer.version });
              return `${customer.name} unarchived.`;
            },
          },
        ]}
      />
    </>
  );
}
