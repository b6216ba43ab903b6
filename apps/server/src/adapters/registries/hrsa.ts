import type { Readable } from 'node:stream';
import { columnIndex, csvBlocks } from './csv-blocks.ts';
import type { RegistryFileBlock } from './registry-provider.ts';

// HRSA Health Center Service Delivery and Look-Alike Sites (the data.hrsa.gov CSV): one row a site, geocoded by
// HRSA (X = longitude, Y = latitude). Sites are keyed by their NPI ("FQHC Site NPI Number"); a site without one
// cannot be matched to the registry and is refused. Inactive sites are skipped.

export const HRSA_COLUMNS = [
  'Site Name',
  'Site Address',
  'Site City',
  'Site State Abbreviation',
  'Site Postal Code',
  'FQHC Site NPI Number',
] as const;

const FQHC = '261QF0400X';

export async function* readHrsaFile(
  source: Readable | AsyncIterable<Buffer>,
): AsyncGenerator<RegistryFileBlock> {
  let c: Record<(typeof HRSA_COLUMNS)[number], number> | null = null;
  let o: Record<'phone' | 'web' | 'status' | 'x' | 'y', number> | null = null;
  for await (const { header, rows, lines } of csvBlocks(source)) {
    c ??= columnIndex(header, HRSA_COLUMNS);
    o ??= {
      phone: header.indexOf('Site Telephone Number'),
      web: header.indexOf('Site Web Address'),
      status: header.indexOf('Site Status Description'),
      x: header.indexOf('Geocoding Artifact Address Primary X Coordinate'),
      y: header.indexOf('Geocoding Artifact Address Primary Y Coordinate'),
    };
    const at = o;
    const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '').trim() : '');
    const block: RegistryFileBlock = { providers: [], deactivations: [] };
    rows.forEach((row, i) => {
      const status = cell(row, at.status);
      if (status && status.toLowerCase() !== 'active') return;
      const longitude = Number(cell(row, at.x));
      const latitude = Number(cell(row, at.y));
      const located =
        cell(row, at.x) !== '' && Number.isFinite(latitude) && Number.isFinite(longitude) && latitude !== 0;
      block.providers.push({
        line: lines[i]!,
        provider: {
          source: 'hrsa',
          npi: row[c!['FQHC Site NPI Number']]!.trim(),
          kind: 'organization',
          name: row[c!['Site Name']]!,
          taxonomies: [{ code: FQHC, description: 'Federally Qualified Health Center (FQHC)' }],
          location: {
            line1: row[c!['Site Address']]!,
            line2: '',
            city: row[c!['Site City']]!,
            state: row[c!['Site State Abbreviation']]!,
            postalCode: row[c!['Site Postal Code']]!,
          },
          phone: cell(row, at.phone) || null,
          website: cell(row, at.web) || null,
          languages: [],
          coordinates: located ? { latitude, longitude } : null,
        },
      });
    });
    yield block;
  }
}
