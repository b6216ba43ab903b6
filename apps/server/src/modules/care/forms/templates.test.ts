import type {
  FormFieldTypeList,
  FormTemplate,
  FormTemplateList,
  FormTemplatePreview,
  FormTemplateVersionList,
} from '@trust/domain';
import { FORM_FIELD_TYPES, FORM_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  makeMember,
  makeProgram,
  signInDemo,
} from '../enrollments/test-support.ts';
import { createTemplate, intakeTemplate, startForm } from './test-support.ts';

// 002 §7 "Smart forms" templates, §5 save rules, §9 field types; issue #16 item 1 (versions and pinning).

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
  req = call(t);
});
afterAll(async () => t?.close());

describe('POST /api/forms/templates/', () => {
  it('creates version 1 with the defaults, ids and order kept, and audits it', async () => {
    const program = await makeProgram(t, d.plan);
    const body = intakeTemplate({ program_id: program.id });
    const created = await createTemplate(t, d.manager, d.plan, body);
    expect(created).toMatchObject({
      name: body.name,
      form_type: 'intake',
      program_id: program.id,
      program_name: program.name,
      version: 1,
      latest_version: 1,
      is_active: true,
      settings: { auto_save: true, allow_partial_save: true },
      created_by_name: expect.any(String),
      usage_count: 0,
    });
    expect(created.sections.map((s) => [s.section_id, s.order])).toEqual([
      ['section_about', 0],
      ['section_housing', 1],
    ]);
    expect(created.sections[1]?.fields.map((f) => f.field_id)).toEqual([
      'field_housing',
      'field_shelter',
      'field_signature',
    ]);
    expect((await auditRows(t, 'form_template.created', created.id)).length).toBe(1);
  });

  it.each([
    ['no name', { name: '  ' }, FORM_MESSAGES.templateIncomplete],
    ['no sections', { sections: [] }, FORM_MESSAGES.templateIncomplete],
    [
      'an untitled section',
      { sections: [{ section_id: 's1', title: '', fields: [] }] },
      FORM_MESSAGES.sectionTitleRequired,
    ],
    [
      'an unlabelled field',
      {
        sections: [
          { section_id: 's1', title: 'A', fields: [{ field_id: 'f', field_type: 'text', label: '' }] },
        ],
      },
      FORM_MESSAGES.fieldLabelRequired,
    ],
    [
      'a select without options',
      {
        sections: [
          { section_id: 's1', title: 'A', fields: [{ field_id: 'f', field_type: 'select', label: 'Pick' }] },
        ],
      },
      FORM_MESSAGES.optionsRequired,
    ],
    [
      'a checkbox with only blank options',
      {
        sections: [
          {
            section_id: 's1',
            title: 'A',
            fields: [{ field_id: 'f', field_type: 'checkbox', label: 'Pick', options: ['  '] }],
          },
        ],
      },
      FORM_MESSAGES.optionsRequired,
    ],
    [
      'a condition on a field that is not there',
      {
        sections: [
          {
            section_id: 's1',
            title: 'A',
            fields: [
              {
                field_id: 'f',
                field_type: 'text',
                label: 'Why',
                conditional_logic: { field_id: 'nope', operator: 'is_filled' },
              },
            ],
          },
        ],
      },
      FORM_MESSAGES.conditionUnknownField('Why'),
    ],
    [
      'a pattern that does not compile',
      {
        sections: [
          {
            section_id: 's1',
            title: 'A',
            fields: [{ field_id: 'f', field_type: 'text', label: 'Code', validation: { pattern: '([' } }],
          },
        ],
      },
      FORM_MESSAGES.patternBroken('Code'),
    ],
  ])('refuses %s with the spec message (400)', async (_what, overrides, message) => {
    const res = await req(
      'POST',
      '/api/forms/templates/',
      d.manager,
      d.plan,
      intakeTemplate(overrides as never),
    );
    const body = expectEnvelope(res, 400, 'validation_failed');
    expect(body.detail).toContain(message);
  });

  it('refuses an unknown field type, form type or operator (the lists of allowed values)', async () => {
    for (const overrides of [
      { form_type: 'survey' },
      {
        sections: [
          { section_id: 's', title: 'A', fields: [{ field_id: 'f', field_type: 'slider', label: 'X' }] },
        ],
      },
      {
        sections: [
          {
            section_id: 's',
            title: 'A',
            fields: [
              { field_id: 'g', field_type: 'text', label: 'G' },
              {
                field_id: 'f',
                field_type: 'text',
                label: 'X',
                conditional_logic: { field_id: 'g', operator: 'matches', value: 'x' },
              },
            ],
          },
        ],
      },
    ]) {
      const res = await req(
        'POST',
        '/api/forms/templates/',
        d.manager,
        d.plan,
        intakeTemplate(overrides as never),
      );
      expectEnvelope(res, 400, 'validation_failed');
    }
  });

  it('refuses a program of another organization (404) and staff and viewers (403)', async () => {
    const theirs = await makeProgram(t, d.harbor);
    expectEnvelope(
      await req(
        'POST',
        '/api/forms/templates/',
        d.manager,
        d.plan,
        intakeTemplate({ program_id: theirs.id }),
      ),
      404,
    );
    expectEnvelope(await req('POST', '/api/forms/templates/', d.staff, d.plan, intakeTemplate()), 403);
    expectEnvelope(await req('POST', '/api/forms/templates/', d.viewer, d.plan, intakeTemplate()), 403);
    expectEnvelope(await req('POST', '/api/forms/templates/', null, d.plan, intakeTemplate()), 401);
  });
});

