import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditEntry = {
  action: string;
  entityType?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
};

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the record and the change
 * commit or fail together. The actor, organization and address come from the request.
 */
export async function audit(
  db: DbOrTx,
  request: FastifyRequest | null,
  entry: AuditEntry,
  actorUserId?: number,
) {
  await db.insert(auditLog).values({
    actorUserId: actorUserId ?? request?.auth?.user.id ?? null,
    organizationId: request?.auth?.org?.id ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    ip: request?.ip ?? null,
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
  request: FastifyRequest | null,
  entry: { action: string; entityType: string; ids: readonly number[]; details?: Record<string, unknown> },
) {
  if (entry.ids.length === 0) return;
  await audit(db, request, {
    action: entry.action,
    entityType: entry.entityType,
    ...(entry.ids.length === 1 ? { entityId: entry.ids[0] } : {}),
    details: { ...entry.details, ids: [...entry.ids] },
  });
}
