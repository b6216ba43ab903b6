import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { enrollments, formInstances, formTemplates } from '../../../db/schema/index.ts';

/** The forms of one template started in a range, counted by status, with their completion time. */
export type TemplateUsage = {
  templateId: number;
  templateName: string;
  formType: string;
  total: number;
  completed: number;
  pendingReview: number;
  drafts: number;
  /** Minutes from started to submitted, summed over the completed forms. */
  completionMinutes: number;
};

function programWhere(programId: number | undefined): SQL | undefined {
  return programId === undefined
    ? undefined
    : sql`exists (select 1 from ${enrollments} e where e.id = ${formInstances.enrollmentId} and e.program_id = ${programId})`;
}

/**
 * Per template, the organization's forms started from `from` (inclusive) to `until` (exclusive), optionally of
 * one program's enrollments. One pass over form_instances_org_started_idx.
 */
export async function usageByTemplate(
  db: DbOrTx,
  organizationId: number,
  range: { from: Date; until: Date; programId?: number },
): Promise<TemplateUsage[]> {
  const done = sql`${formInstances.status} in ('submitted', 'reviewed', 'approved')`;
  const rows = await db
    .select({
      templateId: formTemplates.id,
      templateName: formTemplates.name,
      formType: formTemplates.formType,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${done})::int`,
      pendingReview: sql<number>`count(*) filter (where ${formInstances.status} = 'submitted')::int`,
      drafts: sql<number>`count(*) filter (where ${formInstances.status} = 'draft')::int`,
      completionMinutes: sql<number>`coalesce(sum(extract(epoch from (${formInstances.submittedAt} - ${formInstances.startedAt})) / 60) filter (where ${done} and ${formInstances.submittedAt} is not null), 0)::float8`,
    })
    .from(formInstances)
    .innerJoin(formTemplates, eq(formTemplates.id, formInstances.templateId))
    .where(
      and(
        eq(formInstances.organizationId, organizationId),
        gte(formInstances.startedAt, range.from),
        lt(formInstances.startedAt, range.until),
        programWhere(range.programId),
      ),
    )
    .groupBy(formTemplates.id, formTemplates.name, formTemplates.formType);
  return rows.map((r) => ({
    ...r,
    total: Number(r.total),
    completed: Number(r.completed),
    pendingReview: Number(r.pendingReview),
    drafts: Number(r.drafts),
    completionMinutes: Number(r.completionMinutes),
  }));
}

/**
 * Compliance of the organization's forms that have a due date (whenever started): overdue (a draft past its due
 * date), due soon (a draft due from today to `soonUntil`), compliant (the others: submitted, or due later).
 */
export async function complianceCounts(
  db: DbOrTx,
  organizationId: number,
  input: { today: string; soonUntil: string; programId?: number },
): Promise<{ overdue: number; dueSoon: number; compliant: number }> {
  const draft = sql`${formInstances.status} = 'draft'`;
  const [row] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${draft} and ${formInstances.dueDate} < ${input.today})::int`,
      dueSoon: sql<number>`count(*) filter (where ${draft} and ${formInstances.dueDate} >= ${input.today} and ${formInstances.dueDate} <= ${input.soonUntil})::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(formInstances)
    .where(
      and(
        eq(formInstances.organizationId, organizationId),
        sql`${formInstances.dueDate} is not null`,
        programWhere(input.programId),
      ),
    );
  const overdue = Number(row?.overdue ?? 0);
  const dueSoon = Number(row?.dueSoon ?? 0);
  return { overdue, dueSoon, compliant: Number(row?.all ?? 0) - overdue - dueSoon };
}
