import type { AuditAction } from '@trust/domain';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { auditWriterOf } from './audit-writer.ts';
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
  const row = {
    actorUserId: actorUserId(ctx),
    organizationId: actorOrganizationId(ctx),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.ids.length === 1 ? String(entry.ids[0]) : null,
    ip: ctx.meta.ip,
    details: { ...entry.details, ids: [...entry.ids] },
    // The time of the read, not of the batch's commit.
    at: new Date(),
  };
  // A read inside a transaction is audited in it (it commits or rolls back with it); any other read goes through
  // the process's group commit (audit-writer.ts), and still answers only once its row is committed.
  if (db !== ctx.deps.database.db) {
    await db.insert(auditLog).values(row);
    return;
  }
  await auditWriterOf(ctx.deps.database).write(row);
}
