import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { IMPORT_RUN_JOB } from './job-start.ts';
import { runImportJob } from './run-job.ts';
import { runDueSchedules } from './schedules-service.ts';

export const IMPORT_TICK_JOB = 'provider-imports.tick';

/** The import job's run on the queue: a few at once per process (a batch's states import side by side). */
export function registerProviderImportJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define<{ jobId?: string; sourceUrl?: string }>({
    name: IMPORT_RUN_JOB,
    retryLimit: 2,
    // A whole state's import can take many minutes; a killed worker's job runs again after this.
    expireInSeconds: 3600,
    batchSize: 4,
    pollingIntervalSeconds: 1,
    handler: async ({ jobId, sourceUrl }) => {
      if (typeof jobId === 'string')
        await runImportJob(systemContext(deps, IMPORT_RUN_JOB), jobId, {
          ...(typeof sourceUrl === 'string' ? { sourceUrl } : {}),
        });
    },
  });
  // One tick a minute reads every schedule's next_run_at (schedules survive restarts: they live in the table).
  jobs.define({
    name: IMPORT_TICK_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await runDueSchedules(systemContext(deps, IMPORT_TICK_JOB));
    },
  });
}
