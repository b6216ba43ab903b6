import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Coverage } from './access.ts';
import type { Period } from './period.ts';
import { rowsOf, summaryWhere } from './summary-filter.ts';

export type GapFacet = 'month' | 'need' | 'county' | 'reason' | 'decline';
/** The period's referrals of one value of a facet (a month 'YYYY-MM' for 'month') and one result. */
export type GapCount = { facet: GapFacet; value: string; result: string; referrals: number };

/**
 * Everything the service gaps read, in one statement: the referrals by month of creation and result
 * (referral_stats; the totals by result are their sum), and along the facets need, county, reason and decline
 * by value and result (referral_facet_stats). One statement rather than one per facet: a request holds one
 * pooled connection, once.
 */
export async function gapCounts(db: DbOrTx, coverage: Coverage, period: Period): Promise<GapCount[]> {
  const where = summaryWhere(coverage, period);
  const result = await db.execute(sql`
    SELECT 'month' AS facet, to_char(day, 'YYYY-MM') AS value, result, sum(referrals)::int AS referrals
      FROM referral_stats WHERE ${where}
     GROUP BY 2, 3 HAVING sum(referrals) <> 0
    UNION ALL
    SELECT facet, value, result, sum(referrals)::int FROM referral_facet_stats
     WHERE facet IN ('need', 'county', 'reason', 'decline') AND ${where}
     GROUP BY facet, value, result HAVING sum(referrals) <> 0`);
  return rowsOf<GapCount>(result);
}