describe('GET /api/forms/templates/', () => {
  it("lists the organization's templates by name with filters, paging and the library counts; every role reads", async () => {
    const a = await createTemplate(
      t,
      d.orgadmin,
      d.plan,
      intakeTemplate({ name: 'Zz Consent', form_type: 'consent' }),
    );
    await createTemplate(
      t,
      d.orgadmin,
      d.plan,
      intakeTemplate({ name: 'Zz Inactive care plan', form_type: 'care_plan', is_active: false }),
    );
    await createTemplate(t, d.cbo, d.harbor, intakeTemplate({ name: 'Zz Harbor only' }));

    const all = (
      await req('GET', '/api/forms/templates/?search=zz', d.viewer, d.plan)
    ).json() as FormTemplateList;
    expect(all.templates.map((x) => x.name)).toEqual(['Zz Consent', 'Zz Inactive care plan']);
    expect(all.total).toBe(2);
    expect(all.stats.total_templates).toBeGreaterThanOrEqual(2);
    expect(all.stats.active_templates).toBe(all.stats.total_templates - 1);
    expect(all.stats.by_type.consent).toBeGreaterThanOrEqual(1);

    const consent = (
      await req('GET', '/api/forms/templates/?form_type=consent&search=zz', d.staff, d.plan)
    ).json();
    expect(consent.templates.map((x: FormTemplate) => x.id)).toEqual([a.id]);
    const active = (
      await req('GET', '/api/forms/templates/?is_active=true&search=zz', d.staff, d.plan)
    ).json();
    expect(active.templates.map((x: FormTemplate) => x.name)).toEqual(['Zz Consent']);
    const paged = (
      await req('GET', '/api/forms/templates/?search=zz&page=2&page_size=1', d.staff, d.plan)
    ).json();
    expect(paged.templates.map((x: FormTemplate) => x.name)).toEqual(['Zz Inactive care plan']);
    // By description too.
    const byDescription = (
      await req('GET', '/api/forms/templates/?search=where%20they%20live', d.staff, d.plan)
    ).json();
    expect(byDescription.total).toBeGreaterThanOrEqual(2);

    expectEnvelope(await req('GET', '/api/forms/templates/?is_active=yes', d.staff, d.plan), 400);
    expectEnvelope(await req('GET', '/api/forms/templates/?form_type=survey', d.staff, d.plan), 400);
    expectEnvelope(await req('GET', '/api/forms/templates/', null, d.plan), 401);
  });

  it("answers 404 for another organization's template", async () => {
    const theirs = await createTemplate(t, d.cbo, d.harbor);
    expectEnvelope(await req('GET', `/api/forms/templates/${theirs.id}`, d.manager, d.plan), 404);
    expectEnvelope(await req('GET', `/api/forms/templates/${theirs.id}/versions`, d.manager, d.plan), 404);
    expectEnvelope(
      await req('PUT', `/api/forms/templates/${theirs.id}`, d.manager, d.plan, intakeTemplate()),
      404,
    );
    expectEnvelope(await req('DELETE', `/api/forms/templates/${theirs.id}`, d.manager, d.plan), 404);
  });
});

