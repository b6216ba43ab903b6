import { z } from 'zod';
import { idString } from './common.ts';
import { isIsoCalendarDate } from './enrollments.ts';

// The billable activities report (issue #15 item 7; 002 §3 Billing activity and Activity): for a program and a
// period, the completed activities billed as one of its billing activities, priced in units × rate, within the
// billing activity's limits. What a limit or a date refuses is listed apart with its reason, never dropped.
// The rule is pure: the server feeds it the rows, the same rows always give the same report.

// --- The rule ---

/** What the rule needs of a billing activity (money in integer cents). */
export type BillingLimits = {
  id: number;
  rateCentsPerUnit: number;
  /** Units billable per member and calendar day; null: no limit. */
  maxUnitsPerDay: number | null;
  /** Units billable per member and calendar month; null: no limit. */
  maxUnitsPerMonth: number | null;
  isActive: boolean;
  /** First day it may be billed (YYYY-MM-DD); null: no start. */
  effectiveDate: string | null;
  /** Last day it may be billed (YYYY-MM-DD); null: no end. */
  expirationDate: string | null;
};

/** A completed activity billed as a billing activity, in units. */
export type BillingCandidate = {
  activityId: number;
  memberId: number;
  /** The service date, YYYY-MM-DD: the day and the month the limits count in. */
  activityDate: string;
  units: number;
  billing: BillingLimits;
};

export const BILLING_EXCEPTION_REASONS = [
  'billing_activity_inactive',
  'before_effective_date',
  'after_expiration_date',
  'over_daily_limit',
  'over_monthly_limit',
] as const;
export type BillingExceptionReason = (typeof BILLING_EXCEPTION_REASONS)[number];

export type BilledLine<T extends BillingCandidate> = {
  activity: T;
  /** Units billed: the activity's units, or the part of them its limits allow. */
  units: number;
  rateCentsPerUnit: number;
  amountCents: number;
};

export type BillingException<T extends BillingCandidate> = {
  activity: T;
  reason: BillingExceptionReason;
  reasonText: string;
  /** The units this reason refuses (all of the activity's, or the part beyond a limit). */
  unitsRefused: number;
  rateCentsPerUnit: number;
  /** What the refused units would have been billed. */
  amountCents: number;
};

export type BillingPeriod = { start: string; end: string };

