import { FORM_ANALYTICS_PURGE_CRON } from '@trust/domain';
import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { purgeExpiredAnalytics } from './analytics-cache.ts';

// 002 §9: expired analytics entries are purged every 10 minutes (a read never uses an expired one anyway; the
// purge keeps the table small).

export const ANALYTICS_PURGE_JOB = 'forms.analytics_cache.purge';

export function registerFormJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define({
    name: ANALYTICS_PURGE_JOB,
    cron: FORM_ANALYTICS_PURGE_CRON,
    handler: async () => {
      const ctx = systemContext(deps, ANALYTICS_PURGE_JOB);
      await purgeExpiredAnalytics(ctx.db);
    },
  });
}
