import {
  addDaysIso,
  FORM_ANALYTICS_CACHE_SECONDS,
  FORM_ANALYTICS_DEFAULT_DAYS,
  FORM_DUE_SOON_DAYS,
  FORM_SERVER_MESSAGES,
  FORM_TYPE_LABELS,
  type FormAnalyticsOverview,
  type FormAnalyticsQuery,
  type FormType,
  formTypeOf,
  todayIsoDate,
} from '@trust/domain';
import Papa from 'papaparse';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProgramForOrg } from '../programs/service.ts';
import { readAnalyticsCache, writeAnalyticsCache } from './analytics-cache.ts';
import * as repo from './analytics-repo.ts';

// Form Analytics (002 §2 dashboard, §3 overview response, §9 constants; issue #16 item 4), from the real forms of
// the active organization: the forms started in a date range (default the last 30 days), optionally of one
// program. Counts only — no member appears — so every member of the organization reads them. Cached 5 minutes per
// organization and query (analytics-cache.ts); any change to the organization's forms clears the cache.

const MOST_USED = 5;

/** Percent with one decimal (0 when there is nothing to divide). */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
/** Average minutes with one decimal, null without completed forms. */
const average = (minutes: number, count: number) =>
  count === 0 ? null : Math.round((minutes / count) * 10) / 10;

function rangeOf(query: FormAnalyticsQuery): { start: string; end: string } {
  const end = query.end_date ?? todayIsoDate();
  const start = query.start_date ?? addDaysIso(end, -(FORM_ANALYTICS_DEFAULT_DAYS - 1));
  if (start > end) {
    throw new AppError('request.validation_failed', FORM_SERVER_MESSAGES.analyticsRange, {
      fields: { start_date: FORM_SERVER_MESSAGES.analyticsRange },
    });
  }
  return { start, end };
}

async function compute(
  ctx: OrgContext,
  range: { start: string; end: string },
  programId: number | undefined,
): Promise<FormAnalyticsOverview> {
  const organizationId = ctx.actor.org.id;
  const today = todayIsoDate();
  const [usage, compliance] = await Promise.all([
    repo.usageByTemplate(ctx.db, organizationId, {
      from: new Date(`${range.start}T00:00:00Z`),
      until: new Date(`${addDaysIso(range.end, 1)}T00:00:00Z`),
      ...(programId === undefined ? {} : { programId }),
    }),
    repo.complianceCounts(ctx.db, organizationId, {
      today,
      soonUntil: addDaysIso(today, FORM_DUE_SOON_DAYS),
      ...(programId === undefined ? {} : { programId }),
    }),
  ]);
  const sum = (rows: repo.TemplateUsage[], key: keyof repo.TemplateUsage) =>
    rows.reduce((n, r) => n + Number(r[key]), 0);
  const types = new Map<FormType, repo.TemplateUsage[]>();
  for (const row of usage) {
    const type = formTypeOf(row.formType);
    types.set(type, [...(types.get(type) ?? []), row]);
  }
  const total = sum(usage, 'total');
  const completed = sum(usage, 'completed');
  return {
    start_date: range.start,
    end_date: range.end,
    generated_at: new Date().toISOString(),
    overview: {
      total_forms: total,
      completed_forms: completed,
      pending_review: sum(usage, 'pendingReview'),
      draft_forms: sum(usage, 'drafts'),
      completion_rate: percent(completed, total),
      avg_completion_time: average(sum(usage, 'completionMinutes'), completed),
    },
    by_type: [...types.entries()]
      .map(([formType, rows]) => ({
        form_type: formType,
        total_forms: sum(rows, 'total'),
        total_submissions: sum(rows, 'completed'),
        completion_rate: percent(sum(rows, 'completed'), sum(rows, 'total')),
        avg_time_minutes: average(sum(rows, 'completionMinutes'), sum(rows, 'completed')),
        by_template: rows
          .map((r) => ({
            template_id: r.templateId,
            template_name: r.templateName,
            total_forms: r.total,
            total_submissions: r.completed,
          }))
          .sort((a, b) => b.total_forms - a.total_forms || a.template_name.localeCompare(b.template_name)),
      }))
      .sort((a, b) => b.total_forms - a.total_forms || a.form_type.localeCompare(b.form_type)),
    most_used: [...usage]
      .sort((a, b) => b.total - a.total || a.templateName.localeCompare(b.templateName))
      .slice(0, MOST_USED)
      .map((r) => ({
        template_id: r.templateId,
        template_name: r.templateName,
        form_type: formTypeOf(r.formType),
        usage_count: r.total,
      })),
    compliance: {
      overdue: compliance.overdue,
      due_soon: compliance.dueSoon,
      compliant: compliance.compliant,
    },
  };
}

