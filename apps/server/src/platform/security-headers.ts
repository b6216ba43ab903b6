import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** One year: browsers then refuse plain http for this host until it passes (issue #12 "HSTS"). */
const HSTS = 'max-age=31536000';
export const NO_STORE = 'no-store';

/**
 * The Content-Security-Policy of every answer (DESIGN.md "Security rules": a strict policy). What the app needs
 * and why each exception is there:
 * - scripts only from this origin: the built index.html loads its bundles with `<script type="module" src>`, no
 *   inline script, no eval; inline event handlers are refused too (`script-src-attr 'none'`).
 * - `style-src 'unsafe-inline'`: Mantine injects `<style>` elements at run time (its CSS variables and
 *   responsive props), Leaflet and Swagger UI set `style` attributes, and an email's sanitised HTML keeps its
 *   inline styles. Styles cannot run code; scripts stay strict.
 * - `img-src data: blob:` for the inline favicon, QR codes and previews of case documents; plus the map tile
 *   host from MAP_TILE_URL (config.mapTiles.cspSource).
 * - `media-src blob:`: call recordings and voicemails play from a blob fetched with the session.
 * - `frame-src blob:`: a PDF case document previews in a frame from a blob (the outbox's email frame is srcdoc,
 *   which inherits this policy and adds its own stricter one).
 * - `connect-src 'self'`: the app talks only to its own server, so an injected script cannot post data
 *   elsewhere.
 * - `frame-ancestors 'none'`: no other page may frame the app (clickjacking); `object-src 'none'`; `base-uri`
 *   and `form-action` limited to this origin.
 */
export function contentSecurityPolicy(config: Pick<Config, 'mapTiles'>) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', config.mapTiles.cspSource],
      'font-src': ["'self'", 'data:'],
      'media-src': ["'self'", 'blob:'],
      'frame-src': ["'self'", 'blob:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    },
  };
}

/**
 * Which answers must never be stored by a browser or a proxy: everything but the built web app's files (their
 * own caching is in platform/static.ts). That covers every `/api` and `/auth` answer, errors, 304s and unknown
 * paths included, since any of them may carry PHI or a session's data (DESIGN.md "PHI answers are
 * Cache-Control: no-store").
 */
function mayBeCached(request: FastifyRequest): boolean {
  return request.routeOptions.config.webAppFile === true;
}

/**
 * Security headers on every answer (issue #12 item 9): helmet's set (CSP, nosniff, Referrer-Policy: no-referrer,
 * X-Frame-Options, Cross-Origin-*-Policy, …), HSTS when the request came over TLS, and no-store. Registered
 * before everything else, so its onRequest hooks run first and even an early refusal (401, 403, 415) carries
 * the headers. helmet writes them onto the raw response, and the no-store header is set before any handler
 * runs, so a hijacked answer (the event stream) gets them too (platform/events.ts copies the reply's headers).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'mapTiles'>) {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // HSTS only over TLS (below): sent over plain http it is ignored, and it must not depend on helmet's guess.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request, reply) => {
    // request.protocol follows X-Forwarded-Proto only with TRUST_PROXY (Fastify's trustProxy), so a client
    // cannot switch HSTS on or off by itself.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!mayBeCached(request)) reply.header('cache-control', NO_STORE);
  });

  // A route may set its own caching (downloads say `no-store, max-age=0`); none may weaken no-store.
  app.addHook('onSend', async (request, reply: FastifyReply) => {
    // An error from a web-app route (GET /api/unknown falls through to the app's catch-all) is an API answer.
    if (mayBeCached(request) && reply.statusCode < 400) return;
    const current = reply.getHeader('cache-control');
    if (typeof current !== 'string' || !/\bno-store\b/.test(current)) reply.header('cache-control', NO_STORE);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the built web app (platform/static.ts): keeps its own caching instead of no-store. */
    webAppFile?: boolean;
  }
}
