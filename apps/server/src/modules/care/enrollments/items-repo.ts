import { and, count, desc, eq, getTableColumns, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  billingActivities,
  enrollmentActivities,
  enrollmentDocuments,
  enrollmentGoals,
  enrollmentNotes,
  users,
} from '../../../db/schema/index.ts';

// The records of one enrollment (002 §3 Activity, Document, Note, Goal), each with the name of the user who did
// it. The services find the enrollment first (organization, staff scope); these queries go by its id.

type Page = { limit: number; offset: number };

// --- Activities ---

export type ActivityRow = typeof enrollmentActivities.$inferSelect;
export type ActivityInsert = typeof enrollmentActivities.$inferInsert;
export type ActivityView = ActivityRow & {
  performedByName: string | null;
  billingActivityName: string | null;
};

const activityView = {
  ...getTableColumns(enrollmentActivities),
  performedByName: users.name,
  billingActivityName: billingActivities.activityName,
};

function activityQuery(db: DbOrTx) {
  return db
    .select(activityView)
    .from(enrollmentActivities)
    .leftJoin(users, eq(users.id, enrollmentActivities.performedBy))
    .leftJoin(billingActivities, eq(billingActivities.id, enrollmentActivities.billingActivityId));
}

/** An enrollment's activities, newest activity date first (index enrollment_activities_enrollment_idx). */
export async function listActivities(
  db: DbOrTx,
  enrollmentId: number,
  page: Page,
): Promise<{ rows: ActivityView[]; total: number }> {
  const where = eq(enrollmentActivities.enrollmentId, enrollmentId);
  const [rows, totals] = await Promise.all([
    activityQuery(db)
      .where(where)
      .orderBy(desc(enrollmentActivities.activityDate), desc(enrollmentActivities.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(enrollmentActivities).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findActivity(db: DbOrTx, id: number): Promise<ActivityView | undefined> {
  const [row] = await activityQuery(db).where(eq(enrollmentActivities.id, id));
  return row;
}

export async function enrollmentOfActivity(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ enrollmentId: enrollmentActivities.enrollmentId })
    .from(enrollmentActivities)
    .where(eq(enrollmentActivities.id, id));
  return row?.enrollmentId;
}

export async function lockActivity(tx: DbOrTx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrollmentActivities)
    .where(eq(enrollmentActivities.id, id))
    .for('update');
  return row;
}

export async function insertActivity(tx: DbOrTx, values: ActivityInsert): Promise<ActivityRow> {
  const [row] = await tx.insert(enrollmentActivities).values(values).returning();
  return row!;
}

export async function updateActivity(
  tx: DbOrTx,
  id: number,
  values: Partial<ActivityInsert>,
): Promise<ActivityRow> {
  const [row] = await tx
    .update(enrollmentActivities)
    .set(values)
    .where(eq(enrollmentActivities.id, id))
    .returning();
  return row!;
}

export async function deleteActivity(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(enrollmentActivities).where(eq(enrollmentActivities.id, id));
}

// --- Documents ---

export type DocumentRow = typeof enrollmentDocuments.$inferSelect;
export type DocumentInsert = typeof enrollmentDocuments.$inferInsert;
export type DocumentView = DocumentRow & { uploadedByName: string | null };

const documentView = { ...getTableColumns(enrollmentDocuments), uploadedByName: users.name };

/** An enrollment's documents, newest first (index enrollment_documents_enrollment_idx). */
export async function listDocuments(
  db: DbOrTx,
  enrollmentId: number,
  page: Page,
): Promise<{ rows: DocumentView[]; total: number }> {
  const where = eq(enrollmentDocuments.enrollmentId, enrollmentId);
  const [rows, totals] = await Promise.all([
    db
      .select(documentView)
      .from(enrollmentDocuments)
      .leftJoin(users, eq(users.id, enrollmentDocuments.uploadedBy))
      .where(where)
      .orderBy(desc(enrollmentDocuments.uploadDate), desc(enrollmentDocuments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(enrollmentDocuments).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(enrollmentDocuments).where(eq(enrollmentDocuments.id, id));
  return row;
}

/** Which of `ids` are documents of the enrollment. */
export async function documentIdsOfEnrollment(
  db: DbOrTx,
  enrollmentId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: enrollmentDocuments.id })
    .from(enrollmentDocuments)
    .where(
      and(eq(enrollmentDocuments.enrollmentId, enrollmentId), inArray(enrollmentDocuments.id, [...ids])),
    );
  return new Set(rows.map((r) => r.id));
}

export async function lockDocument(tx: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrollmentDocuments)
    .where(eq(enrollmentDocuments.id, id))
    .for('update');
  return row;
}

export async function insertDocument(tx: DbOrTx, values: DocumentInsert): Promise<DocumentRow> {
  const [row] = await tx.insert(enrollmentDocuments).values(values).returning();
  return row!;
}

export async function deleteDocument(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(enrollmentDocuments).where(eq(enrollmentDocuments.id, id));
}

/** The storage keys of an enrollment's documents, their rows locked until the transaction ends. */
export async function lockEnrollmentDocumentKeys(tx: DbOrTx, enrollmentId: number): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: enrollmentDocuments.storageKey })
    .from(enrollmentDocuments)
    .where(eq(enrollmentDocuments.enrollmentId, enrollmentId))
    .for('update');
  return rows.map((r) => r.storageKey);
}

