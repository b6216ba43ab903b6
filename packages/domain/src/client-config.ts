import { z } from 'zod';

/**
 * GET /api/client-config: what the browser app needs from the server's configuration at run time, so one
 * setting serves both (the map's tile host is also the Content-Security-Policy's `img-src`). Open and free of
 * secrets: the page reads it before anyone signs in.
 */
export const clientConfigSchema = z
  .object({
    map: z.object({
      /** A Leaflet tile URL template (`{s}`, `{z}`, `{x}`, `{y}`), from MAP_TILE_URL. */
      tile_url: z.string(),
      /** The tiles' attribution as HTML (a link to the licence), from MAP_TILE_ATTRIBUTION. */
      tile_attribution: z.string(),
    }),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
