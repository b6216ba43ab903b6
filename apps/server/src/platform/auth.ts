import {
  ACTIVE_ORG_HEADER,
  API_CLIENT_MESSAGES,
  CONSENT_MESSAGES,
  MESSAGES,
  ORG_ROLES,
  type OrgRole,
  type ProductRole,
} from '@trust/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { users } from '../db/schema/index.ts';
import { type ApiScope, isApiScope } from './api-scopes.ts';
import { hashToken } from './crypto.ts';
import { AppError } from './errors.ts';
import type { SessionCache } from './session-cache.ts';
import { clearSessionCookie, isForeignUnsafeRequest, readSessionCookie } from './session-cookie.ts';
import {
  endSession,
  findSessionByHash,
  type MembershipRef,
  type SessionRow,
  sessionEndReason,
  touchApiClient,
  touchSession,
} from './sessions.ts';

/**
 * What a route requires (DESIGN.md "Auth on every route"). Routes declare it in `config.auth`; a route that
 * declares nothing requires a session, so forgetting it fails closed.
 * - 'public': open; a valid bearer token is still read (so open routes can tell who is asking), a bad one is
 *   ignored.
 * - 'session': any signed-in user.
 * - an object: a session plus the listed product roles and/or an active organization (with org roles).
 */
export type AuthRequirement =
  | 'public'
  | 'session'
  | { roles?: readonly ProductRole[]; org?: true; orgRoles?: readonly OrgRole[] };

export type ActiveOrg = { id: number; role: OrgRole };

export type AuthContext = {
  user: typeof users.$inferSelect;
  sessionId: number;
  sessionStartedAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  memberships: MembershipRef[];
  /** 003 §4.2: current consent documents are unsigned; only routes with `allowPendingConsent` answer. */
  consentRequired: boolean;
  /** The organization this request acts for: X-CBO-ID, else the session's choice, else primary, else first. */
  org: ActiveOrg | null;
  /**
   * Set when the session was issued to an API client by `POST /oauth/token` (client credentials), null for a
   * person's session. A client's session may call only routes declaring `config.apiClients` and only within
   * its scopes (platform/api-scopes.ts).
   */
  client: { id: number; scopes: readonly ApiScope[] } | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /**
     * 003 §4.2: the route answers a session whose consent documents are not yet signed (reading and signing
     * consents, who am I, sign out). Every other route refuses such a session with 403 consent_required.
     */
    allowPendingConsent?: boolean;
    /**
     * The route answers sessions of API clients (issue #21: the FHIR API). Every other route refuses them with
     * 403, so a client credential never reaches the app's own screens' routes.
     */
    apiClients?: true;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function isOrgRole(role: string): role is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(role);
}

/** 002 §6: a super_admin has full access across all organizations. */
export function isSuperAdmin(memberships: readonly MembershipRef[]): boolean {
  return memberships.some((m) => m.role === 'super_admin');
}

/**
 * Platform operators run what belongs to the whole platform (the outbox, consent documents, organizations,
 * verifying providers): a super_admin (002 §6 "full access across all organizations"). The product roles
 * `admin`/`administrator` are not platform powers: an organization's admins act only inside it (issue #12).
 * This is the one rule; every platform-wide check calls it.
 */
export function isPlatformOperator(auth: Pick<AuthContext, 'memberships'> | null): boolean {
  return auth !== null && isSuperAdmin(auth.memberships);
}

function parseOrgHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[ACTIVE_ORG_HEADER];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) === 0) {
    throw new AppError(
      'request.org_header_invalid',
      'The X-CBO-ID header must be an organization id (a positive integer).',
    );
  }
  return Number(value);
}

function safeOrgHeader(request: FastifyRequest): number | undefined {
  try {
    return parseOrgHeader(request);
  } catch {
    return undefined;
  }
}

/**
 * The organization a session acts for: the requested one if the user is a member (a super_admin may act for
 * any existing one; anyone else gets 403), else the session's choice, else the primary membership. Event
 * streams re-run it when rights change (platform/events.ts).
 */
