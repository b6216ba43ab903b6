import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, parseLocation, validateSearch } from './search-values.ts';

describe('parseLocation (001 §5)', () => {
  it('reads a 5-digit ZIP, a lat,lng pair, or else an address', () => {
    expect(parseLocation(' 90012 ')).toEqual({ kind: 'zip', zip: '90012' });
    expect(parseLocation('34.05, -118.24')).toEqual({ kind: 'point', latitude: 34.05, longitude: -118.24 });
    expect(parseLocation('95.1,10')).toEqual({ kind: 'address', address: '95.1,10' });
    expect(parseLocation('900123')).toEqual({ kind: 'address', address: '900123' });
    expect(parseLocation('200 N Spring St, Los Angeles')).toEqual({
      kind: 'address',
      address: '200 N Spring St, Los Angeles',
    });
  });
});

describe('validateSearch (001 §5)', () => {
  it('requires the search text, and a state and county by county', () => {
    expect(validateSearch(EMPTY_SEARCH)).toEqual({
      location: 'Enter a ZIP code, address or coordinates to search.',
    });
    expect(validateSearch({ ...EMPTY_SEARCH, mode: 'county' })).toEqual({
      state: 'Choose a state.',
      county: 'Enter a county.',
    });
    expect(validateSearch({ ...EMPTY_SEARCH, location: '90012' })).toEqual({});
  });

  it('keeps the radius within 1-50 whole miles and the quality score in steps of 10', () => {
    const base = { ...EMPTY_SEARCH, location: '90012' };
    expect(validateSearch({ ...base, radiusMiles: 0 }).radiusMiles).toBe(
      'Radius must be between 1 and 50 miles.',
    );
    expect(validateSearch({ ...base, radiusMiles: 51 }).radiusMiles).toBeDefined();
    expect(validateSearch({ ...base, radiusMiles: 2.5 }).radiusMiles).toBeDefined();
    expect(validateSearch({ ...base, radiusMiles: 50, minQualityScore: 100 })).toEqual({});
    expect(validateSearch({ ...base, minQualityScore: 35 }).minQualityScore).toBeDefined();
  });
});
