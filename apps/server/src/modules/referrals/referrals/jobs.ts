import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { EXPIRE_CRON, EXPIRE_JOB, expireOverdueReferrals } from './expiry.ts';

export function registerReferralJobs(jobs: Jobs, deps: AppDeps) {
  // 000 §4.2, §9: a matched provider that has not answered within 7 days loses the referral, which goes back
  // to the live feed (expiry.ts).
  jobs.define({
    name: EXPIRE_JOB,
    cron: EXPIRE_CRON,
    handler: async () => {
      await expireOverdueReferrals(systemContext(deps, EXPIRE_JOB), { now: new Date() });
    },
  });
}
