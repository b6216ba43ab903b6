import {
  FORM_INSTANCE_STATUSES,
  FORM_TYPES,
  type FormAnswers,
  type FormSection,
  formAnswerErrors,
  formTemplateBodySchema,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgId, type TestApp } from '../../../test/helpers.ts';
import { DEMO_FORM_TEMPLATES } from './form-templates.ts';

// The demo smart forms (issue #16 item 6), as the demo load leaves them: a template of every form type, forms
// in every status, and every submitted form's answers keep the rules the server checks on a submission.

let t: TestApp;
let plan: number;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
});
afterAll(async () => t?.close());

describe('demo smart forms', () => {
  it('has a valid template of every form type', () => {
    expect(new Set(DEMO_FORM_TEMPLATES.map((x) => x.form_type))).toEqual(new Set(FORM_TYPES));
    for (const template of DEMO_FORM_TEMPLATES) {
      expect(formTemplateBodySchema.safeParse(template).success, template.name).toBe(true);
    }
  });

  it('loads forms in every status, each answering its pinned version, submitted ones in full', async () => {
    const rows = await t.database.query<{
      status: string;
      field_data: FormAnswers;
      sections: FormSection[];
      completion_percentage: number;
      history: number;
      due_date: string | null;
    }>(
      `SELECT fi.status, fi.field_data, v.sections, fi.completion_percentage, fi.due_date::text,
              (SELECT count(*)::int FROM form_instance_history h WHERE h.instance_id = fi.id) AS history
         FROM form_instances fi
         JOIN form_template_versions v ON v.template_id = fi.template_id AND v.version = fi.template_version
        WHERE fi.organization_id = $1`,
      [plan],
    );
    expect(rows.length).toBeGreaterThan(50);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(FORM_INSTANCE_STATUSES));
    expect(rows.some((r) => r.due_date !== null)).toBe(true);
    const future = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM form_instances
        WHERE greatest(started_at, submitted_at, reviewed_at, approved_at, last_updated_ts) > now()`,
    );
    expect(future[0]?.n, 'nothing happened after now').toBe(0);
    const history = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM form_instance_history WHERE created_ts > now()',
    );
    expect(history[0]?.n).toBe(0);
    for (const row of rows) {
      const template = { sections: row.sections };
      const submitted = row.status !== 'draft';
      const errors = formAnswerErrors(
        template,
        row.field_data,
        submitted ? { requireAll: true } : { requireAll: false, checkRules: false },
      );
      expect(errors, JSON.stringify(row.field_data)).toEqual({});
      expect(row.history).toBeGreaterThanOrEqual(submitted ? 3 : 2);
    }
    const versions = await t.database.query<{ n: number }>(
      'SELECT count(DISTINCT template_version)::int AS n FROM form_instances fi JOIN form_templates t ON t.id = fi.template_id WHERE t.form_type = $1',
      ['intake'],
    );
    expect(versions[0]?.n).toBe(2);
  });
});
