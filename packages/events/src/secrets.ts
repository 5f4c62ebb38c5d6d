import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const ALGORITHM = 'aes-256-gcm';

/**
 * Encryption of secrets the platform must be able to read back (webhook signing secrets: an HMAC
 * needs the key itself, so they cannot be hashed like credentials). AES-256-GCM with a random
 * nonce per value; the output is `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, key, nonce);
      // Stryker disable next-line StringLiteral: an empty encoding name selects UTF-8 too
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
    },
    open(sealed) {
      const [version, nonce, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The platform's secrets key: `SECRETS_KEY` (32 bytes, base64) when the operator set one, as every
 * instance of a deployment must share it; otherwise a key generated on first start and kept in the
 * data folder (mode 0600), beside the embedded database.
 */
export async function loadSecretsKey(configured: string | undefined, keyFile: string): Promise<Buffer> {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    return key;
  }
  // Base64 decoding skips white space: a key file ending in a newline reads the same.
  const readKeyFile = async () => {
    const key = Buffer.from(await readFile(keyFile, 'utf8'), 'base64');
    if (key.length !== 32) throw new Error(`${keyFile} must hold a 32-byte key, base64-encoded (openssl rand -base64 32); it holds ${key.length} bytes`);
    return key;
  };
  try {
    return await readKeyFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(keyFile), { recursive: true });
  const key = randomBytes(32);
  // Written whole under a name of its own, then linked into place: `link` fails when the key file
  // exists, so instances starting together on one data folder keep the first key, and none reads a
  // key file that is created but not yet written (as with `writeFile`'s `wx`, caught in CI).
  const draft = `${keyFile}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, keyFile);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile();
  } finally {
    await rm(draft, { force: true });
  }
}
