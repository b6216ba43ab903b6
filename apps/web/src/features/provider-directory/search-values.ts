import {
  PROVIDER_MESSAGES,
  SEARCH_RADIUS_DEFAULT_MILES,
  SEARCH_RADIUS_MAX_MILES,
  SEARCH_RADIUS_MIN_MILES,
} from '@trust/domain';

/** The directory search form (001 §2.6, §5). */
export type SearchMode = 'location' | 'county';

export type SearchValues = {
  mode: SearchMode;
  /** A 5-digit ZIP, a 'lat,lng' pair, or an address (001 §5). */
  location: string;
  state: string;
  county: string;
  keyword: string;
  radiusMiles: number;
  organizationType: string | null;
  services: string[];
  languages: string[];
  acceptsMedicaid: boolean;
  acceptsMedicare: boolean;
  minQualityScore: number;
};

export const EMPTY_SEARCH: SearchValues = {
  mode: 'location',
  location: '',
  state: '',
  county: '',
  keyword: '',
  radiusMiles: SEARCH_RADIUS_DEFAULT_MILES,
  organizationType: null,
  services: [],
  languages: [],
  acceptsMedicaid: false,
  acceptsMedicare: false,
  minQualityScore: 0,
};

export const SEARCH_MESSAGES = {
  ...PROVIDER_MESSAGES,
  locationRequired: 'Enter a ZIP code, address or coordinates to search.',
  countyStateRequired: 'Choose a state.',
  countyRequired: 'Enter a county.',
  radiusRange: `Radius must be between ${SEARCH_RADIUS_MIN_MILES} and ${SEARCH_RADIUS_MAX_MILES} miles.`,
  qualityRange: 'Minimum quality score must be between 0 and 100, in steps of 10.',
} as const;

export type SearchErrors = Partial<
  Record<'location' | 'state' | 'county' | 'radiusMiles' | 'minQualityScore', string>
>;

/** 001 §5: search text required; radius 1-50 in steps of 1; minimum quality 0-100 in steps of 10. */
export function validateSearch(v: SearchValues): SearchErrors {
  const errors: SearchErrors = {};
  if (v.mode === 'location' && v.location.trim() === '') errors.location = SEARCH_MESSAGES.locationRequired;
  if (v.mode === 'county') {
    if (!v.state) errors.state = SEARCH_MESSAGES.countyStateRequired;
    if (v.county.trim() === '') errors.county = SEARCH_MESSAGES.countyRequired;
  }
  if (
    !Number.isInteger(v.radiusMiles) ||
    v.radiusMiles < SEARCH_RADIUS_MIN_MILES ||
    v.radiusMiles > SEARCH_RADIUS_MAX_MILES
  ) {
    errors.radiusMiles = SEARCH_MESSAGES.radiusRange;
  }
  if (v.minQualityScore < 0 || v.minQualityScore > 100 || v.minQualityScore % 10 !== 0) {
    errors.minQualityScore = SEARCH_MESSAGES.qualityRange;
  }
  return errors;
}

export type ParsedLocation =
  | { kind: 'zip'; zip: string }
  | { kind: 'point'; latitude: number; longitude: number }
  | { kind: 'address'; address: string };

const LAT_LNG = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** 001 §5: a location is a 5-digit ZIP, a 'lat,lng' pair, or otherwise an address to geocode. */
export function parseLocation(text: string): ParsedLocation {
  const trimmed = text.trim();
  if (/^\d{5}$/.test(trimmed)) return { kind: 'zip', zip: trimmed };
  const m = LAT_LNG.exec(trimmed);
  if (m) {
    const latitude = Number(m[1]);
    const longitude = Number(m[2]);
    if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) return { kind: 'point', latitude, longitude };
  }
  return { kind: 'address', address: trimmed };
}