describe('versions and pinning', () => {
  it('updates the current version in place until a form is started on it; then only a new version', async () => {
    const program = await makeProgram(t, d.plan);
    const member = await makeMember(t, d.plan);
    const enrollment = await enroll(t, d.manager, d.plan, {
      member_id: member.id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff,
    });
    const body = intakeTemplate();
    const template = await createTemplate(t, d.manager, d.plan, body);

    const renamed = await req('PUT', `/api/forms/templates/${template.id}`, d.manager, d.plan, {
      ...body,
      name: 'Intake renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Intake renamed', version: 1 });

    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: enrollment.id,
    });
    expect(form.form_template_version).toBe(1);

    // Version 1 has a form now: it cannot change.
    const refused = await req('PUT', `/api/forms/templates/${template.id}`, d.manager, d.plan, {
      ...body,
      name: 'Intake changed again',
    });
    expect(expectEnvelope(refused, 409).detail).toContain('1 form was started on this version');
    // Only the active flag: allowed, the version stays as it is.
    const deactivated = await req('PUT', `/api/forms/templates/${template.id}`, d.manager, d.plan, {
      ...body,
      name: 'Intake renamed',
      is_active: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ version: 1, is_active: false });

    const extra = { field_id: 'field_phone', field_type: 'text' as const, label: 'Phone' };
    const v2 = await req(
      'PUT',
      `/api/forms/templates/${template.id}?create_new_version=true`,
      d.manager,
      d.plan,
      {
        ...body,
        name: 'Intake v2',
        is_active: true,
        sections: [{ ...body.sections[0]!, fields: [...body.sections[0]!.fields, extra] }, body.sections[1]!],
      },
    );
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json()).toMatchObject({ name: 'Intake v2', version: 2, latest_version: 2 });
    expect((await auditRows(t, 'form_template.versioned', template.id)).length).toBe(1);

    // Version 1 still reads as it was; the form stays pinned to it.
    const v1 = (await req('GET', `/api/forms/templates/${template.id}?version=1`, d.staff, d.plan)).json();
    expect(v1).toMatchObject({ name: 'Intake renamed', version: 1, latest_version: 2 });
    expect(v1.sections[0].fields.map((f: { field_id: string }) => f.field_id)).not.toContain('field_phone');
    const again = (await req('GET', `/api/forms/instances/${form.id}`, d.staff, d.plan)).json();
    expect(again.form_template_version).toBe(1);
    expectEnvelope(await req('GET', `/api/forms/templates/${template.id}?version=9`, d.staff, d.plan), 404);

    const versions = (
      await req('GET', `/api/forms/templates/${template.id}/versions`, d.viewer, d.plan)
    ).json() as FormTemplateVersionList;
    expect(versions.versions.map((v) => [v.version, v.is_current, v.usage_count, v.field_count])).toEqual([
      [2, true, 0, 6],
      [1, false, 1, 5],
    ]);

    // A new form starts on version 2.
    const newer = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: enrollment.id,
    });
    expect(newer.form_template_version).toBe(2);
  });

  it('refuses a save based on an older reading than the current version (409), as two editors would', async () => {
    const body = intakeTemplate();
    const opened = await createTemplate(t, d.manager, d.plan, body);
    const first = await req('PUT', `/api/forms/templates/${opened.id}`, d.manager, d.plan, {
      ...body,
      name: 'First editor',
      last_updated_ts: opened.last_updated_ts,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await req(
      'PUT',
      `/api/forms/templates/${opened.id}?create_new_version=true`,
      d.orgadmin,
      d.plan,
      {
        ...body,
        name: 'Second editor',
        last_updated_ts: opened.last_updated_ts,
      },
    );
    expect(expectEnvelope(second, 409).detail).toContain('Someone saved this template after you opened it');
    const reread = (
      await req('GET', `/api/forms/templates/${opened.id}`, d.manager, d.plan)
    ).json() as FormTemplate;
    expect(reread).toMatchObject({ name: 'First editor', version: 1 });
    const third = await req('PUT', `/api/forms/templates/${opened.id}`, d.orgadmin, d.plan, {
      ...body,
      name: 'Third editor',
      last_updated_ts: reread.last_updated_ts,
    });
    expect(third.statusCode, third.body).toBe(200);
  });

  it('staff and viewers cannot change a template (403)', async () => {
    const template = await createTemplate(t, d.manager, d.plan);
    expectEnvelope(
      await req('PUT', `/api/forms/templates/${template.id}`, d.staff, d.plan, intakeTemplate()),
      403,
    );
    expectEnvelope(await req('DELETE', `/api/forms/templates/${template.id}`, d.viewer, d.plan), 403);
  });
});

