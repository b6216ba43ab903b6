import type { AppDeps } from './deps.ts';
import type { Jobs } from './jobs.ts';
import { deleteEndedSessions } from './sessions.ts';

/** Every job of the server. Modules add theirs here as they come. */
export function registerJobs(jobs: Jobs, deps: AppDeps) {
  // Ended sessions are refused at once by the auth hook; this keeps the table small (every 10 minutes).
  jobs.define({
    name: 'sessions.cleanup',
    cron: '*/10 * * * *',
    handler: async () => {
      await deleteEndedSessions(deps.database.db);
      await deps.database.query(`DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'`);
    },
  });
}
