import { createDrivers, sweepQueuedMessages } from '../../../adapters/delivery.ts';
import { DELIVER_JOB, OUTBOUND_MAX_ATTEMPTS } from '../../../adapters/outbound.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { deliverAndReport } from './deliver-and-report.ts';

/** Delivery of every queued email and SMS (the outbox is the queue of the email and SMS adapters). */
export function registerOutboxJobs(jobs: Jobs, deps: AppDeps) {
  // One email or SMS per job; a thrown error makes pg-boss retry it with backoff (adapters/delivery.ts). A
  // referral's member-details email reports its delivery to the referral (deliver-and-report.ts).
  const drivers = createDrivers(deps.config);
  jobs.define<{ id: number }>({
    name: DELIVER_JOB,
    retryLimit: OUTBOUND_MAX_ATTEMPTS - 1,
    handler: async ({ id }) => {
      if (typeof id === 'number') await deliverAndReport(deps, drivers, id);
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
}
