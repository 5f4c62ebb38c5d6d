import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { json, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle } from '../components/page.tsx';
import { formatTime, shortJson } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';

interface EventRecord {
  id: string;
  type: string;
  occurred_at: string;
  data: unknown;
  resource: { type: string; id: string } | null;
  source: { type: string; request_id: string | null };
}

export function EventsPage() {
  const [published, setPublished] = useState(0);
  return (
    <>
      <PageTitle title="Events">The event log of this tenant (the types your scopes allow), and custom events you publish (types custom.*).</PageTitle>
      <ListView<EventRecord>
        caption="Event log"
        field="events"
        selection="id type occurred_at data resource { type id } source { type request_id }"
        reloadKey={published}
        filters={[
          { name: 'type', label: 'Type', graphqlType: 'String', placeholder: 'order.created' },
          { name: 'resource_id', label: 'Resource id', graphqlType: 'String' },
          { name: 'occurred_after', label: 'From', type: 'datetime', graphqlType: 'DateTime' },
          { name: 'occurred_before', label: 'Until', type: 'datetime', graphqlType: 'DateTime' },
        ]}
        sorts={[
          { value: '-occurred_at', label: 'Newest first' },
          { value: 'occurred_at', label: 'Oldest first' },
        ]}
        rowKey={(event) => event.id}
        rowLabel={(event) => `event ${event.id}`}
        columns={[
          { label: 'Occurred', render: (event) => formatTime(event.occurred_at), rowHeader: true },
          { label: 'Type', render: (event) => <code>{event.type}</code> },
          { label: 'Resource', render: (event) => (event.resource ? `${event.resource.type} ${event.resource.id}` : '—') },
          { label: 'Source', render: (event) => event.source.type },
          { label: 'Data', render: (event) => <code className="wrap">{shortJson(event.data, 120)}</code> },
        ]}
        toolbar={[
          {
            label: 'Publish custom event',
            scope: ACTION_SCOPES.publishEvent,
            fields: [
              { name: 'type', label: 'Type', required: true, placeholder: 'custom.something_happened', defaultValue: 'custom.' },
              { name: 'data', label: 'Data (JSON object)', type: 'textarea', required: true, defaultValue: '{}' },
            ],
            run: async (_none, values) => {
              const data = await graphql<{ publish_event: { id: string } }>('mutation ConsolePublishEvent($input: PublishEventInput!) { publish_event(input: $input) { id type } }', { input: { type: text(values, 'type'), data: json(values, 'data') ?? {} } });
              setPublished((count) => count + 1);
              return `Event ${text(values, 'type')} published (${data.publish_event.id}).`;
            },
          },
        ]}
      />
    </>
  );
}
