import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { actorOrganizationId, actorUserId, type ServiceContext } from './context.ts';

/**
 * Who did it: a service context (issue #13), or (TRANSITION, while the areas move to contexts) the request, or
 * null for the system.
 */
export type AuditSource = ServiceContext | FastifyRequest | null;

function isContext(source: AuditSource): source is ServiceContext {
  return source !== null && 'actor' in source && 'meta' in source;
}

export type AuditEntry = {
  action: string;
  entityType?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
  /**
   * The organization the row belongs to when it is not the one the actor acts for: an invitation names its
   * organization in the path, and a registration has no session yet.
   */
  organizationId?: number;
};

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the record and the change
 * commit or fail together. The actor, organization and address come from the request.
 */
export async function audit(db: DbOrTx, source: AuditSource, entry: AuditEntry, actorId?: number) {
  const ctx = isContext(source) ? source : null;
  const request = ctx ? null : (source as FastifyRequest | null);
  await db.insert(auditLog).values({
    actorUserId: actorId ?? (ctx ? actorUserId(ctx) : (request?.auth?.user.id ?? null)),
    organizationId:
      entry.organizationId ?? (ctx ? actorOrganizationId(ctx) : (request?.auth?.org?.id ?? null)),
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    ip: ctx ? ctx.meta.ip : (request?.ip ?? null),
    details: entry.details ?? {},
  });
}

/**
 * One audit row for a request that returned PHI of several records (a list, a search, a page of a thread),
 * naming every id it returned (issue #12: reads of PHI are audited like changes, lists included). Nothing is
 * written when nothing was returned. Single-record reads keep using audit() with the record's id.
 */
export async function auditPhiRead(
  db: DbOrTx,
  source: AuditSource,
  entry: { action: string; entityType: string; ids: readonly number[]; details?: Record<string, unknown> },
) {
  if (entry.ids.length === 0) return;
  await audit(db, source, {
    action: entry.action,
    entityType: entry.entityType,
    ...(entry.ids.length === 1 ? { entityId: entry.ids[0] } : {}),
    details: { ...entry.details, ids: [...entry.ids] },
  });
}
