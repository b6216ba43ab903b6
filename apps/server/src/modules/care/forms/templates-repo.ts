import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { containsPattern } from '../../../db/contains-pattern.ts';
import {
  formInstances,
  formTemplates,
  formTemplateVersions,
  programs,
  users,
} from '../../../db/schema/index.ts';

export type TemplateRow = typeof formTemplates.$inferSelect;
export type VersionRow = typeof formTemplateVersions.$inferSelect;
export type VersionInsert = typeof formTemplateVersions.$inferInsert;

/** A template with one of its versions (the current one unless asked), and what lists show beside it. */
export type TemplateView = {
  template: TemplateRow;
  version: VersionRow;
  programName: string | null;
  createdByName: string | null;
  usageCount: number;
};

/** The statuses a form is done in (submitted, then reviewed and approved). */
export const DONE_STATUSES = ['submitted', 'reviewed', 'approved'] as const;

// One probe of form_instances_template_idx per template row.
const usageCount = sql<number>`(select count(*)::int from ${formInstances} fi where fi.template_id = "form_templates"."id")`;

/** Templates joined to one version each (`versionOn`), with the program's and the author's names. */
function viewQuery(db: DbOrTx, versionOn: SQL | undefined) {
  return db
    .select({
      template: formTemplates,
      version: formTemplateVersions,
      programName: programs.name,
      createdByName: users.name,
      usageCount,
    })
    .from(formTemplates)
    .innerJoin(formTemplateVersions, versionOn)
    .leftJoin(programs, eq(programs.id, formTemplateVersions.programId))
    .leftJoin(users, eq(users.id, formTemplates.createdBy));
}

function toView(row: {
  template: TemplateRow;
  version: VersionRow;
  programName: string | null;
  createdByName: string | null;
  usageCount: number;
}): TemplateView {
  return { ...row, usageCount: Number(row.usageCount) };
}

export type TemplateFilter = {
  search?: string;
  formType?: string;
  programId?: number;
  isActive?: boolean;
  limit: number;
  offset: number;
};

/** One organization's templates by name (form_templates_org_name_idx), each with its current version. */
export async function listTemplates(
  db: DbOrTx,
  organizationId: number,
  filter: TemplateFilter,
): Promise<{ rows: TemplateView[]; total: number }> {
  const search = filter.search ? containsPattern(filter.search) : null;
  const where = and(
    eq(formTemplates.organizationId, organizationId),
    filter.formType ? eq(formTemplates.formType, filter.formType) : undefined,
    filter.programId === undefined ? undefined : eq(formTemplates.programId, filter.programId),
    filter.isActive === undefined ? undefined : eq(formTemplates.isActive, filter.isActive),
    search
      ? (or(ilike(formTemplates.name, search), ilike(formTemplateVersions.description, search)) as SQL)
      : undefined,
  );
  const currentVersion = and(
    eq(formTemplateVersions.templateId, formTemplates.id),
    eq(formTemplateVersions.version, formTemplates.currentVersion),
  );
  const [rows, totals] = await Promise.all([
    viewQuery(db, currentVersion)
      .where(where)
      .orderBy(asc(formTemplates.name), asc(formTemplates.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(formTemplates)
      .innerJoin(formTemplateVersions, currentVersion)
      .where(where),
  ]);
  return { rows: rows.map(toView), total: Number(totals[0]?.n ?? 0) };
}

/** The counts of the grouped library's tiles, over the whole organization. */
export async function templateStats(db: DbOrTx, organizationId: number) {
  const [byType, forms] = await Promise.all([
    db
      .select({
        formType: formTemplates.formType,
        total: count(),
        active: sql<number>`count(*) filter (where ${formTemplates.isActive})::int`,
      })
      .from(formTemplates)
      .where(eq(formTemplates.organizationId, organizationId))
      .groupBy(formTemplates.formType),
    db
      .select({
        total: count(),
        done: sql<number>`count(*) filter (where ${inArray(formInstances.status, [...DONE_STATUSES])})::int`,
      })
      .from(formInstances)
      .where(eq(formInstances.organizationId, organizationId)),
  ]);
  return {
    total_templates: byType.reduce((n, r) => n + Number(r.total), 0),
    active_templates: byType.reduce((n, r) => n + Number(r.active), 0),
    total_forms: Number(forms[0]?.total ?? 0),
    completed_forms: Number(forms[0]?.done ?? 0),
    by_type: Object.fromEntries(byType.map((r) => [r.formType, Number(r.total)])),
  };
}

/** A template of the organization with one version (the current one when `version` is not given). */
export async function findTemplate(
  db: DbOrTx,
  organizationId: number,
  id: number,
  version?: number,
): Promise<TemplateView | undefined> {
  const [row] = await viewQuery(
    db,
    and(
      eq(formTemplateVersions.templateId, formTemplates.id),
      eq(formTemplateVersions.version, version ?? formTemplates.currentVersion),
    ),
  ).where(and(eq(formTemplates.id, id), eq(formTemplates.organizationId, organizationId)));
  return row ? toView(row) : undefined;
}

/** The template row, locked until the transaction ends: saves of one template queue up. */
export async function lockTemplate(
  tx: DbOrTx,
  organizationId: number,
  id: number,
): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.id, id), eq(formTemplates.organizationId, organizationId)))
    .for('update');
  return row;
}

