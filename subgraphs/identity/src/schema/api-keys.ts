import { type Scope, scopeCatalogue } from '@platform/auth';
import type { ApiKey, Prisma } from '@platform/db';
import { ApiError } from '@platform/errors';
import { ID_KEY, type RestRoutes, type SubgraphBuilder, fixedOrder, inputRules, keysetWhere, listEnvelope, listPage, listWindow, paginationArgs, prismaOrderBy } from '@platform/graphql-kit';
import { type ApiKeyStatus, MAX_ROTATION_OVERLAP_SECONDS, apiKeyRules, apiKeyStatus, createApiKey, revokeApiKey, rotateApiKey, rotationRules } from '../services/api-keys.ts';
import { rotateClientSecret } from '../services/oauth-clients.ts';

/** API keys newest first (keys of the same millisecond by id, newest first too). */
const API_KEY_ORDER = fixedOrder([{ column: 'created_at', kind: 'timestamp' }, ID_KEY], 'desc');

const KEY_SCOPES = ['api_keys:read', 'api_keys:write'];
const DEFAULT_OVERLAP_SECONDS = 24 * 3600;

function statusWhere(status: ApiKeyStatus | null | undefined, now: Date): Prisma.ApiKeyWhereInput {
  switch (status) {
    case 'active':
      return { revoked_at: null, OR: [{ expires_at: null }, { expires_at: { gt: now } }] };
    case 'expired':
      return { revoked_at: null, expires_at: { lte: now } };
    case 'revoked':
      return { revoked_at: { not: null } };
    default:
      return {};
  }
}

