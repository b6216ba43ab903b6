import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createRatingsDriver } from './index.ts';

describe('the ratings adapter configuration', () => {
  it('is off without GOOGLE_PLACES_API_KEY and uses the Places driver with one', () => {
    expect(createRatingsDriver(loadConfig({}))).toBeNull();
    const config = loadConfig({
      GOOGLE_PLACES_API_KEY: 'k',
      GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:9/place/',
    });
    expect(config.googlePlaces).toEqual({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/place' });
    expect(createRatingsDriver(config)?.name).toBe('google-places');
    expect(loadConfig({}).googlePlaces.baseUrl).toBe('https://maps.googleapis.com/maps/api/place');
  });

  it('refuses a base URL that is not a URL', () => {
    expect(() => loadConfig({ GOOGLE_PLACES_BASE_URL: 'maps' })).toThrow(ConfigError);
  });
});
