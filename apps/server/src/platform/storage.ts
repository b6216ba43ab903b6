import {
  createCipheriv,
  createDecipheriv,
  createHash,
  type DecipherGCM,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipelineCallback, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from './deps.ts';
import { encryptionKey } from './secret-box.ts';

// File storage (DESIGN.md "Scale-out": files live in a storage adapter, local disk by default, S3-compatible
// object storage when configured). Only the local-disk driver exists; an object-store driver implements the
// same three calls.
//
// Every file is encrypted at rest with AES-256-GCM (case documents are PHI): a copy of the disk alone reveals
// nothing, and a changed byte fails the read. Layout of a stored file:
//   "TMDF" (4 bytes) | format version (1 byte) | IV (12 random bytes) | ciphertext | GCM tag (16 bytes)
// The header and the storage key are the additional authenticated data, so a file renamed to another key
// (another referral's document) fails the read as well.

export type StoredFile = {
  /** Plain bytes written. */
  size: number;
  /** SHA-256 of the plain bytes, hex. */
  sha256: string;
};

export interface FileStorage {
  /** Stores the whole stream under `key`; nothing is visible under the key unless the stream ends cleanly. */
  put(key: string, source: Readable): Promise<StoredFile>;
  /** The plain bytes; the stream errors at its end when the stored file was changed. */
  get(key: string): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes what writes that never finished left behind (a process killed mid-upload): partial files untouched
   * for `olderThanMs`. Called at start (main.ts); answers how many were removed.
   */
  sweepAbandonedUploads(olderThanMs?: number, now?: Date): Promise<number>;
}

/**
 * How long a temporary file may go unwritten before a start sweep takes it for abandoned. A live upload writes
 * every few milliseconds (its modification time stays fresh), and another server process sharing the disk may
 * be writing one right now, so only files idle for longer than any upload would wait are removed.
 */
export const ABANDONED_UPLOAD_MS = 10 * 60_000;

/** No file is stored under the key. */
export class StoredFileMissingError extends Error {
  constructor(key: string) {
    super(`no stored file under ${key}`);
    this.name = 'StoredFileMissingError';
  }
}

/** The stored file is not one this driver wrote, or it was changed or cut short. */
export class StoredFileDamagedError extends Error {
  constructor(reason: string) {
    super(`stored file failed its integrity check: ${reason}`);
    this.name = 'StoredFileDamagedError';
  }
}

const MAGIC = Buffer.from('TMDF', 'latin1');
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES;
/** Keys are made by newStorageKey: 128 random bits in hex. Anything else is refused (no path tricks). */
const KEY_PATTERN = /^[0-9a-f]{32}$/;
/** A file being written: `.{key}.{random}.tmp` beside where it will be renamed to (put). */
const TEMP_PATTERN = /^\.[0-9a-f]{32}\.[0-9a-f]{12}\.tmp$/;
/** The subdirectories files are spread over: the key's first two characters. */
const FOLDER_PATTERN = /^[0-9a-f]{2}$/;

/** A new random storage key; never derived from the user's file name. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
}

/**
 * The files' own key, derived from the server's secret (SECRET_KEY or DATA_DIR/secret.key) with HKDF, so the
 * key that seals authenticator secrets is never used directly for files.
 */
export function fileEncryptionKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'trust-marketplace/file-storage/v1', 32));
}

/** Local-disk driver: files under `dir`, spread over 256 subdirectories by the key's first two characters. */
export class EncryptedDiskStorage implements FileStorage {
  readonly dir: string;
  readonly #key: Buffer;

  constructor(dir: string, secret: Buffer) {
    this.dir = dir;
    this.#key = fileEncryptionKey(secret);
  }

  pathOf(key: string): string {
    assertKey(key);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, source: Readable): Promise<StoredFile> {
    const file = this.pathOf(key);
    const folder = path.dirname(file);
    await fsp.mkdir(folder, { recursive: true });
    // Written beside its final place and renamed only when complete: a cut-off upload or a crash never
    // leaves a partial file under the key.
    const temp = path.join(folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    const iv = randomBytes(IV_BYTES);
    const header = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), iv]);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.concat([header, Buffer.from(key, 'latin1')]));
    const hash = createHash('sha256');
    let size = 0;
    const seal = new Transform({
      construct(callback) {
        this.push(header);
        callback();
      },
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, cipher.update(chunk));
      },
      flush(callback) {
        this.push(cipher.final());
        this.push(cipher.getAuthTag());
        callback();
      },
    });
    try {
      await pipeline(source, seal, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }));
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
    let body: Readable;
    let decipher: DecipherGCM;
    try {
      const { size } = await handle.stat();
      if (size < HEADER_BYTES + TAG_BYTES) throw new StoredFileDamagedError('too short');
      const header = Buffer.alloc(HEADER_BYTES);
      const tag = Buffer.alloc(TAG_BYTES);
      await handle.read(header, 0, HEADER_BYTES, 0);
      await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
      if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new StoredFileDamagedError('unknown format');
      if (header[MAGIC.length] !== FORMAT_VERSION) throw new StoredFileDamagedError('unknown version');
      decipher = createDecipheriv('aes-256-gcm', this.#key, header.subarray(MAGIC.length + 1));
      decipher.setAAD(Buffer.concat([header, Buffer.from(key, 'latin1')]));
      decipher.setAuthTag(tag);
      const end = size - TAG_BYTES - 1;
      // An empty file has no ciphertext between header and tag; a read stream cannot be empty-ranged.
      body =
        end >= HEADER_BYTES
          ? handle.createReadStream({ start: HEADER_BYTES, end, autoClose: true })
          : emptyStream(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
    // The last decrypted chunk is held back until the tag is checked: a reader (an HTTP response with its
    // Content-Length) never receives every byte of a changed file, so it cannot take it for complete.
    let held: Buffer | null = null;
    const open = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (held) this.push(held);
        held = decipher.update(chunk);
        callback();
      },
      flush(callback) {
        let last: Buffer;
        try {
          last = decipher.final();
        } catch {
          return callback(new StoredFileDamagedError('authentication tag does not match'));
        }
        if (held) this.push(held);
        this.push(last);
        callback();
      },
    });
    // The callback form returns the last stream and destroys every stream on an error of any of them.
    return pipelineCallback(body, open, () => {});
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async sweepAbandonedUploads(olderThanMs = ABANDONED_UPLOAD_MS, now = new Date()): Promise<number> {
    const cutoff = now.getTime() - olderThanMs;
    let removed = 0;
    for (const folder of await entriesOf(this.dir)) {
      if (!FOLDER_PATTERN.test(folder)) continue;
      const folderPath = path.join(this.dir, folder);
      for (const name of await entriesOf(folderPath)) {
        if (!TEMP_PATTERN.test(name)) continue;
        const file = path.join(folderPath, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** The names in a directory; none when it does not exist (nothing was ever stored) or is not a directory. */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await fsp.readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** A stream with no data that closes the file handle it was given. */
function emptyStream(handle: fsp.FileHandle): Readable {
  const stream = new Transform();
  stream.end();
  stream.on('close', () => void handle.close().catch(() => {}));
  return stream;
}

const storages = new WeakMap<AppDeps, FileStorage>();

/** The storage of a running app: encrypted files under DATA_DIR/documents. */
export function storageOf(deps: AppDeps): FileStorage {
  let storage = storages.get(deps);
  if (!storage) {
    const { secretKey, dataDir } = deps.config;
    storage = new EncryptedDiskStorage(
      path.join(dataDir, 'documents'),
      encryptionKey({ secretKey, dataDir }),
    );
    storages.set(deps, storage);
  }
  return storage;
}
