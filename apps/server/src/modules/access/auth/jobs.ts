import { sweepAttemptCounters } from '../../../platform/attempt-limits.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { deleteEndedSessions } from '../../../platform/sessions.ts';
import { deleteOldLoginAttempts } from './repo.ts';

/** The sign-in module's housekeeping. */
export function registerAuthJobs(jobs: Jobs, deps: AppDeps) {
  // Ended sessions are refused at once by the auth hook; this keeps the table small (every 10 minutes).
  jobs.define({
    name: 'sessions.cleanup',
    cron: '*/10 * * * *',
    handler: async () => {
      await deleteEndedSessions(deps.database.db);
      await deleteOldLoginAttempts(deps.database.db);
      await sweepAttemptCounters(deps.database.db);
    },
  });
}
