import { startPlatform } from './platform.ts';

/** `npm start`: run the platform until SIGINT/SIGTERM, printing how to try it on first start. */
const platform = await startPlatform();
const { url, demo } = platform;

if (demo) {
  const tenant = demo.tenantId;
  process.stdout.write(`
Demo account created (the client secret is shown only now):
  production tenant  ${tenant}
  sandbox tenant     ${demo.sandboxTenantId}
  client_id          ${demo.client.client_id}
  client_secret      ${demo.client.client_secret}

Get a token:
  TOKEN=$(curl -s ${url}/v1/oauth/token -H 'Content-Type: application/json' \\
    -d '{"grant_type":"client_credentials","client_id":"${demo.client.client_id}","client_secret":"${demo.client.client_secret}","scope":"inventory:read inventory:write"}' \\
    | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')

List items below their reorder point:
  curl -s '${url}/v1/inventory/items?reorder_below=true' -H "Authorization: Bearer $TOKEN" -H 'X-Service-Tenant: ${tenant}'

`);
}
process.stdout.write(`Platform API on ${url}: GraphQL ${url}/graphql, REST ${url}/v1, reference ${url}/docs\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    platform.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