/** Which of these storage keys still have a row (a file is removed only once nothing names it). */
export async function keysStillReferenced(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: enrollmentDocuments.storageKey })
    .from(enrollmentDocuments)
    .where(inArray(enrollmentDocuments.storageKey, [...keys]));
  return new Set(rows.map((r) => r.storageKey));
}

// --- Notes ---

export type NoteRow = typeof enrollmentNotes.$inferSelect;
export type NoteInsert = typeof enrollmentNotes.$inferInsert;
export type NoteView = NoteRow & { createdByName: string | null };

const noteView = { ...getTableColumns(enrollmentNotes), createdByName: users.name };

/**
 * Who reads confidential notes: everyone (`null`, the organization's managers and admins) or only the
 * confidential notes this user wrote (002 §6, issue #15 item 8).
 */
export type ConfidentialReader = number | null;

function readable(reader: ConfidentialReader): SQL | undefined {
  if (reader === null) return undefined;
  return or(eq(enrollmentNotes.isConfidential, false), eq(enrollmentNotes.createdBy, reader));
}

/** An enrollment's notes the reader may read, newest first, and their count (counted the same way). */
export async function listNotes(
  db: DbOrTx,
  enrollmentId: number,
  reader: ConfidentialReader,
  page: Page,
): Promise<{ rows: NoteView[]; total: number }> {
  const where = and(eq(enrollmentNotes.enrollmentId, enrollmentId), readable(reader));
  const [rows, totals] = await Promise.all([
    db
      .select(noteView)
      .from(enrollmentNotes)
      .leftJoin(users, eq(users.id, enrollmentNotes.createdBy))
      .where(where)
      .orderBy(desc(enrollmentNotes.createdTs), desc(enrollmentNotes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(enrollmentNotes).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** A note, if the reader may read it. */
export async function findNote(
  db: DbOrTx,
  id: number,
  reader: ConfidentialReader,
): Promise<NoteView | undefined> {
  const [row] = await db
    .select(noteView)
    .from(enrollmentNotes)
    .leftJoin(users, eq(users.id, enrollmentNotes.createdBy))
    .where(and(eq(enrollmentNotes.id, id), readable(reader)));
  return row;
}

export async function enrollmentOfNote(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ enrollmentId: enrollmentNotes.enrollmentId })
    .from(enrollmentNotes)
    .where(eq(enrollmentNotes.id, id));
  return row?.enrollmentId;
}

export async function lockNote(tx: DbOrTx, id: number): Promise<NoteRow | undefined> {
  const [row] = await tx.select().from(enrollmentNotes).where(eq(enrollmentNotes.id, id)).for('update');
  return row;
}

export async function insertNote(tx: DbOrTx, values: NoteInsert): Promise<NoteRow> {
  const [row] = await tx.insert(enrollmentNotes).values(values).returning();
  return row!;
}

export async function updateNote(tx: DbOrTx, id: number, values: Partial<NoteInsert>): Promise<NoteRow> {
  const [row] = await tx.update(enrollmentNotes).set(values).where(eq(enrollmentNotes.id, id)).returning();
  return row!;
}

export async function deleteNote(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(enrollmentNotes).where(eq(enrollmentNotes.id, id));
}

// --- Goals ---

export type GoalRow = typeof enrollmentGoals.$inferSelect;
export type GoalInsert = typeof enrollmentGoals.$inferInsert;
export type GoalView = GoalRow & { createdByName: string | null };

const goalView = { ...getTableColumns(enrollmentGoals), createdByName: users.name };

/** An enrollment's goals, newest first. */
export async function listGoals(
  db: DbOrTx,
  enrollmentId: number,
  page: Page,
): Promise<{ rows: GoalView[]; total: number }> {
  const where = eq(enrollmentGoals.enrollmentId, enrollmentId);
  const [rows, totals] = await Promise.all([
    db
      .select(goalView)
      .from(enrollmentGoals)
      .leftJoin(users, eq(users.id, enrollmentGoals.createdBy))
      .where(where)
      .orderBy(desc(enrollmentGoals.createdTs), desc(enrollmentGoals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(enrollmentGoals).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findGoal(db: DbOrTx, id: number): Promise<GoalView | undefined> {
  const [row] = await db
    .select(goalView)
    .from(enrollmentGoals)
    .leftJoin(users, eq(users.id, enrollmentGoals.createdBy))
    .where(eq(enrollmentGoals.id, id));
  return row;
}

export async function enrollmentOfGoal(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ enrollmentId: enrollmentGoals.enrollmentId })
    .from(enrollmentGoals)
    .where(eq(enrollmentGoals.id, id));
  return row?.enrollmentId;
}

export async function lockGoal(tx: DbOrTx, id: number): Promise<GoalRow | undefined> {
  const [row] = await tx.select().from(enrollmentGoals).where(eq(enrollmentGoals.id, id)).for('update');
  return row;
}

export async function insertGoal(tx: DbOrTx, values: GoalInsert): Promise<GoalRow> {
  const [row] = await tx.insert(enrollmentGoals).values(values).returning();
  return row!;
}

export async function updateGoal(tx: DbOrTx, id: number, values: Partial<GoalInsert>): Promise<GoalRow> {
  const [row] = await tx.update(enrollmentGoals).set(values).where(eq(enrollmentGoals.id, id)).returning();
  return row!;
}

export async function deleteGoal(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(enrollmentGoals).where(eq(enrollmentGoals.id, id));
}
