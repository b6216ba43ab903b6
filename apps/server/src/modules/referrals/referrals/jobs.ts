import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { COUNTY_BACKFILL_CRON, COUNTY_BACKFILL_JOB, fillMissingCounties } from './county-backfill.ts';
import { EXPIRE_CRON, EXPIRE_JOB, expireOverdueReferrals } from './expiry.ts';
import { FOLLOW_UP_CRON, FOLLOW_UP_JOB, sendDueFollowUps } from './member-follow-up.ts';

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
  // Issue #14 item 4: the member of a completed referral is asked whether they got help (member-follow-up.ts).
  jobs.define({
    name: FOLLOW_UP_JOB,
    cron: FOLLOW_UP_CRON,
    handler: async () => {
      await sendDueFollowUps(systemContext(deps, FOLLOW_UP_JOB), { now: new Date() });
    },
  });
  // Issue #20: referrals saved before they carried their county get it from their ZIP (county-backfill.ts).
  jobs.define({
    name: COUNTY_BACKFILL_JOB,
    cron: COUNTY_BACKFILL_CRON,
    handler: async () => {
      await fillMissingCounties(systemContext(deps, COUNTY_BACKFILL_JOB));
    },
  });
}
