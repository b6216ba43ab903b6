import {
  emptyImportProgress,
  emptyImportUsage,
  IMPORT_JOB_ACTIVE,
  IMPORT_MESSAGES,
  IMPORT_RECENT_JOBS,
  type ImportBatchBody,
  type ImportDataSource,
  type ImportJob,
  type ImportStartBody,
  type ImportStats,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import type { ServiceContext, UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { countProvidersBySource } from '../directory/registry-service.ts';
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
        taxonomy: j.dataSource === 'cms_nppes' ? j.taxonomy : null,
        trigger: j.trigger,
        scheduleId: j.scheduleId ?? null,
        createdBy: j.createdBy,
        progress: emptyImportProgress(),
        usage: emptyImportUsage(),
      })),
    );
    for (const row of rows) {
      await audit(db, ctx, {
        action: 'provider_import.started',
        entityType: 'import_job',
        entityId: row.id,
        details: {
          data_source: row.dataSource,
          states: row.states,
          limit: row.limitPerState,
          trigger: row.trigger,
        },
      });
      await ctx.deps.jobs?.sendInTransaction(db, IMPORT_RUN_JOB, { jobId: row.id }, { singletonKey: row.id });
    }
    return rows;
  };
  const rows = tx ? await write(tx) : await ctx.db.transaction(write);
  if (!tx) for (const row of rows) await announceJob(ctx, row);
  return rows;
}

/** POST /api/import/start: one job over the states. */
export async function startImport(
  ctx: ServiceContext,
  body: ImportStartBody,
): Promise<{ job_id: string; job: ImportJob }> {
  requireOperator(ctx);
  const [row] = await createJobs(ctx, [
    {
      dataSource: body.data_source,
      states: body.states,
      limitPerState: body.limit,
      taxonomy: body.taxonomy,
      trigger: 'manual',
      createdBy: ctx.actor.user.id,
    },
  ]);
  return { job_id: row!.id, job: toImportJob(row!) };
}

/** POST /api/import/batch: one NPPES job per state, so each is followed and cancelled on its own. */
export async function startBatchImport(
  ctx: ServiceContext,
  body: ImportBatchBody,
): Promise<{ jobs: ImportJob[] }> {
  requireOperator(ctx);
  const rows = await createJobs(
    ctx,
    body.states.map((state) => ({
      dataSource: 'cms_nppes' as const,
      states: [state],
      limitPerState: body.limit_per_state,
      taxonomy: body.taxonomy,
      trigger: 'manual' as const,
      createdBy: ctx.actor.user.id,
    })),
  );
  return { jobs: rows.map(toImportJob) };
}

async function findOr404(db: DbOrTx, id: string) {
  const row = await repo.findJob(db, id);
  if (!row) throw new AppError('import_job.not_found', IMPORT_MESSAGES.jobNotFound);
  return row;
}

/** GET /api/import/jobs/{id}. */
export async function getImportJob(ctx: ServiceContext, input: { id: string }): Promise<ImportJob> {
  requireOperator(ctx);
  return toImportJob(await findOr404(ctx.db, input.id));
}

/**
 * POST /api/import/jobs/{id}/cancel: a queued or running job ends as cancelled at once; a running one's worker
 * sees it within a second and stops mid-call (the providers of batches already written stay, each whole).
 */
export async function cancelImportJob(ctx: ServiceContext, input: { id: string }): Promise<ImportJob> {
  requireOperator(ctx);
  const row = await findOr404(ctx.db, input.id);
  const moved = await ctx.db.transaction(async (tx) => {
    const done = await repo.moveJob(tx, row.id, IMPORT_JOB_ACTIVE, {
      status: 'cancelled',
      completedAt: new Date(),
      progress: { ...row.progress, current_state: null },
    });
    if (!done) return null;
    await audit(tx, ctx, { action: 'provider_import.cancelled', entityType: 'import_job', entityId: row.id });
    return done;
  });
  if (!moved) {
    const now = await findOr404(ctx.db, input.id);
    throw new AppError('import_job.not_cancellable', IMPORT_MESSAGES.notCancellable(now.status));
  }
  await announceJob(ctx, moved);
  return toImportJob(moved);
}

/** GET /api/import/stats: the directory's providers by source, the active jobs, the recent ones. */
export async function getImportStats(ctx: ServiceContext): Promise<ImportStats> {
  requireOperator(ctx);
  const providers = await countProvidersBySource(ctx.db);
  return {
    total_providers: providers.total,
    active_jobs: await repo.countActive(ctx.db),
    by_source: providers.bySource,
    recent_jobs: (await repo.listRecent(ctx.db, IMPORT_RECENT_JOBS)).map(toImportJob),
  };
}
