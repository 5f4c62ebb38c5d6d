import { StatusBadge } from '../components/feedback.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle } from '../components/page.tsx';
import { formatTime } from '../format.ts';

interface AuditRecord {
  seq: string;
  occurred_at: string;
  request_id: string | null;
  surface: string;
  action: string;
  status: number | null;
  actor_type: string;
  actor_id: string | null;
  resource_id: string | null;
  client_address: string | null;
}

export function AuditPage() {
  return (
    <>
      <PageTitle title="Audit trail">Every request and change of this tenant, hash-chained: who acted (a user, a client, an API key, a workflow ...), what, when and with what outcome.</PageTitle>
      <ListView<AuditRecord>
        caption="Audit records"
        field="audit_records"
        selection="seq occurred_at request_id surface action status actor_type actor_id resource_id client_address"
        filters={[
          { name: 'actor_id', label: 'Actor id', graphqlType: 'String', placeholder: 'usr_… or cli_…' },
          { name: 'action', label: 'Action', graphqlType: 'String', placeholder: 'order.confirm' },
          { name: 'status', label: 'HTTP status', type: 'number', graphqlType: 'Int' },
          { name: 'from', label: 'From', type: 'datetime', graphqlType: 'DateTime' },
          { name: 'to', label: 'Until', type: 'datetime', graphqlType: 'DateTime' },
        ]}
        rowKey={(record) => record.seq}
        rowLabel={(record) => `record ${record.seq}`}
        columns={[
          { label: 'When', render: (record) => formatTime(record.occurred_at), rowHeader: true },
          { label: 'Actor', render: (record) => `${record.actor_type}${record.actor_id ? ` ${record.actor_id}` : ''}` },
          { label: 'Action', render: (record) => <code>{record.action}</code> },
          { label: 'Surface', render: (record) => record.surface },
          { label: 'Status', render: (record) => <StatusBadge value={record.status === null ? null : String(record.status)} /> },
          { label: 'Resource', render: (record) => record.resource_id ?? '—' },
          { label: 'Request id', render: (record) => (record.request_id ? <code>{record.request_id}</code> : '—') },
        ]}
      />
    </>
  );
}
