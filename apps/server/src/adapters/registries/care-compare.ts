import type { Readable } from 'node:stream';
import { columnIndex, csvBlocks } from './csv-blocks.ts';
import type { RegistryFileBlock } from './registry-provider.ts';

// CMS Care Compare, the Doctors and Clinicians national downloadable file (DAC_NationalDownloadableFile.csv):
// one row per clinician and practice address (an NPI repeats for each address; the last one read wins when
// merged). Specialties are names, not codes: the table below maps the common ones to NUCC codes.

export const CARE_COMPARE_COLUMNS = [
  'NPI',
  'Provider Last Name',
  'Provider First Name',
  'pri_spec',
  'adr_ln_1',
  'City/Town',
  'State',
  'ZIP Code',
] as const;

/** Care Compare specialty → NUCC taxonomy code. */
export const CARE_COMPARE_SPECIALTIES: Record<string, string> = {
  'FAMILY PRACTICE': '207Q00000X',
  'FAMILY MEDICINE': '207Q00000X',
  'GENERAL PRACTICE': '208D00000X',
  'INTERNAL MEDICINE': '207R00000X',
  'PEDIATRIC MEDICINE': '208000000X',
  'NURSE PRACTITIONER': '363L00000X',
  'PHYSICIAN ASSISTANT': '363A00000X',
  PSYCHIATRY: '2084P0800X',
  'ADDICTION MEDICINE': '2084A0401X',
  'EMERGENCY MEDICINE': '207P00000X',
  'CARDIOVASCULAR DISEASE (CARDIOLOGY)': '207RC0000X',
  'OBSTETRICS/GYNECOLOGY': '207V00000X',
  'CLINICAL SOCIAL WORKER': '1041C0700X',
  'CLINICAL PSYCHOLOGIST': '103TC0700X',
};

export async function* readCareCompareFile(
  source: Readable | AsyncIterable<Buffer>,
): AsyncGenerator<RegistryFileBlock> {
  let c: Record<(typeof CARE_COMPARE_COLUMNS)[number], number> | null = null;
  let optional: { cred: number; line2: number; phone: number; facility: number } | null = null;
  for await (const { header, rows, lines } of csvBlocks(source)) {
    c ??= columnIndex(header, CARE_COMPARE_COLUMNS);
    optional ??= {
      cred: header.indexOf('Cred'),
      line2: header.indexOf('adr_ln_2'),
      phone: header.indexOf('Telephone Number'),
      facility: header.indexOf('Facility Name'),
    };
    const o = optional;
    const cell = (row: string[], at: number) => (at >= 0 ? (row[at] ?? '').trim() : '');
    yield {
      deactivations: [],
      providers: rows.map((row, i) => {
        const specialty = row[c!.pri_spec]!.trim().toUpperCase();
        const credential = cell(row, o.cred);
        return {
          line: lines[i]!,
          provider: {
            source: 'cms_care_compare' as const,
            npi: row[c!.NPI]!.trim(),
            kind: 'individual' as const,
            name: `${row[c!['Provider First Name']]!.trim()} ${row[c!['Provider Last Name']]!.trim()}${credential ? `, ${credential}` : ''}`,
            taxonomies: specialty
              ? [{ code: CARE_COMPARE_SPECIALTIES[specialty] ?? '', description: specialty }]
              : [],
            location: {
              line1: row[c!.adr_ln_1]!,
              line2: cell(row, o.line2),
              city: row[c!['City/Town']]!,
              state: row[c!.State]!,
              postalCode: row[c!['ZIP Code']]!,
            },
            phone: cell(row, o.phone) || null,
            languages: [],
          },
        };
      }),
    };
  }
}
