import { systemContext } from '../../../../platform/context.ts';
import type { AppDeps } from '../../../../platform/deps.ts';
import type { Jobs } from '../../../../platform/jobs.ts';
import { type DeliverJobData, runDelivery } from './deliveries.ts';
import { FANOUT_JOB, type FanoutJobData, fanOut } from './fanout.ts';
import { DELIVER_JOB, deliveryJobOptions } from './service.ts';

// The subscriptions' jobs: the fan-out of a referral's Task change, and each notification's delivery (retried
// with doubling delays: the retry options also travel with each queued delivery, service.ts queueDelivery).
export function registerSubscriptionJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define<FanoutJobData>({
    name: FANOUT_JOB,
    handler: async (data) => {
      await fanOut(systemContext(deps, FANOUT_JOB), data);
    },
    pollingIntervalSeconds: 0.5,
  });
  jobs.define<DeliverJobData>({
    name: DELIVER_JOB,
    handler: (data) => runDelivery(systemContext(deps, DELIVER_JOB), data),
    retryLimit: deliveryJobOptions(deps).retryLimit,
    // Notifications to different subscribers go out side by side: one slow endpoint does not hold the others.
    batchSize: 10,
    pollingIntervalSeconds: 0.5,
    // Above the request's own timeout: a worker killed mid-request has its attempt run again after this.
    expireInSeconds: Math.ceil(deps.config.fhirSubscriptions.timeoutMs / 1000) + 30,
  });
}
