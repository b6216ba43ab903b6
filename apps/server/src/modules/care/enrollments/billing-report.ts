import {
  ACTIVITY_TYPE_LABELS,
  BILLING_REPORT_MAX_ACTIVITIES,
  BILLING_REPORT_MESSAGES,
  BILLING_UNIT_OPTIONS,
  type BillableLine,
  type BillableReport,
  type BillableReportQuery,
  type BillingCandidate,
  type BillingExceptionLine,
  centsToDollars,
  enrollmentLabel,
  MESSAGES,
  monthStart,
  optionLabel,
  priceBillableActivities,
} from '@trust/domain';
import Papa from 'papaparse';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  type BillableActivity,
  findProgramForOrg,
  listBillingActivitiesForPrograms,
} from '../programs/service.ts';
import { isManager } from './access.ts';
import { type BillableActivityRow, listCompletedBillableActivities } from './billing-report-repo.ts';

// The billable activities report (issue #15 item 7): for a program of the organization and a period, its
// completed activities billed as one of its billing activities, priced by the rule of @trust/domain
// (priceBillableActivities: limits per day and month, effective and expiration dates, inactive billing
// activities), with what those refuse listed apart. Managers and administrators only: it names members (PHI) and
// is the organization's billing, so every read and export is audited with the activities it listed.

type Candidate = BillingCandidate & { row: BillableActivityRow; billingActivity: BillableActivity };

/** The program, the priced lines and exceptions, and the activity ids the answer names (for the audit row). */
async function buildReport(
  ctx: OrgContext,
  query: BillableReportQuery,
): Promise<{ report: BillableReport; activityIds: number[] }> {
  // The route refuses other roles first; this holds for any other caller of the service too (002 §6).
  if (!isManager(ctx)) throw new AppError('role.not_allowed', MESSAGES.forbiddenRole);
  const program = await findProgramForOrg(ctx, query.program_id);
  const billingActivities = await listBillingActivitiesForPrograms(ctx, { programIds: [program.id] });
  const byId = new Map(billingActivities.map((b) => [b.id, b]));
  // The monthly limit counts from the first day of the period's first month: those days are read, not reported.
  const rows = await listCompletedBillableActivities(ctx.db, {
    organizationId: ctx.actor.org.id,
    programId: program.id,
    billingActivityIds: [...byId.keys()],
    from: monthStart(query.start_date),
    to: query.end_date,
    limit: BILLING_REPORT_MAX_ACTIVITIES + 1,
  });
  if (rows.length > BILLING_REPORT_MAX_ACTIVITIES) {
    throw new AppError(
      'billing_report.too_large',
      BILLING_REPORT_MESSAGES.tooLarge(BILLING_REPORT_MAX_ACTIVITIES),
    );
  }
  const candidates: Candidate[] = rows.flatMap((row) => {
    const billing = byId.get(row.billingActivityId);
    if (!billing) return [];
    return [
      {
        activityId: row.id,
        memberId: row.memberId,
        activityDate: row.activityDate,
        units: row.units,
        billing: {
          id: billing.id,
          rateCentsPerUnit: billing.rateCentsPerUnit,
          maxUnitsPerDay: billing.maxUnitsPerDay,
          maxUnitsPerMonth: billing.maxUnitsPerMonth,
          isActive: billing.isActive,
          effectiveDate: billing.effectiveDate,
          expirationDate: billing.expirationDate,
        },
        row,
        billingActivity: billing,
      },
    ];
  });
  const priced = priceBillableActivities(candidates, { start: query.start_date, end: query.end_date });

  const itemOf = (c: Candidate) => {
    const b = c.billingActivity;
    return {
      activity_id: c.row.id,
      enrollment_id: c.row.enrollmentId,
      member_id: c.row.memberId,
      member_name: `${c.row.memberFirstName} ${c.row.memberLastName}`.trim(),
      medicaid_id: c.row.medicaidId,
      activity_date: c.row.activityDate,
      activity_type: c.row.activityType,
      billing_activity_id: b.id,
      activity_name: b.activityName,
      activity_code: b.activityCode,
      cpt_code: b.cptCode,
      hcpcs_code: b.hcpcsCode,
      revenue_code: b.revenueCode,
      modifiers: [b.modifier1, b.modifier2].filter((m): m is string => Boolean(m)),
      billing_unit: b.billingUnit,
      rate_per_unit: centsToDollars(b.rateCentsPerUnit),
      requires_prior_auth: b.requiresPriorAuth,
      requires_supervision: b.requiresSupervision,
      performed_by_name: c.row.performedByName,
    };
  };
  const lines: BillableLine[] = priced.lines.map((l) => ({
    ...itemOf(l.activity),
    units: l.units,
    amount: centsToDollars(l.amountCents),
  }));
  const exceptions: BillingExceptionLine[] = priced.exceptions.map((e) => ({
    ...itemOf(e.activity),
    units: e.activity.units,
    units_refused: e.unitsRefused,
    amount: centsToDollars(e.amountCents),
    reason: e.reason,
    reason_text: e.reasonText,
  }));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const report: BillableReport = {
    program: { id: program.id, name: program.name },
    period: { start_date: query.start_date, end_date: query.end_date },
    lines,
    exceptions,
    // Summed in cents, then turned into dollars: no floating-point drift over thousands of lines.
    totals: {
      lines: lines.length,
      units: sum(priced.lines.map((l) => l.units)),
      amount: centsToDollars(sum(priced.lines.map((l) => l.amountCents))),
    },
    exception_totals: {
      exceptions: exceptions.length,
      units_refused: sum(priced.exceptions.map((e) => e.unitsRefused)),
      amount: centsToDollars(sum(priced.exceptions.map((e) => e.amountCents))),
    },
  };
  const activityIds = [
    ...new Set([...priced.lines, ...priced.exceptions].map((x) => x.activity.activityId)),
  ].sort((a, b) => a - b);
  return { report, activityIds };
}

