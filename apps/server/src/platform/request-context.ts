import type { FastifyRequest } from 'fastify';
import { requireAuth, requireOrg } from './auth.ts';
import type { OrgContext, RequestMeta, ServiceContext, UserContext } from './context.ts';
import type { AppDeps } from './deps.ts';

/**
 * Routes turn a request into a service context here, and only here: services never see Fastify (issue #13 item
 * 2). The route's `config.auth` has already been enforced by the auth hook (platform/auth.ts).
 */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
    requestId: request.id,
  };
}

/** A route open to anyone: the actor is the signed-in user when a valid session came along, else nobody. */
export function openContext(request: FastifyRequest, deps: AppDeps): ServiceContext {
  const auth = request.auth;
  return {
    deps,
    db: deps.database.db,
    actor: auth ? { ...auth, kind: 'user' } : { kind: 'anonymous' },
    meta: requestMeta(request),
    log: request.log,
  };
}

/** A route for any signed-in user. */
export function userContext(request: FastifyRequest, deps: AppDeps): UserContext {
  return {
    deps,
    db: deps.database.db,
    actor: { ...requireAuth(request), kind: 'user' },
    meta: requestMeta(request),
    log: request.log,
  };
}

/** A route acting for the active organization (X-CBO-ID, checked against the memberships). */
export function orgContext(request: FastifyRequest, deps: AppDeps): OrgContext {
  return {
    deps,
    db: deps.database.db,
    actor: { ...requireOrg(request), kind: 'user' },
    meta: requestMeta(request),
    log: request.log,
  };
}
