import type { DirectorySearchResult } from '@trust/domain';
import type { DirectoryFilters } from '../../api/directory/filters.ts';
import { geocodeAddress } from '../../api/directory/geocode.ts';
import { searchByCounty } from '../../api/directory/search-by-county.ts';
import { searchByZip } from '../../api/directory/search-by-zip.ts';
import { searchRadius } from '../../api/directory/search-radius.ts';
import { ApiError } from '../../api/errors.ts';
import { parseLocation, SEARCH_MESSAGES, type SearchValues } from './search-values.ts';

/** A failed search, with the 001 §8 title and the sentence to show under it. */
export class SearchFailure extends Error {
  readonly title: string;
  constructor(title: string, message: string) {
    super(message);
    this.title = title;
  }
}

function filtersOf(v: SearchValues): DirectoryFilters {
  return {
    organization_type: v.organizationType ?? undefined,
    accepts_medicaid: v.acceptsMedicaid || undefined,
    accepts_medicare: v.acceptsMedicare || undefined,
    services: v.services,
    languages: v.languages,
    min_quality_score: v.minQualityScore > 0 ? v.minQualityScore : undefined,
    q: v.keyword.trim() || undefined,
  };
}

function detailOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail && !error.isNetworkError ? error.detail : fallback;
}

/**
 * Runs the directory search of 001 §2.6/§5: by county, or around a location read as a ZIP (by-zip), a
 * 'lat,lng' pair (radius) or an address (geocoded, then radius). Every failure carries its 001 §8 message.
 */
export async function runDirectorySearch(
  v: SearchValues,
  signal?: AbortSignal,
): Promise<DirectorySearchResult> {
  const filters = filtersOf(v);
  if (v.mode === 'county') {
    try {
      return await searchByCounty({ ...filters, state: v.state, county: v.county.trim() }, signal);
    } catch (error) {
      throw new SearchFailure(
        SEARCH_MESSAGES.searchFailed,
        detailOf(error, SEARCH_MESSAGES.countySearchFailed),
      );
    }
  }
  const location = parseLocation(v.location);
  let point: { latitude: number; longitude: number };
  if (location.kind === 'zip') {
    try {
      return await searchByZip({ ...filters, zip_code: location.zip, radius_miles: v.radiusMiles }, signal);
    } catch (error) {
      throw new SearchFailure(SEARCH_MESSAGES.searchFailed, detailOf(error, SEARCH_MESSAGES.searchFailed));
    }
  }
  if (location.kind === 'point') {
    point = location;
  } else {
    try {
      const found = await geocodeAddress(location.address, signal);
      point = { latitude: found.latitude, longitude: found.longitude };
    } catch {
      throw new SearchFailure(SEARCH_MESSAGES.geocodingFailed, SEARCH_MESSAGES.geocodeAddressFailed);
    }
  }
  try {
    return await searchRadius({ ...filters, ...point, radius_miles: v.radiusMiles }, signal);
  } catch (error) {
    throw new SearchFailure(SEARCH_MESSAGES.searchFailed, detailOf(error, SEARCH_MESSAGES.searchFailed));
  }
}
