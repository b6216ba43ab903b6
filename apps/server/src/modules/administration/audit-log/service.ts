import type { AuditLogPage } from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

/** GET /api/audit-log: the security log of the active organization, newest first (issue 3 item 9). */
export async function listSecurityLog(
  ctx: OrgContext,
  query: { page: number; page_size: number; action?: string | undefined },
): Promise<AuditLogPage> {
  const { rows, total } = await repo.listSecurityEvents(ctx.db, {
    orgId: ctx.actor.org.id,
    actionPrefix: query.action || undefined,
    page: query.page,
    pageSize: query.page_size,
  });
  return {
    events: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      action: r.action,
      actor_name: r.actor_name,
      actor_email: r.actor_email,
      ip: r.ip,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      details: r.details ?? {},
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
