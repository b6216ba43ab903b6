import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { caseNotes } from '../../../db/schema/index.ts';

export type CaseNoteRow = typeof caseNotes.$inferSelect;
export type CaseNoteInsert = typeof caseNotes.$inferInsert;

/**
 * The notes of one referral an organization may read (noteVisibleTo of packages/domain, as SQL), newest first
 * (index case_notes_referral_idx, scanned backwards), and their count.
 */
export async function listNotes(
  db: DbOrTx,
  referralId: number,
  options: { limit: number; offset: number; viewerOrgId: number; referringOrgId: number },
): Promise<{ rows: CaseNoteRow[]; total: number }> {
  const { viewerOrgId, referringOrgId } = options;
  const shared = eq(caseNotes.visibility, 'shared');
  const where = and(
    eq(caseNotes.referralId, referralId),
    or(
      eq(caseNotes.organizationId, viewerOrgId),
      viewerOrgId === referringOrgId ? shared : and(shared, eq(caseNotes.organizationId, referringOrgId)),
    ),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(caseNotes)
      .where(where)
      .orderBy(desc(caseNotes.createdAt), desc(caseNotes.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(caseNotes).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findNote(db: DbOrTx, id: number): Promise<CaseNoteRow | undefined> {
  const [row] = await db.select().from(caseNotes).where(eq(caseNotes.id, id));
  return row;
}

/** The note, locked until the transaction ends, so an edit and a delete of it happen one after the other. */
export async function lockNote(tx: DbOrTx, id: number): Promise<CaseNoteRow | undefined> {
  const [row] = await tx.select().from(caseNotes).where(eq(caseNotes.id, id)).for('update');
  return row;
}

export async function insertNote(tx: DbOrTx, values: CaseNoteInsert): Promise<CaseNoteRow> {
  const [row] = await tx.insert(caseNotes).values(values).returning();
  return row!;
}

export async function updateNote(
  tx: DbOrTx,
  id: number,
  values: { content: string; contentHtml: string; visibility?: string },
): Promise<CaseNoteRow> {
  const [row] = await tx
    .update(caseNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(caseNotes.id, id))
    .returning();
  return row!;
}

export async function deleteNote(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(caseNotes).where(eq(caseNotes.id, id));
}