/**
 * GET /api/forms/analytics/overview. `cbo_id`, when sent, must be the active organization (403 otherwise): a
 * user reads the analytics of the organization they act for, never another's.
 */
export async function analyticsOverview(
  ctx: OrgContext,
  query: FormAnalyticsQuery,
): Promise<FormAnalyticsOverview> {
  if (query.cbo_id !== undefined && query.cbo_id !== ctx.actor.org.id) {
    throw new AppError('form_analytics.other_organization', FORM_SERVER_MESSAGES.analyticsOtherOrg);
  }
  const range = rangeOf(query);
  if (query.program_id !== undefined) await findProgramForOrg(ctx, query.program_id);
  const key = `overview:${range.start}:${range.end}:${query.program_id ?? 'all'}`;
  const cached = await readAnalyticsCache<FormAnalyticsOverview>(ctx.db, ctx.actor.org.id, key);
  if (cached) return cached;
  const overview = await compute(ctx, range, query.program_id);
  await writeAnalyticsCache(ctx.db, ctx.actor.org.id, key, overview, FORM_ANALYTICS_CACHE_SECONDS);
  return overview;
}

const CSV_FIELDS = [
  'Section',
  'Form Type',
  'Template',
  'Total Forms',
  'Completed Forms',
  'Completion Rate (%)',
  'Average Completion Time (minutes)',
  'Pending Review',
  'Draft Forms',
  'Overdue',
  'Due Soon',
  'Compliant',
] as const;

/**
 * GET /api/forms/analytics/export: the overview as a CSV file (the spec's "coming soon" made real): one line for
 * the whole range with the compliance counts, one per form type, one per template.
 */
export async function exportAnalyticsCsv(
  ctx: OrgContext,
  query: FormAnalyticsQuery,
): Promise<{ fileName: string; csv: string }> {
  const report = await analyticsOverview(ctx, query);
  const o = report.overview;
  const blank = (n: number) => Array<string>(n).fill('');
  const rows: string[][] = [
    [
      'All forms',
      '',
      '',
      String(o.total_forms),
      String(o.completed_forms),
      String(o.completion_rate),
      o.avg_completion_time === null ? '' : String(o.avg_completion_time),
      String(o.pending_review),
      String(o.draft_forms),
      String(report.compliance.overdue),
      String(report.compliance.due_soon),
      String(report.compliance.compliant),
    ],
  ];
  for (const type of report.by_type) {
    rows.push([
      'Form type',
      FORM_TYPE_LABELS[type.form_type],
      '',
      String(type.total_forms),
      String(type.total_submissions),
      String(type.completion_rate),
      type.avg_time_minutes === null ? '' : String(type.avg_time_minutes),
      ...blank(5),
    ]);
    for (const template of type.by_template) {
      rows.push([
        'Template',
        FORM_TYPE_LABELS[type.form_type],
        template.template_name,
        String(template.total_forms),
        String(template.total_submissions),
        String(Math.round((template.total_submissions / Math.max(template.total_forms, 1)) * 1000) / 10),
        ...blank(6),
      ]);
    }
  }
  const csv = Papa.unparse({ fields: [...CSV_FIELDS], data: rows }, { escapeFormulae: true });
  return { fileName: `form-analytics-${report.start_date}-to-${report.end_date}.csv`, csv };
}
