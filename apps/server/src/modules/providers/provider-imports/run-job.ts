import type { ImportDataSource, ImportProgress } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { type RegistryProviderValues, writeRegistryProviders } from '../directory/registry-service.ts';
import { runFileImport } from './file-import.ts';
import { runHsdsImport } from './hsds-import.ts';
import { announceJob } from './job-start.ts';
import { normaliseRegistryProvider } from './normalise.ts';
import type { ImportJobRow } from './repo.ts';
import * as repo from './repo.ts';
import { recordRunEnd } from './run-end.ts';
import { readSource } from './sources.ts';
import { costOf, UsageMeter } from './usage-meter.ts';

// The import job's run (issue #18 item 2): state after state, the source's blocks are normalised and written,
// each block in one transaction with the job's progress — so the directory and the counts always agree, and a
// cancel or a crash leaves only whole blocks behind. A cancel is seen within a second (a watcher reads the
// job's status) and aborts the registry call in flight. A run retried after a crash starts again at the first
// state it had not finished.

/** How often a running job checks whether it was cancelled (issue: "cancel stops within 5 seconds"). */
const CANCEL_CHECK_MS = 1_000;

class Cancelled extends Error {}

export async function runImportJob(
  ctx: ServiceContext,
  jobId: string,
  /** An HSDS job's directory address, carried by its queued run (issue #21). */
  options: { sourceUrl?: string } = {},
): Promise<void> {
  const initial = await repo.findJob(ctx.db, jobId);
  if (!initial || (initial.status !== 'queued' && initial.status !== 'running')) return;
  const started = await repo.moveJob(ctx.db, jobId, ['queued', 'running'], {
    status: 'running',
    startedAt: initial.startedAt ?? new Date(),
  });
  if (!started) return;
  await announceJob(ctx, started);

  const abort = new AbortController();
  const watcher = setInterval(() => {
    repo
      .statusOf(ctx.db, jobId)
      .then((status) => {
        if (status !== 'running') abort.abort(new Cancelled());
      })
      .catch(() => {});
  }, CANCEL_CHECK_MS);
  const meter = new UsageMeter(started.usage);
  let progress: ImportProgress = { ...started.progress };
  const notes = [...started.notes];

  try {
    const final =
      started.dataSource === 'hsds'
        ? await runHsdsImport(ctx, started, progress, options.sourceUrl ?? '', {
            signal: abort.signal,
            meter,
            commit: async (tx, p, hsdsNotes) => {
              notes.push(...hsdsNotes);
              return (
                (await repo.saveProgress(tx, jobId, { progress: p, usage: meter.snapshot(), notes })) !== null
              );
            },
          })
        : started.method === 'api'
          ? await runApiImport(ctx, started, { signal: abort.signal, meter, progress, notes })
          : await runFileImport(ctx, started, progress, {
              signal: abort.signal,
              meter,
              report: async (p) => {
                progress = p; // a file job that fails later records what it had read
                const row = await repo.saveProgress(ctx.db, jobId, {
                  progress: p,
                  usage: meter.snapshot(),
                  notes,
                });
                if (!row) throw new Cancelled();
                await announceJob(ctx, row);
              },
              commit: async (tx, p) =>
                (await repo.saveProgress(tx, jobId, { progress: p, usage: meter.snapshot(), notes })) !==
                null,
            });
    if (!final) throw new Cancelled();
    progress = final;
    await finish(ctx, jobId, 'completed', null, meter, progress, notes);
  } catch (error) {
    if (error instanceof Cancelled || abort.signal.aborted) {
      await recordCancelledUsage(ctx, jobId, meter);
      return;
    }
    ctx.log.warn({ err: error, jobId }, 'provider import failed');
    const message = error instanceof Error ? error.message : String(error);
    await finish(ctx, jobId, 'failed', message, meter, progress, notes);
  } finally {
    clearInterval(watcher);
  }
}

