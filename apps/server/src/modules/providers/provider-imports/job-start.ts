import {
  emptyImportProgress,
  emptyImportUsage,
  IMPORT_MESSAGES,
  type ImportDataSource,
  type ImportMethod,
  methodsOf,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import type { ServiceContext, UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './repo.ts';
import { toImportJob } from './wire.ts';

// Registry imports (issue #18 item 2; 002 §2 Manual Jobs, §4, §7): an operator starts a job (one per state in a
// batch); the job runs on the queue (run-job.ts) and its every change reaches the operators' screens live
// (`import.job_changed`). Importing providers changes the directory every organization matches against: a
// platform-wide power, so platform operators only (the spec's screen shows no role checks).

export const IMPORT_RUN_JOB = 'provider-imports.run';
export const IMPORT_JOB_EVENT = 'import.job_changed';

export function requireOperator(ctx: ServiceContext): asserts ctx is UserContext {
  if (ctx.actor.kind !== 'user' || !isPlatformOperator(ctx.actor)) {
    throw new AppError('platform.operator_only', IMPORT_MESSAGES.operatorsOnly);
  }
}

/** Tells the operators' open screens that a job changed (after its change committed). */
export async function announceJob(ctx: ServiceContext, row: repo.ImportJobRow) {
  await ctx.deps.events.publish(IMPORT_JOB_EVENT, { kind: 'platform_operators' }, { job: toImportJob(row) });
}

type NewJob = {
  dataSource: ImportDataSource;
  states: string[];
  limitPerState: number;
  taxonomy: string | null;
  /** Default: the source's first method (the API for NPPES, the file for the others). */
  method?: ImportMethod;
  /**
   * HSDS only (issue #21): the directory's address. It travels with the queued run (the job's table has no column
   * for it), so a retried run reads the same directory; the audit row records it.
   */
  sourceUrl?: string | null;
  trigger: 'manual' | 'schedule' | 'dependency';
  scheduleId?: number | null;
  createdBy: number | null;
};

/**
 * Creates jobs and queues their runs in one transaction (a job exists exactly when its run is queued), with
 * the audit rows. Without a queue (JOBS=off) the jobs stay queued until a server with one picks them up.
 */
export async function createJobs(
  ctx: ServiceContext,
  jobs: NewJob[],
  tx?: DbOrTx,
): Promise<repo.ImportJobRow[]> {
  const write = async (db: DbOrTx) => {
    const rows = await repo.insertJobs(
      db,
      jobs.map((j) => ({
        dataSource: j.dataSource,
        states: j.states,
        limitPerState: j.limitPerState,
        taxonomy: j.dataSource === 'hrsa' || j.dataSource === 'hsds' ? null : j.taxonomy,
        method: j.method ?? (methodsOf(j.dataSource)[0] as ImportMethod),
        trigger: j.trigger,
        scheduleId: j.scheduleId ?? null,
        createdBy: j.createdBy,
        progress: emptyImportProgress(),
        usage: emptyImportUsage(),
      })),
    );
    for (const [index, row] of rows.entries()) {
      const sourceUrl = jobs[index]?.sourceUrl ?? null;
      await audit(db, ctx, {
        action: 'provider_import.started',
        entityType: 'import_job',
        entityId: row.id,
        details: {
          data_source: row.dataSource,
          method: row.method,
          states: row.states,
          limit: row.limitPerState,
          trigger: row.trigger,
          ...(sourceUrl ? { source_url: sourceUrl } : {}),
        },
      });
      await ctx.deps.jobs?.sendInTransaction(
        db,
        IMPORT_RUN_JOB,
        { jobId: row.id, ...(sourceUrl ? { sourceUrl } : {}) },
        { singletonKey: row.id },
      );
    }
    return rows;
  };
  const rows = tx ? await write(tx) : await ctx.db.transaction(write);
  if (!tx) for (const row of rows) await announceJob(ctx, row);
  return rows;
}
