import 'leaflet/dist/leaflet.css';
import { Alert, Box, Text } from '@mantine/core';
import type { ServiceGaps } from '@trust/domain';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClientConfig } from '../../api/client-config/get-client-config.ts';
import { formatCount } from '../../components/analytics/format.ts';
import { MAP_MESSAGES } from '../../components/maps/map-messages.ts';
import { mapTiles } from '../../components/maps/map-tiles.ts';

type CountyRow = ServiceGaps['by_county'][number];

/** The shade of a county: red, more opaque the more unmet referrals it has (of the most any county has). */
export function countyShade(unmet: number, maxUnmet: number): { fillOpacity: number; radius: number } {
  const share = maxUnmet > 0 ? Math.max(0, unmet) / maxUnmet : 0;
  return { fillOpacity: 0.15 + 0.7 * share, radius: 8 + Math.round(14 * Math.sqrt(share)) };
}

/** The marker's tooltip as DOM nodes (textContent, never HTML): county names come from outside data. */
function tooltipContent(row: CountyRow): HTMLElement {
  const root = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = row.state ? `${row.county}, ${row.state}` : row.county;
  const figures = document.createElement('div');
  figures.textContent = `${formatCount(row.unmet)} unmet of ${formatCount(row.total)} referrals`;
  root.append(name, figures);
  return root;
}

/**
 * Issue #20 item 5: one circle per county at its centroid (county shapes are not available offline), shaded by
 * its unmet referrals. The tiles are the provider directory's (the server's MAP_TILE_URL); without them the
 * circles show on a plain background. Counties the server could not place are left off (the table has them).
 */
export function GapsMap({ counties }: { counties: readonly CountyRow[] }) {
  const elementRef = useRef<HTMLDivElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<L.Map | null>(null);
  const config = useClientConfig();
  const tiles = useMemo(() => (config.data ? mapTiles(config.data.map) : null), [config.data]);
  const placed = useMemo(
    () => counties.filter((c) => c.latitude !== null && c.longitude !== null),
    [counties],
  );

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    let map: L.Map | null = null;
    try {
      map = L.map(element, { scrollWheelZoom: false });
      const maxUnmet = Math.max(0, ...placed.map((c) => c.unmet));
      const points: L.LatLngExpression[] = [];
      for (const c of placed) {
        const at: L.LatLngExpression = [c.latitude as number, c.longitude as number];
        points.push(at);
        const shade = countyShade(c.unmet, maxUnmet);
        L.circleMarker(at, {
          radius: shade.radius,
          color: '#b82626',
          weight: 1,
          fillColor: '#cf2f2f',
          fillOpacity: shade.fillOpacity,
        })
          .bindTooltip(tooltipContent(c))
          .addTo(map);
      }
      if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 9 });
      else if (points.length === 1) map.setView(points[0] as L.LatLngExpression, 8);
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
  }, [placed]);

  // The same tile rule as the provider directory: none offline, and the layer goes at the first failed tile.
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
        data-testid="gaps-map"
        h={{ base: 300, sm: 420 }}
        style={{ borderRadius: 8, overflow: 'hidden', display: failed ? 'none' : undefined, zIndex: 0 }}
        aria-label="Map of counties shaded by unmet referrals"
        role="region"
      />
      <Text size="xs" c="dimmed" mt={4}>
        Darker and larger circles: more unmet referrals. The county table lists the same figures
        {placed.length < counties.length
          ? `; ${formatCount(counties.length - placed.length)} without a known location are not on the map`
          : ''}
        .
      </Text>
    </Box>
  );
}
