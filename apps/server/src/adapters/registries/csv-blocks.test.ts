import { describe, expect, it } from 'vitest';
import { csvBlocks } from './csv-blocks.ts';
import { RegistryFormatError } from './registry-provider.ts';

async function* chunks(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield Buffer.from(text.slice(i, i + size));
}

async function read(text: string, size = 1 << 20) {
  const rows: { line: number; row: string[] }[] = [];
  let header: string[] = [];
  for await (const block of csvBlocks(chunks(text, size))) {
    header = block.header;
    block.rows.forEach((row, i) => {
      rows.push({ line: block.lines[i]!, row });
    });
  }
  return { header, rows };
}

const SAMPLE =
  '\uFEFF"NPI","Name","Note"\r\n"1234567893","CEDAR ""NORTH"" CLINIC",""\r\n\r\n1245319599,plain,"a, b"\n"1003000126","",x\n';

describe('csvBlocks', () => {
  it('reads quoted and plain fields, "" inside quotes, commas inside quotes, CRLF and LF, blank lines, a BOM', async () => {
    const { header, rows } = await read(SAMPLE);
    expect(header).toEqual(['NPI', 'Name', 'Note']);
    expect(rows).toEqual([
      { line: 2, row: ['1234567893', 'CEDAR "NORTH" CLINIC', ''] },
      { line: 4, row: ['1245319599', 'plain', 'a, b'] },
      { line: 5, row: ['1003000126', '', 'x'] },
    ]);
  });

  it('gives the same rows whatever the chunk boundaries', async () => {
    const whole = await read(SAMPLE);
    for (const size of [1, 2, 3, 5, 7, 13]) expect(await read(SAMPLE, size)).toEqual(whole);
  });

  it('reads a last line without a line break, and an empty last field', async () => {
    expect((await read('a,b\n1,\n2,3')).rows.map((r) => r.row)).toEqual([
      ['1', ''],
      ['2', '3'],
    ]);
  });

  it('refuses a row with too few or too many fields with its line', async () => {
    await expect(read('a,b,c\n1,2,3\n4,5\n')).rejects.toThrow(
      'Line 3 has 2 fields where the header has 3: the file is truncated or malformed.',
    );
    await expect(read('a,b\n1,2\n3,4,5\n', 3)).rejects.toThrow('Line 3 has 3 fields where the header has 2');
  });

  it('refuses a quote left open at the end, and text after a closing quote, with the line', async () => {
    await expect(read('a,b\n1,2\n"3,4\n')).rejects.toThrow(RegistryFormatError);
    await expect(read('a,b\n1,2\n"3,4\n')).rejects.toThrow('Line 3 has a quote left open.');
    await expect(read('a,b\n"1"x,2\n')).rejects.toThrow('Line 2 has text after a closing quote.');
  });

  it('refuses an empty file', async () => {
    await expect(read('')).rejects.toThrow('The file is empty: it has no header line.');
  });
});
