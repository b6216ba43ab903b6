import { ACTIVITY_TYPE_LABELS, type MemberTimelineEntry } from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { OrgContext } from '../../../platform/context.ts';
import { confidentialReader, scopeOf } from './access.ts';

// A member's care history for the profile's Activity Timeline (issue #15 item 1): their enrollments, activities,
// notes, goals and documents, newest first, as the caller may see them (staff: the enrollments they manage;
// confidential notes: their author and the managers). One query; each part is served by its enrollment index.

type Row = {
  at: Date | string;
  kind: 'enrollment' | 'activity' | 'note' | 'goal' | 'document';
  enrollment_id: number;
  ref_id: number;
  program: string;
  label: string | null;
  status: string | null;
  detail: string | null;
  all_day: boolean;
};

const EXCERPT = 140;
const words = (value: string) => value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function titleOf(row: Row): string {
  switch (row.kind) {
    case 'enrollment':
      return `Enrolled in ${row.program} (${words(row.status ?? '')})`;
    case 'activity':
      return `${(ACTIVITY_TYPE_LABELS as Record<string, string>)[row.label ?? ''] ?? words(row.label ?? 'Activity')} ${row.status === 'completed' ? 'completed' : words(row.status ?? '').toLowerCase()} · ${row.program}`;
    case 'note':
      return `${words(row.label ?? 'general')} note · ${row.program}`;
    case 'goal':
      return `${row.status === 'completed' ? 'Goal completed' : 'Goal set'} (${words(row.label ?? '')}) · ${row.program}`;
    case 'document':
      return `Document uploaded: ${row.detail ?? ''} · ${row.program}`;
  }
}

export async function memberCareHistory(
  ctx: OrgContext,
  input: { memberId: number; limit: number },
): Promise<MemberTimelineEntry[]> {
  const scope = scopeOf(ctx);
  const reader = confidentialReader(ctx);
  const staff = scope.caseManagerUserId;
  const result = await ctx.db.execute(sql`
    WITH visible AS (
      SELECT e.id, e.status, e.created_ts, p.name AS program
        FROM enrollments e JOIN programs p ON p.id = e.program_id
       WHERE e.member_id = ${input.memberId} AND e.organization_id = ${scope.organizationId}
         AND (${staff}::int IS NULL OR e.case_manager_user_id = ${staff})
    )
    SELECT * FROM (
      SELECT v.created_ts AS at, 'enrollment' AS kind, v.id AS enrollment_id, v.id AS ref_id, v.program, NULL AS label,
             v.status, NULL AS detail, false AS all_day
        FROM visible v
      UNION ALL
      SELECT coalesce(a.completed_at, a.activity_date::timestamp AT TIME ZONE 'UTC'), 'activity', v.id, a.id, v.program, a.activity_type,
             a.status, left(a.notes, ${EXCERPT}), a.completed_at IS NULL
        FROM visible v JOIN enrollment_activities a ON a.enrollment_id = v.id
      UNION ALL
      SELECT n.created_ts, 'note', v.id, n.id, v.program, n.note_type, NULL, left(n.note_text, ${EXCERPT}), false
        FROM visible v JOIN enrollment_notes n ON n.enrollment_id = v.id
       WHERE NOT n.is_confidential OR ${reader}::int IS NULL OR n.created_by = ${reader}
      UNION ALL
      SELECT coalesce(g.completed_at, g.created_ts), 'goal', v.id, g.id, v.program, g.goal_category, g.status,
             left(g.goal_text, ${EXCERPT}), false
        FROM visible v JOIN enrollment_goals g ON g.enrollment_id = v.id
      UNION ALL
      SELECT d.upload_date, 'document', v.id, d.id, v.program, d.document_type, NULL, d.file_name, false
        FROM visible v JOIN enrollment_documents d ON d.enrollment_id = v.id
    ) t
    ORDER BY at DESC, kind
    LIMIT ${input.limit}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((row) => ({
    id: `${row.kind}-${row.ref_id}`,
    all_day: row.all_day,
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    title: titleOf(row),
    detail: row.kind === 'document' ? null : row.detail,
    link: { tab: 'enrollments-view', id: row.enrollment_id },
  }));
}
