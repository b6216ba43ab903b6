import type { DocumentExtension } from '@trust/domain';

// 000 §5.6: case documents are pdf, doc, docx, txt, jpg, jpeg or png. The name alone proves nothing (an .exe
// renamed to .pdf, an HTML page renamed to .txt), so the bytes are checked to be of the type the name claims.
// The check runs on the stream as it arrives, chunk by chunk, without holding the file in memory.

const SIGNATURES: Partial<Record<DocumentExtension, Buffer>> = {
  pdf: Buffer.from('%PDF-', 'latin1'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  // OLE2 compound file: the container of Word 97-2003 documents.
  doc: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // ZIP local file header: the container of Office Open XML documents (further checked below).
  docx: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
};

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
/** Offsets of the name length and the name in a ZIP local (30-byte) and central (46-byte) entry header. */
const LOCAL = { nameLength: 26, name: 30 };
const CENTRAL = { nameLength: 28, name: 46 };
const WORD_DIR = Buffer.from('word/', 'latin1');
/** Bytes kept from one chunk to the next so an entry header split between chunks is still read. */
const ZIP_CARRY = CENTRAL.name + WORD_DIR.length - 1;

/** Whether `data` holds, at `at`, a ZIP entry header whose file name begins with "word/". */
function isWordEntry(data: Buffer, at: number, layout: { nameLength: number; name: number }): boolean {
  if (at + layout.name + WORD_DIR.length > data.length) return false;
  if (data.readUInt16LE(at + layout.nameLength) < WORD_DIR.length) return false;
  return data.subarray(at + layout.name, at + layout.name + WORD_DIR.length).equals(WORD_DIR);
}

/**
 * Checks a stream of bytes against the type its file name claims. Feed every chunk to `update`, then ask
 * `matches()` once the stream has ended. `rejected` turns true as soon as the bytes cannot be of the type,
 * so the caller can stop storing them.
 */
export class FileTypeCheck {
  readonly extension: DocumentExtension;
  #head = Buffer.alloc(0);
  #signatureChecked = false;
  #rejected = false;
  #seen = 0;
  // docx: whether an entry of the word/ folder was seen; the tail of the previous chunk.
  #wordEntry = false;
  #carry = Buffer.alloc(0);
  // txt: a streaming UTF-8 decoder that throws on an invalid sequence.
  #utf8 = new TextDecoder('utf-8', { fatal: true });

  constructor(extension: DocumentExtension) {
    this.extension = extension;
  }

  get rejected(): boolean {
    return this.#rejected;
  }

  update(chunk: Buffer): void {
    if (this.#rejected || chunk.length === 0) return;
    this.#seen += chunk.length;
    if (this.extension === 'txt') {
      this.#text(chunk);
      return;
    }
    if (!this.#signatureChecked) this.#signature(chunk);
    if (this.extension === 'docx' && !this.#rejected && !this.#wordEntry) this.#zip(chunk);
  }

  /** The verdict once every byte was given: the content is of the claimed type. */
  matches(): boolean {
    if (this.#rejected || this.#seen === 0) return false;
    if (this.extension === 'txt') {
      try {
        this.#utf8.decode(); // a multi-byte sequence cut at the end is invalid
        return true;
      } catch {
        return false;
      }
    }
    if (!this.#signatureChecked) return false; // shorter than its signature
    return this.extension === 'docx' ? this.#wordEntry : true;
  }

  #signature(chunk: Buffer) {
    const signature = SIGNATURES[this.extension]!;
    const needed = signature.length - this.#head.length;
    this.#head = Buffer.concat([this.#head, chunk.subarray(0, needed)]);
    if (this.#head.length < signature.length) {
      if (!signature.subarray(0, this.#head.length).equals(this.#head)) this.#rejected = true;
      return;
    }
    this.#signatureChecked = true;
    if (!this.#head.equals(signature)) this.#rejected = true;
  }

  #zip(chunk: Buffer) {
    const data = this.#carry.length > 0 ? Buffer.concat([this.#carry, chunk]) : chunk;
    for (const [marker, layout] of [
      [LOCAL_HEADER, LOCAL],
      [CENTRAL_HEADER, CENTRAL],
    ] as const) {
      for (let at = data.indexOf(marker); at >= 0; at = data.indexOf(marker, at + 1)) {
        if (isWordEntry(data, at, layout)) {
          this.#wordEntry = true;
          return;
        }
      }
    }
    this.#carry = Buffer.from(data.subarray(Math.max(0, data.length - ZIP_CARRY)));
  }

  #text(chunk: Buffer) {
    if (chunk.includes(0)) {
      this.#rejected = true;
      return;
    }
    try {
      this.#utf8.decode(chunk, { stream: true });
    } catch {
      this.#rejected = true;
    }
  }
}
