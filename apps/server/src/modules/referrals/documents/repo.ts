import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { referralDocuments, users } from '../../../db/schema/index.ts';

export type DocumentRow = typeof referralDocuments.$inferSelect;
export type DocumentInsert = typeof referralDocuments.$inferInsert;
/** A document with its uploader's current name (null once the account is gone). */
export type DocumentWithUploader = DocumentRow & { uploaderName: string | null };

const withUploader = {
  id: referralDocuments.id,
  referralId: referralDocuments.referralId,
  organizationId: referralDocuments.organizationId,
  uploadedBy: referralDocuments.uploadedBy,
  filename: referralDocuments.filename,
  contentType: referralDocuments.contentType,
  fileSize: referralDocuments.fileSize,
  sha256: referralDocuments.sha256,
  storageKey: referralDocuments.storageKey,
  uploadedAt: referralDocuments.uploadedAt,
  uploaderName: users.name,
};

/** One referral's documents, newest first (index referral_documents_referral_idx, scanned backwards). */
export async function listDocuments(
  db: DbOrTx,
  referralId: number,
  options: { limit: number; offset: number },
): Promise<{ rows: DocumentWithUploader[]; total: number }> {
  const where = eq(referralDocuments.referralId, referralId);
  const [rows, totals] = await Promise.all([
    db
      .select(withUploader)
      .from(referralDocuments)
      .leftJoin(users, eq(users.id, referralDocuments.uploadedBy))
      .where(where)
      .orderBy(desc(referralDocuments.uploadedAt), desc(referralDocuments.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(referralDocuments).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** A document of the given referral (a document of another referral does not exist for this path). */
export async function findDocument(
  db: DbOrTx,
  referralId: number,
  id: number,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(referralDocuments)
    .where(and(eq(referralDocuments.id, id), eq(referralDocuments.referralId, referralId)));
  return row;
}

/** The same, locked until the transaction ends, so two deletes of one document happen one after the other. */
export async function lockDocument(
  tx: DbOrTx,
  referralId: number,
  id: number,
): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(referralDocuments)
    .where(and(eq(referralDocuments.id, id), eq(referralDocuments.referralId, referralId)))
    .for('update');
  return row;
}

export async function insertDocument(tx: DbOrTx, values: DocumentInsert): Promise<DocumentRow> {
  const [row] = await tx.insert(referralDocuments).values(values).returning();
  return row!;
}

export async function deleteDocument(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(referralDocuments).where(eq(referralDocuments.id, id));
}

/** The storage keys of a referral's documents, their rows locked for the rest of the transaction. */
export async function lockReferralDocumentKeys(tx: DbOrTx, referralId: number): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: referralDocuments.storageKey })
    .from(referralDocuments)
    .where(eq(referralDocuments.referralId, referralId))
    .for('update');
  return rows.map((r) => r.storageKey);
}

/**
 * Which of these keys still have a row. `FOR KEY SHARE` waits for a transaction that holds the rows (a delete
 * in progress) to end, so the answer is the state after that transaction committed or rolled back.
 */
export async function keysStillReferenced(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: referralDocuments.storageKey })
    .from(referralDocuments)
    .where(inArray(referralDocuments.storageKey, [...keys]))
    .for('key share');
  return new Set(rows.map((r) => r.storageKey));
}
