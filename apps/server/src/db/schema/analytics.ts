import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Issue #20: the maintained summaries behind System Metrics, the service gaps and Platform Impact. Both are kept
// in step with `referrals` by triggers (migration 0019_analytics.sql), in the transaction of every write to a
// referral, bulk loads and cascaded deletes included, so a figure never needs a pass over the referrals.
// Owned by the analytics module; nothing but the triggers writes them.
//
// Every referral is counted three times, at three grains (`span`): its UTC day of creation ('day', `day` is that
// date), its week within its month ('week', `day` is the Monday, or the 1st when the month begins mid-week, so a
// week row never crosses a month's end) and its month ('month', `day` is the month's first day). A period reads
// the month rows of its whole months, the week rows of the whole weeks before and after them, and the day rows of
// the at most six days left on each side (summary-filter.ts periodBuckets()): a year is at most 31 buckets per
// organization (11 months, 8 weeks, 12 days; 12 months when it starts on a 1st) instead of up to 71 with months
// and days alone; all time reads month rows only. The network reads each organization's ranges (`= ANY`). Why a week grain rather than dropping the day rows: the provider facet alone has
// up to providers × 5 ended results rows per organization and bucket, so the number of buckets a read sums is
// what its cost follows (see docs/areas/referrals.md "Metrics and service gaps" for the measurements).
// Rows whose count falls to 0 are deleted by the trigger that moves the referral away from them, so a summary
// holds exactly what analytics_rebuild() would make and a read never walks empty rows.

/**
 * Referrals by the day they were created and their state: how many, and (of those the matched provider
 * accepted) the sum of seconds from match to acceptance, so the mean response time is a sum over rows.
 * `result` is the referral's end as the figures classify it (analytics_result() of the migration): succeeded,
 * not_served, declined, expired, cancelled, unmatched or open. Absent values are stored as '' (a key column).
 */
export const referralStats = pgTable(
  'referral_stats',
  {
    organizationId: integer('organization_id').notNull(),
    /** 'day' or 'month': the grain of the row. */
    span: text('span').notNull(),
    day: date('day').notNull(),
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    acceptanceStatus: text('acceptance_status').notNull(),
    result: text('result').notNull(),
    referrals: integer('referrals').notNull(),
    responses: integer('responses').notNull(),
    /** Whole seconds, so sums and differences stay exact. */
    responseSeconds: bigint('response_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.organizationId, t.span, t.day, t.status, t.outcome, t.acceptanceStatus, t.result],
    }),
  ],
);

/**
 * The same referrals counted along one facet at a time: `county` (value: the county FIPS, '' unknown), `need`
 * (each of its sdoh_needs once), `provider` (the matched provider's id, ended referrals only), `reason` (a cancelled referral's
 * reason, a not-served one's outcome) and `decline` (each provider's decline reason, from
 * referral_provider_matches, counted under the referral's day and organization).
 */
export const referralFacetStats = pgTable(
  'referral_facet_stats',
  {
    organizationId: integer('organization_id').notNull(),
    span: text('span').notNull(),
    day: date('day').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    result: text('result').notNull(),
    referrals: integer('referrals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facet, t.span, t.organizationId, t.day, t.value, t.result] })],
);