export async function resolveOrg(
  database: Database,
  memberships: MembershipRef[],
  requested: number | undefined,
  sessionOrg: number | null,
): Promise<ActiveOrg | null> {
  const find = (id: number | null | undefined) => memberships.find((m) => m.org_id === id);
  if (requested !== undefined) {
    const membership = find(requested);
    if (membership && isOrgRole(membership.role)) return { id: requested, role: membership.role };
    if (isSuperAdmin(memberships)) {
      const [org] = await database.query('SELECT 1 FROM organizations WHERE id = $1', [requested]);
      if (org) return { id: requested, role: 'super_admin' };
    }
    throw new AppError('organization.not_member', MESSAGES.notAMember);
  }
  const chosen = find(sessionOrg) ?? memberships.find((m) => m.is_primary) ?? memberships[0];
  return chosen && isOrgRole(chosen.role) ? { id: chosen.org_id, role: chosen.role } : null;
}

/**
 * Routes of the auth module that a session with pending consent may call: the dialog needs GET /auth/me on
 * page load and the user must always be able to sign out. Listed here as well as by the flag so that the
 * enforcement does not depend on another module remembering it.
 */
const PENDING_CONSENT_ROUTES = new Set(['GET /auth/me', 'POST /auth/logout']);

function allowsPendingConsent(request: FastifyRequest): boolean {
  if (request.routeOptions.config.allowPendingConsent) return true;
  return PENDING_CONSENT_ROUTES.has(`${request.method} ${request.routeOptions.url}`);
}

/** A client's token carries the scopes it was granted; anything else stored there is ignored. */
function clientOf(found: { apiClientId: number | null; scopes: string[] | null }): AuthContext['client'] {
  if (found.apiClientId == null) return null;
  return { id: found.apiClientId, scopes: (found.scopes ?? []).filter(isApiScope) };
}

/**
 * Reads the session of every request and enforces each route's requirement before its handler runs. The session
 * comes from `Authorization: Bearer` (API clients, the spec's contract), else from the browser's HttpOnly cookie
 * (platform/session-cookie.ts); a cookie-authenticated request that changes something must come from this app's
 * own pages (the CSRF rule, here and nowhere else).
 */
