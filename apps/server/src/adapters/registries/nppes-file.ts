import type { Readable } from 'node:stream';
import { taxonomyMapping } from '@trust/domain';
import { columnIndex, csvBlocks } from './csv-blocks.ts';
import {
  NPPES_DEACTIVATION_COLUMNS,
  NPPES_DEACTIVATION_REASONS,
  NPPES_FILE_REQUIRED,
} from './nppes-file-format.ts';
import { type RegistryFileBlock, RegistryFormatError } from './registry-provider.ts';

// Reads the NPPES Downloadable File (monthly full or weekly incremental, 330 columns) or the NPPES Deactivated
// NPI Report, streamed, into registry providers and deactivations, in blocks with their line numbers.

export type NppesFileBlock = RegistryFileBlock;

/** MM/DD/YYYY (the file's dates) as YYYY-MM-DD, or null. */
function isoDate(text: string | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text?.trim() ?? '');
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(text?.trim() ?? '') ? (text as string).trim() : null;
}

const TAXONOMY_SLOTS = Array.from({ length: 15 }, (_, i) => i + 1);

/** Every column the reader looks at (the parser copies out only these of the 330). */
const READ_COLUMNS = [
  ...NPPES_FILE_REQUIRED,
  ...NPPES_DEACTIVATION_COLUMNS,
  'Provider Middle Name',
  'Provider Credential Text',
  'Provider Second Line Business Practice Location Address',
  'Provider Business Practice Location Address Country Code (If outside U.S.)',
  'Provider Business Practice Location Address Telephone Number',
  'NPI Deactivation Reason Code',
  'NPI Reactivation Date',
  ...TAXONOMY_SLOTS.flatMap((i) => [
    `Healthcare Provider Taxonomy Code_${i}`,
    `Healthcare Provider Primary Taxonomy Switch_${i}`,
  ]),
];

export async function* readNppesFile(
  source: Readable | AsyncIterable<Buffer>,
): AsyncGenerator<NppesFileBlock> {
  let read: ((row: string[], line: number, block: NppesFileBlock) => void) | null = null;
  for await (const { header, rows, lines } of csvBlocks(source, () => READ_COLUMNS)) {
    if (!read) read = readerFor(header);
    const block: NppesFileBlock = { providers: [], deactivations: [] };
    rows.forEach((row, i) => {
      read!(row, lines[i]!, block);
    });
    yield block;
  }
}

function readerFor(header: string[]): (row: string[], line: number, block: NppesFileBlock) => void {
  const npiAt = header.indexOf('NPI');
  if (!header.includes('Entity Type Code') && header.includes('NPPES Deactivation Date')) {
    // The Deactivated NPI Report: NPI and the date.
    const c = columnIndex(header, NPPES_DEACTIVATION_COLUMNS);
    return (row, line, block) => {
      const npi = row[c.NPI]!.trim();
      const date = isoDate(row[c['NPPES Deactivation Date']]);
      if (!/^\d{10}$/.test(npi) || !date)
        throw new RegistryFormatError(`Line ${line} is not an NPI and a deactivation date.`, line);
      block.deactivations.push({
        line,
        deactivation: { npi, deactivatedOn: date, reason: 'Deactivated in NPPES' },
      });
    };
  }
  const c = columnIndex(header, NPPES_FILE_REQUIRED);
  const optional = (name: string) => header.indexOf(name);
  const middle = optional('Provider Middle Name');
  const credential = optional('Provider Credential Text');
  const line2 = optional('Provider Second Line Business Practice Location Address');
  const country = optional('Provider Business Practice Location Address Country Code (If outside U.S.)');
  const phone = optional('Provider Business Practice Location Address Telephone Number');
  const reasonAt = optional('NPI Deactivation Reason Code');
  const reactivatedAt = optional('NPI Reactivation Date');
  const taxonomyAt = TAXONOMY_SLOTS.map((i) => ({
    code: optional(`Healthcare Provider Taxonomy Code_${i}`),
    primary: optional(`Healthcare Provider Primary Taxonomy Switch_${i}`),
  })).filter((t) => t.code >= 0);
  const cell = (row: string[], at: number) => (at >= 0 ? (row[at] ?? '').trim() : '');

  return (row, line, block) => {
    const npi = row[npiAt]!.trim();
    if (!/^\d{10}$/.test(npi)) throw new RegistryFormatError(`Line ${line} has no 10-digit NPI.`, line);
    const deactivated = isoDate(row[c['NPI Deactivation Date']]);
    const reactivated = isoDate(cell(row, reactivatedAt));
    if (deactivated && (!reactivated || reactivated < deactivated)) {
      const code = cell(row, reasonAt);
      block.deactivations.push({
        line,
        deactivation: {
          npi,
          deactivatedOn: deactivated,
          reason: NPPES_DEACTIVATION_REASONS[code] ?? 'Deactivated in NPPES',
        },
      });
      return;
    }
    const organization = row[c['Entity Type Code']]!.trim() === '2';
    const name = organization
      ? row[c['Provider Organization Name (Legal Business Name)']]!
      : [row[c['Provider First Name']], cell(row, middle), row[c['Provider Last Name (Legal Name)']]]
          .map((p) => p?.trim())
          .filter(Boolean)
          .join(' ') + (cell(row, credential) ? `, ${cell(row, credential)}` : '');
    const taxonomies = taxonomyAt
      .map((t) => ({ code: cell(row, t.code), primary: cell(row, t.primary) === 'Y' }))
      .filter((t) => t.code)
      .sort((a, b) => Number(b.primary) - Number(a.primary))
      .map((t) => ({ code: t.code, description: taxonomyMapping(t.code)?.meaning ?? t.code }));
    const abroad = cell(row, country) !== '' && cell(row, country) !== 'US';
    block.providers.push({
      line,
      provider: {
        source: 'cms_nppes',
        npi,
        kind: organization ? 'organization' : 'individual',
        name,
        taxonomies,
        location: abroad
          ? null
          : {
              line1: row[c['Provider First Line Business Practice Location Address']]!,
              line2: cell(row, line2),
              city: row[c['Provider Business Practice Location Address City Name']]!,
              state: row[c['Provider Business Practice Location Address State Name']]!,
              postalCode: row[c['Provider Business Practice Location Address Postal Code']]!,
            },
        phone: cell(row, phone) || null,
        languages: [],
      },
    });
  };
}
