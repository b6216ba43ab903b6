import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { recomputeDataQuality } from './freshness-service.ts';

export const FRESHNESS_JOB = 'directory.freshness';

/**
 * Issue #18 item 7: once a day every listing's data quality score is recomputed (recency falls day by day; an
 * import recomputes the listings it touched at once). One UPDATE in SQL; a missed day is caught up by the next.
 */
export function registerDirectoryJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define({
    name: FRESHNESS_JOB,
    cron: '17 3 * * *',
    retryLimit: 2,
    handler: async () => {
      const ctx = systemContext(deps, FRESHNESS_JOB);
      const changed = await recomputeDataQuality(ctx);
      ctx.log.info({ changed }, 'directory data quality recomputed');
    },
  });
}