export function registerAuth(
  app: FastifyInstance,
  database: Database,
  options: { publicUrl: string; sessionCache: SessionCache },
) {
  const cache = options.sessionCache;
  app.decorateRequest('auth', null);

  /**
   * The session of a token hash: from this process's cache when it holds a valid one, else from the database
   * (kept in the cache when valid). Whether it is `cached` decides how its touch is recorded.
   */
  async function sessionOf(
    tokenHash: string,
    now: Date,
  ): Promise<{ found: SessionRow | undefined; cached: boolean; readAt: number }> {
    const cached = cache.get(tokenHash, now);
    if (cached) return { found: cached, cached: true, readAt: 0 };
    // readAt is taken before the read: a change announced while it runs keeps its result out of the cache.
    const { found, readAt } = await cache.read(tokenHash, () => findSessionByHash(database.db, tokenHash));
    return { found, cached: false, readAt };
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const requirement = request.routeOptions.config.auth ?? 'session';
    const bearer = bearerToken(request);
    const cookie = bearer ? undefined : readSessionCookie(request);
    const token = bearer ?? cookie;
    let sessionOrg: number | null = null;

    if (cookie && isForeignUnsafeRequest(request, options.publicUrl)) {
      throw new AppError('request.cross_site', MESSAGES.crossSiteRefused);
    }

    if (token) {
      const now = new Date();
      const tokenHash = hashToken(token);
      const { found, cached, readAt } = await sessionOf(tokenHash, now);
      // The cache serves only valid sessions, so an ended one here was read from the database just now.
      const ended = found ? sessionEndReason(found, now) : null;
      if (found && ended) await endSession(database.db, found.sessionId);
      // A cookie whose session is over is forgotten by the browser with this answer, whatever the route.
      if (cookie && !(found && !ended && found.user.isActive)) clearSessionCookie(request, reply);
      if (found && !ended && found.user.isActive) {
        const client = clientOf(found);
        // A client's token has no idle timeout, so its last_seen_at is not kept; its client's last use is.
        const lastSeenAt = client ? found.lastSeenAt : await touchSession(database.db, found, now);
        const clientLastUsedAt = client
          ? await touchApiClient(database.db, found, now)
          : found.clientLastUsedAt;
        if (!cached) cache.store(tokenHash, { ...found, lastSeenAt, clientLastUsedAt }, readAt);
        else if (lastSeenAt !== found.lastSeenAt || clientLastUsedAt !== found.clientLastUsedAt) {
          cache.touched(tokenHash, { lastSeenAt, clientLastUsedAt });
        }
        sessionOrg = found.activeOrgId;
        request.auth = {
          user: found.user,
          sessionId: found.sessionId,
          sessionStartedAt: found.createdAt,
          expiresAt: found.expiresAt,
          lastSeenAt,
          memberships: found.memberships,
          // A service account signs no consent documents (issue #21); a hold put on "every session of the
          // user" by a new consent version does not apply to it.
          consentRequired: client ? false : found.consentRequired,
          org: null,
          client,
        };
      } else if (requirement !== 'public') {
        throw new AppError(
          found ? 'session.expired' : 'session.missing',
          found ? MESSAGES.sessionExpired : MESSAGES.notSignedIn,
        );
      }
    }

    if (!request.auth) {
      if (requirement === 'public') return;
      throw new AppError('session.missing', MESSAGES.notSignedIn);
    }

    const auth = request.auth;
    // Issue #21: a client credential reaches only the routes built for API clients (the FHIR API), never the
    // app's own screens' routes, whatever roles its service account holds.
    // An open route (the HSDS directory API, the CapabilityStatement) answers the client as it answers anyone.
    if (auth.client && !request.routeOptions.config.apiClients) {
      if (requirement === 'public') {
        request.auth = null;
        return;
      }
      throw new AppError('api_client.route_not_allowed', API_CLIENT_MESSAGES.routeNotAllowed);
    }
    // 003 §4.2: consent is signed before the login completes; the server holds the session to that. Open
    // routes still answer (they answer anyone).
    if (auth.consentRequired && requirement !== 'public' && !allowsPendingConsent(request)) {
      throw new AppError('session.consent_required', CONSENT_MESSAGES.required);
    }
    const actsForOrg = typeof requirement === 'object' && Boolean(requirement.org || requirement.orgRoles);
    if (actsForOrg) {
      auth.org = await resolveOrg(database, auth.memberships, parseOrgHeader(request), sessionOrg);
    } else {
      // Routes that do not act for an organization (who am I, my organizations, sign out, open pages) still
      // answer when the stored organization is stale, so the client can repair it; they report the one in
      // effect.
      auth.org = await resolveOrg(database, auth.memberships, safeOrgHeader(request), sessionOrg).catch(() =>
        resolveOrg(database, auth.memberships, undefined, sessionOrg),
      );
    }
    if (typeof requirement !== 'object') return;

    if (requirement.roles && !requirement.roles.includes(auth.user.role as ProductRole)) {
      throw new AppError('role.not_allowed', MESSAGES.forbiddenRole);
    }
    if (actsForOrg) {
      if (!auth.org) throw new AppError('organization.required', MESSAGES.noOrganization);
      if (requirement.orgRoles && !requirement.orgRoles.includes(auth.org.role)) {
        throw new AppError('role.not_allowed', MESSAGES.forbiddenRole);
      }
    }
  });
}

/** The signed-in caller of a route that requires a session (the hook has already refused everyone else). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('session.missing', MESSAGES.notSignedIn);
  return request.auth;
}

/** The caller and the organization the request acts for; 403 when the user has none. */
export function requireOrg(request: FastifyRequest): AuthContext & { org: ActiveOrg } {
  const auth = requireAuth(request);
  if (!auth.org) throw new AppError('organization.required', MESSAGES.noOrganization);
  return auth as AuthContext & { org: ActiveOrg };
}

/**
 * Registers routes that are all open (static files of the web app, the API docs pages) in a context of their
 * own: third-party plugins cannot declare `config.auth`, so an encapsulated onRoute hook does it for them.
 */
export async function registerOpenRoutes(
  app: FastifyInstance,
  register: (child: FastifyInstance) => Promise<void>,
) {
  await app.register(async (child) => {
    child.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await register(child);
  });
}
