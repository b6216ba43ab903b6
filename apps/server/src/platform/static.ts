import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerOpenRoutes } from './auth.ts';
import { AppError } from './errors.ts';

/** Paths that belong to the API: an unknown one is a 404 envelope, never the web app. */
const API_PREFIXES = ['/api/', '/auth/', '/health', '/directory/'];

/**
 * Serves the built web app from one origin with the API. Every other GET path is a screen of the app
 * (`/queue`, `/livefeed`, …), so refresh and deep links get index.html and the browser router takes over.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  const drawn = drawnScreens(distDir);
  await registerOpenRoutes(app, async (child) => {
    // The app's files keep their own caching below; every other answer is no-store (security-headers.ts).
    child.addHook('onRoute', (route) => {
      route.config = { ...route.config, webAppFile: true };
    });
    if (built) {
      await child.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build writes `x.br` and `x.gz` beside each file (apps/web/precompress.ts): the one the browser
        // accepts is sent as it is, with Content-Encoding and Vary: Accept-Encoding; no CPU per request. They
        // are not files of their own (no route), only versions of theirs.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        // Hashed asset names never change content; index.html must always be revalidated.
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    child.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      // `/directory` itself is the My Providers screen (tab 'directory'); only paths under it are the API.
      const isApi = (p: string) =>
        urlPath.startsWith(p) || (urlPath === p.replace(/\/$/, '') && p !== '/directory/');
      // A hashed file that is not there (an old build's chunk, asked for by a page opened before a deployment)
      // is a 404, not the app's page: the page then reloads itself (apps/web/src/app/lazy-component.tsx).
      if (API_PREFIXES.some(isApi) || urlPath.startsWith('/assets/')) {
        throw new AppError('route.not_found', `No route for GET ${urlPath}`);
      }
      if (!built) {
        return reply
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
      }
      // The screens a visitor opens first come drawn ahead (apps/web/prerender.ts); every other is index.html.
      return reply.header('cache-control', 'no-cache').sendFile(drawn.get(urlPath) ?? 'index.html');
    });
  });
}

/**
 * The pages the build drew ahead, by path: `screens/home.html` is `/`, `screens/<tab>.html` is `/<tab>`. Read once
 * at start (a new build comes with a restart); none when the build drew none.
 */
function drawnScreens(distDir: string): Map<string, string> {
  const dir = path.join(distDir, 'screens');
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir)) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name) pages.set(name === 'home' ? '/' : `/${name}`, `screens/${file}`);
  }
  return pages;
}
