import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { requeueStale, runStepJob, STEP_JOB, type StepJobData } from './engine.ts';
import { staleExecutionIds } from './instances-repo.ts';
import {
  FORM_SUBMITTED_JOB,
  runFormSubmitted,
  runScheduledTemplates,
  runTrigger,
  TRIGGER_JOB,
  type TriggerJobData,
} from './triggers.ts';

// The workflow engine's jobs (issue #17 item 2). Step jobs are fetched in batches and polled often: the time from
// one step to the next is the queue's latency (bench:workflows measures it). Every process with jobs runs them; the
// rows' locks decide who does what.

export const TICK_JOB = 'workflows.tick';
/** An execution this long overdue has lost its job (the tick queues it again). */
const STALE_AFTER_MS = 2 * 60_000;

export function registerWorkflowJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define<StepJobData>({
    name: STEP_JOB,
    handler: (data) => runStepJob(systemContext(deps, STEP_JOB), data),
    batchSize: 20,
    pollingIntervalSeconds: 0.5,
    // Above the longest api_call: a worker killed mid-step has its job run again after this.
    expireInSeconds: deps.config.workflowStepExpireSeconds,
    retryLimit: 5,
  });
  jobs.define<TriggerJobData>({
    name: TRIGGER_JOB,
    handler: async (data) => {
      await runTrigger(systemContext(deps, TRIGGER_JOB, data.organizationId), data);
    },
    pollingIntervalSeconds: 0.5,
  });
  jobs.define<{ formInstanceId: number }>({
    name: FORM_SUBMITTED_JOB,
    handler: (data) => runFormSubmitted(systemContext(deps, FORM_SUBMITTED_JOB), data),
    pollingIntervalSeconds: 0.5,
  });
  jobs.define({
    name: TICK_JOB,
    cron: '* * * * *',
    handler: async () => {
      const ctx = systemContext(deps, TICK_JOB);
      await runScheduledTemplates(ctx);
      const stale = await staleExecutionIds(ctx.db, new Date(Date.now() - STALE_AFTER_MS), 200);
      if (stale.length > 0) {
        ctx.log.info({ count: stale.length }, 'workflow steps without a job queued again');
        await ctx.db.transaction((tx) => requeueStale(ctx, tx, stale));
      }
    },
  });
}
