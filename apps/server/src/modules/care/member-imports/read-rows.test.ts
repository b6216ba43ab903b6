import { Readable } from 'node:stream';
import { MEMBER_IMPORT_MESSAGES } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { readableOf, readRows } from './read-rows.ts';

/** The bytes cut into pieces of `size` bytes, as storage hands a file over. */
const inPieces = (bytes: string, size: number) => {
  const all = Buffer.from(bytes);
  const pieces: Buffer[] = [];
  for (let i = 0; i < all.length; i += size) pieces.push(all.subarray(i, i + size));
  return Readable.from(pieces);
};

const rowsOf = async (source: Readable) => {
  const rows: string[][] = [];
  for await (const block of readRows(source, 'csv')) rows.push(...block);
  return rows;
};

const FILE = [
  '\uFEFFFirst,Last,Note',
  'Ana,"Núñez, Jr.","line one',
  'line two"',
  '',
  'Bo,Lee,"say ""hi"""',
  '  ,  ,  ',
  'Cy,Ōta,',
].join('\r\n');
const ROWS = [
  ['First', 'Last', 'Note'],
  ['Ana', 'Núñez, Jr.', 'line one\r\nline two'],
  ['Bo', 'Lee', 'say "hi"'],
  ['Cy', 'Ōta', ''],
];

describe('readRows (CSV)', () => {
  it('reads a whole file: the BOM dropped, quotes and quoted line breaks kept, blank lines skipped', async () => {
    expect(await rowsOf(readableOf(FILE))).toEqual(ROWS);
  });

  it('reads the same rows whatever the chunk size (rows, quotes and UTF-8 characters cut between chunks)', async () => {
    for (const size of [1, 2, 3, 5, 7, 16, 64]) {
      expect(await rowsOf(inPieces(FILE, size)), `chunks of ${size} bytes`).toEqual(ROWS);
    }
  });

  it('guesses the delimiter and the line break from the start of the file', async () => {
    expect(await rowsOf(inPieces('a;b\n1;2\n3;4', 3))).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(await rowsOf(readableOf('a\tb\r1\t2\r'))).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads a large file in one pass, whatever the chunk size (each row once)', async () => {
    const lines = ['id,name,note'];
    for (let i = 0; i < 20_000; i++) lines.push(`${String(i).padStart(6, '0')},Name ${i},"a, ""b""\r\nc"`);
    for (const size of [7, 65_536]) {
      const rows = await rowsOf(inPieces(lines.join('\r\n'), size));
      expect(rows).toHaveLength(20_001);
      expect(rows[1]).toEqual(['000000', 'Name 0', 'a, "b"\r\nc']);
      expect(rows[20_000]).toEqual(['019999', 'Name 19999', 'a, "b"\r\nc']);
    }
  });

  it('refuses a file whose quote is left open rather than re-reading it with every chunk', async () => {
    const open = `id,note\n1,"never closed\n${'x,'.repeat(700_000)}`;
    await expect(rowsOf(inPieces(open, 65_536))).rejects.toThrow(MEMBER_IMPORT_MESSAGES.rowTooLong);
  });
});
