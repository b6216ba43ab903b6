import type { FormAnalyticsOverview } from '@trust/domain';
import { addDaysIso, completionRateColor, todayIsoDate } from '@trust/domain';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { call, type Demo, enroll, makeMember, makeProgram, signInDemo } from '../enrollments/test-support.ts';
import { purgeExpiredAnalytics } from './analytics-cache.ts';
import { createTemplate, intakeTemplate, startForm } from './test-support.ts';

// 002 §2 Form Analytics Dashboard, §3 overview response, §9 (cache 5 minutes, purge every 10, last 30 days);
// issue #16 item 4: from real data, for the active organization, optionally one program; a real CSV export.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let program: { id: number; name: string };
let enrollmentId: number;
let otherProgramEnrollment: number;

const complete = { field_age: 40, field_housing: 'Own home' };

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
  req = call(t);
  program = await makeProgram(t, d.plan);
  const other = await makeProgram(t, d.plan);
  enrollmentId = (
    await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
    })
  ).id;
  otherProgramEnrollment = (
    await enroll(t, d.manager, d.plan, { member_id: (await makeMember(t, d.plan)).id, program_id: other.id })
  ).id;
});
afterAll(async () => t?.close());

const overview = async (query = '', token = d.manager) => {
  const res = await req('GET', `/api/forms/analytics/overview${query}`, token, d.plan);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FormAnalyticsOverview;
};

