import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { otfRtfSubmissions, users } from '../../../db/schema/index.ts';

export type OtfRtfRow = typeof otfRtfSubmissions.$inferSelect;
export type OtfRtfInsert = typeof otfRtfSubmissions.$inferInsert;
/** A submission with its author's current name. */
export type OtfRtfRecord = OtfRtfRow & { createdByName: string | null };

export async function insertSubmission(tx: DbOrTx, values: OtfRtfInsert): Promise<OtfRtfRow> {
  const [row] = await tx.insert(otfRtfSubmissions).values(values).returning();
  return row!;
}

/** One organization's submissions, newest first (index otf_rtf_org_created_idx, scanned backwards). */
export async function listSubmissions(
  db: DbOrTx,
  organizationId: number,
  options: { limit: number; offset: number },
): Promise<{ rows: OtfRtfRecord[]; total: number }> {
  const where = eq(otfRtfSubmissions.organizationId, organizationId);
  const [rows, totals] = await Promise.all([
    db
      .select({ submission: otfRtfSubmissions, createdByName: users.name })
      .from(otfRtfSubmissions)
      .leftJoin(users, eq(users.id, otfRtfSubmissions.createdBy))
      .where(where)
      .orderBy(desc(otfRtfSubmissions.createdAt), desc(otfRtfSubmissions.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(otfRtfSubmissions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.submission, createdByName: r.createdByName })),
    total: Number(totals[0]?.total ?? 0),
  };
}
