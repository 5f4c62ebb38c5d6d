import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretsKey } from '../src/secrets.ts';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const created = await mkdtemp(join(tmpdir(), 'secrets-key-'));
  folders.push(created);
  return created;
}

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('sealed secrets (AES-256-GCM)', () => {
  it('open to what was sealed, in the form v1.<12-byte nonce>.<16-byte tag>.<ciphertext>', () => {
    const box = createSecretBox(randomBytes(32));
    for (const plaintext of [secret, '', 'é€𝄞 and more']) {
      const sealed = box.seal(plaintext);
      const [version, nonce, tag, ciphertext, ...rest] = sealed.split('.');
      expect(version).toBe('v1');
      expect(Buffer.from(nonce as string, 'base64url')).toHaveLength(12);
      expect(Buffer.from(tag as string, 'base64url')).toHaveLength(16);
      expect(Buffer.from(ciphertext as string, 'base64url')).toHaveLength(Buffer.byteLength(plaintext));
      expect(rest).toEqual([]);
      expect(box.open(sealed)).toBe(plaintext);
    }
  });

  it('never show the secret and differ each time (a fresh nonce per value)', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = Array.from({ length: 10 }, () => box.seal(secret));
    expect(new Set(sealed).size).toBe(10);
    expect(new Set(sealed.map((value) => value.split('.')[1])).size).toBe(10);
    for (const value of sealed) expect(value).not.toContain(secret.slice(6));
  });

  it('cannot be opened with another key', () => {
    const sealed = createSecretBox(randomBytes(32)).seal(secret);
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow('Unsupported state or unable to authenticate data');
  });

  it('refuse a changed nonce, tag or ciphertext (authenticated encryption)', () => {
    const box = createSecretBox(randomBytes(32));
    const parts = box.seal(secret).split('.');
    for (const index of [1, 2, 3]) {
      const changed = [...parts];
      const bytes = Buffer.from(changed[index] as string, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      changed[index] = bytes.toString('base64url');
      expect(() => box.open(changed.join('.')), `part ${index}`).toThrow('Unsupported state or unable to authenticate data');
    }
  });

  it('refuse what is not a sealed secret of this version', () => {
    const box = createSecretBox(randomBytes(32));
    const [, nonce, tag, ciphertext] = box.seal(secret).split('.');
    for (const value of [secret, '', `v2.${nonce}.${tag}.${ciphertext}`, `v1..${tag}.${ciphertext}`, `v1.${nonce}..${ciphertext}`, `v1.${nonce}.${tag}`]) {
      expect(() => box.open(value), value).toThrow('not a sealed secret');
    }
    // An empty ciphertext is a sealed empty string, not a malformed value.
    expect(box.open(box.seal(''))).toBe('');
  });

  it('need a key of exactly 32 bytes', () => {
    for (const length of [0, 16, 31, 33, 64]) expect(() => createSecretBox(randomBytes(length)), String(length)).toThrow('the secrets key must be 32 bytes');
  });
});

describe('the secrets key', () => {
  it("is SECRETS_KEY's 32 bytes when the operator set it, and the key file is then neither read nor written", async () => {
    const key = randomBytes(32);
    const keyFile = join(await folder(), 'secrets.key');
    await writeFile(keyFile, randomBytes(32).toString('base64'));
    expect(await loadSecretsKey(key.toString('base64'), keyFile)).toEqual(key);
    const absent = join(await folder(), 'absent', 'secrets.key');
    expect(await loadSecretsKey(key.toString('base64'), absent)).toEqual(key);
    await expect(stat(absent)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a SECRETS_KEY of another length', async () => {
    const keyFile = join(await folder(), 'secrets.key');
    for (const length of [16, 31, 33]) {
      await expect(loadSecretsKey(randomBytes(length).toString('base64'), keyFile)).rejects.toThrow('SECRETS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    }
  });

  it('is otherwise generated on first start into the data folder, readable by its owner only, and the same key at every later start', async () => {
    const keyFile = join(await folder(), 'data', 'nested', 'secrets.key');
    const key = await loadSecretsKey(undefined, keyFile);
    expect(key).toHaveLength(32);
    expect(Buffer.from(await readFile(keyFile, 'utf8'), 'base64')).toEqual(key);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await loadSecretsKey(undefined, keyFile)).toEqual(key);
    expect(await loadSecretsKey('', keyFile)).toEqual(key);
    const elsewhere = await loadSecretsKey(undefined, join(await folder(), 'secrets.key'));
    expect(elsewhere).toHaveLength(32);
    expect(elsewhere).not.toEqual(key);
  });

  it('is read from a key file an operator wrote (openssl rand -base64 32 > secrets.key)', async () => {
    const key = randomBytes(32);
    const keyFile = join(await folder(), 'secrets.key');
    await writeFile(keyFile, `${key.toString('base64')}\n`);
    expect(await loadSecretsKey(undefined, keyFile)).toEqual(key);
  });

  it('refuses a key file that does not hold 32 bytes, rather than replacing it', async () => {
    const keyFile = join(await folder(), 'secrets.key');
    await writeFile(keyFile, '');
    await expect(loadSecretsKey(undefined, keyFile)).rejects.toThrow(`${keyFile} must hold a 32-byte key, base64-encoded (openssl rand -base64 32); it holds 0 bytes`);
    await writeFile(keyFile, randomBytes(16).toString('base64'));
    await expect(loadSecretsKey(undefined, keyFile)).rejects.toThrow('it holds 16 bytes');
    expect(await readFile(keyFile, 'utf8')).toHaveLength(24);
  });

  it('is one key for instances starting together on one data folder', async () => {
    // Repeated: a key file created but not yet written is a window of microseconds.
    for (let round = 0; round < 50; round += 1) {
      const keyFile = join(await folder(), 'secrets.key');
      const keys = await Promise.all(Array.from({ length: 4 }, () => loadSecretsKey(undefined, keyFile)));
      expect(keys[0]).toHaveLength(32);
      for (const key of keys) expect(key).toEqual(keys[0]);
      expect(Buffer.from(await readFile(keyFile, 'utf8'), 'base64')).toEqual(keys[0]);
      expect(await readdir(dirname(keyFile))).toEqual(['secrets.key']);
    }
  });

  it('fails when the key file cannot be read for another reason than being absent, rather than replacing it', async () => {
    const base = await folder();
    await writeFile(join(base, 'file'), 'not a folder');
    await expect(loadSecretsKey(undefined, join(base, 'file', 'secrets.key'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    await mkdir(join(base, 'folder'));
    await expect(loadSecretsKey(undefined, join(base, 'folder'))).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('fails with the reason a new key file could not be written', async () => {
    // A path ending in a slash names a folder: reading finds nothing there, writing a file in it fails.
    await expect(loadSecretsKey(undefined, `${join(await folder(), 'secrets.key')}/`)).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
  });
});
