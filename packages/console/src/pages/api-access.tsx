import { graphql } from '../api/graphql.ts';
import { StatusBadge } from '../components/feedback.tsx';
import { integer, list, localToIsoOrUndefined, text } from '../components/forms.tsx';
import { ListView } from '../components/list-view.tsx';
import { PageTitle, Section } from '../components/page.tsx';
import { formatTime } from '../format.ts';
import { ACTION_SCOPES } from '../governance.ts';
import { useScopes } from '../session.tsx';

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

interface OAuthClient {
  id: string;
  name: string;
  scopes: string[];
  status: 'active' | 'revoked';
  created_at: string;
  previous_secret_expires_at: string | null;
}

export function ApiAccessPage() {
  const scopes = useScopes();
  // A key gets at most the scopes its creator holds (the API refuses more).
  const scopeOptions = [...scopes].sort().map((scope) => ({ value: scope, label: scope }));
  return (
    <>
      <PageTitle title="API access">API keys and OAuth clients for programs calling the API. Secrets are shown once, when created or rotated.</PageTitle>
      <Section title="API keys">
        <ListView<ApiKey>
          caption="API keys"
          field="api_keys"
          selection="id name prefix scopes status created_at expires_at last_used_at"
          filters={[{ name: 'status', label: 'Status', type: 'select', graphqlType: 'ApiKeyStatus', options: ['active', 'expired', 'revoked'].map((status) => ({ value: status, label: status })) }]}
          rowKey={(key) => key.id}
          rowLabel={(key) => `API key ${key.name}`}
          columns={[
            { label: 'Name', render: (key) => key.name, rowHeader: true },
            { label: 'Prefix', render: (key) => <code>{key.prefix}…</code> },
            { label: 'Scopes', render: (key) => <span className="scopes">{key.scopes.join(' ')}</span> },
            { label: 'Status', render: (key) => <StatusBadge value={key.status} /> },
            { label: 'Last used', render: (key) => formatTime(key.last_used_at) },
            { label: 'Expires', render: (key) => formatTime(key.expires_at) },
          ]}
          toolbar={[
            {
              label: 'Create API key',
              scope: ACTION_SCOPES.manageApiKeys,
              fields: [
                { name: 'name', label: 'Name', required: true },
                { name: 'scopes', label: 'Scopes', type: 'checkboxes', options: scopeOptions, hint: 'At most the scopes you hold.' },
                { name: 'expires_at', label: 'Expires (optional)', type: 'datetime' },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ create_api_key: { id: string; secret: string } }>('mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) { create_api_key(input: $input) { id secret } }', {
                  input: { name: text(values, 'name'), scopes: list(values, 'scopes'), expires_at: localToIsoOrUndefined(text(values, 'expires_at')) },
                });
                return { message: `API key ${text(values, 'name')} created.`, secret: { label: `Secret of API key ${text(values, 'name')}`, value: data.create_api_key.secret } };
              },
            },
          ]}
          actions={[
            {
              label: 'Rotate',
              scope: ACTION_SCOPES.manageApiKeys,
              when: (key) => key.status === 'active',
              fields: [{ name: 'overlap_seconds', label: 'Seconds the old key keeps working', type: 'number', min: 0, defaultValue: '3600' }],
              run: async (key, values) => {
                const data = await graphql<{ rotate_api_key: { secret: string } }>('mutation ConsoleRotateApiKey($id: String!, $input: RotationInput!) { rotate_api_key(id: $id, input: $input) { id secret } }', { id: key.id, input: { overlap_seconds: integer(values, 'overlap_seconds') || 0 } });
                return { message: `API key ${key.name} rotated.`, secret: { label: `New secret of API key ${key.name}`, value: data.rotate_api_key.secret } };
              },
            },
            {
              label: 'Revoke',
              scope: ACTION_SCOPES.manageApiKeys,
              when: (key) => key.status === 'active',
              confirm: (key) => `Revoke ${key.name}? Programs using it are refused at once.`,
              run: async (key) => {
                await graphql('mutation ConsoleRevokeApiKey($id: String!) { revoke_api_key(id: $id) { id status } }', { id: key.id });
                return `API key ${key.name} revoked.`;
              },
            },
          ]}
        />
      </Section>
      <Section title="OAuth clients">
        <p>
          OAuth clients get access tokens from <code>POST /v1/oauth/token</code> (client credentials). A rotated secret leaves the old one working for the overlap; a revoked client is refused at once.
        </p>
        <ListView<OAuthClient>
          caption="OAuth clients"
          field="oauth_clients"
          selection="id name scopes status created_at previous_secret_expires_at"
          filters={[{ name: 'status', label: 'Status', type: 'select', graphqlType: 'OAuthClientStatus', options: ['active', 'revoked'].map((status) => ({ value: status, label: status })) }]}
          rowKey={(client) => client.id}
          rowLabel={(client) => `OAuth client ${client.name}`}
          columns={[
            { label: 'Name', render: (client) => client.name, rowHeader: true },
            { label: 'Client id', render: (client) => <code>{client.id}</code> },
            { label: 'Scopes', render: (client) => <span className="scopes">{client.scopes.join(' ')}</span> },
            { label: 'Status', render: (client) => <StatusBadge value={client.status} /> },
            { label: 'Created', render: (client) => formatTime(client.created_at) },
            { label: 'Previous secret works until', render: (client) => formatTime(client.previous_secret_expires_at) },
          ]}
          toolbar={[
            {
              label: 'Create OAuth client',
              scope: ACTION_SCOPES.manageOAuthClients,
              fields: [
                { name: 'name', label: 'Name', required: true },
                { name: 'scopes', label: 'Scopes', type: 'checkboxes', options: scopeOptions, hint: 'At most the scopes you hold.' },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ create_oauth_client: { client: { id: string; name: string }; client_secret: string } }>(
                  'mutation ConsoleCreateOAuthClient($input: CreateOAuthClientInput!) { create_oauth_client(input: $input) { client { id name } client_secret } }',
                  { input: { name: text(values, 'name'), scopes: list(values, 'scopes') } },
                );
                const { client, client_secret } = data.create_oauth_client;
                return { message: `OAuth client ${client.name} created: client id ${client.id}.`, secret: { label: `Secret of OAuth client ${client.name} (${client.id})`, value: client_secret } };
              },
            },
          ]}
          actions={[
            {
              label: 'Rotate secret',
              scope: ACTION_SCOPES.manageOAuthClients,
              when: (client) => client.status === 'active',
              fields: [{ name: 'overlap_seconds', label: 'Seconds the old secret keeps working', type: 'number', min: 0, defaultValue: '3600' }],
              run: async (client, values) => {
                const data = await graphql<{ rotate_client_secret: { client_secret: string } }>('mutation ConsoleRotateClientSecret($id: String!, $input: RotationInput!) { rotate_client_secret(id: $id, input: $input) { client_id client_secret previous_secret_expires_at } }', {
                  id: client.id,
                  input: { overlap_seconds: integer(values, 'overlap_seconds') || 0 },
                });
                return { message: `OAuth client ${client.name} has a new secret.`, secret: { label: `New secret of OAuth client ${client.name} (${client.id})`, value: data.rotate_client_secret.client_secret } };
              },
            },
            {
              label: 'Revoke',
              scope: ACTION_SCOPES.manageOAuthClients,
              when: (client) => client.status === 'active',
              confirm: (client) => `Revoke ${client.name}? Its token requests are refused at once, the access tokens it holds within seconds. This cannot be undone.`,
              run: async (client) => {
                await graphql('mutation ConsoleRevokeOAuthClient($id: String!) { revoke_oauth_client(id: $id) { id status } }', { id: client.id });
                return `OAuth client ${client.name} revoked.`;
              },
            },
          ]}
        />
      </Section>
    </>
  );
}
