import { describe, expect, it } from 'vitest';
import {
  type BillingCandidate,
  type BillingLimits,
  billableReportQuerySchema,
  daysInPeriod,
  monthPeriodOf,
  priceBillableActivities,
} from './billing-report.ts';

// Issue #15 item 7: the billable activities report's rule.

const JANUARY = { start: '2026-01-01', end: '2026-01-31' };

const limits = (overrides: Partial<BillingLimits> = {}): BillingLimits => ({
  id: 1,
  rateCentsPerUnit: 2500,
  maxUnitsPerDay: null,
  maxUnitsPerMonth: null,
  isActive: true,
  effectiveDate: null,
  expirationDate: null,
  ...overrides,
});

let nextId = 100;
const activity = (
  overrides: Partial<BillingCandidate> & { billing?: BillingLimits } = {},
): BillingCandidate => ({
  activityId: ++nextId,
  memberId: 7,
  activityDate: '2026-01-10',
  units: 1,
  billing: limits(),
  ...overrides,
});

/** The report in a form easy to compare: [activity id, units, cents] and [activity id, reason, units]. */
function summary(activities: BillingCandidate[], period = JANUARY) {
  const { lines, exceptions } = priceBillableActivities(activities, period);
  return {
    lines: lines.map((l) => [l.activity.activityId, l.units, l.amountCents]),
    exceptions: exceptions.map((e) => [e.activity.activityId, e.reason, e.unitsRefused, e.amountCents]),
  };
}

describe('priceBillableActivities', () => {
  it('bills units × rate in cents when no limit applies', () => {
    const a = activity({ activityId: 1, units: 3 });
    const { lines, exceptions } = priceBillableActivities([a], JANUARY);
    expect(lines).toEqual([{ activity: a, units: 3, rateCentsPerUnit: 2500, amountCents: 7500 }]);
    expect(exceptions).toEqual([]);
  });

  it('splits an activity that goes past max units per day: the allowed part billed, the rest apart', () => {
    const billing = limits({ maxUnitsPerDay: 4 });
    const first = activity({ activityId: 1, units: 3, billing });
    const second = activity({ activityId: 2, units: 3, billing });
    const third = activity({ activityId: 3, units: 2, billing });
    expect(summary([third, second, first])).toEqual({
      lines: [
        [1, 3, 7500],
        [2, 1, 2500],
      ],
      exceptions: [
        [2, 'over_daily_limit', 2, 5000],
        [3, 'over_daily_limit', 2, 5000],
      ],
    });
    const [exception] = priceBillableActivities([first, second], JANUARY).exceptions;
    expect(exception?.reasonText).toBe('Over the limit of 4 units per day for this member.');
  });

  it('counts a day per member, billing activity and calendar day', () => {
    const billing = limits({ maxUnitsPerDay: 2 });
    const other = limits({ id: 2, maxUnitsPerDay: 2 });
    expect(
      summary([
        activity({ activityId: 1, units: 2, billing }),
        // Another member the same day, another billing activity the same day, the next day: each their own limit.
        activity({ activityId: 2, units: 2, billing, memberId: 8 }),
        activity({ activityId: 3, units: 2, billing: other }),
        activity({ activityId: 4, units: 2, billing, activityDate: '2026-01-11' }),
      ]).exceptions,
    ).toEqual([]);
  });

  it('splits what goes past max units per month, counted per member, billing activity and calendar month', () => {
    const billing = limits({ maxUnitsPerMonth: 5 });
    const report = summary(
      [
        activity({ activityId: 1, units: 3, billing, activityDate: '2026-01-05' }),
        activity({ activityId: 2, units: 3, billing, activityDate: '2026-01-20' }),
        activity({ activityId: 3, units: 1, billing, activityDate: '2026-01-31' }),
        // February is a new month; another member has their own month.
        activity({ activityId: 4, units: 5, billing, activityDate: '2026-02-01' }),
        activity({ activityId: 5, units: 5, billing, activityDate: '2026-01-31', memberId: 9 }),
      ],
      { start: '2026-01-01', end: '2026-02-28' },
    );
    expect(report).toEqual({
      lines: [
        [1, 3, 7500],
        [2, 2, 5000],
        [5, 5, 12500],
        [4, 5, 12500],
      ],
      exceptions: [
        [2, 'over_monthly_limit', 1, 2500],
        [3, 'over_monthly_limit', 1, 2500],
      ],
    });
  });

  it('gives an activity past both limits two exceptions: beyond the day first, then what the month refuses', () => {
    const billing = limits({ maxUnitsPerDay: 4, maxUnitsPerMonth: 6 });
    const report = priceBillableActivities(
      [
        activity({ activityId: 1, units: 4, billing, activityDate: '2026-01-05' }),
        activity({ activityId: 2, units: 7, billing, activityDate: '2026-01-06' }),
      ],
      JANUARY,
    );
    expect(report.lines.map((l) => [l.activity.activityId, l.units])).toEqual([
      [1, 4],
      [2, 2],
    ]);
    expect(report.exceptions.map((e) => [e.activity.activityId, e.reason, e.unitsRefused])).toEqual([
      [2, 'over_daily_limit', 3],
      [2, 'over_monthly_limit', 2],
    ]);
    expect(report.exceptions[1]?.reasonText).toBe('Over the limit of 6 units per month for this member.');
  });

  it('lists a fully refused activity apart with no line, and only billed units use up a limit', () => {
    const billing = limits({ maxUnitsPerDay: 1, maxUnitsPerMonth: 2 });
    expect(
      summary([
        activity({ activityId: 1, units: 1, billing, activityDate: '2026-01-05' }),
        activity({ activityId: 2, units: 3, billing, activityDate: '2026-01-05' }),
        // Day 5 refused 3 units, billed 1: the month has 1 left for day 6.
        activity({ activityId: 3, units: 1, billing, activityDate: '2026-01-06' }),
        activity({ activityId: 4, units: 1, billing, activityDate: '2026-01-07' }),
      ]),
    ).toEqual({
      lines: [
        [1, 1, 2500],
        [3, 1, 2500],
      ],
      exceptions: [
        [2, 'over_daily_limit', 3, 7500],
        [4, 'over_monthly_limit', 1, 2500],
      ],
    });
  });

  it('refuses a whole activity dated outside the effective and expiration dates (both days included)', () => {
    const billing = limits({ effectiveDate: '2026-01-10', expirationDate: '2026-01-20' });
    const report = priceBillableActivities(
      [
        activity({ activityId: 1, units: 2, billing, activityDate: '2026-01-09' }),
        activity({ activityId: 2, units: 2, billing, activityDate: '2026-01-10' }),
        activity({ activityId: 3, units: 2, billing, activityDate: '2026-01-20' }),
        activity({ activityId: 4, units: 2, billing, activityDate: '2026-01-21' }),
      ],
      JANUARY,
    );
    expect(report.lines.map((l) => l.activity.activityId)).toEqual([2, 3]);
    expect(
      report.exceptions.map((e) => [e.activity.activityId, e.reason, e.unitsRefused, e.reasonText]),
    ).toEqual([
      [1, 'before_effective_date', 2, "Before the billing activity's effective date (2026-01-10)."],
      [4, 'after_expiration_date', 2, "After the billing activity's expiration date (2026-01-20)."],
    ]);
  });

  it('refuses every activity of an inactive billing activity, whatever its dates and limits', () => {
    const billing = limits({ isActive: false, effectiveDate: '2030-01-01', maxUnitsPerDay: 1 });
    const report = priceBillableActivities([activity({ activityId: 1, units: 3, billing })], JANUARY);
    expect(report.lines).toEqual([]);
    expect(report.exceptions).toMatchObject([
      {
        reason: 'billing_activity_inactive',
        unitsRefused: 3,
        amountCents: 7500,
        reasonText: 'The billing activity is inactive.',
      },
    ]);
  });

  it('counts the days of the first month before the period toward the monthly limit, without reporting them', () => {
    const billing = limits({ maxUnitsPerMonth: 4 });
    const report = summary(
      [
        activity({ activityId: 1, units: 3, billing, activityDate: '2026-01-03' }),
        activity({ activityId: 2, units: 3, billing, activityDate: '2026-01-16' }),
        // After the period: ignored.
        activity({ activityId: 3, units: 3, billing, activityDate: '2026-02-01' }),
      ],
      { start: '2026-01-15', end: '2026-01-31' },
    );
    expect(report).toEqual({ lines: [[2, 1, 2500]], exceptions: [[2, 'over_monthly_limit', 2, 5000]] });
  });

  it('gives the same report whatever order the rows come in (date, then activity id)', () => {
    const billing = limits({ maxUnitsPerDay: 3 });
    const rows = [
      activity({ activityId: 9, units: 2, billing, activityDate: '2026-01-04' }),
      activity({ activityId: 5, units: 2, billing, activityDate: '2026-01-04' }),
      activity({ activityId: 7, units: 2, billing, activityDate: '2026-01-02' }),
    ];
    const forward = summary(rows);
    expect(summary([...rows].reverse())).toEqual(forward);
    expect(forward).toEqual({
      lines: [
        [7, 2, 5000],
        [5, 2, 5000],
        [9, 1, 2500],
      ],
      exceptions: [[9, 'over_daily_limit', 1, 2500]],
    });
  });
});

