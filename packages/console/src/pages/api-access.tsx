import { graphql } from '../api/graphql.ts';
import { ActionBar } from '../components/actions.tsx';
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

export function ApiAccessPage() {
  const scopes = useScopes();
  // A key gets at most the scopes its creator holds (the API refuses more).
  const scopeOptions = [...scopes].sort().map((scope) => ({ value: scope, label: scope }));
  return (
    <>
      <PageTitle title="API access">API keys and OAuth client secrets for programs calling the API. Secrets are shown once, when created or rotated.</PageTitle>
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
        <p>OAuth clients get access tokens from POST /v1/oauth/token (client credentials). Give a client a new secret here; the old one keeps working for the overlap.</p>
        <ActionBar
          actions={[
            {
              label: 'Rotate client secret',
              scope: ACTION_SCOPES.rotateClientSecret,
              fields: [
                { name: 'client_id', label: 'Client id', required: true, placeholder: 'cli_…' },
                { name: 'overlap_seconds', label: 'Seconds the old secret keeps working', type: 'number', min: 0, defaultValue: '3600' },
              ],
              run: async (_none, values) => {
                const data = await graphql<{ rotate_client_secret: { client_id: string; client_secret: string } }>('mutation ConsoleRotateClientSecret($id: String!, $input: RotationInput!) { rotate_client_secret(id: $id, input: $input) { client_id client_secret previous_secret_expires_at } }', {
                  id: text(values, 'client_id'),
                  input: { overlap_seconds: integer(values, 'overlap_seconds') || 0 },
                });
                return { message: `Client ${data.rotate_client_secret.client_id} has a new secret.`, secret: { label: `New secret of client ${data.rotate_client_secret.client_id}`, value: data.rotate_client_secret.client_secret } };
              },
            },
          ]}
        />
      </Section>
    </>
  );
}
