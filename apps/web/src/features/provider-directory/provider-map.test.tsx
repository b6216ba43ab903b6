import { screen, waitFor } from '@testing-library/react';
import type { DirectoryProvider } from '@trust/domain';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ProviderMap } from './provider-map.tsx';

// Issue 13 item 10: tiles come from the server's MAP_TILE_URL (GET /api/client-config); when they cannot load
// (offline, the tile server unreachable) the map keeps its pins on a plain background and asks for no tiles.

const CONFIG = {
  map: { tile_url: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png', tile_attribution: '&copy; Example' },
};

const provider = {
  provider_id: 7,
  organization_name: 'Marigold Community Pantry',
  organization_type: 'Food Bank',
  street_address: '12 Main St',
  city: 'Los Angeles',
  state: 'CA',
  latitude: 34.05,
  longitude: -118.25,
  distance_miles: 1.2,
} as DirectoryProvider;

function renderMap() {
  mockFetch({ 'GET /api/client-config': () => jsonResponse(200, CONFIG) });
  let map: L.Map | undefined;
  renderWithProviders(
    <ProviderMap
      providers={[provider]}
      center={null}
      onOpen={() => {}}
      createMap={(element) => {
        map = L.map(element);
        return map;
      }}
    />,
  );
  const tileLayers = () => {
    const found: L.TileLayer[] = [];
    map?.eachLayer((layer) => {
      if (layer instanceof L.TileLayer) found.push(layer);
    });
    return found;
  };
  return { tileLayers };
}

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

afterEach(() => vi.restoreAllMocks());

describe('ProviderMap tiles', () => {
  it("adds the server's tile layer, and drops it at the first tile that fails, keeping the pins", async () => {
    online(true);
    const { tileLayers } = renderMap();
    await waitFor(() => expect(tileLayers()).toHaveLength(1));
    const [layer] = tileLayers();
    expect((layer as unknown as { _url: string })._url).toBe(CONFIG.map.tile_url);

    layer?.fire('tileerror', { error: new Error('unreachable') });
    expect(tileLayers()).toHaveLength(0);
    expect(screen.getByTestId('provider-map').querySelectorAll('.tm-map-pin')).toHaveLength(1);
  });

  it('asks for no tile while offline, and adds the layer once the browser is back online', async () => {
    const onLine = online(false);
    const { tileLayers } = renderMap();
    await waitFor(() =>
      expect(screen.getByTestId('provider-map').querySelectorAll('.tm-map-pin')).toHaveLength(1),
    );
    // The configuration is read, still no layer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tileLayers()).toHaveLength(0);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(tileLayers()).toHaveLength(1));
  });
});
