import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_FILENAME_MAX,
  DOCUMENT_MESSAGES,
  type DocumentExtension,
  documentExtension,
  fileExtension,
} from '@trust/domain';
import type { ContextLog } from './context.ts';
import { AppError } from './errors.ts';
import { FileTypeCheck } from './file-type.ts';
import { type FileStorage, newStorageKey } from './storage.ts';

// Uploaded documents (case documents of a referral, documents of an enrollment): the bytes of one file, counted,
// checked to be of the type their name claims (file-type.ts) and stored encrypted under a new random key;
// refused (with nothing left in storage) when they are too large, empty or not what the name says. Read back,
// the bytes are checked against the size and SHA-256 recorded when they were stored.

/** A file part of an upload as it arrives: the name the browser gave and the bytes, not yet read. */
export type IncomingFile = { filename: string; stream: Readable };
/**
 * Reads an upload's body to its end, handing the first file of the field "file" to `store` (the route does
 * this: it is HTTP). Resolves once the whole body was read.
 */
export type ReadUpload = (store: (file: IncomingFile) => Promise<void>) => Promise<void>;

/** A file kept in storage, with the facts its row records. */
export type StoredUpload = {
  key: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
};

/**
 * The name kept for a file: its last path segment (old browsers sent "C:\…\scan.pdf"), without control
 * characters, at most DOCUMENT_FILENAME_MAX characters with its extension kept.
 */
export function cleanFilename(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').normalize('NFC');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const name = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (name.length <= DOCUMENT_FILENAME_MAX) return name;
  const ext = fileExtension(name);
  const suffix = ext && ext.length < 10 ? `.${ext}` : '';
  return `${name.slice(0, DOCUMENT_FILENAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/** A refusal of the uploaded file, with the message on the form's `file` field too. */
export function fileError(
  reason:
    | 'document.no_file'
    | 'document.empty_file'
    | 'document.too_large'
    | 'document.type_not_allowed'
    | 'document.content_mismatch',
  message: string,
) {
  return new AppError(reason, message, { fields: { file: message } });
}

/**
 * Passes an upload's bytes on to storage while counting them and checking their type. Once the file is too
 * large or cannot be of its claimed type, the rest is read and dropped (so the request is read to its end
 * and the refusal reaches the browser) instead of stored.
 */
class UploadGate extends Transform {
  readonly check: FileTypeCheck | null;
  readonly maxBytes: number;
  bytes = 0;

  constructor(extension: DocumentExtension | null, maxBytes: number) {
    super();
    this.check = extension ? new FileTypeCheck(extension) : null;
    this.maxBytes = maxBytes;
  }

  get refused(): boolean {
    return this.bytes > this.maxBytes || !this.check || this.check.rejected;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.refused) return callback();
    this.bytes += chunk.length;
    this.check!.update(chunk);
    if (!this.refused) this.push(chunk);
    callback();
  }

  /** Why the file is refused, or null when it may be kept. */
  problem(filename: string): AppError | null {
    if (!filename) return fileError('document.no_file', DOCUMENT_MESSAGES.noFile);
    if (this.bytes > this.maxBytes) {
      return fileError('document.too_large', DOCUMENT_MESSAGES.tooLarge(this.maxBytes));
    }
    if (!this.check) return fileError('document.type_not_allowed', DOCUMENT_MESSAGES.typeNotAllowed);
    if (this.bytes === 0) return fileError('document.empty_file', DOCUMENT_MESSAGES.emptyFile);
    if (!this.check.matches()) {
      return fileError('document.content_mismatch', DOCUMENT_MESSAGES.contentMismatch(this.check.extension));
    }
    return null;
  }
}

/** Stores one incoming file under a new random key, or refuses it (with nothing left in storage). */
export async function storeCheckedUpload(
  storage: FileStorage,
  file: IncomingFile,
  maxBytes: number,
): Promise<StoredUpload> {
  const filename = cleanFilename(file.filename);
  const extension = documentExtension(filename);
  const gate = new UploadGate(extension, maxBytes);
  const key = newStorageKey();
  // The callback form of pipeline destroys the gate when the upload stream fails (a cut-off request), so the
  // storage write fails too and removes its temporary file.
  const stored = await storage.put(
    key,
    pipeline(file.stream, gate, () => {}),
  );
  const problem = gate.problem(filename);
  if (problem) {
    await storage.remove(key);
    throw problem;
  }
  return {
    key,
    filename,
    contentType: DOCUMENT_CONTENT_TYPES[extension!],
    size: stored.size,
    sha256: stored.sha256,
  };
}

/** Removes a stored file, logging (not throwing) a failure: a file without its row is unreadable anyway. */
export async function removeStoredQuietly(storage: FileStorage, key: string, log: ContextLog) {
  try {
    await storage.remove(key);
  } catch (err) {
    log.error({ err, storage_key: key }, 'could not remove a stored document file');
  }
}

/**
 * Passes the plain bytes on and fails at the end when they are not the ones uploaded (size and SHA-256 of the
 * row). The last chunk is held back until then, so a reader never gets every byte of a wrong file.
 */
export function verifying(expected: { fileSize: number; sha256: string }): Transform {
  const hash = createHash('sha256');
  let size = 0;
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (held) this.push(held);
      held = chunk;
      callback();
    },
    flush(callback) {
      if (size !== expected.fileSize || hash.digest('hex') !== expected.sha256) {
        return callback(new Error('the stored document does not match its record'));
      }
      if (held) this.push(held);
      callback();
    },
  });
}
