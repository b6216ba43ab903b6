import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
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
 * CSV rows, fed to papaparse's parser one chunk at a time. Its Node stream mode is not used: that stream pauses
 * its parser whenever 16 rows wait unread, and each resume splits the rest of the chunk again, so a 7 MB file
 * allocated 1.5 GB of strings (the import's memory grew by hundreds of MB). Here each chunk (with the part row
 * carried over from the one before) is parsed once, its complete rows handed out, and the rest carried on.
 * The delimiter and line break are guessed once, from the file's start, as Papa.parse guesses them.
 */
const GUESS_FROM = 4096;
/**
 * No row of a roster is this long: a part row that grows past it is a quote left open, and carrying it on would
 * re-read the rest of the file with every chunk (minutes of work for a 50 MB file).
 */
const ROW_MAX_CHARS = 1024 * 1024;

async function* csvRows(source: Readable): AsyncGenerator<string[][]> {
  const decoder = new StringDecoder('utf8');
  let parser: Papa.Parser | null = null;
  let carried = '';
  let first = true;
  const complete = (text: string, atEnd: boolean): string[][] => {
    if (!parser) {
      const { meta } = Papa.parse<string[]>(text, { preview: 10, skipEmptyLines: 'greedy' });
      parser = new Papa.Parser({
        delimiter: meta.delimiter,
        newline: meta.linebreak as Papa.ParseConfig['newline'],
      });
    }
    const parsed = parser.parse(text, 0, !atEnd) as { data: string[][]; meta: { cursor: number } };
    carried = atEnd ? '' : text.slice(parsed.meta.cursor);
    if (carried.length > ROW_MAX_CHARS) {
      throw new AppError('member_import.invalid_file', MEMBER_IMPORT_MESSAGES.rowTooLong);
    }
    const rows = parsed.data;
    if (first && rows.length > 0) {
      rows[0]![0] = (rows[0]![0] ?? '').replace(/^\uFEFF/, ''); // the BOM Excel writes before a UTF-8 CSV
      first = false;
    }
    return rows.filter((row) => row.some((cell) => cell.trim() !== '')); // blank lines are skipped
  };
  for await (const chunk of source) {
    const text = carried + decoder.write(chunk as Buffer);
    // The delimiter and line break are guessed from the first 4 KB (a few whole rows), or the whole file.
    if (!parser && text.length < GUESS_FROM) {
      carried = text;
      continue;
    }
    const rows = complete(text, false);
    if (rows.length > 0) yield rows;
  }
  const rest = carried + decoder.end();
  const rows = rest === '' ? [] : complete(rest, true);
  if (rows.length > 0) yield rows;
}

async function* xlsxRows(source: Readable): AsyncGenerator<string[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let block: string[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      // The reader skips empty rows; they are skipped here too (a CSV's blank lines are).
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell);
      });
      if (cells.some((c) => c !== undefined && c.trim() !== ''))
        block.push(Array.from(cells, (c) => c ?? ''));
      if (block.length === XLSX_BLOCK) {
        yield block;
        block = [];
      }
    }
    break; // the first worksheet only
  }
  if (block.length > 0) yield block;
}

const XLSX_BLOCK = 500;

/**
 * Every row of the file (the header first), each cell as text, in blocks (a CSV chunk's rows, or 500 XLSX rows):
 * a 100,000-row file is a few hundred steps of the reading loop, not 100,000 awaited ones. A file that cannot be
 * parsed is a 400.
 */
export async function* readRows(source: Readable, format: FileFormat): AsyncGenerator<string[][]> {
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
  for (let i = 0; i < columns.length; i++) record[columns[i]!] = cells[i] ?? '';
  return record;
}

/** For tests and the sample file: a readable over bytes. */
export const readableOf = (bytes: Buffer | string) => Readable.from([Buffer.from(bytes)]);
