import type {
  BillableReport,
  BillingActivity,
  BillingActivityCreateInput,
  Enrollment,
  EnrollmentActivity,
  Member,
  Program,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import { billableActivitiesQuery } from './billing-report-repo.ts';
import { call, type Demo, signInDemo } from './test-support.ts';

// Issue #15 item 7: the billable activities report, set up through the API as a manager would (a program, its
// billing activities, members, enrollments, completed activities) and read as JSON and CSV.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let program: Program;
/** Care coordination: $25 per 15 minutes, 4 units a day, 10 a month, prior authorization, codes. */
let coordination: BillingActivity;
/** Assessment: $120.50 per encounter, billable 2026-01-10 to 2026-01-25, supervised. */
let assessment: BillingActivity;
/** Inactive: no longer billed. */
let retired: BillingActivity;
let rosa: Member;
let ana: Member;
/** The activities by name, as created (ids grow in this order). */
const a: Record<string, EnrollmentActivity> = {};

const JANUARY = 'start_date=2026-01-01&end_date=2026-01-31';

async function created<T>(method: 'POST', url: string, body: unknown): Promise<T> {
  const res = await req(method, url, d.manager, d.plan, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

const billingActivity = (body: Omit<BillingActivityCreateInput, 'program_id'>) =>
  created<BillingActivity>('POST', '/api/billing-activities', { program_id: program.id, ...body });

async function activity(
  name: string,
  enrollment: Enrollment,
  body: { activity_date: string; billing_activity_id?: number | null; units?: number; status?: string },
) {
  a[name] = await created<EnrollmentActivity>('POST', '/api/enrollments/activities/', {
    enrollment_id: enrollment.id,
    activity_type: 'case_management',
    status: 'completed',
    ...body,
  });
}

const report = async (query = JANUARY, token = d.manager, org = d.plan) =>
  req('GET', `/api/enrollments/reports/billable?program_id=${program.id}&${query}`, token, org);

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
  req = call(t);
  program = await created<Program>('POST', '/api/programs/', {
    name: 'Report ECM',
    program_type: 'enhanced_care_management',
  });
  coordination = await billingActivity({
    activity_name: 'Care coordination',
    activity_code: 'ECM-CC',
    billing_unit: '15_minutes',
    rate_per_unit: 25,
    hcpcs_code: 'G9008',
    cpt_code: '99490',
    revenue_code: '0500',
    modifier_1: 'U1',
    modifier_2: 'HK',
    max_units_per_day: 4,
    max_units_per_month: 10,
    requires_prior_auth: true,
  });
  assessment = await billingActivity({
    activity_name: 'Assessment',
    billing_unit: 'per_encounter',
    rate_per_unit: 120.5,
    effective_date: '2026-01-10',
    expiration_date: '2026-01-25',
    requires_supervision: true,
  });
  retired = await billingActivity({
    activity_name: 'Old outreach',
    billing_unit: 'per_encounter',
    rate_per_unit: 10,
    is_active: false,
  });
  rosa = await created<Member>('POST', '/api/members/', {
    first_name: 'Rosa',
    last_name: 'Delgado',
    medicaid_id: '91234567A',
  });
  // A name a spreadsheet would run as a formula: the CSV must defuse it.
  ana = await created<Member>('POST', '/api/members/', { first_name: '=Ana', last_name: 'Ruiz' });
  const enroll = (member: Member, programId = program.id) =>
    created<Enrollment>('POST', '/api/enrollments/', {
      member_id: member.id,
      program_id: programId,
      status: 'active',
    });
  const rosaIn = await enroll(rosa);
  const anaIn = await enroll(ana);

  await activity('cc1', rosaIn, {
    activity_date: '2026-01-05',
    billing_activity_id: coordination.id,
    units: 3,
  });
  // Same member, same day: 1 more unit fits the 4 a day, 2 are over.
  await activity('cc2', rosaIn, {
    activity_date: '2026-01-05',
    billing_activity_id: coordination.id,
    units: 3,
  });
  await activity('cc3', rosaIn, {
    activity_date: '2026-01-06',
    billing_activity_id: coordination.id,
    units: 4,
  });
  // 8 billed this month so far: 2 more fit the 10 a month, 2 are over.
  await activity('cc4', rosaIn, {
    activity_date: '2026-01-07',
    billing_activity_id: coordination.id,
    units: 4,
  });
  await activity('early', rosaIn, { activity_date: '2026-01-09', billing_activity_id: assessment.id });
  await activity('assess', rosaIn, { activity_date: '2026-01-12', billing_activity_id: assessment.id });
  await activity('late', rosaIn, { activity_date: '2026-01-26', billing_activity_id: assessment.id });
  // Another member has limits of her own.
  await activity('anaCc', anaIn, {
    activity_date: '2026-01-05',
    billing_activity_id: coordination.id,
    units: 4,
  });
  await activity('anaOld', anaIn, { activity_date: '2026-01-08', billing_activity_id: retired.id });
  // Not in the report: not completed, not billed, another month.
  await activity('scheduled', rosaIn, {
    activity_date: '2026-01-08',
    billing_activity_id: coordination.id,
    status: 'scheduled',
  });
  await activity('unbilled', rosaIn, { activity_date: '2026-01-08', billing_activity_id: null });
  await activity('february', rosaIn, {
    activity_date: '2026-02-02',
    billing_activity_id: coordination.id,
    units: 2,
  });
  // Another program's billed activity of the same member.
  const other = await created<Program>('POST', '/api/programs/', { name: 'Other', program_type: 'other' });
  const otherBilling = await created<BillingActivity>('POST', '/api/billing-activities', {
    program_id: other.id,
    activity_name: 'Other billing',
    billing_unit: 'per_encounter',
    rate_per_unit: 5,
  });
  await activity('otherProgram', await enroll(rosa, other.id), {
    activity_date: '2026-01-05',
    billing_activity_id: otherBilling.id,
  });
});
afterAll(async () => t?.close());

describe('GET /api/enrollments/reports/billable', () => {
  it('lists the billable lines in service order with units, rate and amount, and the totals', async () => {
    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as BillableReport;
    expect(body.program).toEqual({ id: program.id, name: 'Report ECM' });
    expect(body.period).toEqual({ start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(body.lines.map((l) => [l.activity_id, l.activity_date, l.units, l.amount])).toEqual([
      [a.cc1!.id, '2026-01-05', 3, 75],
      [a.cc2!.id, '2026-01-05', 1, 25],
      [a.anaCc!.id, '2026-01-05', 4, 100],
      [a.cc3!.id, '2026-01-06', 4, 100],
      [a.cc4!.id, '2026-01-07', 2, 50],
      [a.assess!.id, '2026-01-12', 1, 120.5],
    ]);
    expect(body.totals).toEqual({ lines: 6, units: 15, amount: 470.5 });
    expect(body.lines[0]).toEqual({
      activity_id: a.cc1!.id,
      enrollment_id: a.cc1!.enrollment_id,
      member_id: rosa.id,
      member_name: 'Rosa Delgado',
      medicaid_id: '91234567A',
      activity_date: '2026-01-05',
      activity_type: 'case_management',
      billing_activity_id: coordination.id,
      activity_name: 'Care coordination',
      activity_code: 'ECM-CC',
      cpt_code: '99490',
      hcpcs_code: 'G9008',
      revenue_code: '0500',
      modifiers: ['U1', 'HK'],
      billing_unit: '15_minutes',
      rate_per_unit: 25,
      requires_prior_auth: true,
      requires_supervision: false,
      performed_by_name: expect.any(String),
      units: 3,
      amount: 75,
    });
    expect(body.lines.at(-1)).toMatchObject({
      activity_name: 'Assessment',
      modifiers: [],
      requires_prior_auth: false,
      requires_supervision: true,
      rate_per_unit: 120.5,
    });
  });

  it('lists apart, with the reason, what goes past the daily and monthly limits, the dates, or an inactive one', async () => {
    const body = (await report()).json() as BillableReport;
    expect(body.exceptions.map((e) => [e.activity_id, e.reason, e.units, e.units_refused, e.amount])).toEqual(
      [
        [a.cc2!.id, 'over_daily_limit', 3, 2, 50],
        [a.cc4!.id, 'over_monthly_limit', 4, 2, 50],
        [a.anaOld!.id, 'billing_activity_inactive', 1, 1, 10],
        [a.early!.id, 'before_effective_date', 1, 1, 120.5],
        [a.late!.id, 'after_expiration_date', 1, 1, 120.5],
      ],
    );
    expect(body.exceptions.map((e) => e.reason_text)).toEqual([
      'Over the limit of 4 units per day for this member.',
      'Over the limit of 10 units per month for this member.',
      'The billing activity is inactive.',
      "Before the billing activity's effective date (2026-01-10).",
      "After the billing activity's expiration date (2026-01-25).",
    ]);
    expect(body.exception_totals).toEqual({ exceptions: 5, units_refused: 7, amount: 351 });
    const named = [...body.lines, ...body.exceptions].map((x) => x.activity_id);
    for (const left of ['scheduled', 'unbilled', 'february', 'otherProgram']) {
      expect(named).not.toContain(a[left]!.id);
    }
  });

  it('counts the days of the month before a period that starts mid-month toward the monthly limit', async () => {
    const body = (await report('start_date=2026-01-07&end_date=2026-01-10')).json() as BillableReport;
    expect(body.lines.map((l) => [l.activity_id, l.units])).toEqual([[a.cc4!.id, 2]]);
    expect(body.exceptions.map((e) => [e.activity_id, e.reason])).toEqual([
      [a.cc4!.id, 'over_monthly_limit'],
      [a.anaOld!.id, 'billing_activity_inactive'],
      [a.early!.id, 'before_effective_date'],
    ]);
    const february = (await report('start_date=2026-02-01&end_date=2026-02-28')).json() as BillableReport;
    expect(february.lines.map((l) => [l.activity_id, l.units, l.amount])).toEqual([[a.february!.id, 2, 50]]);
    expect(february.exceptions).toEqual([]);
  });

  it('answers an empty report for a period without activities, and the same report twice', async () => {
    const empty = (await report('start_date=2025-06-01&end_date=2025-06-30')).json() as BillableReport;
    expect(empty).toMatchObject({
      lines: [],
      exceptions: [],
      totals: { lines: 0, units: 0, amount: 0 },
      exception_totals: { exceptions: 0, units_refused: 0, amount: 0 },
    });
    expect((await report()).body).toBe((await report()).body);
  });

  it('audits the read with the activities it listed', async () => {
    await report();
    const [row] = await t.database.query<{
      entity_type: string;
      details: { ids: number[]; program_id: number };
    }>(
      `SELECT entity_type, details FROM audit_log WHERE action = 'enrollment_activity.billing_report_read'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(row?.entity_type).toBe('enrollment_activity');
    expect(row?.details.program_id).toBe(program.id);
    expect([...(row?.details.ids ?? [])].sort((x, y) => x - y)).toEqual(
      ['cc1', 'cc2', 'cc3', 'cc4', 'early', 'assess', 'late', 'anaCc', 'anaOld']
        .map((k) => a[k]!.id)
        .sort((x, y) => x - y),
    );
  });

  it('is for managers and administrators: staff and viewers 403, another organization’s program 404', async () => {
    expect((await report(JANUARY, d.orgadmin)).statusCode).toBe(200);
    expect((await report(JANUARY, d.admin)).statusCode).toBe(200);
    for (const token of [d.staff, d.viewer]) {
      expectEnvelope(await report(JANUARY, token), 403);
      expectEnvelope(
        await req(
          'GET',
          `/api/enrollments/reports/billable/csv?program_id=${program.id}&${JANUARY}`,
          token,
          d.plan,
        ),
        403,
      );
    }
    expectEnvelope(await report(JANUARY, d.cbo, d.harbor), 404);
    expectEnvelope(
      await req('GET', `/api/enrollments/reports/billable?program_id=999999&${JANUARY}`, d.manager, d.plan),
      404,
    );
    expectEnvelope(
      await req('GET', `/api/enrollments/reports/billable?program_id=${program.id}&${JANUARY}`, null),
      401,
    );
  });

  it('refuses bad input with 400 and the field', async () => {
    const cases: [string, string][] = [
      ['start_date=2026-01-31&end_date=2026-01-01', 'end_date'],
      ['start_date=2025-01-01&end_date=2026-01-02', 'end_date'],
      ['start_date=2026-02-30&end_date=2026-03-01', 'start_date'],
      ['start_date=01/01/2026&end_date=2026-01-31', 'start_date'],
      ['start_date=2026-01-01', 'end_date'],
    ];
    for (const [query, field] of cases) {
      const body = expectEnvelope(await report(query), 400) as { fields?: Record<string, string> };
      expect(Object.keys(body.fields ?? {}), query).toEqual([field]);
    }
    for (const query of [`program_id=abc&${JANUARY}`, JANUARY]) {
      const res = await req('GET', `/api/enrollments/reports/billable?${query}`, d.manager, d.plan);
      expect(Object.keys((expectEnvelope(res, 400) as { fields?: object }).fields ?? {})).toEqual([
        'program_id',
      ]);
    }
    // A full year with its leap day is allowed.
    expect((await report('start_date=2024-01-01&end_date=2024-12-31')).statusCode).toBe(200);
  });

  it('is served by indexes: the activities by billing activity or enrollment and date, the rest by key', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The test tables are small enough for a sequential scan to win; forbid it to see what serves the query.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const query = billableActivitiesQuery(tx, {
        organizationId: d.plan,
        programId: program.id,
        billingActivityIds: [coordination.id, assessment.id, retired.id],
        from: '2026-01-01',
        to: '2026-01-31',
        limit: 100,
      });
      const res = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // The planner drives from the billing activities' index (billing_activity_id, activity_date) or from the
    // program's enrollments and their activities' (enrollment_id, activity_date), whichever is cheaper: both are
    // bounded by the period's dates, never a scan of every activity.
    expect(plan).toMatch(
      /(Index Scan using|Bitmap Index Scan on) enrollment_activities_(billing|enrollment)_idx[^\n]*\n\s+Index Cond: [^\n]*activity_date >= '2026-01-01'::date/,
    );
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('GET /api/enrollments/reports/billable/csv', () => {
  it('downloads the lines then the exceptions as CSV, named after the program and period, formulas defused', async () => {
    const res = await req(
      'GET',
      `/api/enrollments/reports/billable/csv?program_id=${program.id}&${JANUARY}`,
      d.manager,
      d.plan,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="billable-activities-report-ecm-2026-01-01-to-2026-01-31.csv"; filename*=UTF-8''billable-activities-report-ecm-2026-01-01-to-2026-01-31.csv`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    expect(
      rows.map((r) => [r['Line Type'], r['Activity ID'], r['Units Billed'], r['Amount Billed']]),
    ).toEqual([
      ['Billable', String(a.cc1!.id), '3', '75.00'],
      ['Billable', String(a.cc2!.id), '1', '25.00'],
      ['Billable', String(a.anaCc!.id), '4', '100.00'],
      ['Billable', String(a.cc3!.id), '4', '100.00'],
      ['Billable', String(a.cc4!.id), '2', '50.00'],
      ['Billable', String(a.assess!.id), '1', '120.50'],
      ['Exception', String(a.cc2!.id), '', ''],
      ['Exception', String(a.cc4!.id), '', ''],
      ['Exception', String(a.anaOld!.id), '', ''],
      ['Exception', String(a.early!.id), '', ''],
      ['Exception', String(a.late!.id), '', ''],
    ]);
    expect(rows[0]).toMatchObject({
      'Member Name': 'Rosa Delgado',
      'Medicaid ID': '91234567A',
      'Date of Service': '2026-01-05',
      'Activity Type': 'Case Management',
      'Billing Activity': 'Care coordination',
      'HCPCS Code': 'G9008',
      'CPT Code': '99490',
      'Revenue Code': '0500',
      'Modifier 1': 'U1',
      'Modifier 2': 'HK',
      'Billing Unit': '15 minutes',
      'Rate Per Unit': '25.00',
      'Prior Auth Required': 'Yes',
      'Supervision Required': 'No',
      Reason: '',
    });
    expect(rows[6]).toMatchObject({
      'Units Refused': '2',
      'Amount Not Billed': '50.00',
      Reason: 'Over the limit of 4 units per day for this member.',
    });
    // "=Ana Ruiz" starts with a formula character: written so a spreadsheet shows it as text.
    expect(rows[2]!['Member Name']).toBe("'=Ana Ruiz");
    const [audit] = await t.database.query<{ details: { ids: number[] } }>(
      `SELECT details FROM audit_log WHERE action = 'enrollment_activity.billing_report_exported'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.details.ids).toHaveLength(9);
  });

  it('refuses bad input like the JSON report', async () => {
    const res = await req(
      'GET',
      `/api/enrollments/reports/billable/csv?program_id=${program.id}&start_date=2026-01-31&end_date=2026-01-01`,
      d.manager,
      d.plan,
    );
    expect((expectEnvelope(res, 400) as { fields?: object }).fields).toHaveProperty('end_date');
  });
});

describe('an activity billed from the enrollment', () => {
  it("is refused a billing activity of another program (the report's program is the enrollment's)", async () => {
    const other = await created<Program>('POST', '/api/programs/', { name: 'Third', program_type: 'other' });
    const foreign = await created<BillingActivity>('POST', '/api/billing-activities', {
      program_id: other.id,
      activity_name: 'Foreign',
      billing_unit: 'per_encounter',
      rate_per_unit: 1,
    });
    const res = await req('POST', '/api/enrollments/activities/', d.manager, d.plan, {
      enrollment_id: a.cc1!.enrollment_id,
      status: 'completed',
      billing_activity_id: foreign.id,
    });
    expect((expectEnvelope(res, 400) as { fields?: object }).fields).toHaveProperty('billing_activity_id');
  });
});
