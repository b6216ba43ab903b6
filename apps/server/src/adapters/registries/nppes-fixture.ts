import type { NppesResult } from './nppes-json.ts';

// A made-up NPPES population in the registry's own format, for tests, the browser journey and the benchmarks:
// the real parsing, splitting and normalising code runs against it. Names and numbers are invented (valid NPI
// check digits, 555 phone numbers); nothing comes from the real registry.

const FIRST = [
  'Ana',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jon',
  'Kemi',
  'Luis',
];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Diallo', 'Evans', 'Fischer', 'Gupta', 'Haddad', 'Ito', 'Jensen'];
const ORG_WORDS = ['Valley', 'Harbor', 'Summit', 'Cedar', 'Lakeside', 'Prairie', 'Riverside', 'Mesa'];
const STREETS = ['Main St', 'Oak Ave', 'Elm St', 'Park Blvd', 'Market St', 'Mission Rd', 'Pine St'];

/** NUCC codes of the taxonomies the import screen offers (002 §9), as the registry pairs them. */
export const FIXTURE_TAXONOMY_CODES: Record<string, string> = {
  'Family Medicine': '207Q00000X',
  'Internal Medicine': '207R00000X',
  Pediatrics: '208000000X',
  'Nurse Practitioner': '363L00000X',
  Psychiatry: '2084P0800X',
  'Emergency Medicine': '207P00000X',
  Cardiology: '207RC0000X',
  'Obstetrics & Gynecology': '207V00000X',
};

/** The NPI check digit (Luhn over "80840" + the 9-digit base, as CMS specifies). */
export function npiCheckDigit(base9: string): number {
  const digits = `80840${base9}`;
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The n-th made-up NPI of a population: distinct for distinct n, always with a valid check digit. */
export function fixtureNpi(n: number): string {
  const base = String(100_000_000 + n).padStart(9, '0');
  return `${base}${npiCheckDigit(base)}`;
}

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type FixtureGroup = {
  state: string;
  taxonomy: string;
  count: number;
  /** The state's ZIPs; providers crowd into the first ones (a power law), so dense ZIPs force splits. */
  zips: readonly string[];
  /** Share of organizations (NPI-2); the rest are individuals. */
  organizationShare?: number;
  /** The city of a ZIP, as the registry would spell it (upper case). */
  cityOf?: (zip: string) => string | null;
};

/** A population of NPPES API results, sorted by NPI (as the registry orders them). */
export function nppesPopulation(groups: readonly FixtureGroup[], seed = 18): NppesResult[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const out: NppesResult[] = [];
  let n = 0;
  for (const group of groups) {
    const zips = [...group.zips].sort();
    for (let i = 0; i < group.count; i++) {
      n++;
      const zip = zips[Math.floor(zips.length * random() ** 3)] ?? '00000';
      const organization = random() < (group.organizationShare ?? 0.15);
      const phone = `${200 + Math.floor(random() * 700)}-555-${String(Math.floor(random() * 10_000)).padStart(4, '0')}`;
      const address = {
        country_code: 'US',
        country_name: 'United States',
        address_type: 'DOM',
        address_1: `${100 + Math.floor(random() * 9000)} ${pick(STREETS).toUpperCase()}`,
        address_2: random() < 0.3 ? `SUITE ${100 + Math.floor(random() * 400)}` : '',
        city: (group.cityOf?.(zip) ?? 'SPRINGFIELD').toUpperCase(),
        state: group.state,
        postal_code: `${zip}${String(Math.floor(random() * 10_000)).padStart(4, '0')}`,
        telephone_number: phone,
      };
      out.push({
        number: fixtureNpi(n),
        enumeration_type: organization ? 'NPI-2' : 'NPI-1',
        basic: organization
          ? {
              organization_name: `${pick(ORG_WORDS).toUpperCase()} ${group.taxonomy.toUpperCase()} GROUP`,
              status: 'A',
            }
          : {
              first_name: pick(FIRST).toUpperCase(),
              last_name: pick(LAST).toUpperCase(),
              credential: group.taxonomy === 'Nurse Practitioner' ? 'NP' : 'MD',
              status: 'A',
            },
        addresses: [
          { ...address, address_purpose: 'MAILING' },
          { ...address, address_purpose: 'LOCATION' },
        ],
        taxonomies: [
          {
            code: FIXTURE_TAXONOMY_CODES[group.taxonomy] ?? '207Q00000X',
            desc: group.taxonomy,
            primary: true,
          },
        ],
      });
    }
  }
  return out.sort((a, b) => String(a.number).localeCompare(String(b.number)));
}
