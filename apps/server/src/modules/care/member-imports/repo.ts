import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberImportRefusals, memberImports } from '../../../db/schema/index.ts';

export type MemberImportRow = typeof memberImports.$inferSelect;

export async function insertImport(
  db: DbOrTx,
  values: typeof memberImports.$inferInsert,
): Promise<MemberImportRow> {
  const [row] = await db.insert(memberImports).values(values).returning();
  return row!;
}

export async function findImport(
  db: DbOrTx,
  orgId: number,
  id: number,
): Promise<MemberImportRow | undefined> {
  const [row] = await db
    .select()
    .from(memberImports)
    .where(and(eq(memberImports.organizationId, orgId), eq(memberImports.id, id)));
  return row;
}

/** Any organization's import by id: the job's own reading (the job acts for the import's organization). */
export async function findImportById(db: DbOrTx, id: number): Promise<MemberImportRow | undefined> {
  const [row] = await db.select().from(memberImports).where(eq(memberImports.id, id));
  return row;
}

/** The import's row locked for this transaction: one batch at a time, whatever the number of workers. */
export async function lockImport(db: DbOrTx, id: number): Promise<MemberImportRow | undefined> {
  const [row] = await db.select().from(memberImports).where(eq(memberImports.id, id)).for('update');
  return row;
}

export async function listImports(db: DbOrTx, orgId: number, limit: number): Promise<MemberImportRow[]> {
  return db
    .select()
    .from(memberImports)
    .where(eq(memberImports.organizationId, orgId))
    .orderBy(desc(memberImports.createdTs), desc(memberImports.id))
    .limit(limit);
}

export async function updateImport(
  db: DbOrTx,
  id: number,
  values: Partial<typeof memberImports.$inferInsert>,
): Promise<MemberImportRow> {
  const [row] = await db.update(memberImports).set(values).where(eq(memberImports.id, id)).returning();
  return row!;
}

/** Moves an import to `to` only from one of `from` (a start or a cancel racing another one changes nothing). */
export async function moveImport(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  values: Partial<typeof memberImports.$inferInsert> & { status: string },
): Promise<MemberImportRow | undefined> {
  const [row] = await db
    .update(memberImports)
    .set(values)
    .where(and(eq(memberImports.id, id), inArray(memberImports.status, [...from])))
    .returning();
  return row;
}

/** Adds one batch's counts to the import, in the batch's transaction. */
export async function addProgress(
  db: DbOrTx,
  id: number,
  counts: {
    processed: number;
    created: number;
    updated: number;
    unchanged: number;
    skipped: number;
    refused: number;
  },
) {
  await db
    .update(memberImports)
    .set({
      processedRows: sql`${memberImports.processedRows} + ${counts.processed}`,
      createdCount: sql`${memberImports.createdCount} + ${counts.created}`,
      updatedCount: sql`${memberImports.updatedCount} + ${counts.updated}`,
      unchangedCount: sql`${memberImports.unchangedCount} + ${counts.unchanged}`,
      skippedCount: sql`${memberImports.skippedCount} + ${counts.skipped}`,
      refusedCount: sql`${memberImports.refusedCount} + ${counts.refused}`,
    })
    .where(eq(memberImports.id, id));
}

export async function insertRefusals(db: DbOrTx, values: (typeof memberImportRefusals.$inferInsert)[]) {
  if (values.length > 0) await db.insert(memberImportRefusals).values(values);
}

export async function listRefusals(db: DbOrTx, importId: number) {
  return db
    .select()
    .from(memberImportRefusals)
    .where(eq(memberImportRefusals.importId, importId))
    .orderBy(memberImportRefusals.rowNumber);
}
