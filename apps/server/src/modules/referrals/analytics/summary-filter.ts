import { type SQL, sql } from 'drizzle-orm';
import type { Coverage } from './access.ts';
import type { Period } from './period.ts';

/** The results that are an end: every one but open and unmatched (still Pending). */
export const ENDED_RESULTS = ['succeeded', 'not_served', 'declined', 'expired', 'cancelled'] as const;
/** The results that are a service gap: an end without service, or no provider near enough. */
export const UNMET_RESULTS = ['not_served', 'declined', 'expired', 'cancelled', 'unmatched'] as const;

export function inList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function firstOfMonth(date: string, monthsLater: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + monthsLater);
  return d.toISOString().slice(0, 10);
}

/**
 * The whole months of a period, [start, end) (null: unbounded on that side), or null when it has none: the
 * summaries' month rows serve them, and the day rows only the days before and after.
 */
export function wholeMonths(period: Period): { start: string | null; end: string | null } | null {
  const start =
    period.from === null ? null : period.from.endsWith('-01') ? period.from : firstOfMonth(period.from, 1);
  const end =
    period.to === null
      ? null
      : addDays(period.to, 1).endsWith('-01')
        ? addDays(period.to, 1)
        : firstOfMonth(period.to, 0);
  return start !== null && end !== null && start >= end ? null : { start, end };
}

/** Monday, 0 (Sunday) … 6, of a date. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first week-row boundary (a Monday or a 1st of a month) on or after `date`. */
function weekBoundaryFrom(date: string): string {
  const monday = addDays(date, (8 - weekday(date)) % 7);
  const first = date.endsWith('-01') ? date : firstOfMonth(date, 1);
  return monday < first ? monday : first;
}

/** The last week-row boundary (a Monday or a 1st of a month) on or before `date`. */
function weekBoundaryUntil(date: string): string {
  const monday = addDays(date, -((weekday(date) + 6) % 7));
  const first = firstOfMonth(date, 0);
  return monday > first ? monday : first;
}

type Range = { start: string; end: string };

/**
 * The day rows and week rows that cover the days [start, end): the week rows (a week within a month,
 * analytics_buckets() of the migration) lying wholly inside, and the day rows of the at most six days on each
 * side of them.
 */
function weeksAndDays(range: Range): { weeks: Range | null; days: Range[] } {
  const weekStart = weekBoundaryFrom(range.start);
  const weekEnd = weekBoundaryUntil(range.end);
  if (weekStart >= weekEnd) return { weeks: null, days: [range] };
  const days = [
    { start: range.start, end: weekStart },
    { start: weekEnd, end: range.end },
  ].filter((d) => d.start < d.end);
  return { weeks: { start: weekStart, end: weekEnd }, days };
}

/**
 * The grains a period reads (schema/analytics.ts): the month rows of its whole months, the week rows of the
 * whole weeks around them, and the day rows of the days left over. Ranges are [start, end), null unbounded.
 */
export function periodBuckets(period: Period): {
  months: { start: string | null; end: string | null } | null;
  weeks: Range[];
  days: Range[];
} {
  const months = wholeMonths(period);
  const rest: Range[] = [];
  const end = period.to === null ? null : addDays(period.to, 1);
  if (!months) {
    // No whole month: both bounds are set (an unbounded side always holds whole months).
    rest.push({ start: period.from!, end: end! });
  } else {
    if (period.from !== null && months.start !== null && period.from < months.start) {
      rest.push({ start: period.from, end: months.start });
    }
    if (end !== null && months.end !== null && months.end < end) rest.push({ start: months.end, end });
  }
  const weeks: Range[] = [];
  const days: Range[] = [];
  for (const range of rest) {
    const cover = weeksAndDays(range);
    if (cover.weeks) weeks.push(cover.weeks);
    days.push(...cover.days);
  }
  return { months, weeks, days };
}

function within(ranges: Range[]): SQL {
  return sql.join(
    ranges.map((r) => sql`(day >= ${r.start}::date AND day < ${r.end}::date)`),
    sql` OR `,
  );
}

/**
 * The WHERE of a summary read: the organization, and the period as month, week and day rows (periodBuckets).
 * Each summary's primary key starts with the organization (after the facet) and the grain, then the day, so
 * every grain is one index range per organization; the network lists its organizations (`= ANY`) so that the
 * day bounds still narrow the index scan instead of filtering every organization's rows of that grain.
 */
export function summaryWhere(coverage: Coverage, period: Period): SQL {
  const { months, weeks, days } = periodBuckets(period);
  const grains: SQL[] = [];
  if (months) {
    const bounds = [sql`span = 'month'`];
    if (months.start) bounds.push(sql`day >= ${months.start}::date`);
    if (months.end) bounds.push(sql`day < ${months.end}::date`);
    grains.push(sql`(${sql.join(bounds, sql` AND `)})`);
  }
  if (weeks.length) grains.push(sql`(span = 'week' AND (${within(weeks)}))`);
  if (days.length) grains.push(sql`(span = 'day' AND (${within(days)}))`);
  const org =
    coverage.organizationId === null
      ? sql`organization_id = ANY(ARRAY(SELECT id FROM organizations))`
      : sql`organization_id = ${coverage.organizationId}`;
  return sql`${org} AND (${sql.join(grains, sql` OR `)})`;
}

/** Both drivers (node-postgres and PGlite) answer execute() with { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
