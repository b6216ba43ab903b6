import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ABANDONED_UPLOAD_MS,
  EncryptedDiskStorage,
  newStorageKey,
  StoredFileDamagedError,
  StoredFileMissingError,
} from './storage.ts';

let dir: string;
let storage: EncryptedDiskStorage;
const secret = randomBytes(32);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-storage-'));
  storage = new EncryptedDiskStorage(dir, secret);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every file under the storage directory, temporary ones included. */
function filesIn(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A source that yields `chunks` in pieces, as an upload arrives. */
function source(...chunks: Buffer[]): Readable {
  return Readable.from(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('EncryptedDiskStorage', () => {
  it('stores a stream and gives the same bytes back, with its size and SHA-256', async () => {
    const plain = Buffer.concat([Buffer.from('Member lab results: '), randomBytes(300_000)]);
    const key = newStorageKey();
    const stored = await storage.put(key, source(plain.subarray(0, 1000), plain.subarray(1000)));
    expect(stored).toEqual({ size: plain.length, sha256: sha(plain) });
    expect(await buffer(await storage.get(key))).toEqual(plain);
    expect(filesIn(dir)).toEqual([storage.pathOf(key)]);
  });

  it('round-trips an empty file', async () => {
    const key = newStorageKey();
    expect(await storage.put(key, source())).toEqual({ size: 0, sha256: sha(Buffer.alloc(0)) });
    expect((await buffer(await storage.get(key))).length).toBe(0);
  });

  it('keeps the plain text off the disk and uses a fresh IV per file', async () => {
    const plain = Buffer.from('Jane Doe, Medicaid ID 123456789, diagnosis Z59.0 '.repeat(50));
    const a = newStorageKey();
    const b = newStorageKey();
    await storage.put(a, source(plain));
    await storage.put(b, source(plain));
    const onDisk = fs.readFileSync(storage.pathOf(a));
    expect(onDisk.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect(onDisk.subarray(0, 5)).toEqual(Buffer.from([...Buffer.from('TMDF'), 1]));
    // header 17 bytes, ciphertext as long as the plain text, 16-byte tag
    expect(onDisk.length).toBe(17 + plain.length + 16);
    expect(onDisk.subarray(5, 17)).not.toEqual(fs.readFileSync(storage.pathOf(b)).subarray(5, 17));
    expect(onDisk.subarray(17)).not.toEqual(fs.readFileSync(storage.pathOf(b)).subarray(17));
  });

  it('fails the read of a changed byte, a changed tag, a cut-short file or a file moved to another key', async () => {
    const plain = randomBytes(5000);
    const read = (key: string) => storage.get(key).then(buffer);

    for (const offset of [20, -3, 8]) {
      const key = newStorageKey();
      await storage.put(key, source(plain));
      const file = storage.pathOf(key);
      const bytes = fs.readFileSync(file);
      const at = offset < 0 ? bytes.length + offset : offset;
      bytes[at]! ^= 0x01;
      fs.writeFileSync(file, bytes);
      await expect(read(key), `byte ${offset}`).rejects.toBeInstanceOf(StoredFileDamagedError);
    }

    const cut = newStorageKey();
    await storage.put(cut, source(plain));
    fs.truncateSync(storage.pathOf(cut), 17 + 100 + 16);
    await expect(read(cut)).rejects.toBeInstanceOf(StoredFileDamagedError);

    const original = newStorageKey();
    const other = newStorageKey();
    await storage.put(original, source(plain));
    fs.mkdirSync(path.dirname(storage.pathOf(other)), { recursive: true });
    fs.copyFileSync(storage.pathOf(original), storage.pathOf(other));
    await expect(read(other)).rejects.toBeInstanceOf(StoredFileDamagedError);
    expect(await read(original)).toEqual(plain);

    const tiny = newStorageKey();
    fs.mkdirSync(path.dirname(storage.pathOf(tiny)), { recursive: true });
    fs.writeFileSync(storage.pathOf(tiny), 'not ours');
    await expect(storage.get(tiny)).rejects.toBeInstanceOf(StoredFileDamagedError);
  });

  it('cannot read files with another secret', async () => {
    const key = newStorageKey();
    await storage.put(key, source(Buffer.from('secret')));
    const stranger = new EncryptedDiskStorage(dir, randomBytes(32));
    await expect(stranger.get(key).then(buffer)).rejects.toBeInstanceOf(StoredFileDamagedError);
  });

  it('leaves no file at all, temporary or final, when the source fails part-way', async () => {
    const key = newStorageKey();
    const failing = new Readable({ read() {} });
    failing.push(randomBytes(64 * 1024));
    setTimeout(() => failing.destroy(new Error('client went away')), 20);
    await expect(storage.put(key, failing)).rejects.toThrow('client went away');
    expect(filesIn(dir)).toEqual([]);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('removes files (a missing one is not an error) and refuses keys that are not its own', async () => {
    const key = newStorageKey();
    await storage.put(key, source(Buffer.from('x')));
    await storage.remove(key);
    await storage.remove(key);
    expect(filesIn(dir)).toEqual([]);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    for (const bad of ['../../etc/passwd', 'report.pdf', '', 'A'.repeat(32)]) {
      await expect(storage.put(bad, source(Buffer.from('x'))), bad).rejects.toThrow('invalid storage key');
      await expect(storage.remove(bad), bad).rejects.toThrow('invalid storage key');
    }
  });
});

describe('temporary files of uploads that never finished (issue #12)', () => {
  const temps = () => filesIn(dir).filter((f) => f.endsWith('.tmp'));
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
    return check();
  };

  it('removes the temporary file when the source stops half-way without an error (the client went away)', async () => {
    const key = newStorageKey();
    const upload = new Readable({ read() {} });
    upload.push(randomBytes(64 * 1024));
    const writing = storage.put(key, upload);
    // Half of it is on disk, encrypted, under a temporary name…
    expect(await until(() => temps().length === 1)).toBe(true);
    upload.destroy();
    await expect(writing).rejects.toThrow();
    // …and gone with the upload.
    expect(filesIn(dir)).toEqual([]);
  });

  it('removes it when the source errors half-way', async () => {
    const upload = new Readable({ read() {} });
    upload.push(randomBytes(32 * 1024));
    const writing = storage.put(newStorageKey(), upload);
    expect(await until(() => temps().length === 1)).toBe(true);
    upload.destroy(new Error('413: over the size limit'));
    await expect(writing).rejects.toThrow('413: over the size limit');
    expect(temps()).toEqual([]);
  });

  it('the start sweep removes an old temporary file and keeps a fresh one and every stored file', async () => {
    const kept = newStorageKey();
    await storage.put(kept, source(Buffer.from('a stored document')));
    const folder = path.dirname(storage.pathOf(kept));
    const old = path.join(folder, `.${newStorageKey()}.${randomBytes(6).toString('hex')}.tmp`);
    const fresh = path.join(folder, `.${newStorageKey()}.${randomBytes(6).toString('hex')}.tmp`);
    // Not one of ours: a name the sweep does not recognise is left alone.
    const stranger = path.join(folder, 'notes.tmp');
    for (const file of [old, fresh, stranger]) fs.writeFileSync(file, randomBytes(100));
    const longAgo = new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000);
    fs.utimesSync(old, longAgo, longAgo);
    fs.utimesSync(stranger, longAgo, longAgo);

    expect(await storage.sweepAbandonedUploads()).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(stranger)).toBe(true);
    expect((await buffer(await storage.get(kept))).toString()).toBe('a stored document');
    // Nothing stored yet (a fresh machine): nothing to do.
    expect(await new EncryptedDiskStorage(path.join(dir, 'missing'), secret).sweepAbandonedUploads()).toBe(0);
  });

  it('a server process killed mid-upload leaves its temporary file, which the next start sweeps', async () => {
    // The finding: a process killed while writing never runs its clean-up.
    const storageModule = fileURLToPath(new URL('./storage.ts', import.meta.url));
    const script = `
      const { EncryptedDiskStorage, newStorageKey } = await import(${JSON.stringify(storageModule)});
      const { Readable } = await import('node:stream');
      const storage = new EncryptedDiskStorage(process.env.DIR, Buffer.from(process.env.SECRET, 'hex'));
      const upload = new Readable({ read() {} });
      setInterval(() => upload.push(Buffer.alloc(4096, 1)), 5);
      storage.put(newStorageKey(), upload);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DIR: dir, SECRET: secret.toString('hex') },
      stdio: 'ignore',
    });
    try {
      expect(await until(() => temps().length === 1)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const [left] = temps();
    expect(left).toBeDefined();
    // At once, the sweep cannot tell it from an upload in progress in another process: it stays…
    expect(await storage.sweepAbandonedUploads()).toBe(0);
    // …until it has gone unwritten for longer than any upload would.
    const later = new Date(Date.now() + ABANDONED_UPLOAD_MS + 1000);
    expect(await storage.sweepAbandonedUploads(ABANDONED_UPLOAD_MS, later)).toBe(1);
    expect(filesIn(dir)).toEqual([]);
  });
});