type ApiRun = { signal: AbortSignal; meter: UsageMeter; progress: ImportProgress; notes: string[] };

/** The NPPES API job: state after state, each block of the registry's answers written with the progress. */
async function runApiImport(ctx: ServiceContext, job: ImportJobRow, run: ApiRun): Promise<ImportProgress> {
  let progress = run.progress;
  for (const state of job.states) {
    if (progress.states_completed.includes(state)) continue;
    progress = { ...progress, current_state: state, current_state_fetched: 0 };
    const blocks = readSource(ctx, job.dataSource as ImportDataSource, {
      state,
      limit: job.limitPerState,
      taxonomy: job.taxonomy,
      signal: run.signal,
      meter: run.meter,
    });
    for await (const block of blocks) {
      if (block.note) run.notes.push(block.note);
      const good = new Map<string, RegistryProviderValues>();
      let refused = 0;
      for (const provider of block.providers) {
        const normalised = normaliseRegistryProvider(provider);
        if (normalised.ok) good.set(normalised.values.npi, normalised.values);
        else refused++;
      }
      const saved = await ctx.db.transaction(async (tx) => {
        const written = await writeRegistryProviders(tx, [...good.values()]);
        run.meter.rows(written.added + written.updated);
        const next: ImportProgress = {
          ...progress,
          providers_fetched: progress.providers_fetched + block.providers.length,
          current_state_fetched: progress.current_state_fetched + block.providers.length,
          providers_added: progress.providers_added + written.added,
          providers_updated: progress.providers_updated + written.updated,
          providers_skipped: progress.providers_skipped + written.unchanged + refused,
          providers_refused: progress.providers_refused + refused,
        };
        const row = await repo.saveProgress(tx, job.id, {
          progress: next,
          usage: run.meter.snapshot(),
          notes: run.notes,
        });
        // Cancelled meanwhile: this block is not written (the transaction rolls back).
        if (!row) throw new Cancelled();
        progress = next;
        return row;
      });
      await announceJob(ctx, saved);
    }
    progress = {
      ...progress,
      states_completed: [...progress.states_completed, state],
      current_state: null,
      current_state_fetched: 0,
    };
    const row = await repo.saveProgress(ctx.db, job.id, {
      progress,
      usage: run.meter.snapshot(),
      notes: run.notes,
    });
    if (!row) throw new Cancelled();
  }
  return progress;
}

async function finish(
  ctx: ServiceContext,
  jobId: string,
  status: 'completed' | 'failed',
  error: string | null,
  meter: UsageMeter,
  progress: ImportProgress,
  notes: string[],
) {
  const usage = meter.snapshot();
  const cost = costOf(usage, ctx.deps.config.importCosts);
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await repo.moveJob(tx, jobId, ['running'], {
      status,
      error,
      completedAt: new Date(),
      progress: { ...progress, current_state: null },
      usage,
      notes,
      costUsd: String(cost.total),
      costBreakdown: cost.byType,
    });
    if (!moved) return null;
    await audit(tx, ctx, {
      action: 'provider_import.finished',
      entityType: 'import_job',
      entityId: jobId,
      details: { status, added: progress.providers_added, updated: progress.providers_updated, error },
    });
    return { moved, started: await recordRunEnd(ctx, tx, moved) };
  });
  if (!row) return;
  await announceJob(ctx, row.moved);
  for (const next of row.started) await announceJob(ctx, next);
}

/** A cancelled run still used what it used: its usage and cost are recorded on the cancelled job. */
async function recordCancelledUsage(ctx: ServiceContext, jobId: string, meter: UsageMeter) {
  const usage = meter.snapshot();
  const cost = costOf(usage, ctx.deps.config.importCosts);
  const row = await repo.moveJob(ctx.db, jobId, ['cancelled'], {
    usage,
    costUsd: String(cost.total),
    costBreakdown: cost.byType,
  });
  if (row) await announceJob(ctx, row);
}
