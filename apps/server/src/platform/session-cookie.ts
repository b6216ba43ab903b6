import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser's session lives in an HttpOnly cookie, so a script on the page (one XSS) cannot read it (issue
 * #12). API clients keep the spec's contract: `Authorization: Bearer <access_token>` from the login answer, which
 * platform/auth.ts reads first.
 *
 * Over https the cookie is `__Host-tm_session` (Secure, Path=/, no Domain: the browser refuses it from any other
 * host, so a sibling subdomain cannot plant or overwrite it); over plain http (a developer's machine) the
 * prefix is not allowed, so it is `tm_session`. SameSite=Strict: another site's links and forms never carry it.
 */
export const SESSION_COOKIE = 'tm_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const NAMES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;

/** Session tokens are base64url (platform/crypto.ts randomToken); anything else is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

function cookieValues(request: FastifyRequest): Map<string, string> {
  const found = new Map<string, string>();
  const header = request.headers.cookie;
  if (!header) return found;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!(NAMES as readonly string[]).includes(name) || found.has(name)) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN_SHAPE.test(value)) found.set(name, value);
  }
  return found;
}

/** The session token the browser sent in its cookie, if any (the `__Host-` one first). */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  const values = cookieValues(request);
  return values.get(SECURE_SESSION_COOKIE) ?? values.get(SESSION_COOKIE);
}

function serialize(name: string, value: string, maxAgeS: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function appendSetCookie(reply: FastifyReply, cookie: string) {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

/**
 * Sets the session cookie on the answer of a call that opened a session. It lives no longer than the session
 * (at most SESSION_MAX_HOURS); the server ends it sooner after 60 minutes without activity.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: string | Date,
) {
  const secure = request.protocol === 'https';
  const maxAgeS = Math.max(0, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000));
  appendSetCookie(reply, serialize(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, maxAgeS, secure));
}

/**
 * Tells the browser to forget the session cookie: the one this protocol would set, and any other the request
 * carried. A `__Host-` cookie can only be removed with the Secure attribute it was set with.
 */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const names = new Set<string>(cookieValues(request).keys());
  names.add(request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
  for (const name of names) {
    appendSetCookie(
      reply,
      serialize(name, '', 0, name === SECURE_SESSION_COOKIE || request.protocol === 'https'),
    );
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie-authenticated requests: a request that changes something must come
 * from this app's own pages. SameSite=Strict already keeps other sites' requests from carrying the cookie; this
 * also refuses sibling subdomains (`same-site`) and browsers that do not honour SameSite. `Sec-Fetch-Site`
 * (sent by every current browser) is checked first, then `Origin`, which must be this server: PUBLIC_URL's
 * origin, or the host the request was sent to.
 */
export function isForeignUnsafeRequest(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === new URL(publicUrl).origin) return false;
  try {
    // The host alone: behind a TLS proxy without TRUST_PROXY the request looks like http while the page is
    // https. Parsed with the origin's scheme, so `Host: example.org:443` equals `https://example.org`.
    const page = new URL(origin);
    return page.host !== new URL(`${page.protocol}//${request.host}`).host;
  } catch {
    // `Origin: null` (a sandboxed frame, a privacy-sensitive redirect) or garbage: not this server.
    return true;
  }
}
