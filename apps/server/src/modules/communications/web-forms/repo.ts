import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { webFormSubmissions } from '../../../db/schema/index.ts';

// The web_form_submissions table (001 §3 Web form submission record), owned by this module.

export type SubmissionRow = typeof webFormSubmissions.$inferSelect;
export type SubmissionInsert = typeof webFormSubmissions.$inferInsert;

export async function insertSubmission(db: DbOrTx, values: SubmissionInsert): Promise<SubmissionRow> {
  const [row] = await db.insert(webFormSubmissions).values(values).returning();
  return row!;
}

export async function findSubmission(db: DbOrTx, id: number): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(webFormSubmissions).where(eq(webFormSubmissions.id, id));
  return row ?? null;
}

/** The status alone: what the waiting request polls. */
export async function submissionStatus(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ status: webFormSubmissions.status })
    .from(webFormSubmissions)
    .where(eq(webFormSubmissions.id, id));
  return row?.status ?? null;
}

export async function updateSubmission(
  db: DbOrTx,
  id: number,
  patch: Partial<SubmissionInsert>,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(webFormSubmissions)
    .set(patch)
    .where(eq(webFormSubmissions.id, id))
    .returning();
  return row ?? null;
}

/** queued → running, once: a job delivered twice (or a sweep) finds it taken and does nothing. */
export async function claimSubmission(db: DbOrTx, id: number, at: Date): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(webFormSubmissions)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(webFormSubmissions.id, id), eq(webFormSubmissions.status, 'queued')))
    .returning();
  return row ?? null;
}

/** Submissions still queued or running since before `before`: their process ended mid-way. */
export async function staleSubmissions(db: DbOrTx, before: Date): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(webFormSubmissions)
    .where(
      and(
        inArray(webFormSubmissions.status, ['queued', 'running']),
        lt(webFormSubmissions.createdAt, before),
      ),
    )
    .limit(100);
}
