import { Writable } from 'node:stream';
import { type SigningKeyPair, type TokenIssuer, type TokenVerifier, createTokenIssuer, createTokenVerifier, generateSigningKey } from '@platform/auth';
import { createLogger } from '@platform/config';
import { type PrismaClient, createPrismaClient, migrateDatabase } from '@platform/db';
import { type FreshDatabase, freshDatabase } from '@platform/db/testing';
import { createRateLimiter } from '@platform/rate-limit';
import { type TenantPair, createApiKey, createTenantPair } from '@platform/subgraph-identity';
import type { ClusterChannel } from '../../src/cluster/channel.ts';
import { type CredentialAuthenticator, createCredentialAuthenticator } from '../../src/edge/credentials.ts';
import { createFailedAuthentications } from '../../src/edge/failed-authentications.ts';

export const ISSUER = 'https://platform.test';

/** A migrated database with one account (production and sandbox tenants) and the platform's signing key. */
export interface IdentityFixture {
  database: FreshDatabase;
  prisma: PrismaClient;
  tenants: TenantPair;
  key: SigningKeyPair;
  issuer: TokenIssuer;
  verifyToken: TokenVerifier;
  dispose(): Promise<void>;
}

export async function startIdentity(): Promise<IdentityFixture> {
  const database = await freshDatabase({ prefix: 'gateway' });
  await migrateDatabase(database.url);
  const prisma = createPrismaClient(database.url, 4);
  const tenants = await createTenantPair(prisma, { name: 'Edge', plan: 'growth' });
  const key = await generateSigningKey();
  return {
    database,
    prisma,
    tenants,
    key,
    issuer: await createTokenIssuer(key, { issuer: ISSUER, ttlSeconds: 600 }),
    verifyToken: createTokenVerifier({ publicJwks: [key.publicJwk], issuer: ISSUER }),
    async dispose() {
      await prisma.$disconnect();
      await database.dispose();
    },
  };
}

/** What a logger wrote, one parsed JSON line each. */
export function capturedLogger(level = 'info'): { logger: ReturnType<typeof createLogger>; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(level, 'test', destination), lines };
}

/** The gateway's credential authenticator on this database, with its own in-memory failure counts. */
export function authenticatorFor(fixture: Pick<IdentityFixture, 'prisma' | 'verifyToken'>, options: { perAddress?: number; prisma?: PrismaClient; logger?: ReturnType<typeof createLogger>; cluster?: ClusterChannel } = {}): CredentialAuthenticator {
  return createCredentialAuthenticator({
    cluster: options.cluster,
    prisma: options.prisma ?? fixture.prisma,
    verifyToken: fixture.verifyToken,
    logger: options.logger ?? createLogger('silent'),
    failedAuthentications: createFailedAuthentications(createRateLimiter(), { perClient: 10, perAddress: options.perAddress ?? 1000 }),
  });
}

export async function apiKeyOf(prisma: PrismaClient, tenantId: string, options: { expiresAt?: Date } = {}): Promise<{ id: string; secret: string }> {
  const { key, secret } = await createApiKey(prisma, { tenantId, name: 'edge test', scopes: ['inventory:read'], expiresAt: options.expiresAt, createdBy: 'test' });
  return { id: key.id, secret };
}

/** A PrismaClient for a database server that is not there (nothing listens on port 1). */
export function unreachableDatabase(): PrismaClient {
  return createPrismaClient('postgresql://platform:platform@127.0.0.1:1/platform', 1);
}
