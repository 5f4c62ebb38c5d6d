import { type SigningKeyPair, generateSigningKey } from '@platform/auth';
import type { PrismaClient } from '@platform/db';
import type { JWK } from 'jose';

export interface SigningKeys {
  /** The key that signs new tokens: the newest one not retired. */
  active: SigningKeyPair;
  /** Every key not retired, published as the JWKS and used to verify. */
  publicJwks: JWK[];
}

// Arbitrary constant naming the advisory lock that serialises first-start key generation.
const KEY_GENERATION_LOCK = 4_201_017;

/**
 * Loads the token signing keys, creating the first key pair on first start. Keys live in the
 * database so every instance signs and verifies alike; they are never in the repository.
 */
export async function loadSigningKeys(prisma: PrismaClient): Promise<SigningKeys> {
  const rows = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${KEY_GENERATION_LOCK})`;
    const existing = await tx.signingKey.findMany({ where: { retired_at: null }, orderBy: { created_at: 'desc' } });
    if (existing.length > 0) return existing;
    const key = await generateSigningKey();
    return [await tx.signingKey.create({ data: { kid: key.kid, private_jwk: key.privateJwk as object, public_jwk: key.publicJwk as object } })];
  });
  const [newest] = rows;
  if (!newest) throw new Error('no signing key');
  return {
    active: { kid: newest.kid, privateJwk: newest.private_jwk as JWK, publicJwk: newest.public_jwk as JWK },
    publicJwks: rows.map((row) => row.public_jwk as JWK),
  };
}
