import {
  IMPORT_JOB_ACTIVE,
  IMPORT_MESSAGES,
  IMPORT_RECENT_JOBS,
  type ImportBatchBody,
  type ImportJob,
  type ImportStartBody,
  type ImportStats,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { countProvidersBySource } from '../directory/registry-service.ts';
import { requireFileConfigured } from './file-import.ts';
import { requireHsdsAddress } from './hsds-address.ts';
import { announceJob, createJobs, requireOperator } from './job-start.ts';
import * as repo from './repo.ts';
import { recordRunEnd } from './run-end.ts';
import { toImportJob } from './wire.ts';

// The Manual Jobs calls (002 §7): start, batch, one job, cancel, stats. Jobs are created by job-start.ts and run
// by run-job.ts.

/** POST /api/import/start: one job over the states. */
export async function startImport(
  ctx: ServiceContext,
  body: ImportStartBody,
): Promise<{ job_id: string; job: ImportJob }> {
  requireOperator(ctx);
  if (body.data_source === 'hsds') await requireHsdsAddress(ctx.deps.config, body.source_url ?? '');
  else requireFileConfigured(ctx.deps.config, body.data_source, body.method);
  const [row] = await createJobs(ctx, [
    {
      dataSource: body.data_source,
      states: body.states,
      limitPerState: body.limit,
      taxonomy: body.taxonomy,
      method: body.method,
      sourceUrl: body.source_url,
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
    return { done, started: await recordRunEnd(ctx, tx, done) };
  });
  if (!moved) {
    const now = await findOr404(ctx.db, input.id);
    throw new AppError('import_job.not_cancellable', IMPORT_MESSAGES.notCancellable(now.status));
  }
  await announceJob(ctx, moved.done);
  for (const next of moved.started) await announceJob(ctx, next);
  return toImportJob(moved.done);
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
