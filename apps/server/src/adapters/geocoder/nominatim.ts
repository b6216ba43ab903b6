import type { GeocodedPoint, GeocoderDriver } from './driver.ts';

const TIMEOUT_MS = 5_000;

/**
 * A Nominatim-compatible search endpoint (`GEOCODER_URL`, e.g. a self-hosted Nominatim or
 * https://nominatim.openstreetmap.org/search): `GET {url}?format=json&limit=1&countrycodes=us&q=…` answering
 * `[{ lat, lon }]`. Nominatim is the open geocoder one can run next to the app, so no key is needed.
 */
export class NominatimGeocoder implements GeocoderDriver {
  readonly name = 'nominatim';
  constructor(private readonly url: string) {}

  async geocode(address: string): Promise<GeocodedPoint | null> {
    const url = new URL(this.url);
    url.searchParams.set('format', 'json');
    url.searchParams.set('limit', '1');
    url.searchParams.set('countrycodes', 'us');
    url.searchParams.set('q', address);
    const res = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'TrustMarketplace/1 (directory geocoder)' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    const body = (await res.json()) as unknown;
    const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (!first || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    return { latitude, longitude };
  }
}
