import type { AuditAction } from '@trust/domain';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { actorOrganizationId, actorUserId, type ServiceContext } from './context.ts';

export type AuditEntry = {
  /** From the catalogue (packages/domain/src/audit-actions): the security log can name every row. */
  action: AuditAction;
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
 * commit or fail together. The actor, organization and address come from the context.
 */
export async function audit(db: DbOrTx, ctx: ServiceContext, entry: AuditEntry, actorId?: number) {
  await db.insert(auditLog).values({
    actorUserId: actorId ?? actorUserId(ctx),
    organizationId: entry.organizationId ?? actorOrganizationId(ctx),
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    ip: ctx.meta.ip,
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
  ctx: ServiceContext,
  entry: {
    action: AuditAction;
    entityType: string;
    ids: readonly number[];
    details?: Record<string, unknown>;
  },
) {
  if (entry.ids.length === 0) return;
  await audit(db, ctx, {
    action: entry.action,
    entityType: entry.entityType,
    ...(entry.ids.length === 1 ? { entityId: entry.ids[0] } : {}),
    details: { ...entry.details, ids: [...entry.ids] },
  });
}
