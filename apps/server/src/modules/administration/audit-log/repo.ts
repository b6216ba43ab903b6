import { SECURITY_EVENT_PREFIXES } from '@trust/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export type SecurityEventRow = {
  id: number | string;
  at: Date | string;
  action: string;
  actor_name: string | null;
  actor_email: string | null;
  ip: string | null;
  entity_type: string | null;
  entity_id: string | null;
  details: Record<string, unknown> | null;
};

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Security events (actions in the SECURITY_EVENT_PREFIXES categories) done by, or done to, a member of the
 * organization. The category test is `split_part(action, '.', 1)`, the expression audit_log_category_at_idx
 * indexes (migration 0006_admin).
 */
function whereClause(orgId: number, actionPrefix: string | undefined) {
  const categories = sql.join(
    SECURITY_EVENT_PREFIXES.map((p) => sql`${p}`),
    sql`, `,
  );
  return sql`
    split_part(a.action, '.', 1) in (${categories})
    and (a.actor_user_id in (select user_id from memberships where organization_id = ${orgId})
         or (a.entity_type = 'user'
             and a.entity_id in (select user_id::text from memberships where organization_id = ${orgId})))
    ${actionPrefix ? sql`and starts_with(a.action, ${actionPrefix})` : sql``}`;
}

export async function listSecurityEvents(
  db: DbOrTx,
  filter: { orgId: number; actionPrefix?: string; page: number; pageSize: number },
) {
  const where = whereClause(filter.orgId, filter.actionPrefix);
  const rows = await rowsOf<SecurityEventRow>(
    db,
    sql`
    select a.id, a.at, a.action, a.ip, a.entity_type, a.entity_id, a.details,
           coalesce(actor.name, subject.name) as actor_name,
           coalesce(actor.email, subject.email) as actor_email
      from audit_log a
      left join users actor on actor.id = a.actor_user_id
      left join users subject on a.actor_user_id is null and a.entity_type = 'user'
                             and subject.id::text = a.entity_id
     where ${where}
     order by a.at desc, a.id desc
     limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log a where ${where}`,
  );
  return { rows, total: total?.n ?? 0 };
}