describe('DELETE /api/forms/templates/{id}', () => {
  it('deletes a template with its drafts, refuses one with submitted forms (409)', async () => {
    const program = await makeProgram(t, d.plan);
    const enrollment = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
    });
    const template = await createTemplate(t, d.manager, d.plan);
    const draft = await startForm(t, d.manager, d.plan, {
      form_template_id: template.id,
      enrollment_id: enrollment.id,
    });
    const res = await req('DELETE', `/api/forms/templates/${template.id}`, d.manager, d.plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Template deleted successfully',
      id: template.id,
      drafts_deleted: 1,
    });
    expectEnvelope(await req('GET', `/api/forms/instances/${draft.id}`, d.manager, d.plan), 404);

    const kept = await createTemplate(t, d.manager, d.plan);
    const form = await startForm(t, d.manager, d.plan, {
      form_template_id: kept.id,
      enrollment_id: enrollment.id,
    });
    const submitted = await req('PUT', `/api/forms/instances/${form.id}/submit`, d.manager, d.plan, {
      field_data: { field_age: 40, field_housing: 'Own home' },
      status: 'submitted',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const refused = expectEnvelope(
      await req('DELETE', `/api/forms/templates/${kept.id}`, d.manager, d.plan),
      409,
    );
    expect(refused.detail).toContain('deactivate it instead');
  });
});

describe('field types and preview', () => {
  it('lists the 13 field types with their options, the form types and the operators', async () => {
    const res = await req('GET', '/api/forms/field-types', d.viewer, d.plan);
    const list = res.json() as FormFieldTypeList;
    expect(list.field_types.map((f) => f.value)).toEqual([...FORM_FIELD_TYPES]);
    expect(list.field_types.find((f) => f.value === 'number')?.validation).toEqual(['min', 'max', 'step']);
    expect(list.field_types.find((f) => f.value === 'radio')?.has_options).toBe(true);
    expect(list.field_types.find((f) => f.value === 'section_header')?.is_input).toBe(false);
    expect(list.form_types).toHaveLength(7);
    expect(list.condition_operators.map((o) => o.value)).toContain('is_filled');
    expectEnvelope(await req('GET', '/api/forms/field-types', null, d.plan), 401);
  });

  it('previews the current version with its counts', async () => {
    const template = await createTemplate(t, d.manager, d.plan);
    const preview = (
      await req('GET', `/api/forms/templates/${template.id}/preview`, d.staff, d.plan)
    ).json() as FormTemplatePreview;
    expect(preview).toMatchObject({
      section_count: 2,
      field_count: 5,
      input_field_count: 5,
      required_field_count: 3,
      conditional_count: 1,
    });
    expect(preview.template.id).toBe(template.id);
  });
});
