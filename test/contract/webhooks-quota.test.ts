import { beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, createEndpoint, eventsAccount } from '../support/events.ts';
import { type ApiClient, type GraphqlError, database, json, problemOf } from '../support/fixtures.ts';

/** The test platform keeps the default quota (`WEBHOOK_ENDPOINTS_PER_TENANT`). */
const QUOTA = 20;
const PUBLIC_HTTPS = 'https://93.184.215.14/hooks';
const register = (api: ApiClient) => api.send('POST', '/v1/events/webhook-endpoints', { url: PUBLIC_HTTPS, event_types: ['custom.quota'] });

describe('webhook endpoints per tenant: a quota, race-free', () => {
  let api: ApiClient;

  beforeAll(async () => {
    ({ api } = await eventsAccount());
  });

  it(`refuses the ${QUOTA + 1}st endpoint with 409 quota_exceeded, over REST and GraphQL; disabled endpoints count, deleting one frees a place`, async () => {
    const endpoints: Endpoint[] = [];
    for (let index = 0; index < QUOTA; index++) endpoints.push(await createEndpoint(api, { url: PUBLIC_HTTPS, event_types: ['custom.quota'] }));
    const [first, second] = endpoints as [Endpoint, Endpoint];
    await json(await api.send('POST', `/v1/events/webhook-endpoints/${first.id}/disable`, {}));

    const refused = await register(api);
    expect(refused.status).toBe(409);
    expect(await problemOf(refused)).toMatchObject({
      code: 'quota_exceeded',
      detail: `This tenant already has ${QUOTA} webhook endpoints, the most it may hold; delete one before registering another.`,
      limit: 'webhook_endpoints',
      maximum: QUOTA,
    });
    const graphql = (await (
      await api.graphql('mutation { create_webhook_endpoint(input: { url: "https://93.184.215.14/hooks", event_types: ["custom.quota"] }) { id } }')
    ).json()) as { errors: GraphqlError[] };
    expect(graphql.errors[0]?.extensions).toMatchObject({ code: 'quota_exceeded', limit: 'webhook_endpoints', maximum: QUOTA });

    await json(await api.send('DELETE', `/v1/events/webhook-endpoints/${second.id}`, undefined));
    await json(await register(api), 201);
    expect((await register(api)).status).toBe(409);
  });

  it(`lets exactly the places left pass when registrations race (10 at once with ${QUOTA - 5} registered)`, async () => {
    const { api: racer, tenantId } = await eventsAccount();
    // The first endpoints go straight into the database: the race is what this test is about.
    await database().webhookEndpoint.createMany({
      data: Array.from({ length: QUOTA - 5 }, (_, index) => ({ tenant_id: tenantId, id: `we_quota_${index}`, url: PUBLIC_HTTPS, event_types: ['custom.quota'], secret_ciphertext: 'not used' })),
    });
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => register(racer)))).map((response) => response.status);
    expect(statuses.sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    expect(await database().webhookEndpoint.count({ where: { tenant_id: tenantId } })).toBe(QUOTA);
  });
});