describe('the report period', () => {
  it('counts days with both ends included, and gives a month from its first to its last day', () => {
    expect(daysInPeriod('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInPeriod('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInPeriod('2026-03-01', '2026-03-31')).toBe(31);
    expect(monthPeriodOf('2024-02-14')).toEqual({ start_date: '2024-02-01', end_date: '2024-02-29' });
    expect(monthPeriodOf('2026-12-31')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
  });

  it('takes a program and real dates in order, at most 366 days apart', () => {
    expect(
      billableReportQuerySchema.parse({ program_id: '3', start_date: '2024-01-01', end_date: '2024-12-31' }),
    ).toEqual({ program_id: 3, start_date: '2024-01-01', end_date: '2024-12-31' });
    const issues = (query: Record<string, string>) =>
      (billableReportQuerySchema.safeParse(query).error?.issues ?? []).map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(issues({ program_id: '3', start_date: '2026-02-01', end_date: '2026-01-31' })).toEqual([
      ['end_date', 'The end date cannot be before the start date.'],
    ]);
    expect(issues({ program_id: '3', start_date: '2025-01-01', end_date: '2026-01-02' })).toEqual([
      ['end_date', 'The period can be at most 366 days.'],
    ]);
    expect(issues({ program_id: '3', start_date: '2026-02-30', end_date: '2026-03-01' })).toEqual([
      ['start_date', 'Must be a date (YYYY-MM-DD).'],
    ]);
    expect(issues({ program_id: '03', start_date: '2026-01-01', end_date: '2026-01-02' })).toHaveLength(1);
  });
});