function auditDetails(query: BillableReportQuery) {
  return { program_id: query.program_id, start_date: query.start_date, end_date: query.end_date };
}

/** GET /api/enrollments/reports/billable: the report as JSON; the read is audited with the activities listed. */
export async function getBillableReport(
  ctx: OrgContext,
  query: BillableReportQuery,
): Promise<BillableReport> {
  const { report, activityIds } = await buildReport(ctx, query);
  await auditPhiRead(ctx.db, ctx, {
    action: 'enrollment_activity.billing_report_read',
    entityType: 'enrollment_activity',
    ids: activityIds,
    details: auditDetails(query),
  });
  return report;
}

/** The CSV's columns, in order: a claim's fields first, then who did it and why a row is apart. */
export const BILLABLE_CSV_FIELDS = [
  'Line Type',
  'Activity ID',
  'Enrollment ID',
  'Member ID',
  'Member Name',
  'Medicaid ID',
  'Date of Service',
  'Activity Type',
  'Billing Activity',
  'Activity Code',
  'CPT Code',
  'HCPCS Code',
  'Revenue Code',
  'Modifier 1',
  'Modifier 2',
  'Billing Unit',
  'Units Billed',
  'Rate Per Unit',
  'Amount Billed',
  'Units Refused',
  'Amount Not Billed',
  'Reason',
  'Prior Auth Required',
  'Supervision Required',
  'Performed By',
] as const;

const money = (dollars: number) => dollars.toFixed(2);
const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

function csvItem(item: BillableLine | BillingExceptionLine) {
  return {
    'Activity ID': String(item.activity_id),
    'Enrollment ID': String(item.enrollment_id),
    'Member ID': String(item.member_id),
    'Member Name': item.member_name,
    'Medicaid ID': item.medicaid_id ?? '',
    'Date of Service': item.activity_date,
    'Activity Type': enrollmentLabel(ACTIVITY_TYPE_LABELS, item.activity_type),
    'Billing Activity': item.activity_name,
    'Activity Code': item.activity_code ?? '',
    'CPT Code': item.cpt_code ?? '',
    'HCPCS Code': item.hcpcs_code ?? '',
    'Revenue Code': item.revenue_code ?? '',
    'Modifier 1': item.modifiers[0] ?? '',
    'Modifier 2': item.modifiers[1] ?? '',
    'Billing Unit': optionLabel(BILLING_UNIT_OPTIONS, item.billing_unit),
    'Rate Per Unit': money(item.rate_per_unit),
    'Prior Auth Required': yesNo(item.requires_prior_auth),
    'Supervision Required': yesNo(item.requires_supervision),
    'Performed By': item.performed_by_name ?? '',
  };
}

/** A file name from the program's name and the period ("billable-activities-ecm-2026-01-01-to-2026-01-31.csv"). */
function fileNameOf(report: BillableReport): string {
  const slug =
    report.program.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || `program-${report.program.id}`;
  return `billable-activities-${slug}-${report.period.start_date}-to-${report.period.end_date}.csv`;
}

/**
 * GET /api/enrollments/reports/billable/csv: the same report as one CSV file, the billable lines then the
 * exceptions (Line Type says which; an exception's units and amount are in the Refused / Not Billed columns, so
 * summing Amount Billed gives the total). Audited with the activities it listed.
 */
export async function exportBillableReportCsv(
  ctx: OrgContext,
  query: BillableReportQuery,
): Promise<{ fileName: string; csv: string }> {
  const { report, activityIds } = await buildReport(ctx, query);
  const rows: Record<(typeof BILLABLE_CSV_FIELDS)[number], string>[] = [
    ...report.lines.map((line) => ({
      'Line Type': 'Billable',
      ...csvItem(line),
      'Units Billed': String(line.units),
      'Amount Billed': money(line.amount),
      'Units Refused': '',
      'Amount Not Billed': '',
      Reason: '',
    })),
    ...report.exceptions.map((exception) => ({
      'Line Type': 'Exception',
      ...csvItem(exception),
      'Units Billed': '',
      'Amount Billed': '',
      'Units Refused': String(exception.units_refused),
      'Amount Not Billed': money(exception.amount),
      Reason: exception.reason_text,
    })),
  ];
  const csv = Papa.unparse(
    { fields: [...BILLABLE_CSV_FIELDS], data: rows.map((row) => BILLABLE_CSV_FIELDS.map((f) => row[f])) },
    // A cell starting with = + - @ is not run as a formula by the spreadsheet that opens the file.
    { escapeFormulae: true },
  );
  await auditPhiRead(ctx.db, ctx, {
    action: 'enrollment_activity.billing_report_exported',
    entityType: 'enrollment_activity',
    ids: activityIds,
    details: auditDetails(query),
  });
  return { fileName: fileNameOf(report), csv };
}
