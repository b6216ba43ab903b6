import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { RegistryFormatError } from './registry-provider.ts';

// A registry CSV (NPPES, Care Compare, HRSA) read as a stream in blocks of rows, each with its line number: the
// files run to gigabytes and are never held whole. The parser is written for them (RFC 4180: commas, fields
// optionally double-quoted, "" for a quote inside, CRLF or LF): the NPPES file quotes all of its 330 fields, and
// papaparse spent ~60 µs a row on it (15,000 rows/s, a quarter of what PostgreSQL's COPY takes in); scanning
// with indexOf and charCodeAt does the same work several times faster. A row with another number of fields
// than the header (a truncated or malformed file) is refused with its line.

/** A line longer than this is a quote left open, not a registry record. */
const LINE_MAX_CHARS = 1024 * 1024;

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** A block of rows and the line each was read from (blank lines are skipped, so they need not follow on). */
export type CsvBlock = { header: string[]; rows: string[][]; lines: number[] };

class Incomplete extends Error {}

/**
 * The complete rows of `text` from `from` on, into `out`; returns where the first incomplete row starts (the
 * part to carry to the next chunk), or text.length at the end of the input. `line` is the line before `from`.
 */
function parseRows(
  text: string,
  from: number,
  atEnd: boolean,
  out: string[][],
  line: number,
  skip: Uint8Array | null,
): number {
  const n = text.length;
  let i = from;
  let rowStart = from;
  let row: string[] = [];
  try {
    while (i < n) {
      let field: string;
      // A column nobody reads is scanned but not copied out (the NPPES reader needs 30 of 330).
      const keep = skip === null || skip[row.length] !== 1;
      if (
        text.charCodeAt(i) === QUOTE &&
        text.charCodeAt(i + 1) === QUOTE &&
        text.charCodeAt(i + 2) !== QUOTE
      ) {
        // "" — an empty quoted field, most of the NPPES file's 330 columns.
        field = '';
        i += 2;
      } else if (text.charCodeAt(i) === QUOTE) {
        let segment = i + 1;
        field = '';
        for (;;) {
          const q = text.indexOf('"', segment);
          if (q < 0)
            throw atEnd
              ? new RegistryFormatError(`Line ${line + 1} has a quote left open.`, line + 1)
              : new Incomplete();
          if (text.charCodeAt(q + 1) === QUOTE) {
            if (keep) field += text.slice(segment, q + 1);
            segment = q + 2;
            continue;
          }
          if (keep) field += text.slice(segment, q);
          i = q + 1;
          break;
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === COMMA || c === LF || c === CR) break;
          j++;
        }
        field = keep ? text.slice(i, j) : '';
        i = j;
      }
      row.push(field);
      if (i >= n) {
        if (!atEnd) throw new Incomplete();
        out.push(row);
        return n;
      }
      let c = text.charCodeAt(i);
      if (c === COMMA) {
        i++;
        // A comma that ends the text: one more (empty) field follows, once the text goes on.
        if (i >= n) {
          if (!atEnd) throw new Incomplete();
          row.push('');
          out.push(row);
          return n;
        }
        continue;
      }
      if (c === CR) {
        i++;
        if (i >= n && !atEnd) throw new Incomplete();
        c = text.charCodeAt(i);
      }
      if (c === LF || i >= n) {
        i++;
        line++;
        out.push(row);
        row = [];
        rowStart = i;
        continue;
      }
      throw new RegistryFormatError(`Line ${line + 1} has text after a closing quote.`, line + 1);
    }
  } catch (error) {
    if (error instanceof Incomplete) return rowStart;
    throw error;
  }
  return n;
}

/**
 * The file's rows in blocks. `wanted` (given the header) names the columns the caller reads: the others come
 * back empty, which spares copying them out of the text.
 */
export async function* csvBlocks(
  source: AsyncIterable<Buffer | string> | Readable,
  wanted?: (header: string[]) => readonly string[],
): AsyncGenerator<CsvBlock> {
  const decoder = new StringDecoder('utf8');
  let header: string[] | null = null;
  let skip: Uint8Array | null = null;
  let carried = '';
  let line = 0;

  const take = (text: string, atEnd: boolean): CsvBlock | null => {
    const parsed: string[][] = [];
    const cursor = parseRows(text, 0, atEnd, parsed, line, skip);
    carried = text.slice(cursor);
    if (carried.length > LINE_MAX_CHARS)
      throw new RegistryFormatError(
        `Line ${line + parsed.length + 1} never ends: a quote is left open.`,
        line + 1,
      );
    const rows: string[][] = [];
    const lines: number[] = [];
    for (const row of parsed) {
      line++;
      if (row.length === 1 && row[0] === '') continue; // a blank line
      if (!header) {
        header = row.map((c) => c.trim());
        if (wanted) {
          const names = new Set(wanted(header));
          skip = Uint8Array.from(header, (name) => (names.has(name) ? 0 : 1));
        }
        continue;
      }
      if (row.length !== header.length) {
        throw new RegistryFormatError(
          `Line ${line} has ${row.length} fields where the header has ${header.length}: the file is truncated or malformed.`,
          line,
        );
      }
      lines.push(line);
      rows.push(row);
    }
    return header ? { header, rows, lines } : null;
  };

  let first = true;
  for await (const chunk of source) {
    let text = carried + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, ''); // the BOM Excel writes before a UTF-8 CSV
      first = false;
    }
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
