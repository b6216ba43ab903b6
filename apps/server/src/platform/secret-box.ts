import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Secrets and PHI kept at rest are sealed with AES-256-GCM (authenticator secrets, the bodies of outbound
// messages carrying protected health information): a copy of the database alone does not reveal them. The key
// is SECRET_KEY (hashed to 256 bits) or, when unset, a random key made once in DATA_DIR/secret.key (mode 0600),
// so a fresh machine works without configuration. Every process of one deployment must share the key.

const keys = new Map<string, Buffer>();

export function encryptionKey(options: { secretKey: string | undefined; dataDir: string }): Buffer {
  const cacheKey = options.secretKey ? `env:${options.secretKey}` : `file:${options.dataDir}`;
  const cached = keys.get(cacheKey);
  if (cached) return cached;
  let key: Buffer;
  if (options.secretKey) {
    key = createHash('sha256').update(options.secretKey, 'utf8').digest();
  } else {
    const file = path.join(options.dataDir, 'secret.key');
    fs.mkdirSync(options.dataDir, { recursive: true });
    try {
      // 'wx': two processes starting together cannot both write; the loser reads the winner's key.
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 256-bit key`);
  }
  keys.set(cacheKey, key);
  return key;
}

/** "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
