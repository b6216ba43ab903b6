import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { RegistryFormatError } from './registry-provider.ts';

// A registry CSV (NPPES, Care Compare, HRSA) read as a stream in blocks of rows, each with its line number: the
// files run to gigabytes and are never held whole. Each chunk (with the part line carried from the one before)
// is parsed once by papaparse's Parser — its Node stream mode re-splits the rest of a chunk on every pause —
// and a row with another number of fields than the header (a truncated or malformed file) is refused with its
// line. Registry files hold no line breaks inside values, so a row is a line.

/** A line longer than this is a quote left open, not a registry record. */
const LINE_MAX_CHARS = 1024 * 1024;

export type CsvBlock = { header: string[]; rows: string[][]; firstLine: number };

export async function* csvBlocks(
  source: AsyncIterable<Buffer | string> | Readable,
): AsyncGenerator<CsvBlock> {
  const decoder = new StringDecoder('utf8');
  const parser = new Papa.Parser({ delimiter: ',', newline: '\n', quoteChar: '"' });
  let header: string[] | null = null;
  let carried = '';
  let line = 0;

  const take = (text: string, atEnd: boolean): CsvBlock | null => {
    const parsed = parser.parse(text, 0, !atEnd) as {
      data: string[][];
      errors: { type: string; code: string; row: number }[];
      meta: { cursor: number };
    };
    carried = atEnd ? '' : text.slice(parsed.meta.cursor);
    if (carried.length > LINE_MAX_CHARS)
      throw new RegistryFormatError(`Line ${line + 1} never ends: a quote is left open.`, line + 1);
    const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
    if (quoteError) {
      const at = line + quoteError.row + 1;
      throw new RegistryFormatError(`Line ${at} has a quote left open.`, at);
    }
    const rows: string[][] = [];
    let firstLine = 0;
    for (const raw of parsed.data) {
      line++;
      const row = raw.length > 0 ? raw.map((c) => c.replace(/\r$/, '')) : raw;
      if (row.length === 1 && row[0] === '') continue; // a blank line
      if (!header) {
        header = row.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
        continue;
      }
      if (row.length !== header.length) {
        throw new RegistryFormatError(
          `Line ${line} has ${row.length} fields where the header has ${header.length}: the file is truncated or malformed.`,
          line,
        );
      }
      if (rows.length === 0) firstLine = line;
      rows.push(row);
    }
    return header ? { header, rows, firstLine } : null;
  };

  for await (const chunk of source) {
    const text = carried + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    const block = take(text, false);
    if (block && block.rows.length > 0) yield block;
  }
  const rest = carried + decoder.end();
  if (rest !== '') {
    const block = take(rest, true);
    if (block && block.rows.length > 0) yield block;
  }
  if (!header) throw new RegistryFormatError('The file is empty: it has no header line.', 1);
}

/** The index of each wanted column in a header; a missing one is refused by name. */
export function columnIndex<T extends string>(
  header: readonly string[],
  wanted: readonly T[],
): Record<T, number> {
  const out = {} as Record<T, number>;
  for (const name of wanted) {
    const at = header.indexOf(name);
    if (at < 0)
      throw new RegistryFormatError(
        `The file has no column '${name}': it is not the expected registry file.`,
        1,
      );
    out[name] = at;
  }
  return out;
}
