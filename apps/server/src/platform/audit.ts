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
