import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { IMPORT_JOB, runImport } from './service.ts';

/** The member import job (issue #15 item 4): one run per 45 s of work; pg-boss runs a dead worker's job again. */
export function registerMemberImportJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define<{ importId?: number }>({
    name: IMPORT_JOB,
    retryLimit: 5,
    // A run lasts at most ~45 s (then queues the next): after 2 minutes its worker is taken for dead.
    expireInSeconds: 120,
    handler: async ({ importId }) => {
      if (typeof importId === 'number') await runImport(systemContext(deps, IMPORT_JOB), { importId });
    },
  });
}
