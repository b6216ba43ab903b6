import type { GeocodeResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** POST /directory/geocode {address} (001 §7): a ZIP, 'lat,lng' or an address → a point. Open to everyone. */
export function geocodeAddress(address: string, signal?: AbortSignal): Promise<GeocodeResponse> {
  return apiRequest<GeocodeResponse>('/directory/geocode', {
    method: 'POST',
    body: { address },
    auth: false,
    signal,
  });
}
