import { scopeCatalogue } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import { createOAuthClient, createTenantPair } from '@platform/subgraph-identity';

/**
 * Scopes a fuzzer must not hold: with `api_keys:write` it soon revokes or rotates the credential
 * it fuzzes with (stack notes, Schemathesis), and every later request is a plain 401.
 */
const SELF_REVOKING_SCOPES = new Set(['api_keys:write']);

/** Far above what a fuzzer sends, so refusals come from validation, not from the rate limit. */
const FUZZ_RATE_LIMITS = { rate_limit_per_second: 100_000, rate_limit_per_minute: 1_000_000 };

export interface FuzzAccount {
  tenantId: string;
  /** The tenant's OAuth client, for tools that fetch their own tokens (Schemathesis). */
  client: { client_id: string; client_secret: string };
  /** Every scope of the catalogue but the self-revoking ones. */
  scopes: string[];
  /** `Authorization` and `X-Service-Tenant` for a request now (the token is renewed before it expires). */
  headers(): Promise<{ authorization: string; 'x-service-tenant': string }>;
}

/**
 * A fresh production tenant whose client holds every scope a fuzzer may hold and whose rate limits
 * stay out of its way. Works inside vitest and in scripts alike (it needs no `inject`).
 */
export async function createFuzzAccount(prisma: PrismaClient, platformUrl: string): Promise<FuzzAccount> {
  const scopes = Object.keys(scopeCatalogue).filter((scope) => !SELF_REVOKING_SCOPES.has(scope));
  const { production } = await createTenantPair(prisma, { name: `Fuzz ${Date.now()}`, plan: 'enterprise' });
  await prisma.tenant.update({ where: { id: production.id }, data: FUZZ_RATE_LIMITS });
  const client = await createOAuthClient(prisma, { tenantId: production.id, scopes });
  let token: { value: string; renewAt: number } | undefined;
  return {
    tenantId: production.id,
    client: { client_id: client.client_id, client_secret: client.client_secret },
    scopes,
    async headers() {
      if (!token || Date.now() >= token.renewAt) {
        const response = await fetch(`${platformUrl}/v1/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
        const issued = (await response.json()) as { access_token: string; expires_in: number };
        // Renewed at half its lifetime, so a long run never sends an expired token.
        token = { value: issued.access_token, renewAt: Date.now() + (issued.expires_in * 1000) / 2 };
      }
      return { authorization: `Bearer ${token.value}`, 'x-service-tenant': production.id };
    },
  };
}
