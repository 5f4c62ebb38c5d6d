import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Receiver, startReceiver } from '../support/events.ts';
import { apiClient, createAccount, eventually } from '../support/fixtures.ts';
import { type PlatformProcess, TEST_SECRETS_KEY, spawnPlatform } from '../support/platform-process.ts';

/**
 * Nothing secret in the logs: a platform logging at its most verbose level issues and receives every
 * kind of secret the API knows (client secrets, access tokens, API keys, webhook signing secrets,
 * and wrong ones guessed by a client), and none of them appears in anything it wrote.
 */
describe('secrets in logs', () => {
  let platform: PlatformProcess;
  let receiver: Receiver;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    platform = await spawnPlatform({
      DATABASE_URL: inject('databaseUrl'),
      LOG_LEVEL: 'trace',
      SECRETS_KEY: TEST_SECRETS_KEY,
      WEBHOOK_ALLOWED_PRIVATE_NETWORKS: '127.0.0.0/8',
      WEBHOOK_RETRY_SCHEDULE: '1',
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const token = async (clientId: string, clientSecret: string) => {
    const response = await fetch(`${platform.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
    return { status: response.status, body: (await response.json()) as { access_token?: string } };
  };

  it('writes none of the secrets it issued, received or refused', async () => {
    const account = await createAccount({ scopes: ['api_keys:read', 'api_keys:write', 'inventory:read', 'webhooks:read', 'webhooks:write', 'events:read', 'events:write'] });
    secrets.client_secret = account.clientSecret;
    const issued = await token(account.clientId, account.clientSecret);
    expect(issued.status).toBe(200);
    secrets.access_token = issued.body.access_token as string;
    const api = apiClient(secrets.access_token, account.tenantId, platform.url);

    secrets.wrong_secret = 'cs_live_guessedButWrong0123456789abcdefghijk';
    expect((await token(account.clientId, secrets.wrong_secret)).status).toBe(401);
    secrets.form_secret = 'cs_live_formEncodedGuess0123456789abcdefghij';
    await fetch(`${platform.url}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&client_id=${account.clientId}&client_secret=${secrets.form_secret}` });
    await fetch(`${platform.url}/v1/oauth/introspect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: account.clientId, client_secret: account.clientSecret, token: secrets.access_token }) });

    const key = (await (await api.send('POST', '/v1/auth/api-keys', { name: 'logs', scopes: ['inventory:read'] })).json()) as { secret: string };
    secrets.api_key = key.secret;
    expect((await apiClient(key.secret, account.tenantId, platform.url).get('/v1/inventory/items')).status).toBe(200);
    secrets.wrong_api_key = `${key.secret.slice(0, 12)}WrongWrongWrongWrongWrong`;
    expect((await apiClient(secrets.wrong_api_key, account.tenantId, platform.url).get('/v1/inventory/items')).status).toBe(401);
    secrets.forged_token = `${secrets.access_token.slice(0, -8)}AAAAAAAA`;
    expect((await apiClient(secrets.forged_token, account.tenantId, platform.url).get('/v1/inventory/items')).status).toBe(401);

    // Webhooks to plain HTTP (the loopback receiver) are for sandbox tenants only.
    const sandbox = apiClient((await token(account.sandboxClientId, account.sandboxClientSecret)).body.access_token as string, account.sandboxTenantId, platform.url);
    secrets.sandbox_client_secret = account.sandboxClientSecret;
    const endpoint = (await (await sandbox.send('POST', '/v1/events/webhook-endpoints', { url: receiver.url, event_types: ['custom.logged'] })).json()) as { id: string; secret: string };
    secrets.webhook_secret = endpoint.secret;
    const rotated = (await (await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/rotate-secret`, {})).json()) as { secret: string };
    secrets.rotated_webhook_secret = rotated.secret;
    // A ping is delivered at once, signed with both secrets of the rotation.
    expect((await sandbox.send('POST', `/v1/events/webhook-endpoints/${endpoint.id}/ping`, {})).status).toBe(200);
    await eventually(() => (receiver.received.length > 0 ? true : undefined), 20_000, 'the signed ping');

    // A GraphQL mutation whose variables carry a secret-looking value, refused by validation.
    await api.graphql('mutation($input: PublishEventInput!) { publish_event(input: $input) { id } }', { input: { type: 'bad type', data: { password: secrets.client_secret } } });

    await platform.stop();
    const output = platform.output();
    expect(output.split('\n').filter((line) => line.startsWith('{')).length).toBeGreaterThan(20);
    const leaked = Object.entries(secrets).filter(([, secret]) => output.includes(secret));
    expect(leaked.map(([name]) => name)).toEqual([]);
  });
});
