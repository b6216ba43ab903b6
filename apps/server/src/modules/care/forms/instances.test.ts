import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  DomainEvent,
  Enrollment,
  FormInstance,
  FormInstanceHistory,
  FormInstanceList,
  FormTemplate,
} from '@trust/domain';
import { addDaysIso, FORM_MESSAGES, todayIsoDate } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import { multipart } from '../../../../test/multipart.ts';
import { samplePdf } from '../../../../test/sample-files.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  makeMember,
  makeProgram,
  signInDemo,
} from '../enrollments/test-support.ts';
import { createTemplate, intakeTemplate, SIGNATURE_PNG, startForm } from './test-support.ts';

// 002 §4 (form states, filler), §5 (submission rules and messages), §7 instances; issue #16 items 2 and 5 and
// "Bad input and failure": the server checks every answer against the pinned version, a submitted form is
// read-only, two saves of one draft never silently erase each other.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let dataDir: string;
let template: FormTemplate;
/** Managed by the coordinator (staff), and by the other staff member. */
let mine: Enrollment;
let theirs: Enrollment;
const heard: DomainEvent[] = [];
const formOf = (e: DomainEvent) => e.data as { form_instance_id?: number; status?: string };

const signature = { image: SIGNATURE_PNG, typed_name: 'Ana Example', signed_at: '2026-11-20T10:00:00Z' };
const complete = { field_age: 34, field_housing: 'Own home', field_signature: signature };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-forms-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  d = await signInDemo(t);
  req = call(t);
  t.app.deps.domainEvents.subscribe({
    'form.submitted': (e) => void heard.push(e),
    'form.reviewed': (e) => void heard.push(e),
  });
  const program = await makeProgram(t, d.plan);
  mine = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan, { firstName: 'Ana', lastName: 'Example' })).id,
    program_id: program.id,
    case_manager_user_id: d.ids.staff,
  });
  theirs = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: program.id,
    case_manager_user_id: d.ids.staff2,
  });
  template = await createTemplate(t, d.manager, d.plan);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const save = (token: string, id: number, body: Record<string, unknown>) =>
  req('PUT', `/api/forms/instances/${id}/submit`, token, d.plan, body);

describe('POST /api/forms/instances/', () => {
  it('starts a draft pinned to the current version with the default answers, audited, with history', async () => {
    const withDefault = await createTemplate(
      t,
      d.manager,
      d.plan,
      intakeTemplate({
        sections: [
          {
            section_id: 's',
            title: 'Visit',
            fields: [
              {
                field_id: 'mode',
                field_type: 'select',
                label: 'Mode',
                options: ['Phone', 'Home'],
                default_value: 'Phone',
              },
              { field_id: 'notes', field_type: 'textarea', label: 'Notes' },
            ],
          },
        ],
      }),
    );
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: withDefault.id,
      enrollment_id: mine.id,
    });
    expect(form).toMatchObject({
      status: 'draft',
      form_template_id: withDefault.id,
      form_template_name: withDefault.name,
      form_template_version: 1,
      form_type: 'intake',
      enrollment_id: mine.id,
      member_name: 'Ana Example',
      field_data: { mode: 'Phone' },
      completion_percentage: 50,
      revision: 0,
      can_edit: true,
      can_review: false,
      can_delete: true,
    });
    expect((await auditRows(t, 'form_instance.created', form.id)).length).toBe(1);
    // The list names the people of each form (read as subqueries, issue #22): who started it; nobody assigned.
    const [creator] = await t.database.query<{ name: string }>(
      'SELECT u.name FROM users u JOIN form_instances f ON f.created_by = u.id WHERE f.id = $1',
      [form.id],
    );
    const listed = (
      (
        await req('GET', `/api/forms/instances?enrollment_id=${mine.id}`, d.staff, d.plan)
      ).json() as FormInstanceList
    ).instances.find((i) => i.id === form.id);
    expect(listed).toMatchObject({
      created_by_name: creator!.name,
      last_updated_by_name: creator!.name,
      assigned_to_name: null,
      reviewed_by_name: null,
    });
  });

  it('refuses an inactive template (422), an enrollment staff do not manage or another organization’s (404), viewers (403), a viewer as assignee (400)', async () => {
    const inactive = await createTemplate(t, d.manager, d.plan, intakeTemplate({ is_active: false }));
    expectEnvelope(
      await req('POST', '/api/forms/instances/', d.staff, d.plan, {
        form_template_id: inactive.id,
        enrollment_id: mine.id,
      }),
      422,
    );
    expectEnvelope(
      await req('POST', '/api/forms/instances/', d.staff, d.plan, {
        form_template_id: template.id,
        enrollment_id: theirs.id,
      }),
      404,
    );
    const harborTemplate = await createTemplate(t, d.cbo, d.harbor);
    expectEnvelope(
      await req('POST', '/api/forms/instances/', d.manager, d.plan, {
        form_template_id: harborTemplate.id,
        enrollment_id: mine.id,
      }),
      404,
    );
    expectEnvelope(
      await req('POST', '/api/forms/instances/', d.viewer, d.plan, {
        form_template_id: template.id,
        enrollment_id: mine.id,
      }),
      403,
    );
    const bad = expectEnvelope(
      await req('POST', '/api/forms/instances/', d.manager, d.plan, {
        form_template_id: template.id,
        enrollment_id: mine.id,
        assigned_to_user_id: d.ids.viewer,
      }),
      400,
    );
    expect(bad.detail).toContain('not a viewer');
    expectEnvelope(
      await req('POST', '/api/forms/instances/', d.manager, d.plan, {
        form_template_id: '1',
        enrollment_id: mine.id,
      }),
      400,
    );
  });
});

