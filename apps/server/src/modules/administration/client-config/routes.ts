import { clientConfigSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';

/**
 * GET /api/client-config: the server's settings the browser app needs at run time (the map's tiles). One
 * setting serves the app and the Content-Security-Policy that lets its tiles load (platform/security-headers.ts).
 */
export function clientConfigRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { mapTiles } = deps.config;
  const body = { map: { tile_url: mapTiles.url, tile_attribution: mapTiles.attribution } };
  return async (app) => {
    app.get(
      '/api/client-config',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['platform'],
          summary:
            "Settings the web app reads at start: the provider directory map's tile URL and attribution",
          response: { 200: clientConfigSchema },
        },
      },
      async () => body,
    );
  };
}