const unitsText = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** Why the units were refused, in words (the report's Reason column). */
export function billingExceptionText(reason: BillingExceptionReason, billing: BillingLimits): string {
  switch (reason) {
    case 'billing_activity_inactive':
      return 'The billing activity is inactive.';
    case 'before_effective_date':
      return `Before the billing activity's effective date (${billing.effectiveDate}).`;
    case 'after_expiration_date':
      return `After the billing activity's expiration date (${billing.expirationDate}).`;
    case 'over_daily_limit':
      return `Over the limit of ${unitsText(billing.maxUnitsPerDay ?? 0)} per day for this member.`;
    case 'over_monthly_limit':
      return `Over the limit of ${unitsText(billing.maxUnitsPerMonth ?? 0)} per month for this member.`;
  }
}

/** The calendar month of a date, YYYY-MM: what max units per month counts in. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The first day of a date's month. */
export const monthStart = (date: string) => `${monthOf(date)}-01`;

function compareCandidates(a: BillingCandidate, b: BillingCandidate): number {
  if (a.activityDate !== b.activityDate) return a.activityDate < b.activityDate ? -1 : 1;
  return a.activityId - b.activityId;
}

/**
 * Prices the activities of a period within their billing activities' rules, in service order (date, then
 * activity id: the earlier service uses a limit first, and the same data always gives the same report):
 *
 * - an inactive billing activity, or a service date before its effective date or after its expiration date,
 *   refuses the whole activity (one exception, in that order of reasons);
 * - max units per day counts per member, billing activity and calendar day; per month per member, billing
 *   activity and calendar month (YYYY-MM of the service date). An activity that goes past one is split: the
 *   units still allowed are billed, the rest listed apart — beyond the daily limit first, then what the monthly
 *   limit refuses of the remainder (so one activity may give a line and up to two exceptions);
 * - only billed units count toward the limits.
 *
 * Activities before `period.start` (the days of its first month before the period) are read for the monthly
 * limit only: they use it up but are not reported. Activities after `period.end` are ignored.
 */
export function priceBillableActivities<T extends BillingCandidate>(
  activities: readonly T[],
  period: BillingPeriod,
): { lines: BilledLine<T>[]; exceptions: BillingException<T>[] } {
  const lines: BilledLine<T>[] = [];
  const exceptions: BillingException<T>[] = [];
  const usedPerDay = new Map<string, number>();
  const usedPerMonth = new Map<string, number>();

  for (const activity of [...activities].sort(compareCandidates)) {
    const { billing, activityDate: date, units } = activity;
    if (date > period.end) continue;
    const reported = date >= period.start;
    const rate = billing.rateCentsPerUnit;
    const refuse = (reason: BillingExceptionReason, unitsRefused: number) => {
      if (!reported || unitsRefused <= 0) return;
      exceptions.push({
        activity,
        reason,
        reasonText: billingExceptionText(reason, billing),
        unitsRefused,
        rateCentsPerUnit: rate,
        amountCents: unitsRefused * rate,
      });
    };

    if (!billing.isActive) {
      refuse('billing_activity_inactive', units);
      continue;
    }
    if (billing.effectiveDate !== null && date < billing.effectiveDate) {
      refuse('before_effective_date', units);
      continue;
    }
    if (billing.expirationDate !== null && date > billing.expirationDate) {
      refuse('after_expiration_date', units);
      continue;
    }

    const dayKey = `${activity.memberId}|${billing.id}|${date}`;
    const monthKey = `${activity.memberId}|${billing.id}|${monthOf(date)}`;
    const usedDay = usedPerDay.get(dayKey) ?? 0;
    const usedMonth = usedPerMonth.get(monthKey) ?? 0;
    const dayLeft = billing.maxUnitsPerDay === null ? units : Math.max(0, billing.maxUnitsPerDay - usedDay);
    const monthLeft =
      billing.maxUnitsPerMonth === null ? units : Math.max(0, billing.maxUnitsPerMonth - usedMonth);
    const withinDay = Math.min(units, dayLeft);
    const billed = Math.min(withinDay, monthLeft);
    usedPerDay.set(dayKey, usedDay + billed);
    usedPerMonth.set(monthKey, usedMonth + billed);

    if (reported && billed > 0) {
      lines.push({ activity, units: billed, rateCentsPerUnit: rate, amountCents: billed * rate });
    }
    refuse('over_daily_limit', units - withinDay);
    refuse('over_monthly_limit', withinDay - billed);
  }
  return { lines, exceptions };
}

// --- The period ---

/** 366 days: a year, leap day included. */
export const BILLING_REPORT_MAX_DAYS = 366;

/** The days from `start` to `end`, both included (one for a single day). */
export function daysInPeriod(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The month of `today` (YYYY-MM-DD), first to last day: the report's default period. */
export function monthPeriodOf(today: string): { start_date: string; end_date: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start_date: monthStart(today), end_date: `${monthOf(today)}-${String(lastDay).padStart(2, '0')}` };
}

export const BILLING_REPORT_MESSAGES = {
  title: 'Billable Activities',
  dateInvalid: 'Must be a date (YYYY-MM-DD).',
  endBeforeStart: 'The end date cannot be before the start date.',
  periodTooLong: `The period can be at most ${BILLING_REPORT_MAX_DAYS} days.`,
  programRequired: 'program_id must be the id of a program.',
  tooLarge: (max: number) =>
    `The period holds more than ${max.toLocaleString('en-US')} billed activities; choose a shorter period.`,
  fetchFailed: 'Failed to load the billable activities report',
  exportFailed: 'Failed to export the billable activities report',
  noLines: 'No billable activities in this period.',
  noExceptions: 'Nothing exceeded the limits in this period.',
} as const;

/**
 * The most activities one report reads (its period and the days of its first month before it). A program and
 * period with more is refused with a shorter period to choose: the answer stays a size a browser can show.
 */
export const BILLING_REPORT_MAX_ACTIVITIES = 25_000;

// --- Wire ---

const reportDate = z
  .string({ error: BILLING_REPORT_MESSAGES.dateInvalid })
  .max(10, BILLING_REPORT_MESSAGES.dateInvalid)
  .refine(isIsoCalendarDate, BILLING_REPORT_MESSAGES.dateInvalid)
  .meta({ format: 'date' });

/** GET /api/enrollments/reports/billable (and …/csv) query: a program and a period of at most 366 days. */
export const billableReportQuerySchema = z
  .strictObject({
    program_id: idString(BILLING_REPORT_MESSAGES.programRequired),
    start_date: reportDate,
    end_date: reportDate,
  })
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: BILLING_REPORT_MESSAGES.endBeforeStart });
    } else if (daysInPeriod(value.start_date, value.end_date) > BILLING_REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: BILLING_REPORT_MESSAGES.periodTooLong });
    }
  });
