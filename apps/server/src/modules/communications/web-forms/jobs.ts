import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import {
  endStaleSubmissions,
  runWebFormSubmission,
  WEB_FORM_JOB,
  type WebFormJobData,
} from './submission-job.ts';

/** The web-form module's jobs (registered from its manifest, module.ts). */
export function registerWebFormJobs(jobs: Jobs, deps: AppDeps): void {
  // 001 §5 web form: one headless-browser run per job. No retry: a retry could send the provider's form twice,
  // and a run that fails records why (the coordinator submits again if they want).
  jobs.define<WebFormJobData>({
    name: WEB_FORM_JOB,
    retryLimit: 0,
    handler: async (data) => {
      if (typeof data.submissionId === 'number') {
        await runWebFormSubmission(systemContext(deps, WEB_FORM_JOB), data);
      }
    },
  });

  // Records a stopped process left queued or running end as failed (never "running" for ever).
  jobs.define({
    name: 'web-form.sweep',
    cron: '*/10 * * * *',
    handler: async () => {
      await endStaleSubmissions(systemContext(deps, 'web-form.sweep'), { now: new Date() });
    },
  });
}
