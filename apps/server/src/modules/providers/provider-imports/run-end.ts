import { type ImportDataSource, type ImportDependencyType, methodsOf } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { createJobs } from './job-start.ts';
import type { ImportJobRow } from './repo.ts';
import * as schedulesRepo from './schedules-repo.ts';

// When a job reaches its end (completed, failed or cancelled), in the transaction that ends it: its schedule
// counts the run, and the schedules that depend on that schedule start if their dependency type is satisfied
// (issue #18 items 3 and 6). Exactly once per job, because a job ends once (an atomic status move).

/** Whether a run that ended so satisfies a dependency of this type (IMPORT_DEPENDENCY_MEANINGS). */
export function dependencySatisfied(type: ImportDependencyType, job: ImportJobRow): boolean {
  if (type === 'completion') return job.status === 'completed' || job.status === 'failed';
  if (job.status !== 'completed') return false;
  if (type === 'conditional') return job.progress.providers_added + job.progress.providers_updated > 0;
  return true;
}

/** Counts the run on its schedule and starts the satisfied dependents; returns the jobs it created. */
export async function recordRunEnd(
  ctx: ServiceContext,
  tx: DbOrTx,
  job: ImportJobRow,
): Promise<ImportJobRow[]> {
  if (job.scheduleId === null) return [];
  await schedulesRepo.countRun(tx, job.scheduleId, job.status === 'completed');
  const started: ImportJobRow[] = [];
  for (const dependency of await schedulesRepo.dependentsOf(tx, job.scheduleId)) {
    if (!dependencySatisfied(dependency.dependencyType as ImportDependencyType, job)) continue;
    const dependent = await schedulesRepo.lockSchedule(tx, dependency.scheduleId);
    // A disabled schedule runs for nobody; one already running is not started twice.
    if (!dependent?.enabled || (await schedulesRepo.hasActiveJob(tx, dependent.id))) continue;
    started.push(...(await createJobs(ctx, [scheduleRunJob(dependent, 'dependency', null)], tx)));
    await schedulesRepo.updateSchedule(tx, dependent.id, { lastRunAt: new Date() });
  }
  return started;
}

/** The job a run of the schedule creates: its states, its per-run limit spread over them. */
export function scheduleRunJob(
  schedule: schedulesRepo.ScheduleRow,
  trigger: 'schedule' | 'dependency' | 'manual',
  createdBy: number | null,
) {
  return {
    dataSource: schedule.dataSource as ImportDataSource,
    states: schedule.states,
    limitPerState: Math.max(1, Math.floor(schedule.limitPerRun / Math.max(1, schedule.states.length))),
    taxonomy: schedule.taxonomy,
    method: methodsOf(schedule.dataSource as ImportDataSource)[0],
    trigger,
    scheduleId: schedule.id,
    createdBy,
  };
}
