import { randomBytes } from 'node:crypto';
import type { DocumentExtension } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import {
  sampleDoc,
  sampleDocx,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleText,
  zipOf,
} from '../../test/sample-files.ts';
import { FileTypeCheck } from './file-type.ts';

/** Runs the check over `bytes` cut into chunks of `size` (1 = byte by byte, as a slow upload could). */
function check(extension: DocumentExtension, bytes: Buffer, size = 64 * 1024) {
  const c = new FileTypeCheck(extension);
  for (let at = 0; at < bytes.length; at += size) c.update(bytes.subarray(at, at + size));
  return c;
}

const CHUNKINGS = [1, 3, 7, 50, 64 * 1024];

describe('FileTypeCheck', () => {
  const samples: [DocumentExtension, Buffer][] = [
    ['pdf', samplePdf()],
    ['png', samplePng()],
    ['jpg', sampleJpeg()],
    ['jpeg', sampleJpeg()],
    ['doc', sampleDoc()],
    ['docx', sampleDocx()],
    ['txt', sampleText()],
  ];

  it.each(samples)('accepts a real .%s, whatever the chunking', (extension, bytes) => {
    for (const size of CHUNKINGS) {
      const c = check(extension, bytes, size);
      expect(c.rejected, `chunks of ${size}`).toBe(false);
      expect(c.matches(), `chunks of ${size}`).toBe(true);
    }
  });

  it('refuses bytes of another type under an allowed name, as soon as the signature is read', () => {
    const png = samplePng();
    const asPdf = new FileTypeCheck('pdf');
    asPdf.update(png.subarray(0, 2));
    expect(asPdf.rejected).toBe(true);
    expect(asPdf.matches()).toBe(false);
    expect(check('jpg', png).matches()).toBe(false);
    expect(check('png', sampleJpeg()).matches()).toBe(false);
    expect(check('doc', sampleDocx()).matches()).toBe(false);
    expect(check('docx', sampleDoc()).matches()).toBe(false);
    // A Windows program renamed to .pdf
    expect(check('pdf', Buffer.concat([Buffer.from('MZ'), randomBytes(200)])).matches()).toBe(false);
  });

  it('refuses a file shorter than its signature, and an empty file of any type', () => {
    expect(check('pdf', Buffer.from('%PD')).matches()).toBe(false);
    for (const [extension] of samples) expect(check(extension, Buffer.alloc(0)).matches()).toBe(false);
  });

  it('accepts a .docx only when the ZIP holds a word/ entry, even far into the archive', () => {
    const spreadsheet = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]);
    for (const size of CHUNKINGS) expect(check('docx', spreadsheet, size).matches()).toBe(false);

    const late = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'media/scan.bin', data: Buffer.from(randomBytes(200_000).map((b) => (b === 0x50 ? 0x51 : b))) },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    for (const size of [1000, 4096, 64 * 1024]) expect(check('docx', late, size).matches()).toBe(true);
    // Only the central directory names it (the local header of that entry cut away): still found.
    const directoryOnly = Buffer.concat([
      Buffer.from('PK\x03\x04', 'latin1'),
      late.subarray(late.length - 200),
    ]);
    expect(check('docx', directoryOnly, 7).matches()).toBe(true);
  });

  it('accepts text only as valid UTF-8 without NUL bytes', () => {
    expect(check('txt', Buffer.from('\ufeffWith a byte-order mark\n', 'utf8')).matches()).toBe(true);
    expect(check('txt', Buffer.from([0x48, 0x69, 0xff, 0x0a])).matches()).toBe(false);
    expect(check('txt', Buffer.from('nul\0inside')).rejected).toBe(true);
    expect(check('txt', Buffer.from('Hello, world', 'utf16le')).matches()).toBe(false);
    // A multi-byte character split across chunks is fine; one cut off at the end is not.
    const accented = Buffer.from('ñandú', 'utf8');
    expect(check('txt', accented, 1).matches()).toBe(true);
    expect(check('txt', accented.subarray(0, accented.length - 1)).matches()).toBe(false);
    expect(check('txt', samplePng()).matches()).toBe(false);
  });
});
