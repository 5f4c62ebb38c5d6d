import { Secret, TOTP } from 'otpauth';
import type { Db, User } from '@platform/db';

/** Seals and opens secrets the platform must read back (the platform's secrets key). */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** RFC 6238's defaults, the only ones every authenticator app supports: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** One step either side: a code typed just before its step ended, or a clock 30 s off, still works. */
const WINDOW_STEPS = 1;
const CODE = /^\d{6}$/;

function totpOf(secret: Secret, label: string): TOTP {
  return new TOTP({ issuer: 'Platform', label, secret, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

/** A new 160-bit secret (RFC 4226's recommendation) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(email: string): { secret: string; otpauthUri: string } {
  const secret = new Secret({ size: 20 });
  return { secret: secret.base32, otpauthUri: totpOf(secret, email).toString() };
}

/**
 * The time step `code` was generated for, with the user's secret, within one step of now, or
 * undefined. The caller still has to claim the step (`claimTotpStep`).
 */
export function totpStep(sealer: SecretSealer, user: Pick<User, 'email' | 'totp_secret_sealed'>, code: string, now = Date.now()): bigint | undefined {
  if (!user.totp_secret_sealed || !CODE.test(code)) return undefined;
  const totp = totpOf(Secret.fromBase32(sealer.open(user.totp_secret_sealed)), user.email);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? undefined : BigInt(totp.counter({ timestamp: now }) + delta);
}

/**
 * Records `step` as the user's last accepted one, unless it is not later than the last: a code
 * is never accepted twice (RFC 6238 §5.2), not even by two requests racing with it.
 */
export async function claimTotpStep(prisma: Db, user: Pick<User, 'tenant_id' | 'id'>, step: bigint): Promise<boolean> {
  const { count } = await prisma.user.updateMany({
    where: { tenant_id: user.tenant_id, id: user.id, OR: [{ totp_last_step: null }, { totp_last_step: { lt: step } }] },
    data: { totp_last_step: step },
  });
  return count === 1;
}
