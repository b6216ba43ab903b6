import type { BaseLogger } from 'pino';
import type { DbOrTx } from '../db/client.ts';
import type { ActiveOrg, AuthContext } from './auth.ts';
import type { AppDeps } from './deps.ts';
import { AppError } from './errors.ts';

/**
 * Who is acting (issue #13 item 2, DESIGN.md "Services take (ctx, input)"):
 * - a signed-in user (their session, memberships and the organization the request acts for);
 * - a provider answering from outside the app (an SMS reply, an email reply, a web form), known by its number
 *   or address and the referral it answers;
 * - the system (a job, a schedule, a webhook of a delivery service);
 * - nobody (an open route: the landing page, the masked live feed, registration).
 */
export type UserActor = AuthContext & { kind: 'user' };
export type OrgUserActor = UserActor & { org: ActiveOrg };
export type ProviderActor = {
  kind: 'provider';
  providerId: number;
  /** The provider's organization on the platform, when it has one. */
  organizationId: number | null;
  channel: 'sms' | 'email' | 'voice' | 'web_form';
};
/** A job; `organizationId` when it acts for one organization (the cascade sends that organization's referral). */
export type SystemActor = { kind: 'system'; job: string; organizationId?: number };
export type AnonymousActor = { kind: 'anonymous' };
export type Actor = UserActor | ProviderActor | SystemActor | AnonymousActor;

/** Where a service logs (a request's logger carries its request id; a job's, the job's name). PHI never goes in. */
export type ContextLog = Pick<BaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/** Where a call came from; null fields outside HTTP (jobs, events). Goes to the audit log, never to a reply. */
export type RequestMeta = { ip: string | null; userAgent: string | null; requestId: string | null };

/**
 * What every service function receives first: the platform (config, database, events, jobs), the database
 * handle to use (the transaction when inside one), the actor and the request metadata. The second argument is
 * one input object. Nothing here is HTTP: jobs, event subscribers and the SMS path build one too.
 */
export type ServiceContext<A extends Actor = Actor> = {
  deps: AppDeps;
  db: DbOrTx;
  actor: A;
  meta: RequestMeta;
  log: ContextLog;
};
export type UserContext = ServiceContext<UserActor>;
export type OrgContext = ServiceContext<OrgUserActor>;

const NO_META: RequestMeta = { ip: null, userAgent: null, requestId: null };

/** The context of a job, a schedule or a delivery webhook. */
export function systemContext(
  deps: AppDeps,
  job: string,
  organizationId?: number,
): ServiceContext<SystemActor> {
  return {
    deps,
    db: deps.database.db,
    actor: organizationId === undefined ? { kind: 'system', job } : { kind: 'system', job, organizationId },
    meta: NO_META,
    log: deps.log.child({ job }),
  };
}

/** The same context inside a transaction: every call made with it joins the transaction. */
export function inTransaction<C extends ServiceContext>(ctx: C, tx: DbOrTx): C {
  return { ...ctx, db: tx };
}

/** The same request acting as someone else (an SMS reply handled for the provider that sent it). */
export function actingAs<A extends Actor>(ctx: ServiceContext, actor: A): ServiceContext<A> {
  return { ...ctx, actor };
}

/** The signed-in user's id, or null for the system, a provider or nobody (audit rows, history rows). */
export function actorUserId(ctx: ServiceContext): number | null {
  return ctx.actor.kind === 'user' ? ctx.actor.user.id : null;
}

/** The organization the actor acts for, if any. */
export function actorOrganizationId(ctx: ServiceContext): number | null {
  if (ctx.actor.kind === 'user') return ctx.actor.org?.id ?? null;
  if (ctx.actor.kind === 'provider') return ctx.actor.organizationId;
  if (ctx.actor.kind === 'system') return ctx.actor.organizationId ?? null;
  return null;
}

/** Narrows a context to a user acting for an organization; services that need one call it first. */
export function requireOrgContext(ctx: ServiceContext): OrgContext {
  if (ctx.actor.kind !== 'user' || !ctx.actor.org) {
    throw new AppError('organization.required', 'Choose the organization you are acting for.');
  }
  return ctx as OrgContext;
}