describe('GET /api/forms/analytics/overview', () => {
  it('counts the forms of the range by status and type, their completion, the most used and compliance', async () => {
    // The organization's demo forms are counted too when no program is chosen.
    const baseline = await overview();
    const empty = await overview(`?program_id=${program.id}`);
    expect(empty.overview).toEqual({
      total_forms: 0,
      completed_forms: 0,
      pending_review: 0,
      draft_forms: 0,
      completion_rate: 0,
      avg_completion_time: null,
    });
    // Default range: the last 30 days, today included.
    expect(empty.end_date).toBe(todayIsoDate());
    expect(empty.start_date).toBe(addDaysIso(todayIsoDate(), -29));

    const intake = await createTemplate(t, d.manager, d.plan, intakeTemplate({ name: 'Analytics intake' }));
    const consent = await createTemplate(
      t,
      d.manager,
      d.plan,
      intakeTemplate({ name: 'Analytics consent', form_type: 'consent' }),
    );
    const forms = [];
    for (const template of [intake, intake, intake, consent]) {
      forms.push(
        await startForm(t, d.manager, d.plan, { form_template_id: template.id, enrollment_id: enrollmentId }),
      );
    }
    // Started 90 minutes before it was submitted; one approved, one left submitted, one draft overdue.
    await t.database.query(
      `UPDATE form_instances SET started_at = now() - interval '90 minutes' WHERE id = $1`,
      [forms[0]!.id],
    );
    for (const form of [forms[0]!, forms[1]!]) {
      const res = await req('PUT', `/api/forms/instances/${form.id}/submit`, d.manager, d.plan, {
        field_data: complete,
        status: 'submitted',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await req('PUT', `/api/forms/instances/${forms[0]!.id}/review`, d.manager, d.plan, {
      status: 'approved',
    });
    await req('PUT', `/api/forms/instances/${forms[2]!.id}/assignment`, d.manager, d.plan, {
      assigned_to_user_id: d.ids.staff,
      due_date: addDaysIso(todayIsoDate(), -2),
    });
    await req('PUT', `/api/forms/instances/${forms[3]!.id}/assignment`, d.manager, d.plan, {
      assigned_to_user_id: d.ids.staff,
      due_date: addDaysIso(todayIsoDate(), 5),
    });
    // A form of another program is left out when filtering by program.
    await startForm(t, d.manager, d.plan, {
      form_template_id: intake.id,
      enrollment_id: otherProgramEnrollment,
    });

    const report = await overview(`?program_id=${program.id}`);
    expect(report.overview).toMatchObject({
      total_forms: 4,
      completed_forms: 2,
      pending_review: 1,
      draft_forms: 2,
      completion_rate: 50,
    });
    // (90 + ~0) / 2 minutes.
    expect(report.overview.avg_completion_time).toBeGreaterThanOrEqual(45);
    expect(report.overview.avg_completion_time).toBeLessThan(46);
    expect(
      report.by_type.map((x) => [x.form_type, x.total_forms, x.total_submissions, x.completion_rate]),
    ).toEqual([
      ['intake', 3, 2, 66.7],
      ['consent', 1, 0, 0],
    ]);
    expect(report.by_type[0]?.by_template).toEqual([
      { template_id: intake.id, template_name: 'Analytics intake', total_forms: 3, total_submissions: 2 },
    ]);
    expect(report.most_used[0]).toEqual({
      template_id: intake.id,
      template_name: 'Analytics intake',
      form_type: 'intake',
      usage_count: 3,
    });
    expect(report.compliance).toEqual({ overdue: 1, due_soon: 1, compliant: 0 });

    const all = await overview();
    expect(all.overview.total_forms).toBe(baseline.overview.total_forms + 5);
    // A range that ended before the forms were started.
    const past = await overview('?start_date=2020-01-01&end_date=2020-01-31');
    expect(past.overview.total_forms).toBe(0);
    expect(completionRateColor(report.by_type[0]!.completion_rate)).toBe('blue');
  });

  it('is cached per organization and query, cleared by any change to its forms; expired entries are purged', async () => {
    const before = await overview();
    const again = await overview();
    expect(again.generated_at).toBe(before.generated_at);
    const cached = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM form_analytics_cache WHERE organization_id = $1',
      [d.plan],
    );
    expect(cached[0]?.n).toBeGreaterThan(0);

    const template = await createTemplate(t, d.manager, d.plan);
    await startForm(t, d.manager, d.plan, {
      form_template_id: template.id,
      enrollment_id: otherProgramEnrollment,
    });
    const after = await overview();
    expect(after.overview.total_forms).toBeGreaterThan(before.overview.total_forms);

    await t.database.query("UPDATE form_analytics_cache SET expires_at = now() - interval '1 second'");
    expect(await purgeExpiredAnalytics(systemContext(t.app.deps, 'test').db)).toBeGreaterThan(0);
  });

  it('refuses another organization (cbo_id), a range that ends before it starts, another organization’s program; every role reads', async () => {
    expect(
      (await req('GET', `/api/forms/analytics/overview?cbo_id=${d.plan}`, d.viewer, d.plan)).statusCode,
    ).toBe(200);
    expectEnvelope(
      await req('GET', `/api/forms/analytics/overview?cbo_id=${d.harbor}`, d.manager, d.plan),
      403,
    );
    expectEnvelope(
      await req(
        'GET',
        '/api/forms/analytics/overview?start_date=2026-02-01&end_date=2026-01-01',
        d.manager,
        d.plan,
      ),
      400,
    );
    expectEnvelope(
      await req('GET', '/api/forms/analytics/overview?start_date=2026-02-30', d.manager, d.plan),
      400,
    );
    const theirs = await makeProgram(t, d.harbor);
    expectEnvelope(
      await req('GET', `/api/forms/analytics/overview?program_id=${theirs.id}`, d.manager, d.plan),
      404,
    );
    expectEnvelope(await req('GET', '/api/forms/analytics/overview', null, d.plan), 401);
    // Harbor sees none of the plan's forms.
    const harbor = (
      await req('GET', '/api/forms/analytics/overview', d.cbo, d.harbor)
    ).json() as FormAnalyticsOverview;
    expect(harbor.overview.total_forms).toBe(0);
  });
});

describe('GET /api/forms/analytics/export', () => {
  it('is a CSV of the report: the whole range, each type, each template', async () => {
    const res = await req('GET', `/api/forms/analytics/export?program_id=${program.id}`, d.manager, d.plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="form-analytics-.*\.csv"/,
    );
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true }).data;
    expect(rows[0]).toMatchObject({
      Section: 'All forms',
      'Total Forms': '4',
      'Completed Forms': '2',
      Overdue: '1',
    });
    expect(rows.find((r) => r.Template === 'Analytics intake')).toMatchObject({
      Section: 'Template',
      'Form Type': 'Intake',
      'Total Forms': '3',
      'Completed Forms': '2',
    });
    expectEnvelope(
      await req('GET', `/api/forms/analytics/export?cbo_id=${d.harbor}`, d.manager, d.plan),
      403,
    );
  });
});
