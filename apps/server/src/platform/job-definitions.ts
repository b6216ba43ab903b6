import { createDrivers, sweepQueuedMessages } from '../adapters/delivery.ts';
import { DELIVER_JOB, OUTBOUND_MAX_ATTEMPTS } from '../adapters/outbound.ts';
import { registerEmailJobs } from '../modules/communications/email/jobs.ts';
import { registerSmsJobs } from '../modules/communications/sms/jobs.ts';
import { registerVoiceJobs } from '../modules/communications/voice/jobs.ts';
import { registerWebFormJobs } from '../modules/communications/web-forms/jobs.ts';
import { deliverAndReport } from '../modules/referrals/referrals/delivery-report.ts';
import { EXPIRE_CRON, EXPIRE_JOB, expireOverdueReferrals } from '../modules/referrals/referrals/expiry.ts';
import { sweepAttemptCounters } from './attempt-limits.ts';
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
      // Failures are kept a day; successes 30 days, since they make an address "known" to the attempt limits
      // (modules/access/auth/sign-in-limits.ts).
      await deps.database.query(
        `DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'
           AND (NOT succeeded OR created_at < now() - interval '30 days')`,
      );
      await sweepAttemptCounters(deps.database.db);
    },
  });

  // One email or SMS per job; a thrown error makes pg-boss retry it with backoff (adapters/delivery.ts). A
  // referral's member-details email reports its delivery to the referral (modules/referrals/referrals/delivery-report.ts).
  const drivers = createDrivers(deps.config);
  jobs.define<{ id: number }>({
    name: DELIVER_JOB,
    retryLimit: OUTBOUND_MAX_ATTEMPTS - 1,
    handler: async ({ id }) => {
      if (typeof id === 'number') await deliverAndReport(deps, drivers, id);
    },
  });

  // 000 §4.2, §9: a matched provider that has not answered within 7 days loses the referral, which goes back
  // to the live feed (modules/referrals/referrals/expiry.ts).
  jobs.define({
    name: EXPIRE_JOB,
    cron: EXPIRE_CRON,
    handler: async () => {
      await expireOverdueReferrals(deps, new Date());
    },
  });

  // The safety net for messages that have no job: written by a process without jobs (JOBS=off) or while the
  // queue was not started. The job of a message sent from its transaction is not duplicated (same job id).
  jobs.define({
    name: 'outbound.sweep',
    cron: '* * * * *',
    handler: async () => {
      await sweepQueuedMessages(deps.database.db, jobs);
    },
  });

  // Provider communications (issue #6): each channel module defines its own.
  registerSmsJobs(jobs, deps);
  registerEmailJobs(jobs, deps);
  registerVoiceJobs(jobs, deps);
  registerWebFormJobs(jobs, deps);
}
