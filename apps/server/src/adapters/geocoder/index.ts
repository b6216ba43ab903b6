import type { Config } from '../../config.ts';
import type { GeocoderDriver } from './driver.ts';
import { NominatimGeocoder } from './nominatim.ts';

/** The configured geocoding service, or null: then addresses are located by the ZIP code they contain. */
export function createGeocoder(config: Pick<Config, 'geocoderUrl'>): GeocoderDriver | null {
  return config.geocoderUrl ? new NominatimGeocoder(config.geocoderUrl) : null;
}
