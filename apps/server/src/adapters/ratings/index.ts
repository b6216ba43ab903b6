import type { Config } from '../../config.ts';
import type { RatingsDriver } from './driver.ts';
import { PlacesRatingsDriver } from './places.ts';

/** The Places API driver when GOOGLE_PLACES_API_KEY is set; null means ratings are not configured. */
export function createRatingsDriver(config: Pick<Config, 'googlePlaces'>): RatingsDriver | null {
  const { apiKey, baseUrl } = config.googlePlaces;
  return apiKey ? new PlacesRatingsDriver({ apiKey, baseUrl }) : null;
}
