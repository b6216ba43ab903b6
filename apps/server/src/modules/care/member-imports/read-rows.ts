import { type Duplex, Readable } from 'node:stream';
import { MEMBER_IMPORT_MESSAGES } from '@trust/domain';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../../platform/errors.ts';

// A member file's rows as strings, read as a stream (a 100,000-row file is never held in memory): CSV through
// papaparse, XLSX through exceljs's streaming reader (its first worksheet). Every cell is read as text as
// written, so IDs keep their leading zeros; an Excel date cell becomes YYYY-MM-DD.

export type FileFormat = 'csv' | 'xlsx';

/** The file's kind from its first bytes (never from its name): XLSX is a ZIP, XLS an OLE2 document, CSV text. */
export function sniffFormat(head: Buffer): FileFormat {
  if (head.length === 0) throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.empty);
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.xlsUnsupported);
  }
  // Text: no NUL byte and no other control characters than tab, CR, LF (a PDF or an image has them early).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0000-\u0008\u000e-\u001a]/.test(head.toString('latin1'))) {
    throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.notTabular);
  }
  return 'csv';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An XLSX cell as text: dates as YYYY-MM-DD, rich text joined, a formula's result, numbers as shown. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value)
      return value.result instanceof Date
        ? cellText({ value: value.result } as ExcelJS.Cell)
        : String(value.result ?? '');
    if ('text' in value) return String(value.text);
  }
  // cell.text applies the number format ("000123" for an ID formatted with leading zeros).
  try {
    return cell.text;
  } catch {
    return String(value);
  }
}

/**
 * papaparse's Node stream pushes every row it parses without waiting for the reader, so piping a file into it
 * would queue the whole file's rows while the import writes its first batch. Here the file is fed one chunk
 * (64 KB) at a time, and the rows of a chunk are handed out before the next chunk is read: memory stays at one
 * chunk's rows whatever the file's size.
 */
async function* csvRows(source: Readable): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' }) as unknown as Duplex;
  let first = true;
  const take = function* (): Generator<string[]> {
    for (let row = parser.read() as string[] | null; row !== null; row = parser.read() as string[] | null) {
      if (first && row.length > 0) {
        row[0] = row[0]!.replace(/^\uFEFF/, ''); // the BOM Excel writes before a UTF-8 CSV
        first = false;
      }
      yield row;
    }
  };
  for await (const chunk of source) {
    await new Promise<void>((resolve, reject) => parser.write(chunk, (e) => (e ? reject(e) : resolve())));
    yield* take();
  }
  parser.end();
  for await (const row of parser as AsyncIterable<string[]>) {
    if (first && row.length > 0) {
      row[0] = row[0]!.replace(/^\uFEFF/, '');
      first = false;
    }
    yield row;
  }
}

async function* xlsxRows(source: Readable): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      // The reader skips empty rows; they are skipped here too (a CSV's blank lines are).
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell);
      });
      if (cells.some((c) => c !== undefined && c.trim() !== '')) yield Array.from(cells, (c) => c ?? '');
    }
    break; // the first worksheet only
  }
}

/** Every row of the file (the header first), each cell as text. A file that cannot be parsed is a 400. */
export async function* readRows(source: Readable, format: FileFormat): AsyncGenerator<string[]> {
  try {
    yield* format === 'csv' ? csvRows(source) : xlsxRows(source);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.notTabular);
  }
}

/** The header row's column names (trimmed); refuses an empty header or a name twice. */
export function headerOf(row: string[] | undefined): string[] {
  const columns = (row ?? []).map((c) => c.trim());
  while (columns.length > 0 && columns[columns.length - 1] === '') columns.pop();
  if (columns.length === 0 || columns.every((c) => c === '')) {
    throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.noHeader);
  }
  const seen = new Set<string>();
  for (const [i, c] of columns.entries()) {
    const name = c || `Column ${i + 1}`;
    if (seen.has(name.toLowerCase())) {
      throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.duplicateHeader(name));
    }
    seen.add(name.toLowerCase());
    columns[i] = name;
  }
  return columns;
}

/** A data row as column → text. */
export function rowRecord(columns: readonly string[], cells: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  columns.forEach((c, i) => {
    record[c] = cells[i] ?? '';
  });
  return record;
}

/** For tests and the sample file: a readable over bytes. */
export const readableOf = (bytes: Buffer | string) => Readable.from([Buffer.from(bytes)]);
