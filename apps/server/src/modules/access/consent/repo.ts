import type { ConsentDocumentType } from '@trust/domain';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { consentDocuments, consentSignatures } from '../../../db/schema/index.ts';

export type DocumentRow = typeof consentDocuments.$inferSelect;
export type SignatureRow = typeof consentSignatures.$inferSelect;

/** The newest published version of each document type. */
export async function currentDocuments(db: DbOrTx): Promise<DocumentRow[]> {
  return db
    .selectDistinctOn([consentDocuments.documentType])
    .from(consentDocuments)
    .orderBy(consentDocuments.documentType, desc(consentDocuments.publishedAt), desc(consentDocuments.id));
}

/** Every version with how many signatures it has, newest first. */
export async function allDocuments(db: DbOrTx) {
  return db
    .select({
      document: consentDocuments,
      signatureCount: sql<number>`(select count(*)::int from ${consentSignatures} s where s.document_id = ${consentDocuments.id})`,
    })
    .from(consentDocuments)
    .orderBy(consentDocuments.documentType, desc(consentDocuments.publishedAt), desc(consentDocuments.id));
}

export async function documentById(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(consentDocuments).where(eq(consentDocuments.id, id));
  return row;
}

export async function documentByVersion(db: DbOrTx, type: ConsentDocumentType, version: string) {
  const [row] = await db
    .select({ id: consentDocuments.id })
    .from(consentDocuments)
    .where(and(eq(consentDocuments.documentType, type), eq(consentDocuments.version, version)));
  return row;
}

export async function insertDocument(db: DbOrTx, values: typeof consentDocuments.$inferInsert) {
  const [row] = await db.insert(consentDocuments).values(values).returning();
  return row!;
}

export async function insertSignature(db: DbOrTx, values: typeof consentSignatures.$inferInsert) {
  const [row] = await db.insert(consentSignatures).values(values).returning();
  return row!;
}

export async function signaturesOf(db: DbOrTx, userId: number): Promise<SignatureRow[]> {
  return db
    .select()
    .from(consentSignatures)
    .where(eq(consentSignatures.userId, userId))
    .orderBy(desc(consentSignatures.signedAt), desc(consentSignatures.id));
}

export async function signatureOf(db: DbOrTx, userId: number, id: number): Promise<SignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(consentSignatures)
    .where(and(eq(consentSignatures.id, id), eq(consentSignatures.userId, userId)));
  return row;
}

/** Sets revoked_at once; answers undefined when it was already set (a concurrent revoke). */
export async function revokeSignature(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .update(consentSignatures)
    .set({ revokedAt: now })
    .where(and(eq(consentSignatures.id, id), isNull(consentSignatures.revokedAt)))
    .returning();
  return row;
}

/** The newest version of each of these document types published by now (the ones registration signs). */
export async function currentPublishedDocuments(db: DbOrTx, types: readonly string[]) {
  const rows = await db
    .select({
      id: consentDocuments.id,
      documentType: consentDocuments.documentType,
      version: consentDocuments.version,
      publishedAt: consentDocuments.publishedAt,
    })
    .from(consentDocuments)
    .where(
      and(inArray(consentDocuments.documentType, [...types]), lte(consentDocuments.publishedAt, sql`now()`)),
    )
    .orderBy(desc(consentDocuments.publishedAt), desc(consentDocuments.id));
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(row.documentType)) newest.set(row.documentType, row);
  return [...newest.values()];
}
