// The map's tile server (DESIGN.md "Leaflet with a configurable tile URL"): VITE_MAP_TILE_URL at build time,
// else OpenStreetMap's standard tiles. Markers and popups are drawn without any tile or image, so the map still
// shows every provider when no tile server is reachable (offline, or a blocked network).
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function mapTileUrl(): string {
  const configured = import.meta.env.VITE_MAP_TILE_URL;
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : DEFAULT_TILE_URL;
}

export function mapTileAttribution(): string {
  const configured = import.meta.env.VITE_MAP_TILE_ATTRIBUTION;
  return typeof configured === 'string' && configured.trim() !== '' ? configured : DEFAULT_TILE_ATTRIBUTION;
}
