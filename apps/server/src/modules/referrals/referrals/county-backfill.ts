import type { ServiceContext } from '../../../platform/context.ts';
import { lookupZip } from '../../providers/directory/geography.ts';
import * as repo from './repo.ts';

// Issue #20: the service gaps count referrals by county, which a referral has had since it is saved with its
// ZIP's county (service.ts locationOf). Referrals saved before that have a ZIP and no county; this job gives
// them the county of their ZIP, a batch at a time, so a database that predates the release reads right without
// a migration that would need the ZIP table (it lives in JavaScript, not in PostgreSQL). Writing the county
// through the referrals table moves each one in the analytics summaries (their trigger follows county_fips).

/** Hourly: finds nothing to do once every ZIP that has a county has been placed. */
export const COUNTY_BACKFILL_JOB = 'referrals.fill-counties';
export const COUNTY_BACKFILL_CRON = '17 * * * *';
const BATCH_SIZE = 500;

/** Places every referral with a ZIP and no county; answers how many it placed. */
export async function fillMissingCounties(ctx: ServiceContext): Promise<number> {
  let placed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await repo.referralsWithoutCounty(ctx.db, { afterId, limit: BATCH_SIZE });
    if (batch.length === 0) return placed;
    const updates = batch.flatMap((r) => {
      const fips = lookupZip(r.zipCode)?.county_fips;
      return fips ? [{ id: r.id, countyFips: fips }] : [];
    });
    placed += await repo.setCounties(ctx.db, updates);
    afterId = batch[batch.length - 1]!.id;
  }
}
