import type { ClientConfig } from '@trust/domain';
import DOMPurify from 'dompurify';
import type { TileLayerOptions } from 'leaflet';

// The map's tile server (DESIGN.md "Leaflet with a configurable tile URL") is the server's MAP_TILE_URL, read
// from GET /api/client-config: the same setting puts its host in the Content-Security-Policy's img-src, so the
// tiles the app asks for are the ones the policy lets in. Markers and popups are drawn without any tile or
// image, so the map still shows every provider when no tile server is reachable (offline, a blocked network,
// the configuration not loaded).

const purifier = DOMPurify(window);

/** The attribution is HTML from configuration; Leaflet writes it as HTML, so only text and links stay. */
export function safeAttribution(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: ['a', 'span', 'strong', 'em', 'b', 'i'],
    ALLOWED_ATTR: ['href'],
  });
}

export type MapTiles = { url: string; options: TileLayerOptions };

export function mapTiles(config: ClientConfig['map']): MapTiles {
  return {
    url: config.tile_url,
    options: {
      attribution: safeAttribution(config.tile_attribution),
      maxZoom: 19,
      // The page sends no referrer (Referrer-Policy: no-referrer), but tile servers such as OpenStreetMap's ask
      // for one to tell applications apart: the origin alone, never the path (which names screens and ids).
      referrerPolicy: 'strict-origin',
    },
  };
}
