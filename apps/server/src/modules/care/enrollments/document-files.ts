import { inArray, sql } from 'drizzle-orm';
import { enrollmentDocumentOrphans } from '../../../db/schema/index.ts';
import { type ServiceContext, systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { DomainEventSubscriptions } from '../../../platform/domain-events.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { storageOf } from '../../../platform/storage.ts';

// The files of deleted enrollment documents (issue #15: a document's file never outlives its row). A trigger
// on enrollment_documents records the storage key of every deleted row in enrollment_document_orphans, in the
// deleting transaction, whatever deleted it: a document, an enrollment, or a cascade from a member, a program or
// an organization. Here the files are removed and their keys forgotten: at once after this module's own
// deletes, on member.deleted and program.deleted through a job, and every 5 minutes for anything left (a process
// stopped between the commit and the removal, a file system that refused).

export const DOCUMENT_FILES_JOB = 'enrollments.document_files.sweep';
const SWEEP_BATCH = 200;

/**
 * Removes the files of orphaned keys (only `keys` when given) and forgets those keys; a key whose file cannot
 * be removed is kept for the next sweep. Concurrent sweeps take different keys (SKIP LOCKED). Returns how many
 * files went.
 */
export async function removeOrphanedDocumentFiles(
  ctx: ServiceContext,
  keys?: readonly string[],
): Promise<number> {
  if (keys?.length === 0) return 0;
  const storage = storageOf(ctx.deps);
  let removed = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ storageKey: enrollmentDocumentOrphans.storageKey })
        .from(enrollmentDocumentOrphans)
        .where(keys ? inArray(enrollmentDocumentOrphans.storageKey, [...keys]) : undefined)
        .orderBy(enrollmentDocumentOrphans.orphanedAt)
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const gone: string[] = [];
      for (const { storageKey } of rows) {
        try {
          await storage.remove(storageKey);
          gone.push(storageKey);
        } catch (err) {
          ctx.log.error(
            { err, storage_key: storageKey },
            'could not remove a deleted document file; will retry',
          );
        }
      }
      if (gone.length > 0) {
        await tx.delete(enrollmentDocumentOrphans).where(inArray(enrollmentDocumentOrphans.storageKey, gone));
      }
      return { taken: rows.length, gone: gone.length };
    });
    removed += batch.gone;
    if (batch.taken < SWEEP_BATCH || batch.gone === 0) return removed;
  }
}

/** Orphaned keys not yet swept (tests, and the health of the sweep). */
export async function countOrphanedDocumentFiles(ctx: Pick<ServiceContext, 'db'>): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(enrollmentDocumentOrphans);
  return Number(row?.n ?? 0);
}

export function registerDocumentFileJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define({
    name: DOCUMENT_FILES_JOB,
    cron: '*/5 * * * *',
    handler: async () => {
      await removeOrphanedDocumentFiles(systemContext(deps, DOCUMENT_FILES_JOB));
    },
  });
}

/**
 * A member's or a program's deletion took its enrollments' documents with it: their files are swept by a job
 * (once, whichever process hears the event first; a second sweep finds nothing), or here when there is no queue.
 */
export function documentFileSubscriptions(deps: AppDeps): DomainEventSubscriptions {
  const sweep = async () => {
    if (deps.jobs) await deps.jobs.send(DOCUMENT_FILES_JOB, {});
    else await removeOrphanedDocumentFiles(systemContext(deps, DOCUMENT_FILES_JOB));
  };
  return { 'member.deleted': sweep, 'program.deleted': sweep };
}
