import { and, asc, count, eq, getTableColumns, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { programs, workflowInstances, workflowSteps, workflowTemplates } from '../../../db/schema/index.ts';

// Workflow templates and their steps. Every query names the organization: another organization's template is
// not found.

export type TemplateRow = typeof workflowTemplates.$inferSelect;
export type TemplateInsert = typeof workflowTemplates.$inferInsert;
export type StepRow = typeof workflowSteps.$inferSelect;
export type StepInsert = typeof workflowSteps.$inferInsert;
export type TemplateView = TemplateRow & { programName: string | null; stepCount: number };

const view = {
  ...getTableColumns(workflowTemplates),
  programName: programs.name,
  stepCount: sql<number>`(select count(*)::int from ${workflowSteps} s where s.template_id = ${workflowTemplates.id} and s.version = ${workflowTemplates.currentVersion})`,
};

function viewQuery(db: DbOrTx) {
  return db
    .select(view)
    .from(workflowTemplates)
    .leftJoin(programs, eq(programs.id, workflowTemplates.programId));
}

export async function listTemplates(
  db: DbOrTx,
  organizationId: number,
  filters: { programId?: number; isActive?: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(workflowTemplates.organizationId, organizationId),
    filters.programId === undefined ? undefined : eq(workflowTemplates.programId, filters.programId),
    filters.isActive === undefined ? undefined : eq(workflowTemplates.isActive, filters.isActive),
  ) as SQL;
  const [rows, totals] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(asc(workflowTemplates.name), asc(workflowTemplates.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: count() }).from(workflowTemplates).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findTemplate(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<TemplateView | undefined> {
  const [row] = await viewQuery(db).where(
    and(eq(workflowTemplates.id, id), eq(workflowTemplates.organizationId, organizationId)),
  );
  return row;
}

/** The template row locked until the transaction ends (step edits and versioning happen one at a time). */
export async function lockTemplate(tx: DbOrTx, organizationId: number, id: number) {
  const [row] = await tx
    .select()
    .from(workflowTemplates)
    .where(and(eq(workflowTemplates.id, id), eq(workflowTemplates.organizationId, organizationId)))
    .for('update');
  return row;
}

/**
 * The template row held against step edits until the transaction ends (FOR SHARE): an instance starting pins the
 * current version while no edit can copy it to a new one, and starts do not wait on each other.
 */
export async function shareTemplate(tx: DbOrTx, organizationId: number, id: number) {
  const [row] = await tx
    .select()
    .from(workflowTemplates)
    .where(and(eq(workflowTemplates.id, id), eq(workflowTemplates.organizationId, organizationId)))
    .for('share');
  return row;
}

export async function insertTemplate(tx: DbOrTx, values: TemplateInsert): Promise<TemplateRow> {
  const [row] = await tx.insert(workflowTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(tx: DbOrTx, id: number, values: Partial<TemplateInsert>) {
  await tx.update(workflowTemplates).set(values).where(eq(workflowTemplates.id, id));
}

export async function deleteTemplate(tx: DbOrTx, id: number) {
  await tx.delete(workflowTemplates).where(eq(workflowTemplates.id, id));
}

/** The steps of one version, in order. */
export async function listSteps(db: DbOrTx, templateId: number, version: number): Promise<StepRow[]> {
  return db
    .select()
    .from(workflowSteps)
    .where(and(eq(workflowSteps.templateId, templateId), eq(workflowSteps.version, version)))
    .orderBy(asc(workflowSteps.stepOrder));
}

export async function findStep(db: DbOrTx, id: number): Promise<StepRow | undefined> {
  const [row] = await db.select().from(workflowSteps).where(eq(workflowSteps.id, id));
  return row;
}

export async function insertStep(tx: DbOrTx, values: StepInsert): Promise<StepRow> {
  const [row] = await tx.insert(workflowSteps).values(values).returning();
  return row!;
}

export async function updateStep(tx: DbOrTx, id: number, values: Partial<StepInsert>): Promise<StepRow> {
  const [row] = await tx.update(workflowSteps).set(values).where(eq(workflowSteps.id, id)).returning();
  return row!;
}

export async function deleteStep(tx: DbOrTx, id: number) {
  await tx.delete(workflowSteps).where(eq(workflowSteps.id, id));
}

/** Copies a version's steps to the next version; returns the old id → new id map. */
export async function copySteps(tx: DbOrTx, templateId: number, from: number, to: number) {
  const steps = await listSteps(tx, templateId, from);
  const map = new Map<number, number>();
  for (const step of steps) {
    const { id, createdTs: _c, ...rest } = step;
    const copy = await insertStep(tx, { ...rest, version: to });
    map.set(id, copy.id);
  }
  return map;
}

/** Whether any instance started on this version (then its steps are frozen). */
export async function versionInUse(db: DbOrTx, templateId: number, version: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(and(eq(workflowInstances.templateId, templateId), eq(workflowInstances.templateVersion, version)))
    .limit(1);
  return row !== undefined;
}

/** Active templates of an organization listening to one trigger type (the trigger job). */
export async function activeTemplatesWithTrigger(db: DbOrTx, organizationId: number, triggerType: string) {
  return db
    .select()
    .from(workflowTemplates)
    .where(
      and(
        eq(workflowTemplates.organizationId, organizationId),
        eq(workflowTemplates.triggerType, triggerType),
        eq(workflowTemplates.isActive, true),
      ),
    );
}

/** Time-based templates that are due, locked and skipped by other processes' ticks (index workflow_templates_due_idx). */
export async function lockDueTemplates(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(workflowTemplates)
    .where(
      and(
        eq(workflowTemplates.isActive, true),
        eq(workflowTemplates.triggerType, 'time_based'),
        lte(workflowTemplates.nextRunAt, now),
      ),
    )
    .orderBy(asc(workflowTemplates.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function templatesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(workflowTemplates).where(inArray(workflowTemplates.id, ids));
}
