import { useState } from 'react';
import { graphql } from '../api/graphql.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { localToIso, formatTime } from '../format.ts';
import { text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { ACTION_SCOPES } from '../governance.ts';

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  status: string;
  disabled_reason: string | null;
  version: number;
  created_at: string;
}

interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  trigger: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  failure_reason: string | null;
  created_at: string;
  attempts: { response_status: number | null; error: string | null }[];
}

const ENDPOINT_FIELDS = 'id url description event_types status disabled_reason version created_at';

export function WebhooksPage() {
  const [selected, setSelected] = useState<Endpoint | undefined>();
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  return (
    <>
      <PageTitle title="Webhooks">Endpoints that receive this tenant&apos;s events, signed per Standard Webhooks, and their delivery log: resend one event, replay a time range, ping.</PageTitle>
      <Section title="Endpoints">
        <ListView<Endpoint>
          caption="Webhook endpoints"
          field="webhook_endpoints"
          selection={ENDPOINT_FIELDS}
          reloadKey={changes}
          selectedKey={selected?.id}
          filters={[{ name: 'status', label: 'Status', type: 'select', graphqlType: 'WebhookEndpointStatus', options: [{ value: 'enabled', label: 'enabled' }, { value: 'disabled', label: 'disabled' }] }]}
          rowKey={(endpoint) => endpoint.id}
          rowLabel={(endpoint) => `endpoint ${endpoint.url}`}
          columns={[
            { label: 'URL', render: (endpoint) => <code className="wrap">{endpoint.url}</code>, rowHeader: true },
            { label: 'Events', render: (endpoint) => endpoint.event_types.join(', ') },
            { label: 'Status', render: (endpoint) => <StatusBadge value={endpoint.status} /> },
            { label: 'Description', render: (endpoint) => endpoint.description ?? endpoint.disabled_reason ?? '—' },
            { label: 'Created', render: (endpoint) => formatTime(endpoint.created_at) },
          ]}
          toolbar={[
            {
              label: 'Register endpoint',
              scope: ACTION_SCOPES.manageWebhooks,
              fields: [
                { name: 'url', label: 'URL (https)', type: 'url', required: true },
                { name: 'event_types', label: 'Event types, comma-separated (* for all)', required: true, defaultValue: '*' },
                { name: 'description', label: 'Description' },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ create_webhook_endpoint: { id: string; secret: string } }>('mutation ConsoleCreateEndpoint($input: CreateWebhookEndpointInput!) { create_webhook_endpoint(input: $input) { id secret } }', {
                  input: { url: text(values, 'url'), description: text(values, 'description') || undefined, event_types: text(values, 'event_types').split(',').map((type) => type.trim()).filter(Boolean) },
                });
                changed();
                return { message: `Endpoint ${data.create_webhook_endpoint.id} registered.`, secret: { label: 'Signing secret of the new endpoint', value: data.create_webhook_endpoint.secret } };
              },
            },
          ]}
          actions={[
            { label: 'Delivery log', scope: ACTION_SCOPES.readDeliveries, run: async (endpoint) => (setSelected(endpoint), `Showing the delivery log of ${endpoint.url}.`) },
            {
              label: 'Ping',
              scope: ACTION_SCOPES.manageWebhooks,
              run: async (endpoint) => {
                const data = await graphql<{ ping_webhook_endpoint: { response_status: number | null; duration_ms: number; error: string | null } }>('mutation ConsolePing($id: String!) { ping_webhook_endpoint(id: $id) { response_status duration_ms error } }', { id: endpoint.id });
                const ping = data.ping_webhook_endpoint;
                return ping.error ? `Ping failed after ${ping.duration_ms} ms: ${ping.error}` : `Ping answered ${ping.response_status} in ${ping.duration_ms} ms.`;
              },
            },
            {
              label: 'Replay',
              scope: ACTION_SCOPES.manageWebhooks,
              fields: [
                { name: 'occurred_after', label: 'Events from', type: 'datetime', required: true },
                { name: 'occurred_before', label: 'Events until', type: 'datetime', required: true },
              ],
              run: async (endpoint, values) => {
                const data = await graphql<{ replay_webhook_events: { deliveries: number } }>('mutation ConsoleReplay($id: String!, $input: ReplayWebhookEventsInput!) { replay_webhook_events(id: $id, input: $input) { deliveries } }', {
                  id: endpoint.id,
                  input: { occurred_after: localToIso(text(values, 'occurred_after')), occurred_before: localToIso(text(values, 'occurred_before')) },
                });
                changed();
                return `${data.replay_webhook_events.deliveries} deliveries queued to ${endpoint.url}.`;
              },
            },
            {
              label: 'Disable',
              scope: ACTION_SCOPES.manageWebhooks,
              when: (endpoint) => endpoint.status === 'enabled',
              run: async (endpoint) => {
                await graphql(`mutation ConsoleDisableEndpoint($id: String!, $version: Int) { disable_webhook_endpoint(id: $id, version: $version) { id } }`, { id: endpoint.id, version: endpoint.version });
                return `${endpoint.url} disabled.`;
              },
            },
            {
              label: 'Enable',
              scope: ACTION_SCOPES.manageWebhooks,
              when: (endpoint) => endpoint.status === 'disabled',
              run: async (endpoint) => {
                await graphql(`mutation ConsoleEnableEndpoint($id: String!, $version: Int) { enable_webhook_endpoint(id: $id, version: $version) { id } }`, { id: endpoint.id, version: endpoint.version });
                return `${endpoint.url} enabled.`;
              },
            },
            {
              label: 'Rotate secret',
              scope: ACTION_SCOPES.manageWebhooks,
              confirm: 'The old secret keeps working for 24 hours, so receivers can switch over.',
              run: async (endpoint) => {
                const data = await graphql<{ rotate_webhook_endpoint_secret: { secret: string } }>('mutation ConsoleRotateEndpoint($id: String!) { rotate_webhook_endpoint_secret(id: $id) { id secret } }', { id: endpoint.id });
                return { message: `Secret of ${endpoint.url} rotated.`, secret: { label: 'New signing secret', value: data.rotate_webhook_endpoint_secret.secret } };
              },
            },
            {
              label: 'Delete',
              scope: ACTION_SCOPES.manageWebhooks,
              confirm: (endpoint) => `Delete the endpoint ${endpoint.url}? Its deliveries stop.`,
              run: async (endpoint) => {
                await graphql('mutation ConsoleDeleteEndpoint($id: String!, $version: Int) { delete_webhook_endpoint(id: $id, version: $version) { id } }', { id: endpoint.id, version: endpoint.version });
                if (selected?.id === endpoint.id) setSelected(undefined);
                return `${endpoint.url} deleted.`;
              },
            },
          ]}
        />
      </Section>
      {selected && (
        <Section title={`Delivery log of ${selected.url}`} id="deliveries">
          <ListView<Delivery>
            key={selected.id}
            caption={`Deliveries to ${selected.url}`}
            field="webhook_deliveries"
            selection="id event_id event_type trigger status attempt_count next_attempt_at failure_reason created_at attempts { response_status error }"
            fixed={{ endpoint_id: { type: 'String!', value: selected.id } }}
            reloadKey={changes}
            poll={(deliveries) => deliveries.some((delivery) => delivery.status === 'pending')}
            filters={[
              { name: 'status', label: 'Status', type: 'select', graphqlType: 'WebhookDeliveryStatus', options: ['pending', 'succeeded', 'failed'].map((status) => ({ value: status, label: status })) },
              { name: 'event_id', label: 'Event id', graphqlType: 'String' },
            ]}
            rowKey={(delivery) => delivery.id}
            rowLabel={(delivery) => `delivery of ${delivery.event_type} ${delivery.event_id}`}
            columns={[
              { label: 'Created', render: (delivery) => formatTime(delivery.created_at), rowHeader: true },
              { label: 'Event', render: (delivery) => `${delivery.event_type} (${delivery.event_id})` },
              { label: 'Trigger', render: (delivery) => delivery.trigger },
              { label: 'Status', render: (delivery) => <StatusBadge value={delivery.status} /> },
              { label: 'Attempts', render: (delivery) => delivery.attempt_count },
              { label: 'Last answer', render: (delivery) => delivery.failure_reason ?? delivery.attempts.at(-1)?.error ?? delivery.attempts.at(-1)?.response_status ?? '—' },
            ]}
            actions={[
              {
                label: 'Resend',
                scope: ACTION_SCOPES.manageWebhooks,
                run: async (delivery) => {
                  await graphql('mutation ConsoleResend($id: String!, $input: ResendWebhookEventInput!) { resend_webhook_event(id: $id, input: $input) { deliveries } }', { id: selected.id, input: { event_id: delivery.event_id } });
                  return `Event ${delivery.event_id} sent again.`;
                },
              },
            ]}
          />
        </Section>
      )}
    </>
  );
}