/** Credentials management: API keys, client secret rotation, the scope catalogue. */
export function defineCredentialSchema(builder: SubgraphBuilder): void {
  const ApiKeyStatusEnum = builder.enumType('ApiKeyStatus', {
    description: '`active`: authenticates requests; `expired`: past `expires_at`; `revoked`: revoked (or replaced by rotation and past its overlap).',
    values: ['active', 'expired', 'revoked'] as const,
  });

  const ApiKeyType = builder.objectRef<ApiKey & { secret?: string }>('ApiKey').implement({
    description: 'A scoped API key, presented as `Authorization: Bearer <secret>`.',
    authScopes: { anyScope: KEY_SCOPES },
    fields: (t) => ({
      id: t.exposeString('id', { description: 'API key identifier (`key_…`), assigned by the platform.' }),
      name: t.exposeString('name', { description: 'A name to recognise the key by, 1 to 200 characters.' }),
      prefix: t.exposeString('prefix', { description: 'The first characters of the secret, to recognise the key.' }),
      secret: t.string({ nullable: true, description: 'The secret: present only in the response that creates it (creation or rotation), never again.', resolve: (key) => key.secret ?? null }),
      scopes: t.exposeStringList('scopes', { description: 'The scopes requests made with the key hold.' }),
      status: t.field({ type: ApiKeyStatusEnum, description: 'Whether the key authenticates requests now.', resolve: (key) => apiKeyStatus(key) }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the key was created.' }),
      expires_at: t.expose('expires_at', { type: 'DateTime', nullable: true, description: 'When the key stops working; null: it does not expire.' }),
      revoked_at: t.expose('revoked_at', { type: 'DateTime', nullable: true, description: 'When the key was revoked (or stops working after a rotation); null while active.' }),
      last_used_at: t.expose('last_used_at', { type: 'DateTime', nullable: true, description: 'Last time the key authenticated a request (updated at most once a minute).' }),
      rotated_from_id: t.exposeString('rotated_from_id', { nullable: true, description: 'The key this one replaced by rotation.' }),
    }),
  });
  const ApiKeyList = listEnvelope(builder, 'ApiKeyList', ApiKeyType);

  const ClientSecret = builder.objectRef<{ client_id: string; client_secret: string; previous_secret_expires_at: Date }>('ClientSecret').implement({
    description: 'A new OAuth client secret, shown once.',
    authScopes: { scope: 'api_keys:write' },
    fields: (t) => ({
      client_id: t.exposeString('client_id', { description: 'The OAuth client whose secret was rotated.' }),
      client_secret: t.exposeString('client_secret', { description: 'The new secret (`cs_live_…`/`cs_test_…`); shown only in this response.' }),
      previous_secret_expires_at: t.expose('previous_secret_expires_at', { type: 'DateTime', description: 'Until then the previous secret still works.' }),
    }),
  });

  const ScopeType = builder.objectRef<{ scope: string; description: string }>('Scope').implement({
    description: 'A permission a credential can hold.',
    fields: (t) => ({ scope: t.exposeString('scope', { description: 'The scope, `<resource>:<read|write>`.' }), description: t.exposeString('description', { description: 'What the scope allows.' }) }),
  });

  const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
    extensions: inputRules(apiKeyRules()),
    fields: (t) => ({
      name: t.string({ required: true, description: 'What the key is for, 1 to 100 characters.' }),
      scopes: t.stringList({ required: true, description: 'Scopes of the key; each must be held by the credential creating it.' }),
      expires_at: t.field({ type: 'DateTime', required: false, description: 'When the key stops working; never when absent.' }),
    }),
  });
  const RotationInput = builder.inputType('RotationInput', {
    extensions: inputRules(rotationRules),
    fields: (t) => ({
      overlap_seconds: t.int({ required: false, description: `How long the old secret keeps working, 0 to ${MAX_ROTATION_OVERLAP_SECONDS} seconds. Default ${DEFAULT_OVERLAP_SECONDS}.` }),
    }),
  });

  builder.queryFields((t) => ({
    api_keys: t.field({
      type: ApiKeyList,
      description: 'API keys of the tenant, newest first.',
      authScopes: { scope: 'api_keys:read' },
      args: { status: t.arg({ type: ApiKeyStatusEnum, required: false }), ...paginationArgs(t) },
      resolve: async (_root, args, { prisma, principal }, info) => {
        const window = listWindow(args, 'api_keys', API_KEY_ORDER, info);
        const where: Prisma.ApiKeyWhereInput = { tenant_id: principal.tenantId, ...statusWhere(args.status, new Date()) };
        const keyset = keysetWhere(window) as Prisma.ApiKeyWhereInput | undefined;
        const [total, rows] = await Promise.all([
          window.countTotal ? prisma.apiKey.count({ where }) : null,
          prisma.apiKey.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: prismaOrderBy(window.order), skip: window.skip, take: window.take }),
        ]);
        return listPage(rows, window, total);
      },
    }),
    api_key: t.field({
      type: ApiKeyType,
      authScopes: { scope: 'api_keys:read' },
      args: { id: t.arg.string({ required: true }) },
      resolve: async (_root, { id }, { prisma, principal }) => {
        const key = await prisma.apiKey.findUnique({ where: { tenant_id_id: { tenant_id: principal.tenantId, id } } });
        if (!key) throw new ApiError('not_found', `No API key ${id} exists in this tenant.`);
        return key;
      },
    }),
    scopes: t.field({
      type: [ScopeType],
      description: 'Every scope with its meaning.',
      resolve: () => Object.entries(scopeCatalogue).map(([scope, description]) => ({ scope: scope as Scope, description })),
    }),
  }));

  builder.mutationFields((t) => ({
    create_api_key: t.field({
      type: ApiKeyType,
      description: 'Creates an API key. The response holds its secret, shown this once.',
      authScopes: { scope: 'api_keys:write' },
      args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
      resolve: async (_root, { input }, { principal, audit }) => {
        const { key, secret } = await audit.recordChange(
          'api_key.create',
          (tx) =>
            createApiKey(tx, {
              tenantId: principal.tenantId,
              name: input.name,
              scopes: input.scopes,
              expiresAt: input.expires_at,
              createdBy: principal.credential.id,
              grantableScopes: principal.scopes,
            }),
          (issued) => issued.key.id,
        );
        return { ...key, secret };
      },
    }),
    revoke_api_key: t.field({
      type: ApiKeyType,
      description: 'Revokes an API key at once.',
      authScopes: { scope: 'api_keys:write' },
      args: { id: t.arg.string({ required: true }) },
      resolve: (_root, { id }, { principal, audit }) => audit.recordChange('api_key.revoke', (tx) => revokeApiKey(tx, principal.tenantId, id), () => id),
    }),
    rotate_api_key: t.field({
      type: ApiKeyType,
      description: 'Replaces an API key by a new one (same name, scopes and expiry); the old one keeps working for the overlap, then expires.',
      authScopes: { scope: 'api_keys:write' },
      args: { id: t.arg.string({ required: true }), input: t.arg({ type: RotationInput, required: true }) },
      resolve: async (_root, { id, input }, { principal, audit }) => {
        const overlapSeconds = input.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS;
        const { key, secret } = await audit.recordChange('api_key.rotate', (tx) => rotateApiKey(tx, { tenantId: principal.tenantId, id, overlapSeconds, createdBy: principal.credential.id }), () => id);
        return { ...key, secret };
      },
    }),
    rotate_client_secret: t.field({
      type: ClientSecret,
      description: 'Gives an OAuth client a new secret; the previous one keeps working for the overlap.',
      authScopes: { scope: 'api_keys:write' },
      args: { id: t.arg.string({ required: true, description: 'The client_id.' }), input: t.arg({ type: RotationInput, required: true }) },
      resolve: (_root, { id, input }, { principal, audit }) =>
        audit.recordChange('oauth_client.rotate_secret', (tx) => rotateClientSecret(tx, { tenantId: principal.tenantId, clientId: id, overlapSeconds: input.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS }), () => id),
    }),
  }));
}

export const credentialRestRoutes: RestRoutes = {
  'Query.api_keys': { method: 'GET', path: '/auth/api-keys', tags: ['Auth'] },
  'Query.api_key': { method: 'GET', path: '/auth/api-keys/:id', tags: ['Auth'] },
  'Mutation.create_api_key': { method: 'POST', path: '/auth/api-keys', responseStatus: 201, tags: ['Auth'] },
  'Mutation.revoke_api_key': { method: 'POST', path: '/auth/api-keys/:id/revoke', tags: ['Auth'] },
  'Mutation.rotate_api_key': { method: 'POST', path: '/auth/api-keys/:id/rotate', responseStatus: 201, tags: ['Auth'] },
  'Mutation.rotate_client_secret': { method: 'POST', path: '/auth/clients/:id/rotate-secret', tags: ['Auth'] },
  'Query.scopes': { method: 'GET', path: '/auth/scopes', tags: ['Auth'] },
};