export type BillableReportQueryInput = z.input<typeof billableReportQuerySchema>;
export type BillableReportQuery = z.output<typeof billableReportQuerySchema>;

const dateOut = z.string().meta({ format: 'date' });

/** What a line and an exception both say of the activity and its billing activity (money in dollars). */
const reportItemFields = {
  activity_id: z.number().int(),
  enrollment_id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  /** The member's Medicaid ID (CIN), what a claim names the member by. */
  medicaid_id: z.string().nullable(),
  activity_date: dateOut,
  activity_type: z.string(),
  billing_activity_id: z.number().int(),
  activity_name: z.string(),
  activity_code: z.string().nullable(),
  cpt_code: z.string().nullable(),
  hcpcs_code: z.string().nullable(),
  revenue_code: z.string().nullable(),
  /** modifier_1 and modifier_2, those set. */
  modifiers: z.array(z.string()),
  billing_unit: z.string(),
  /** Dollars. */
  rate_per_unit: z.number(),
  requires_prior_auth: z.boolean(),
  requires_supervision: z.boolean(),
  performed_by_name: z.string().nullable(),
};

export const billableLineSchema = z
  .object({
    ...reportItemFields,
    /** Units billed (the part within the limits when the activity went past one). */
    units: z.number().int(),
    /** Dollars: units × rate_per_unit. */
    amount: z.number(),
  })
  .meta({ id: 'BillableLine' });
export type BillableLine = z.infer<typeof billableLineSchema>;

export const billingExceptionSchema = z
  .object({
    ...reportItemFields,
    /** The units the activity recorded. */
    units: z.number().int(),
    /** The units this reason refuses. */
    units_refused: z.number().int(),
    /** Dollars the refused units would have been billed (not in the totals). */
    amount: z.number(),
    reason: z.enum(BILLING_EXCEPTION_REASONS),
    reason_text: z.string(),
  })
  .meta({ id: 'BillingException' });
export type BillingExceptionLine = z.infer<typeof billingExceptionSchema>;

export const billableReportSchema = z
  .object({
    program: z.object({ id: z.number().int(), name: z.string() }),
    period: z.object({ start_date: dateOut, end_date: dateOut }),
    lines: z.array(billableLineSchema),
    exceptions: z.array(billingExceptionSchema),
    /** Of the billable lines: their count, units and dollars. */
    totals: z.object({ lines: z.number().int(), units: z.number().int(), amount: z.number() }),
    /** Of the exceptions: their count, the units refused and the dollars not billed. */
    exception_totals: z.object({
      exceptions: z.number().int(),
      units_refused: z.number().int(),
      amount: z.number(),
    }),
  })
  .meta({ id: 'BillableReport' });
export type BillableReport = z.infer<typeof billableReportSchema>;
