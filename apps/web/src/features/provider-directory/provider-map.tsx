import 'leaflet/dist/leaflet.css';
import { Alert, Box } from '@mantine/core';
import type { DirectoryProvider } from '@trust/domain';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClientConfig } from '../../api/client-config/get-client-config.ts';
import { MAP_MESSAGES } from '../../components/maps/map-messages.ts';
import { mapTiles } from '../../components/maps/map-tiles.ts';

// An inline SVG pin (DESIGN.md): no marker image is fetched, so markers show with no network at all.
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="26" height="36" viewBox="0 0 26 36" aria-hidden="true">' +
  '<path d="M13 0C5.8 0 0 5.8 0 13c0 9.6 13 23 13 23s13-13.4 13-23C26 5.8 20.2 0 13 0z" fill="#1c7ed6" stroke="#fff" stroke-width="1.5"/>' +
  '<circle cx="13" cy="13" r="5" fill="#fff"/></svg>';
const CENTER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">' +
  '<circle cx="9" cy="9" r="7" fill="#e03131" stroke="#fff" stroke-width="2"/></svg>';

const pinIcon = () =>
  L.divIcon({
    className: 'tm-map-pin',
    html: PIN_SVG,
    iconSize: [26, 36],
    iconAnchor: [13, 36],
    popupAnchor: [0, -32],
  });
const centerIcon = () =>
  L.divIcon({ className: 'tm-map-center', html: CENTER_SVG, iconSize: [18, 18], iconAnchor: [9, 9] });

/** The popup's content as DOM nodes (textContent, never HTML): provider names come from outside data. */
function popupContent(p: DirectoryProvider, onOpen: (p: DirectoryProvider) => void): HTMLElement {
  const root = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = p.organization_name;
  root.append(name);
  const lines = [
    p.organization_type,
    [p.street_address, p.city, p.state].filter(Boolean).join(', '),
    p.distance_miles === null ? '' : `${p.distance_miles} mi`,
  ].filter(Boolean);
  for (const line of lines) {
    const div = document.createElement('div');
    div.textContent = line;
    root.append(div);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'View details';
  button.style.marginTop = '6px';
  button.addEventListener('click', () => onOpen(p));
  root.append(button);
  return root;
}

export type MapFactory = (element: HTMLElement) => L.Map;

const defaultFactory: MapFactory = (element) => L.map(element, { scrollWheelZoom: false });

/**
 * 001 §2.6 map view: one pin per located provider (popup with name, address, distance and View details) and
 * the search point. Creating the map may fail (no layout, a broken tile configuration): it then says 'Map
 * Error' / 'Failed to initialize map' (001 §8) and the list view keeps working.
 */
export function ProviderMap({
  providers,
  center,
  onOpen,
  createMap = defaultFactory,
}: {
  providers: readonly DirectoryProvider[];
  center: { latitude: number; longitude: number } | null;
  onOpen: (p: DirectoryProvider) => void;
  createMap?: MapFactory;
}) {
  const elementRef = useRef<HTMLDivElement | null>(null);
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const [failed, setFailed] = useState(false);
  const config = useClientConfig();
  const tiles = useMemo(() => (config.data ? mapTiles(config.data.map) : null), [config.data]);
  const [shown, setShown] = useState<L.Map | null>(null);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    let map: L.Map | null = null;
    try {
      map = createMap(element);
      const points: L.LatLngExpression[] = [];
      for (const p of providers) {
        if (p.latitude === null || p.longitude === null) continue;
        const at: L.LatLngExpression = [p.latitude, p.longitude];
        points.push(at);
        L.marker(at, { icon: pinIcon(), title: p.organization_name, alt: p.organization_name })
          .bindPopup(popupContent(p, (x) => onOpenRef.current(x)))
          .addTo(map);
      }
      if (center) {
        L.marker([center.latitude, center.longitude], {
          icon: centerIcon(),
          title: 'Search location',
          interactive: false,
        }).addTo(map);
        points.push([center.latitude, center.longitude]);
      }
      if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 15 });
      else if (points.length === 1) map.setView(points[0]!, 13);
      else map.setView([39.5, -98.35], 4);
      setFailed(false);
      setShown(map);
    } catch {
      map?.remove();
      map = null;
      setFailed(true);
    }
    return () => {
      setShown(null);
      map?.remove();
    };
  }, [providers, center, createMap]);

  // The tiles come once the server's configuration is read; until then (or without it) pins show on grey.
  // Offline, no tile is asked for (each would fail with a console error and a broken image) until the browser
  // is back online; a tile that fails to load means the tile server cannot be reached: the layer goes, so no
  // other tile is asked for, and the pins stay on the plain background.
  useEffect(() => {
    if (!shown || !tiles?.url) return;
    let layer: L.TileLayer | null = null;
    const drop = () => {
      layer?.remove();
      layer = null;
    };
    const add = () => {
      if (layer || !navigator.onLine) return;
      try {
        layer = L.tileLayer(tiles.url, tiles.options);
        layer.once('tileerror', drop);
        layer.addTo(shown);
      } catch {
        // A tile template Leaflet cannot use: the pins still show.
        layer = null;
      }
    };
    add();
    window.addEventListener('online', add);
    return () => {
      window.removeEventListener('online', add);
      drop();
    };
  }, [shown, tiles]);

  return (
    <Box pos="relative">
      {failed && (
        <Alert color="red" title={MAP_MESSAGES.title} role="alert" mb="sm">
          {MAP_MESSAGES.initFailed}
        </Alert>
      )}
      <Box
        ref={elementRef}
        data-testid="provider-map"
        h={{ base: 380, sm: 520 }}
        style={{ borderRadius: 8, overflow: 'hidden', display: failed ? 'none' : undefined, zIndex: 0 }}
        aria-label="Map of providers"
        role="region"
      />
    </Box>
  );
}
