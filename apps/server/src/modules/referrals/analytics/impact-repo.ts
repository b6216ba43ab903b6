import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from './summary-filter.ts';

export type ImpactRow = {
  assists: number;
  navigators: number;
  service_areas: number;
  targeted_members: number;
  follow_up_yes: number;
  follow_up_answered: number;
};

/**
 * The landing page's network-wide counts in one round trip: the referral figures from the summaries, the people
 * and follow-up answers counted directly (cached five minutes by the service, so the counts of users and
 * members do not run per visitor).
 */
export async function impactCounts(db: DbOrTx): Promise<ImpactRow> {
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(referrals), 0)::int FROM referral_stats
        WHERE span = 'month' AND status = 'completed' AND outcome <> '')
        AS assists,
      (SELECT count(*)::int FROM users WHERE is_active) AS navigators,
      (SELECT count(DISTINCT value)::int FROM referral_facet_stats
        WHERE facet = 'county' AND span = 'month' AND value <> '' AND referrals > 0) AS service_areas,
      (SELECT count(*)::int FROM members) AS targeted_members,
      (SELECT count(*)::int FROM member_follow_ups WHERE answer = 'yes') AS follow_up_yes,
      (SELECT count(*)::int FROM member_follow_ups WHERE answer IS NOT NULL) AS follow_up_answered`);
  return rowsOf<ImpactRow>(result)[0]!;
}