export async function insertTemplate(
  tx: DbOrTx,
  values: typeof formTemplates.$inferInsert,
): Promise<TemplateRow> {
  const [row] = await tx.insert(formTemplates).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTemplate(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof formTemplates.$inferInsert>,
): Promise<void> {
  await tx.update(formTemplates).set(values).where(eq(formTemplates.id, id));
}

export async function insertVersion(tx: DbOrTx, values: VersionInsert): Promise<VersionRow> {
  const [row] = await tx.insert(formTemplateVersions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateVersion(
  tx: DbOrTx,
  templateId: number,
  version: number,
  values: Partial<VersionInsert>,
): Promise<void> {
  await tx
    .update(formTemplateVersions)
    .set(values)
    .where(and(eq(formTemplateVersions.templateId, templateId), eq(formTemplateVersions.version, version)));
}

export async function findVersion(
  tx: DbOrTx,
  templateId: number,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(formTemplateVersions)
    .where(and(eq(formTemplateVersions.templateId, templateId), eq(formTemplateVersions.version, version)));
  return row;
}

/** How many forms were started on one version of a template (such a version never changes). */
export async function countInstancesOfVersion(tx: DbOrTx, templateId: number, version: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(formInstances)
    .where(and(eq(formInstances.templateId, templateId), eq(formInstances.templateVersion, version)));
  return Number(row?.n ?? 0);
}

/** The forms of a template by status group: drafts, and those submitted or further (records). */
export async function countInstancesOfTemplate(tx: DbOrTx, templateId: number) {
  const [row] = await tx
    .select({
      drafts: sql<number>`count(*) filter (where ${formInstances.status} = 'draft')::int`,
      records: sql<number>`count(*) filter (where ${formInstances.status} <> 'draft')::int`,
    })
    .from(formInstances)
    .where(eq(formInstances.templateId, templateId));
  return { drafts: Number(row?.drafts ?? 0), records: Number(row?.records ?? 0) };
}

/** Deletes a template with its versions and (cascading) its forms and their history. */
export async function deleteTemplate(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(formTemplates).where(eq(formTemplates.id, id));
}

/** A template's versions, newest first, with their authors, field counts and how many forms each pinned. */
export async function listVersions(db: DbOrTx, templateId: number) {
  const rows = await db
    .select({
      version: formTemplateVersions.version,
      name: formTemplateVersions.name,
      lastUpdatedTs: formTemplateVersions.lastUpdatedTs,
      createdByName: users.name,
      sections: formTemplateVersions.sections,
      usageCount: sql<number>`(select count(*)::int from ${formInstances} fi where fi.template_id = ${formTemplateVersions.templateId} and fi.template_version = ${formTemplateVersions.version})`,
    })
    .from(formTemplateVersions)
    .leftJoin(users, eq(users.id, formTemplateVersions.createdBy))
    .where(eq(formTemplateVersions.templateId, templateId))
    .orderBy(desc(formTemplateVersions.version));
  return rows.map((r) => ({ ...r, usageCount: Number(r.usageCount) }));
}