describe('saving and submitting (PUT /api/forms/instances/{id}/submit)', () => {
  it('saves a draft halfway (rules wait for the submission), records the fields changed, and skips a save that changes nothing', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const res = await save(d.staff, form.id, {
      field_data: { field_age: 9, field_name: 'Ana' },
      revision: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'draft',
      revision: 1,
      field_data: { field_age: 9, field_name: 'Ana' },
      completion_percentage: 40,
    });
    const same = await save(d.staff, form.id, {
      field_data: { field_age: 9, field_name: 'Ana' },
      revision: 1,
    });
    expect(same.json().revision).toBe(1);

    const history = (
      await req('GET', `/api/forms/instances/${form.id}/history`, d.staff, d.plan)
    ).json() as FormInstanceHistory;
    expect(history.history.map((h) => h.action)).toEqual(['saved', 'created']);
    expect(history.history[0]?.changed_fields).toEqual([
      { field_id: 'field_age', label: 'Age' },
      { field_id: 'field_name', label: 'Preferred name' },
    ]);
    expect(history.history[0]?.user_name).toBeTruthy();
    const audit = await auditRows(t, 'form_instance.saved', form.id);
    expect(audit[0]?.details).toMatchObject({ changed_fields: ['field_age', 'field_name'] });
    expect(JSON.stringify(audit)).not.toContain('Ana');
  });

  it('refuses a draft answer of the wrong kind or for a field the form does not have (400 naming it)', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const wrong = expectEnvelope(await save(d.staff, form.id, { field_data: { field_age: 'old' } }), 400);
    expect((wrong as { fields?: Record<string, string> }).fields).toEqual({
      field_age: 'Age must be a number',
    });
    const option = expectEnvelope(
      await save(d.staff, form.id, { field_data: { field_housing: 'Tent' } }),
      400,
    );
    expect(option.detail).toContain('must be one of its options');
    const unknown = expectEnvelope(await save(d.staff, form.id, { field_data: { field_shoe: 'x' } }), 400);
    expect(unknown.detail).toContain('field_shoe');
    expectEnvelope(await save(d.staff, form.id, { field_data: {}, status: 'done' }), 400);
  });

  it('checks every field on submission against the pinned version, with the spec messages', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const missing = expectEnvelope(
      await save(d.staff, form.id, { field_data: {}, status: 'submitted' }),
      400,
    );
    expect(missing.detail).toContain(FORM_MESSAGES.submissionInvalid);
    expect((missing as { fields?: Record<string, string> }).fields).toEqual({
      field_age: 'Age is required',
      field_housing: 'Where do you sleep most nights? is required',
    });
    const low = expectEnvelope(
      await save(d.staff, form.id, { field_data: { ...complete, field_age: 12 }, status: 'submitted' }),
      400,
    );
    expect((low as { fields?: Record<string, string> }).fields).toEqual({
      field_age: 'Age must be at least 18',
    });
    const long = expectEnvelope(
      await save(d.staff, form.id, {
        field_data: { ...complete, field_name: 'x'.repeat(41) },
        status: 'submitted',
      }),
      400,
    );
    expect((long as { fields?: Record<string, string> }).fields).toEqual({
      field_name: 'Preferred name must be at most 40 characters',
    });
    // The shelter name shows (and is required) only for "Shelter".
    const shelter = expectEnvelope(
      await save(d.staff, form.id, {
        field_data: { ...complete, field_housing: 'Shelter' },
        status: 'submitted',
      }),
      400,
    );
    expect((shelter as { fields?: Record<string, string> }).fields).toEqual({
      field_shelter: 'Shelter name is required',
    });
    // A signature that is not a PNG.
    const fake = expectEnvelope(
      await save(d.staff, form.id, {
        field_data: {
          ...complete,
          field_signature: { ...signature, image: 'data:image/png;base64,aGVsbG8=' },
        },
        status: 'submitted',
      }),
      400,
    );
    expect(fake.detail).toContain("needs a drawn signature and the signer's typed name");
    const unsigned = expectEnvelope(
      await save(d.staff, form.id, {
        field_data: { ...complete, field_signature: { ...signature, typed_name: ' ' } },
        status: 'submitted',
      }),
      400,
    );
    expect(unsigned.detail).toContain('Member signature');
    // Nothing of these refusals was written.
    const still = (
      await req('GET', `/api/forms/instances/${form.id}`, d.staff, d.plan)
    ).json() as FormInstance;
    expect(still).toMatchObject({ status: 'draft', revision: 0 });
  });

  it('submits, publishes form.submitted, and is then read-only (409 to a save, a delete, an assignment)', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const res = await save(d.staff, form.id, { field_data: complete, status: 'submitted', revision: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const submitted = res.json() as FormInstance;
    expect(submitted).toMatchObject({
      status: 'submitted',
      completion_percentage: 60,
      can_edit: false,
      can_delete: false,
    });
    expect(submitted.submitted_at).toBeTruthy();
    // On PostgreSQL the NOTIFY reaches the listening connection a moment after the commit: wait for it.
    const submittedEvent = () =>
      heard.find((e) => e.name === 'form.submitted' && formOf(e).form_instance_id === form.id);
    for (let i = 0; i < 50 && !submittedEvent(); i++) {
      await t.app.deps.domainEvents.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(submittedEvent()?.data).toEqual({
      form_instance_id: form.id,
      form_template_id: template.id,
      enrollment_id: mine.id,
      organization_id: d.plan,
      form_type: 'intake',
    });
    expect((await auditRows(t, 'form_instance.submitted', form.id)).length).toBe(1);

    const again = expectEnvelope(await save(d.staff, form.id, { field_data: complete }), 409);
    expect(again.detail).toBe('This form has been submitted and cannot be edited');
    expectEnvelope(await req('DELETE', `/api/forms/instances/${form.id}`, d.staff, d.plan), 409);
    expectEnvelope(
      await req('PUT', `/api/forms/instances/${form.id}/assignment`, d.staff, d.plan, {
        assigned_to_user_id: d.ids.staff,
        due_date: null,
      }),
      409,
    );
  });

  it('checks every field type on the server with the spec messages (the browser’s check can be bypassed)', async () => {
    const every = await createTemplate(
      t,
      d.manager,
      d.plan,
      intakeTemplate({
        sections: [
          {
            section_id: 's',
            title: 'Every type',
            fields: [
              { field_id: 'code', field_type: 'text', label: 'Code', validation: { pattern: '[A-Z]{3}' } },
              {
                field_id: 'zip',
                field_type: 'text',
                label: 'ZIP',
                validation: { pattern: '[0-9]{5}', patternMessage: 'Five digits, please' },
              },
              { field_id: 'story', field_type: 'textarea', label: 'Story', validation: { minLength: 10 } },
              {
                field_id: 'visit',
                field_type: 'date',
                label: 'Visit',
                validation: { minDate: '2026-01-01', maxDate: '2026-12-31' },
              },
              {
                field_id: 'at',
                field_type: 'datetime',
                label: 'Seen at',
                validation: { minDate: '2026-01-01' },
              },
              { field_id: 'time', field_type: 'time', label: 'Time' },
              { field_id: 'mode', field_type: 'select', label: 'Mode', options: ['Phone', 'Home'] },
              { field_id: 'needs', field_type: 'checkbox', label: 'Needs', options: ['Food', 'Rent'] },
              { field_id: 'count', field_type: 'number', label: 'Count', validation: { max: 5 } },
              { field_id: 'head', field_type: 'section_header', label: 'A heading' },
            ],
          },
        ],
      }),
    );
    const form = await startForm(t, d.staff, d.plan, { form_template_id: every.id, enrollment_id: mine.id });
    const refused = expectEnvelope(
      await save(d.staff, form.id, {
        field_data: {
          code: 'ab1',
          zip: '9021',
          story: 'short',
          visit: '2025-12-31',
          at: '2027-01-01T10:00',
          time: '25:00',
          mode: 'Boat',
          needs: ['Food', 'Car'],
          count: 6,
        },
        status: 'submitted',
      }),
      400,
    ) as { fields?: Record<string, string> };
    expect(refused.fields).toEqual({
      code: 'Code format is invalid',
      zip: 'Five digits, please',
      story: 'Story must be at least 10 characters',
      visit: 'Visit must be after 2026-01-01',
      time: 'Time must be a time (HH:MM)',
      mode: 'Mode must be one of its options',
      needs: 'Needs must be one of its options',
      count: 'Count must be at most 5',
    });
    const late = expectEnvelope(
      await save(d.staff, form.id, { field_data: { visit: '2027-01-02' }, status: 'submitted' }),
      400,
    ) as { fields?: Record<string, string> };
    expect(late.fields).toEqual({ visit: 'Visit must be before 2026-12-31' });
    expectEnvelope(await save(d.staff, form.id, { field_data: { visit: '2026-02-30' } }), 400);
    expectEnvelope(await save(d.staff, form.id, { field_data: { head: 'x' } }), 400);
    const ok = await save(d.staff, form.id, {
      field_data: {
        code: 'ABC',
        zip: '90210',
        story: 'A longer story of the visit.',
        visit: '2026-06-01',
        at: '2026-06-01T10:30',
        time: '09:15',
        mode: 'Home',
        needs: ['Food', 'Rent'],
        count: 5,
      },
      status: 'submitted',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().completion_percentage).toBe(100);
  });

  it('keeps only the editor’s markup of formatted text', async () => {
    const rich = await createTemplate(
      t,
      d.manager,
      d.plan,
      intakeTemplate({
        sections: [
          {
            section_id: 's',
            title: 'Plan',
            fields: [{ field_id: 'plan', field_type: 'rich_text', label: 'Plan' }],
          },
        ],
      }),
    );
    const form = await startForm(t, d.staff, d.plan, { form_template_id: rich.id, enrollment_id: mine.id });
    const res = await save(d.staff, form.id, {
      field_data: {
        plan: '<p onclick="x()">Walk <b>daily</b><script>alert(1)</script><img src=x onerror=y></p>',
      },
    });
    expect(res.json().field_data.plan).toBe('<p>Walk <b>daily</b></p>');
  });

  it('takes a file answer only when it is a document uploaded to the same enrollment', async () => {
    const withFile = await createTemplate(
      t,
      d.manager,
      d.plan,
      intakeTemplate({
        sections: [
          {
            section_id: 's',
            title: 'Proof',
            fields: [{ field_id: 'proof', field_type: 'file', label: 'Proof of address' }],
          },
        ],
      }),
    );
    const upload = async (enrollmentId: number, token: string) => {
      const body = multipart([
        { name: 'enrollment_id', data: String(enrollmentId) },
        { name: 'document_type', data: 'form_attachment' },
        { name: 'file', filename: 'lease.pdf', type: 'application/pdf', data: samplePdf() },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments/documents/',
        headers: { ...bearer(token, d.plan), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; file_name: string };
    };
    const ours = await upload(mine.id, d.staff);
    const other = await upload(theirs.id, d.manager);
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: withFile.id,
      enrollment_id: mine.id,
    });
    const refused = expectEnvelope(
      await save(d.staff, form.id, { field_data: { proof: { file_id: other.id, file_name: 'lease.pdf' } } }),
      400,
    );
    expect(refused.detail).toBe('Proof of address must be a file uploaded to this enrollment');
    const ok = await save(d.staff, form.id, {
      field_data: { proof: { file_id: ours.id, file_name: ours.file_name } },
      status: 'submitted',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('two people saving the same draft', () => {
  it('refuses the later save based on an older revision (409 with the form as it stands)', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const first = await save(d.staff, form.id, { field_data: { field_name: 'From staff' }, revision: 0 });
    expect(first.statusCode).toBe(200);
    const second = await save(d.manager, form.id, {
      field_data: { field_name: 'From manager' },
      revision: 0,
    });
    const body = expectEnvelope(second, 409) as { reason?: string; current?: FormInstance };
    expect(body.reason).toBe('form_instance.stale');
    expect(body.current).toMatchObject({ revision: 1, field_data: { field_name: 'From staff' } });
  });

  it('of two saves sent at once with the same revision, exactly one is kept', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        save(d.manager, form.id, { field_data: { field_name: name }, revision: 0 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const stored = (
      await req('GET', `/api/forms/instances/${form.id}`, d.manager, d.plan)
    ).json() as FormInstance;
    const winner = results.find((r) => r.statusCode === 200)!.json() as FormInstance;
    expect(stored.field_data).toEqual(winner.field_data);
    expect(stored.revision).toBe(1);
  });
});

describe('review and approval (PUT /api/forms/instances/{id}/review)', () => {
  it('a manager marks a submitted form reviewed then approves it, with comments; staff cannot; a draft cannot be approved', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    expectEnvelope(
      await req('PUT', `/api/forms/instances/${form.id}/review`, d.manager, d.plan, { status: 'approved' }),
      422,
    );
    await save(d.staff, form.id, { field_data: complete, status: 'submitted' });
    expectEnvelope(
      await req('PUT', `/api/forms/instances/${form.id}/review`, d.staff, d.plan, { status: 'reviewed' }),
      403,
    );
    const managerView = (await req('GET', `/api/forms/instances/${form.id}`, d.manager, d.plan)).json();
    expect(managerView.can_review).toBe(true);
    const reviewed = await req('PUT', `/api/forms/instances/${form.id}/review`, d.manager, d.plan, {
      status: 'reviewed',
      comment: 'Age checked against ID',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ status: 'reviewed', review_comment: 'Age checked against ID' });
    expectEnvelope(
      await req('PUT', `/api/forms/instances/${form.id}/review`, d.manager, d.plan, { status: 'reviewed' }),
      422,
    );
    const approved = await req('PUT', `/api/forms/instances/${form.id}/review`, d.orgadmin, d.plan, {
      status: 'approved',
    });
    expect(approved.json()).toMatchObject({ status: 'approved', can_review: false });
    expect(approved.json().approved_by_name).toBeTruthy();
    expectEnvelope(
      await req('PUT', `/api/forms/instances/${form.id}/review`, d.manager, d.plan, { status: 'submitted' }),
      400,
    );
    const history = (
      await req('GET', `/api/forms/instances/${form.id}/history`, d.viewer, d.plan)
    ).json() as FormInstanceHistory;
    expect(history.history.map((h) => [h.action, h.comment])).toEqual([
      ['approved', null],
      ['reviewed', 'Age checked against ID'],
      ['submitted', null],
      ['created', null],
    ]);
    const reviews = () =>
      heard
        .filter((e) => e.name === 'form.reviewed' && formOf(e).form_instance_id === form.id)
        .map((e) => formOf(e).status);
    for (let i = 0; i < 50 && reviews().length < 2; i++) {
      await t.app.deps.domainEvents.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(reviews()).toEqual(['reviewed', 'approved']);
  });
});

describe('who sees which forms (GET /api/forms/instances/)', () => {
  it('staff see the forms of their enrollments and those assigned to them; the list has no answers and is audited', async () => {
    const ownForm = await startForm(t, d.manager, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    const otherForm = await startForm(t, d.manager, d.plan, {
      form_template_id: template.id,
      enrollment_id: theirs.id,
    });
    const list = async (token: string, query = '') =>
      (
        await req('GET', `/api/forms/instances/?page_size=200${query}`, token, d.plan)
      ).json() as FormInstanceList;

    const seen = (await list(d.staff)).instances.map((i) => i.id);
    expect(seen).toContain(ownForm.id);
    expect(seen).not.toContain(otherForm.id);
    expectEnvelope(await req('GET', `/api/forms/instances/${otherForm.id}`, d.staff, d.plan), 404);

    const due = addDaysIso(todayIsoDate(), 3);
    const assigned = await req('PUT', `/api/forms/instances/${otherForm.id}/assignment`, d.manager, d.plan, {
      assigned_to_user_id: d.ids.staff,
      due_date: due,
    });
    expect(assigned.json()).toMatchObject({ assigned_to_user_id: d.ids.staff, due_date: due });
    // (The demo data assigns forms to the coordinator too.)
    const assignedToMe = (await list(d.staff, `&assigned_to_user_id=${d.ids.staff}`)).instances;
    expect(assignedToMe.map((i) => i.id)).toContain(otherForm.id);
    expect(assignedToMe.every((i) => i.assigned_to_user_id === d.ids.staff)).toBe(true);
    expect((await req('GET', `/api/forms/instances/${otherForm.id}`, d.staff, d.plan)).statusCode).toBe(200);

    const page = await list(d.viewer, `&enrollment_id=${mine.id}`);
    expect(page.instances.every((i) => i.enrollment_id === mine.id)).toBe(true);
    expect(page.instances[0]).not.toHaveProperty('field_data');
    expect(page.instances.every((i) => !i.can_edit && !i.can_delete)).toBe(true);
    const harbor = (await req('GET', '/api/forms/instances/', d.cbo, d.harbor)).json() as FormInstanceList;
    expect(harbor.instances.map((i) => i.id)).not.toContain(ownForm.id);

    const dueSoon = await list(d.manager, '&compliance=due_soon');
    expect(dueSoon.instances.map((i) => i.id)).toContain(otherForm.id);
    expect((await list(d.manager, '&compliance=overdue')).instances.map((i) => i.id)).not.toContain(
      otherForm.id,
    );
    expectEnvelope(await req('GET', '/api/forms/instances/?compliance=late', d.manager, d.plan), 400);
    expectEnvelope(await req('GET', '/api/forms/instances/?status=done', d.manager, d.plan), 400);

    const audited = await t.database.query<{ details: { ids: number[] } }>(
      "SELECT details FROM audit_log WHERE action = 'form_instance.list_read' ORDER BY id DESC LIMIT 1",
    );
    expect(audited[0]?.details.ids.length).toBeGreaterThan(0);
  });

  it('reads one form audited; another organization’s is 404', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    await req('GET', `/api/forms/instances/${form.id}`, d.staff, d.plan);
    expect((await auditRows(t, 'form_instance.read', form.id)).length).toBe(1);
    expectEnvelope(await req('GET', `/api/forms/instances/${form.id}`, d.cbo, d.harbor), 404);
    expectEnvelope(await req('GET', `/api/forms/instances/${form.id}/history`, d.cbo, d.harbor), 404);
    expectEnvelope(await req('GET', `/api/forms/instances/${form.id}`, null, d.plan), 401);
  });
});

describe('DELETE /api/forms/instances/{id}', () => {
  it('deletes a draft (audited); viewers cannot', async () => {
    const form = await startForm(t, d.staff, d.plan, {
      form_template_id: template.id,
      enrollment_id: mine.id,
    });
    expectEnvelope(await req('DELETE', `/api/forms/instances/${form.id}`, d.viewer, d.plan), 403);
    const res = await req('DELETE', `/api/forms/instances/${form.id}`, d.staff, d.plan);
    expect(res.json()).toEqual({ message: 'Form instance deleted', id: form.id });
    expect((await auditRows(t, 'form_instance.deleted', form.id)).length).toBe(1);
    expectEnvelope(await req('DELETE', `/api/forms/instances/${form.id}`, d.staff, d.plan), 404);
  });
});
