import { NPPES_FILE_COLUMNS } from './nppes-file-format.ts';
import { FIXTURE_TAXONOMY_CODES, fixtureNpi } from './nppes-fixture.ts';
import type { NppesResult } from './nppes-json.ts';

// Made-up NPPES Downloadable Files in the registry's own format (330 quoted columns), for tests and
// `npm run bench:import`: from an API fixture population (so both paths can be compared), or generated row by
// row for a million-row file without holding it.

const INDEX = new Map(NPPES_FILE_COLUMNS.map((name, i) => [name, i]));

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** One file line from cells given by column name (the rest empty, as in the real file). */
export function nppesFileLine(cells: Record<string, string>): string {
  const row = new Array<string>(NPPES_FILE_COLUMNS.length).fill('""');
  for (const [name, value] of Object.entries(cells)) {
    const at = INDEX.get(name);
    if (at === undefined) throw new Error(`no NPPES column ${name}`);
    row[at] = quote(value);
  }
  return row.join(',');
}

export const NPPES_FILE_HEADER = NPPES_FILE_COLUMNS.map(quote).join(',');

/** The file row of an API fixture record. */
export function nppesFileRowOf(result: NppesResult): string {
  const location = result.addresses?.find((a) => a.address_purpose === 'LOCATION');
  const organization = result.enumeration_type === 'NPI-2';
  const cells: Record<string, string> = {
    NPI: String(result.number),
    'Entity Type Code': organization ? '2' : '1',
    'Provider Enumeration Date': '05/23/2005',
    'Last Update Date': '07/08/2024',
  };
  if (organization)
    cells['Provider Organization Name (Legal Business Name)'] = result.basic.organization_name ?? '';
  else {
    cells['Provider Last Name (Legal Name)'] = result.basic.last_name ?? '';
    cells['Provider First Name'] = result.basic.first_name ?? '';
    cells['Provider Credential Text'] = result.basic.credential ?? '';
  }
  if (location) {
    cells['Provider First Line Business Practice Location Address'] = location.address_1 ?? '';
    cells['Provider Second Line Business Practice Location Address'] = location.address_2 ?? '';
    cells['Provider Business Practice Location Address City Name'] = location.city ?? '';
    cells['Provider Business Practice Location Address State Name'] = location.state ?? '';
    cells['Provider Business Practice Location Address Postal Code'] = location.postal_code ?? '';
    cells['Provider Business Practice Location Address Country Code (If outside U.S.)'] = 'US';
    cells['Provider Business Practice Location Address Telephone Number'] = (
      location.telephone_number ?? ''
    ).replace(/\D/g, '');
  }
  (result.taxonomies ?? []).forEach((t, i) => {
    cells[`Healthcare Provider Taxonomy Code_${i + 1}`] = t.code;
    cells[`Healthcare Provider Primary Taxonomy Switch_${i + 1}`] = t.primary ? 'Y' : 'N';
  });
  return nppesFileLine(cells);
}

/** A deactivated NPI's row in the full file: the NPI, the reason and the date, nothing else. */
export function nppesDeactivatedRow(npi: string, date: string, reasonCode = 'OT'): string {
  return nppesFileLine({
    NPI: npi,
    'NPI Deactivation Reason Code': reasonCode,
    'NPI Deactivation Date': date,
  });
}

/** A whole file's text for a small population (tests). */
export function nppesFileText(population: readonly NppesResult[], extraRows: readonly string[] = []): string {
  return `${[NPPES_FILE_HEADER, ...population.map(nppesFileRowOf), ...extraRows].join('\n')}\n`;
}

/**
 * The lines of a generated file of `rows` providers over the given states' ZIPs (header first), one at a time:
 * the benchmark's million-row file is written without being held.
 */
export function* generateNppesFileLines(
  rows: number,
  places: readonly { state: string; zip: string; city: string }[],
): Generator<string> {
  yield NPPES_FILE_HEADER;
  const codes = Object.values(FIXTURE_TAXONOMY_CODES);
  for (let n = 1; n <= rows; n++) {
    const place = places[(n * 7919) % places.length]!;
    const organization = n % 7 === 0;
    const cells: Record<string, string> = {
      NPI: fixtureNpi(n),
      'Entity Type Code': organization ? '2' : '1',
      'Provider Business Practice Location Address State Name': place.state,
      'Provider Business Practice Location Address Postal Code': `${place.zip}${String(n % 10_000).padStart(4, '0')}`,
      'Provider Business Practice Location Address City Name': place.city.toUpperCase(),
      'Provider First Line Business Practice Location Address': `${100 + (n % 9000)} MAIN ST`,
      'Provider Business Practice Location Address Country Code (If outside U.S.)': 'US',
      'Provider Business Practice Location Address Telephone Number': `${200 + (n % 700)}555${String(n % 10_000).padStart(4, '0')}`,
      'Provider Enumeration Date': '05/23/2005',
      'Last Update Date': '07/08/2024',
      'Healthcare Provider Taxonomy Code_1': codes[n % codes.length]!,
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      'Provider License Number_1': `L${n}`,
      'Provider License Number State Code_1': place.state,
    };
    if (organization) cells['Provider Organization Name (Legal Business Name)'] = `CLINIC NUMBER ${n} LLC`;
    else {
      cells['Provider Last Name (Legal Name)'] = `LAST${n % 997}`;
      cells['Provider First Name'] = `FIRST${n % 613}`;
      cells['Provider Credential Text'] = 'MD';
    }
    yield nppesFileLine(cells);
  }
}
