/** A point found for a free-text address. */
export type GeocodedPoint = { latitude: number; longitude: number };

/**
 * Address → point. The real driver asks a configurable geocoding service; without one the directory falls
 * back to the ZIP found in the address (modules/providers/directory/service.ts), so a fresh machine works offline.
 */
export interface GeocoderDriver {
  readonly name: string;
  /** The point, or null when the service knows no such address. Throws when the service cannot be reached. */
  geocode(address: string): Promise<GeocodedPoint | null>;
}
