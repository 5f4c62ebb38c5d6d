import { type RestRoutes, type SubgraphBuilder, type SubgraphContext, inputRules, parseInput, requiredText, text } from '@platform/graphql-kit';
import { ApiError } from '@platform/errors';
import { z } from 'zod';
import { IdentityProviderUnavailable, type IdentityProviderView, discoverIssuer, findIdentityProvider, issuerFormProblem, removeIdentityProvider, saveIdentityProvider } from '../services/sign-in/oidc.ts';

const PROVIDER_SCOPES = ['users:read', 'users:write'];

const configureRules = z.object({
  issuer: text({ min: 1, max: 2048, pattern: /^https?:\/\/[!-~]+$/, patternMessage: 'must be an absolute https URL, the issuer identifier of the provider' }),
  client_id: text({ min: 1, max: 500 }),
  client_secret: text({ min: 1, max: 2000 }),
  display_name: requiredText(100),
});

/** A refusal naming `issuer`: the provider cannot be used (its form, the address policy, or its discovery document). */
function issuerRefused(reason: string): ApiError {
  return new ApiError('rule_violation', `The identity provider cannot be used: issuer ${reason}.`, { errors: [{ field: 'issuer', message: reason }] });
}

/**
 * The tenant's OpenID Connect identity provider (single sign-on to the console): read with
 * `users:read`, configured and removed with `users:write`, audited like the other identity writes.
 * The client secret is sealed with the platform's secrets key and never returned.
 */
export function defineIdentityProviderSchema(builder: SubgraphBuilder): void {
  const IdentityProviderType = builder.objectRef<IdentityProviderView>('IdentityProvider').implement({
    description: 'The OpenID Connect provider people of the tenant sign in to the console with. The client secret is never returned.',
    authScopes: { anyScope: PROVIDER_SCOPES },
    fields: (t) => ({
      issuer: t.exposeString('issuer', { description: 'The issuer identifier, as the provider’s discovery document spells it.' }),
      client_id: t.exposeString('client_id', { description: 'The platform’s client id at the provider.' }),
      display_name: t.exposeString('display_name', { description: 'Shown on the console’s sign-in button (“Sign in with …”).' }),
      redirect_uri: t.string({
        description: 'The redirect URI to register for the client at the provider: `<PUBLIC_URL>/auth/oidc/callback`.',
        resolve: (_provider, _args, context: SubgraphContext) => `${context.platform.signIn.publicUrl}/auth/oidc/callback`,
      }),
      created_at: t.expose('created_at', { type: 'DateTime', description: 'When the provider was first configured.' }),
      updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the configuration last changed.' }),
    }),
  });

  const ConfigureIdentityProviderInput = builder.inputType('ConfigureIdentityProviderInput', {
    extensions: inputRules(configureRules),
    description: 'The whole configuration (it replaces any previous one; the secret is asked again).',
    fields: (t) => ({
      issuer: t.string({ required: true, description: 'The provider’s issuer identifier (`https://login.example.com`), whose `/.well-known/openid-configuration` is fetched and checked when saving. HTTPS; plain HTTP only for sandbox tenants; public addresses only, unless the operator allowed a private network.' }),
      client_id: t.string({ required: true, description: 'The client id the provider gave the platform, 1 to 500 characters.' }),
      client_secret: t.string({ required: true, description: 'The client secret the provider gave the platform, 1 to 2000 characters; stored encrypted, never returned.' }),
      display_name: t.string({ required: true, description: 'Shown on the sign-in button, 1 to 100 characters.' }),
    }),
  });

  builder.queryFields((t) => ({
    identity_provider: t.field({
      type: IdentityProviderType,
      description: 'The tenant’s OpenID Connect identity provider; `not_found` when none is configured.',
      authScopes: { scope: 'users:read' },
      resolve: (_root, _args, { prisma, principal }) => findIdentityProvider(prisma, principal.tenantId),
    }),
  }));

  builder.mutationFields((t) => ({
    configure_identity_provider: t.field({
      type: IdentityProviderType,
      description:
        'Configures (or replaces) the tenant’s OpenID Connect identity provider. The discovery document is fetched now, within 10 seconds: a provider that cannot be reached, names another issuer or lacks the authorization code flow is refused with `rule_violation` naming `issuer`. Register `redirect_uri` at the provider.',
      authScopes: { scope: 'users:write' },
      args: { input: t.arg({ type: ConfigureIdentityProviderInput, required: true }) },
      resolve: async (_root, { input }, context) => {
        const { principal, platform, audit } = context;
        const data = parseInput(configureRules, input);
        const formProblem = issuerFormProblem(data.issuer);
        if (formProblem) throw issuerRefused(formProblem);
        const checkUrl = async (url: string) => {
          const verdict = await platform.events.checkEndpointUrl(principal.tenantId, url);
          return verdict.ok ? verdict : { ok: false as const, reason: verdict.reason.replace(/; webhook endpoints must be public$/, '') };
        };
        let issuer: string;
        try {
          issuer = await discoverIssuer(data.issuer, data.client_id, data.client_secret, checkUrl);
        } catch (error) {
          if (error instanceof IdentityProviderUnavailable) throw issuerRefused(error.message.replace(/^the issuer /, ''));
          throw error;
        }
        const sealed = platform.events.sealSecret(data.client_secret);
        return audit.recordChange(
          'identity_provider.configure',
          (tx) => saveIdentityProvider(tx, principal.tenantId, { issuer, client_id: data.client_id, client_secret_sealed: sealed, display_name: data.display_name }),
          (provider) => provider.tenant_id,
        );
      },
    }),
    remove_identity_provider: t.field({
      type: IdentityProviderType,
      description: 'Removes the tenant’s identity provider and returns it: single sign-on stops at once (sessions already open stay; passwords keep working). `not_found` when none is configured.',
      authScopes: { scope: 'users:write' },
      resolve: (_root, _args, { principal, audit }) => audit.recordChange('identity_provider.remove', (tx) => removeIdentityProvider(tx, principal.tenantId), (provider) => provider.tenant_id),
    }),
  }));
}

export const identityProviderRestRoutes: RestRoutes = {
  'Query.identity_provider': { method: 'GET', path: '/auth/identity-provider', tags: ['Auth'] },
  'Mutation.configure_identity_provider': { method: 'PUT', path: '/auth/identity-provider', tags: ['Auth'] },
  'Mutation.remove_identity_provider': { method: 'DELETE', path: '/auth/identity-provider', tags: ['Auth'] },
};
