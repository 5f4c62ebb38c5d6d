import type { OAuthClient, Prisma } from '@platform/db';
import { ID_KEY, type RestRoutes, type SubgraphBuilder, fixedOrder, inputRules, listEnvelope, listWindow, paginationArgs, prismaListPage } from '@platform/graphql-kit';
import { type OAuthClientStatus, createOAuthClient, findOAuthClient, oauthClientRules, oauthClientStatus, revokeOAuthClient } from '../services/oauth-clients.ts';

/** Clients newest first (clients of the same millisecond by id, newest first too). */
const CLIENT_ORDER = fixedOrder([{ column: 'created_at', kind: 'timestamp' }, ID_KEY], 'desc');

const CLIENT_SCOPES = ['api_keys:read', 'api_keys:write'];

function statusWhere(status: OAuthClientStatus | null | undefined): Prisma.OAuthClientWhereInput {
  switch (status) {
    case 'active':
      return { revoked_at: null };
    case 'revoked':
      return { revoked_at: { not: null } };
    default:
      return {};
  }
}

/**
 * OAuth clients as a managed resource: listed, read, created (the secret shown once) and revoked
 * under the API-key scopes. Secret rotation is `rotate_client_secret` (./api-keys.ts).
 */
export function defineOAuthClientSchema(builder: SubgraphBuilder): void {
  const OAuthClientStatusEnum = builder.enumType('OAuthClientStatus', {
    description: '`active`: gets access tokens at `POST /v1/oauth/token`; `revoked`: refused there, and its access tokens are refused too.',
    values: ['active', 'revoked'] as const,
  });

  // Only the fields below are published: never the secret or its hash.
  const OAuthClientType = builder.objectRef<OAuthClient>('OAuthClient').implement({
    description: 'An OAuth 2.0 client of the tenant (client-credentials grant). Its secret is shown only when it is created or rotated.',
    authScopes: { anyScope: CLIENT_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'The client_id (`cli_…`), assigned by the platform.' }),
      name: t.exposeString('name', { description: 'A name to recognise the client by, 1 to 100 characters.' }),
      scopes: t.exposeStringList('scopes', { description: 'The scopes the client may ask for in a token request.' }),
      status: t.field({ type: OAuthClientStatusEnum, description: 'Whether the client gets access tokens now.', resolve: (client) => oauthClientStatus(client) }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the client was created.' }),
      revoked_at: t.expose('revoked_at', { type: 'DateTime', nullable: true, description: 'When the client was revoked; null while active.' }),
      previous_secret_expires_at: t.expose('previous_secret_expires_at', {
        type: 'DateTime',
        nullable: true,
        description: 'After a secret rotation, until when the previous secret still works; null when the client was never rotated.',
      }),
    }),
  });
  const OAuthClientList = listEnvelope(builder, 'OAuthClientList', OAuthClientType);

  const CreatedOAuthClient = builder.objectRef<{ client: OAuthClient; client_secret: string }>('CreatedOAuthClient').implement({
    description: 'A new OAuth client and its secret, shown this once.',
    authScopes: { scope: 'api_keys:write' },
    fields: (t) => ({
      client: t.field({ type: OAuthClientType, description: 'The client; its `id` is the client_id of token requests.', resolve: (created) => created.client }),
      client_secret: t.exposeString('client_secret', { description: 'The secret (`cs_live_…` in production, `cs_test_…` in sandbox); shown only in this response, stored hashed.' }),
    }),
  });

  const CreateOAuthClientInput = builder.inputType('CreateOAuthClientInput', {
    extensions: inputRules(oauthClientRules()),
    fields: (t) => ({
      name: t.string({ required: true, description: 'What the client is for, 1 to 100 characters.' }),
      scopes: t.stringList({ required: true, description: 'Scopes the client may ask for; each must be held by the credential creating it.' }),
    }),
  });

  builder.queryFields((t) => ({
    oauth_clients: t.field({
      type: OAuthClientList,
      description: 'OAuth clients of the tenant, newest first.',
      authScopes: { scope: 'api_keys:read' },
      args: { status: t.arg({ type: OAuthClientStatusEnum, required: false }), ...paginationArgs(t) },
      resolve: (_root, args, { prisma, principal }, info) =>
        prismaListPage(prisma.oAuthClient, { tenant_id: principal.tenantId, ...statusWhere(args.status) } satisfies Prisma.OAuthClientWhereInput, listWindow(args, 'oauth_clients', CLIENT_ORDER, info)),
    }),
    oauth_client: t.field({
      type: OAuthClientType,
      authScopes: { scope: 'api_keys:read' },
      args: { id: t.arg.string({ required: true, description: 'The client_id.' }) },
      resolve: (_root, { id }, { prisma, principal }) => findOAuthClient(prisma, principal.tenantId, id),
    }),
  }));

  builder.mutationFields((t) => ({
    create_oauth_client: t.field({
      type: CreatedOAuthClient,
      description: 'Creates an OAuth client allowed the given scopes (at most those of the calling credential). The response holds its secret, shown this once.',
      authScopes: { scope: 'api_keys:write' },
      args: { input: t.arg({ type: CreateOAuthClientInput, required: true }) },
      resolve: (_root, { input }, { principal, audit }) =>
        audit.recordChange(
          'oauth_client.create',
          async (tx) => {
            const issued = await createOAuthClient(tx, { tenantId: principal.tenantId, name: input.name, scopes: input.scopes, grantableScopes: principal.scopes });
            return { client: await findOAuthClient(tx, principal.tenantId, issued.client_id), client_secret: issued.client_secret };
          },
          (created) => created.client.id,
        ),
    }),
    revoke_oauth_client: t.field({
      type: OAuthClientType,
      description: 'Revokes an OAuth client for good: its token requests are refused at once, the access tokens it holds within 5 seconds.',
      authScopes: { scope: 'api_keys:write' },
      args: { id: t.arg.string({ required: true, description: 'The client_id.' }) },
      resolve: (_root, { id }, { principal, audit }) => audit.recordChange('oauth_client.revoke', (tx) => revokeOAuthClient(tx, principal.tenantId, id), () => id),
    }),
  }));
}

export const oauthClientRestRoutes: RestRoutes = {
  'Query.oauth_clients': { method: 'GET', path: '/auth/clients', tags: ['Auth'] },
  'Query.oauth_client': { method: 'GET', path: '/auth/clients/:id', tags: ['Auth'] },
  'Mutation.create_oauth_client': { method: 'POST', path: '/auth/clients', responseStatus: 201, tags: ['Auth'] },
  'Mutation.revoke_oauth_client': { method: 'POST', path: '/auth/clients/:id/revoke', tags: ['Auth'] },
};
