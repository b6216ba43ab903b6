import type { BillingActivity, Program, ProgramList } from '@trust/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiOf,
  buildTestApp,
  expectEnvelope,
  login,
  orgContextOf,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { inTransaction } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  assertProgramAcceptsEnrollment,
  findBillingActivityForOrg,
  findProgramForOrg,
  listBillingActivitiesForPrograms,
  programCapacity,
} from './service.ts';

let t: TestApp;
let call: ReturnType<typeof apiOf>;
let plan: number;
let harbor: number;
let manager: string;
let orgadmin: string;
let admin: string;
/** Staff at the plan (and manager at the clinic). */
let coordinator: string;
let viewer: string;
/** org_admin of Harbor. */
let cbo: string;
/** Run-unique text, so names of this file's programs never meet the demo data's. */
const tag = `t${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  const as = (email: string) => login(t.app, `${email}@trust.demo`);
  [manager, orgadmin, admin, coordinator, viewer, cbo] = await Promise.all([
    as('manager'),
    as('orgadmin'),
    as('admin'),
    as('coordinator'),
    as('viewer'),
    as('cbo'),
  ]);
});
afterAll(async () => t?.close());

type Fields = { fields: Record<string, string> };
const fieldsOf = (res: LightMyRequestResponse) => (expectEnvelope(res, 400) as unknown as Fields).fields;

async function createProgram(
  body: Record<string, unknown> = {},
  token = manager,
  org = plan,
): Promise<Program> {
  const res = await call('POST', '/api/programs', token, org, {
    name: `${tag} Program`,
    program_type: 'enhanced_care_management',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Program;
}

async function createActivity(
  programId: number,
  body: Record<string, unknown> = {},
  token = manager,
  org = plan,
): Promise<BillingActivity> {
  const res = await call('POST', '/api/billing-activities', token, org, {
    program_id: programId,
    activity_name: 'Outreach attempt',
    billing_unit: 'per_encounter',
    rate_per_unit: 40,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BillingActivity;
}

/** Enrollments written straight into the table (the enrollments module's own API is not under test here). */
async function enroll(programId: number, statuses: string[], organizationId = plan): Promise<void> {
  const members = await t.database.query<{ id: number }>(
    'SELECT id FROM members WHERE organization_id = $1 ORDER BY id LIMIT $2',
    [organizationId, statuses.length],
  );
  expect(members.length).toBe(statuses.length);
  for (const [i, status] of statuses.entries()) {
    await t.database.query(
      `INSERT INTO enrollments (organization_id, member_id, program_id, status, enrollment_date)
       VALUES ($1, $2, $3, $4, '2026-01-10')`,
      [organizationId, members[i]!.id, programId, status],
    );
  }
}

async function auditOf(action: string, entityId: number) {
  return t.database.query<{
    actor_user_id: number;
    organization_id: number;
    details: Record<string, unknown>;
  }>('SELECT actor_user_id, organization_id, details FROM audit_log WHERE action = $1 AND entity_id = $2', [
    action,
    String(entityId),
  ]);
}

async function list(query = '', token = manager, org = plan): Promise<ProgramList> {
  const res = await call('GET', `/api/programs${query}`, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProgramList;
}

describe('POST /api/programs', () => {
  it('creates a program with every field; money is stored in cents; the change is audited', async () => {
    const program = await createProgram({
      name: `  ${tag} Full  `,
      description: 'Whole-person care',
      is_active: true,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      capacity: 25,
      funding_source: 'Medi-Cal',
      billing_code: 'G9008',
      reimbursement_rate: 425.5,
      eligibility_criteria: 'High utilizers',
      services_offered: ['care_coordination', 'follow_up_care', 'care_coordination'],
      program_manager_name: 'Dana',
      program_manager_email: 'dana@example.org',
      program_manager_phone: '(213) 555-0161',
    });
    expect(program).toMatchObject({
      name: `${tag} Full`,
      program_type: 'enhanced_care_management',
      description: 'Whole-person care',
      is_active: true,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      capacity: 25,
      current_enrollment: 0,
      enrollment_count: 0,
      billing_activity_count: 0,
      reimbursement_rate: 425.5,
      services_offered: ['care_coordination', 'follow_up_care'],
      program_manager_email: 'dana@example.org',
    });
    const [stored] = await t.database.query<{ organization_id: number; reimbursement_rate_cents: number }>(
      'SELECT organization_id, reimbursement_rate_cents::int AS reimbursement_rate_cents FROM programs WHERE id = $1',
      [program.id],
    );
    expect(stored).toEqual({ organization_id: plan, reimbursement_rate_cents: 42550 });
    const rows = await auditOf('program.created', program.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organization_id: plan,
      details: { program_type: 'enhanced_care_management' },
    });
  });

  it('answers the spec’s spelling with a trailing slash too (002 §7 /api/programs/)', async () => {
    const res = await call('POST', '/api/programs/', manager, plan, {
      name: `${tag} Slash`,
      program_type: 'other',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Program).id;
    const one = await call('GET', `/api/programs/${id}/`, manager, plan);
    expect(one.statusCode).toBe(200);
    expect((await call('GET', '/api/programs/', viewer, plan)).statusCode).toBe(200);
  });

  it('needs a name and a type (002 §5), field by field', async () => {
    expect(fieldsOf(await call('POST', '/api/programs', manager, plan, {}))).toEqual({
      name: 'Program name is required',
      program_type: 'Program type is required',
    });
    expect(
      fieldsOf(await call('POST', '/api/programs', manager, plan, { name: '   ', program_type: '' })),
    ).toEqual({ name: 'Program name is required', program_type: 'Program type is required' });
    expect(
      fieldsOf(await call('POST', '/api/programs', manager, plan, { name: 'x', program_type: 'spa_days' })),
    ).toEqual({ program_type: 'Choose a program type from the list' });
  });

  it('refuses each bad field with 400 and its message, and writes nothing', async () => {
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM programs');
    const bad = async (body: Record<string, unknown>) =>
      fieldsOf(
        await call('POST', '/api/programs', manager, plan, { name: 'x', program_type: 'other', ...body }),
      );
    expect(await bad({ services_offered: ['care_coordination', 'massage'] })).toEqual({
      'services_offered.1': 'Choose services from the list',
    });
    expect(await bad({ start_date: '2026-02-30' })).toEqual({ start_date: 'Enter the date as YYYY-MM-DD.' });
    expect(await bad({ end_date: '03/04/2026' })).toEqual({ end_date: 'Enter the date as YYYY-MM-DD.' });
    expect(await bad({ start_date: '2026-05-01', end_date: '2026-04-30' })).toEqual({
      end_date: 'End date must be on or after the start date',
    });
    for (const capacity of [-1, 2.5, '10']) {
      expect(await bad({ capacity })).toEqual({ capacity: 'Capacity must be a whole number of 0 or more' });
    }
    expect(await bad({ program_manager_email: 'dana@' })).toEqual({
      program_manager_email: 'Please enter a valid email address',
    });
    expect(await bad({ program_manager_phone: 'call me' })).toEqual({
      program_manager_phone: 'Please enter a valid phone number',
    });
    for (const reimbursement_rate of [12.345, -1]) {
      expect(await bad({ reimbursement_rate })).toEqual({
        reimbursement_rate: 'Enter an amount in dollars of 0 or more, with at most 2 decimals (cents)',
      });
    }
    expect(await bad({ current_enrollment: 5 })).toEqual({ current_enrollment: 'Unknown field.' });
    const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM programs');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('is for super_admin, org_admin and manager (002 §6): staff and viewers get 403, no session 401', async () => {
    await createProgram({ name: `${tag} By org admin` }, orgadmin);
    await createProgram({ name: `${tag} By super admin` }, admin);
    await createProgram({ name: `${tag} Harbor own` }, cbo, harbor);
    const body = { name: `${tag} Refused`, program_type: 'other' };
    expectEnvelope(await call('POST', '/api/programs', coordinator, plan, body), 403);
    expectEnvelope(await call('POST', '/api/programs', viewer, plan, body), 403);
    expectEnvelope(await call('POST', '/api/programs', null, undefined, body), 401);
    // The coordinator manages the clinic's programs, though: the role is the active organization's.
    await createProgram({ name: `${tag} Clinic` }, coordinator, await orgId(t, 'Riverbend Family Clinic'));
    const refused = await t.database.query('SELECT 1 FROM programs WHERE name = $1', [body.name]);
    expect(refused).toEqual([]);
  });
});

describe('GET /api/programs', () => {
  it("filters by type and status and searches by name on the server, pages, and never shows another organization's", async () => {
    const prefix = `${tag}-list`;
    const a = await createProgram({ name: `${prefix} Alpha`, program_type: 'housing_navigation' });
    const b = await createProgram({
      name: `${prefix} Beta`,
      program_type: 'housing_navigation',
      is_active: false,
    });
    const c = await createProgram({ name: `${prefix} Gamma 100%`, program_type: 'health_promotion' });
    await createProgram({ name: `${prefix} Harbor`, program_type: 'housing_navigation' }, cbo, harbor);

    const searched = await list(`?search=${encodeURIComponent(prefix)}`);
    expect(searched.programs.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(searched.total).toBe(3);

    const housing = await list(`?search=${encodeURIComponent(prefix)}&program_type=housing_navigation`);
    expect(housing.programs.map((p) => p.id)).toEqual([a.id, b.id]);
    const inactive = await list(`?search=${encodeURIComponent(prefix)}&is_active=false`);
    expect(inactive.programs.map((p) => p.id)).toEqual([b.id]);
    const active = await list(`?search=${encodeURIComponent(prefix)}&is_active=true`);
    expect(active.programs.map((p) => p.id)).toEqual([a.id, c.id]);
    // % and _ in a search are the characters themselves.
    expect((await list(`?search=${encodeURIComponent('100%')}`)).programs.map((p) => p.id)).toEqual([c.id]);
    expect((await list(`?search=${encodeURIComponent(`${prefix}%Beta`)}`)).total).toBe(0);

    const page2 = await list(`?search=${encodeURIComponent(prefix)}&page=2&page_size=2`);
    expect(page2).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(page2.programs.map((p) => p.id)).toEqual([c.id]);

    // Staff and viewers read.
    expect((await list(`?search=${encodeURIComponent(prefix)}`, viewer)).total).toBe(3);
    expect((await list(`?search=${encodeURIComponent(prefix)}`, coordinator)).total).toBe(3);
  });

  it('counts current enrollment from the active enrollments and gives the statistics over every program', async () => {
    const statsBefore = (await list()).stats;
    const program = await createProgram({ name: `${tag} Counted`, capacity: 10 });
    await enroll(program.id, ['active', 'active', 'pending', 'completed']);
    const one = (await call('GET', `/api/programs/${program.id}`, viewer, plan)).json() as Program;
    expect(one).toMatchObject({ current_enrollment: 2, enrollment_count: 4, capacity: 10 });
    const listed = (await list(`?search=${encodeURIComponent(`${tag} Counted`)}`)).programs[0]!;
    expect(listed.current_enrollment).toBe(2);

    const stats = (await list('?search=nothing-matches-this')).stats;
    expect(stats).toEqual({
      total: statsBefore.total + 1,
      active: statsBefore.active + 1,
      inactive: statsBefore.inactive,
      total_capacity: statsBefore.total_capacity + 10,
      current_enrollment: statsBefore.current_enrollment + 2,
    });
    // Harbor's statistics count Harbor's programs only.
    const harborStats = (await list('', cbo, harbor)).stats;
    const harborCount = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM programs WHERE organization_id = $1',
      [harbor],
    );
    expect(harborStats.total).toBe(harborCount[0]!.n);
  });

  it('refuses bad filters with 400 and no session with 401', async () => {
    expect(fieldsOf(await call('GET', '/api/programs?program_type=spa', manager, plan))).toEqual({
      program_type: 'Choose a program type from the list',
    });
    expect(fieldsOf(await call('GET', '/api/programs?is_active=yes', manager, plan))).toHaveProperty(
      'is_active',
    );
    expect(fieldsOf(await call('GET', '/api/programs?page=0', manager, plan))).toHaveProperty('page');
    expectEnvelope(await call('GET', '/api/programs', null), 401);
  });
});

describe('GET /api/programs/{id}', () => {
  it("answers 404 for another organization's program and an unknown one, 400 for a bad id", async () => {
    const program = await createProgram();
    expect(expectEnvelope(await call('GET', `/api/programs/${program.id}`, cbo, harbor), 404).message).toBe(
      'Program not found',
    );
    expectEnvelope(await call('GET', '/api/programs/99999999', manager, plan), 404);
    expectEnvelope(await call('GET', '/api/programs/abc', manager, plan), 400);
    expectEnvelope(await call('GET', `/api/programs/${program.id}`, null), 401);
  });
});

describe('PUT /api/programs/{id}', () => {
  it('changes the fields sent, keeps the others, clears with null, and audits the change', async () => {
    const program = await createProgram({ description: 'Old', capacity: 5, start_date: '2026-01-01' });
    const res = await call('PUT', `/api/programs/${program.id}/`, manager, plan, {
      capacity: 8,
      description: null,
      reimbursement_rate: 19.99,
      is_active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: program.id,
      name: program.name,
      capacity: 8,
      description: null,
      reimbursement_rate: 19.99,
      is_active: false,
      start_date: '2026-01-01',
    });
    const [stored] = await t.database.query<{ reimbursement_rate_cents: number }>(
      'SELECT reimbursement_rate_cents::int AS reimbursement_rate_cents FROM programs WHERE id = $1',
      [program.id],
    );
    expect(stored!.reimbursement_rate_cents).toBe(1999);
    const rows = await auditOf('program.updated', program.id);
    expect(rows).toHaveLength(1);
    expect((rows[0]!.details.fields as string[]).sort()).toEqual([
      'capacity',
      'description',
      'is_active',
      'reimbursement_rate',
    ]);
  });

  it('checks an end date against the stored start date', async () => {
    const program = await createProgram({ start_date: '2026-06-01' });
    expect(
      fieldsOf(await call('PUT', `/api/programs/${program.id}`, manager, plan, { end_date: '2026-05-01' })),
    ).toEqual({ end_date: 'End date must be on or after the start date' });
    expect(fieldsOf(await call('PUT', `/api/programs/${program.id}`, manager, plan, { name: '' }))).toEqual({
      name: 'Program name is required',
    });
  });

  it('refuses staff and viewers (403), another organization (404) and no session (401)', async () => {
    const program = await createProgram();
    expectEnvelope(await call('PUT', `/api/programs/${program.id}`, coordinator, plan, { capacity: 1 }), 403);
    expectEnvelope(await call('PUT', `/api/programs/${program.id}`, viewer, plan, { capacity: 1 }), 403);
    expectEnvelope(await call('PUT', `/api/programs/${program.id}`, cbo, harbor, { capacity: 1 }), 404);
    expectEnvelope(await call('PUT', `/api/programs/${program.id}`, null, undefined, { capacity: 1 }), 401);
    const [stored] = await t.database.query<{ capacity: number | null }>(
      'SELECT capacity FROM programs WHERE id = $1',
      [program.id],
    );
    expect(stored!.capacity).toBeNull();
  });
});

describe('DELETE /api/programs/{id}', () => {
  it('deletes a program without enrollments, with its billing activities, and audits it', async () => {
    const program = await createProgram();
    const activity = await createActivity(program.id);
    const res = await call('DELETE', `/api/programs/${program.id}`, manager, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Program deleted', id: program.id, enrollments_deleted: 0 });
    expectEnvelope(await call('GET', `/api/programs/${program.id}`, manager, plan), 404);
    expectEnvelope(await call('GET', `/api/billing-activities/${activity.id}`, manager, plan), 404);
    expect(await auditOf('program.deleted', program.id)).toHaveLength(1);
  });

  it('refuses with 409 saying how many enrollments would go, and deletes them with ?confirm=true', async () => {
    const program = await createProgram();
    await enroll(program.id, ['active', 'completed']);
    const refused = expectEnvelope(await call('DELETE', `/api/programs/${program.id}`, manager, plan), 409);
    expect(refused.message).toMatch(/^This program has 2 enrollments\./);
    expect((await call('GET', `/api/programs/${program.id}`, manager, plan)).statusCode).toBe(200);
    const notConfirmed = await call('DELETE', `/api/programs/${program.id}?confirm=false`, manager, plan);
    expectEnvelope(notConfirmed, 409);

    const res = await call('DELETE', `/api/programs/${program.id}?confirm=true`, orgadmin, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enrollments_deleted: 2 });
    const left = await t.database.query('SELECT 1 FROM enrollments WHERE program_id = $1', [program.id]);
    expect(left).toEqual([]);
    expect((await auditOf('program.deleted', program.id))[0]!.details).toMatchObject({
      enrollments_deleted: 2,
    });
  });

  it('refuses staff and viewers (403), another organization (404), no session (401) and a bad flag (400)', async () => {
    const program = await createProgram();
    expectEnvelope(await call('DELETE', `/api/programs/${program.id}`, coordinator, plan), 403);
    expectEnvelope(await call('DELETE', `/api/programs/${program.id}`, viewer, plan), 403);
    expectEnvelope(await call('DELETE', `/api/programs/${program.id}`, cbo, harbor), 404);
    expectEnvelope(await call('DELETE', `/api/programs/${program.id}`, null), 401);
    expectEnvelope(await call('DELETE', `/api/programs/${program.id}?confirm=yes`, manager, plan), 400);
    expect((await call('GET', `/api/programs/${program.id}`, manager, plan)).statusCode).toBe(200);
  });
});

describe('the lists of types and units (002 §7)', () => {
  it('gives program types with descriptions, and billing activity types and units', async () => {
    const types = (await call('GET', '/api/programs/types/list', viewer, plan)).json() as {
      value: string;
      label: string;
      description: string;
    }[];
    expect(types.find((x) => x.value === 'enhanced_care_management')).toMatchObject({
      label: 'Enhanced Care Management (ECM)',
    });
    expect(types.every((x) => x.description.length > 0)).toBe(true);
    const activityTypes = (await call('GET', '/api/billing-activities/types/list', viewer, plan)).json();
    expect(activityTypes.map((x: { value: string }) => x.value)).toEqual([
      'outreach',
      'assessment',
      'care_plan',
      'follow_up',
      'case_management',
      'referral',
      'other',
    ]);
    const units = (await call('GET', '/api/billing-activities/units/list', viewer, plan)).json();
    expect(units).toContainEqual({ value: '15_minutes', label: '15 minutes' });
    expectEnvelope(await call('GET', '/api/programs/types/list', null), 401);
  });
});

describe('billing activities', () => {
  it('adds one with every field: codes upper-cased, the rate in cents, listed by name, audited', async () => {
    const program = await createProgram();
    const full = await createActivity(program.id, {
      activity_name: 'Care management',
      activity_code: 'ECM-MGT',
      activity_type: 'case_management',
      description: 'Monthly care management',
      cpt_code: '1234f',
      hcpcs_code: 'g9008',
      revenue_code: '0500',
      modifier_1: 'u1',
      modifier_2: '25',
      billing_unit: 'per_month',
      rate_per_unit: 425.75,
      mcp_id: 'GV-ECM-01',
      max_units_per_day: 1,
      max_units_per_month: 1,
      place_of_service: '12',
      is_bundled: true,
      bundled_activities: ['Outreach', 'Assessment'],
      requires_prior_auth: true,
      requires_supervision: true,
      min_credentials_required: 'Licensed clinician',
      is_active: true,
      effective_date: '2026-01-01',
      expiration_date: '2026-12-31',
    });
    expect(full).toMatchObject({
      program_id: program.id,
      cpt_code: '1234F',
      hcpcs_code: 'G9008',
      modifier_1: 'U1',
      modifier_2: '25',
      rate_per_unit: 425.75,
      bundled_activities: ['Outreach', 'Assessment'],
      requires_prior_auth: true,
    });
    const [stored] = await t.database.query<{ rate_cents_per_unit: number }>(
      'SELECT rate_cents_per_unit::int AS rate_cents_per_unit FROM billing_activities WHERE id = $1',
      [full.id],
    );
    expect(stored!.rate_cents_per_unit).toBe(42575);
    const first = await createActivity(program.id, { activity_name: 'Assessment', cpt_code: '99490' });

    const listed = await call('GET', `/api/programs/${program.id}/billing-activities`, viewer, plan);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as BillingActivity[]).map((a) => a.id)).toEqual([first.id, full.id]);
    const one = await call('GET', `/api/billing-activities/${full.id}`, coordinator, plan);
    expect(one.json()).toEqual(full);
    expect((await call('GET', `/api/programs/${program.id}`, manager, plan)).json()).toMatchObject({
      billing_activity_count: 2,
    });
    expect(await auditOf('billing_activity.created', full.id)).toHaveLength(1);
  });

  it('needs an activity name, a billing unit and a rate (002 §5)', async () => {
    const program = await createProgram();
    expect(
      fieldsOf(await call('POST', '/api/billing-activities', manager, plan, { program_id: program.id })),
    ).toEqual({
      activity_name: 'Activity name is required',
      billing_unit: 'Billing unit is required',
      rate_per_unit: 'Rate per unit is required',
    });
    expect(
      fieldsOf(await call('POST', '/api/billing-activities', manager, plan, { activity_name: 'x' })),
    ).toMatchObject({
      program_id: 'program_id must be the id of a program.',
    });
  });

  it('checks the rate, the codes, the limits and the dates, field by field', async () => {
    const program = await createProgram();
    const bad = async (body: Record<string, unknown>) =>
      fieldsOf(
        await call('POST', '/api/billing-activities', manager, plan, {
          program_id: program.id,
          activity_name: 'x',
          billing_unit: 'per_encounter',
          rate_per_unit: 10,
          ...body,
        }),
      );
    const money = 'Enter an amount in dollars of 0 or more, with at most 2 decimals (cents)';
    expect(await bad({ rate_per_unit: 10.005 })).toEqual({ rate_per_unit: money });
    expect(await bad({ rate_per_unit: -5 })).toEqual({ rate_per_unit: money });
    expect(await bad({ rate_per_unit: '10.00' })).toEqual({ rate_per_unit: money });
    expect(await bad({ billing_unit: 'per_fortnight' })).toEqual({
      billing_unit: 'Choose a billing unit from the list',
    });
    expect(await bad({ activity_type: 'massage' })).toEqual({
      activity_type: 'Choose an activity type from the list',
    });
    for (const cpt_code of ['1234', '123456', '1234X', 'ABCDE']) {
      expect(await bad({ cpt_code })).toEqual({
        cpt_code: 'A CPT code is 5 characters: 5 digits, or 4 digits and F or T (category II or III)',
      });
    }
    for (const hcpcs_code of ['9008G', 'G900', 'GG008']) {
      expect(await bad({ hcpcs_code })).toEqual({
        hcpcs_code: 'A HCPCS code is one letter and 4 digits, such as G9008',
      });
    }
    expect(await bad({ revenue_code: '050' })).toEqual({
      revenue_code: 'A revenue code is 4 digits, such as 0500',
    });
    expect(await bad({ modifier_1: 'U', modifier_2: 'U1X' })).toEqual({
      modifier_1: 'A modifier is 2 letters or digits, such as U1',
      modifier_2: 'A modifier is 2 letters or digits, such as U1',
    });
    expect(await bad({ place_of_service: 'home' })).toEqual({
      place_of_service: 'A place of service is a 2-digit code, such as 12 (home)',
    });
    expect(await bad({ max_units_per_day: 0, max_units_per_month: 1.5 })).toEqual({
      max_units_per_day: 'Maximum units must be a whole number of 1 or more',
      max_units_per_month: 'Maximum units must be a whole number of 1 or more',
    });
    expect(await bad({ effective_date: '2026-06-01', expiration_date: '2026-05-31' })).toEqual({
      expiration_date: 'Expiration date must be on or after the effective date',
    });
    // A rate of 0 and the largest cent-exact amounts pass; 5 digits and 4 digits + T are both CPT.
    await createActivity(program.id, { rate_per_unit: 0, cpt_code: '0001T' });
    await createActivity(program.id, { rate_per_unit: 0.1, cpt_code: '99490' });
  });

  it("answers 404 for another organization's program or activity, 403 for staff and viewers, 401 without a session", async () => {
    const program = await createProgram();
    const activity = await createActivity(program.id);
    const body = { program_id: program.id, activity_name: 'x', billing_unit: 'per_day', rate_per_unit: 1 };
    expectEnvelope(await call('POST', '/api/billing-activities', cbo, harbor, body), 404);
    expectEnvelope(await call('POST', '/api/billing-activities', coordinator, plan, body), 403);
    expectEnvelope(await call('POST', '/api/billing-activities', viewer, plan, body), 403);
    expectEnvelope(await call('POST', '/api/billing-activities', null, undefined, body), 401);
    expectEnvelope(await call('GET', `/api/programs/${program.id}/billing-activities`, cbo, harbor), 404);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { activity_name: 'y' } : undefined;
      expect(
        expectEnvelope(
          await call(method, `/api/billing-activities/${activity.id}`, cbo, harbor, payload),
          404,
        ).message,
      ).toBe('Billing activity not found');
    }
    expectEnvelope(
      await call('PUT', `/api/billing-activities/${activity.id}`, coordinator, plan, { activity_name: 'y' }),
      403,
    );
    expectEnvelope(await call('DELETE', `/api/billing-activities/${activity.id}`, viewer, plan), 403);
    expectEnvelope(await call('GET', `/api/billing-activities/${activity.id}`, null), 401);
    expect(
      ((await call('GET', `/api/billing-activities/${activity.id}`, manager, plan)).json() as BillingActivity)
        .activity_name,
    ).toBe('Outreach attempt');
  });

  it('changes the fields sent (never its program), checks dates against the stored ones, and deletes', async () => {
    const program = await createProgram();
    const activity = await createActivity(program.id, { effective_date: '2026-03-01', hcpcs_code: 'T1016' });
    const res = await call('PUT', `/api/billing-activities/${activity.id}`, orgadmin, plan, {
      rate_per_unit: 21.6,
      hcpcs_code: null,
      requires_supervision: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rate_per_unit: 21.6,
      hcpcs_code: null,
      requires_supervision: true,
      activity_name: 'Outreach attempt',
      effective_date: '2026-03-01',
    });
    expect(await auditOf('billing_activity.updated', activity.id)).toHaveLength(1);
    expect(
      fieldsOf(
        await call('PUT', `/api/billing-activities/${activity.id}`, manager, plan, {
          expiration_date: '2026-02-01',
        }),
      ),
    ).toEqual({ expiration_date: 'Expiration date must be on or after the effective date' });
    expect(
      fieldsOf(
        await call('PUT', `/api/billing-activities/${activity.id}`, manager, plan, {
          program_id: program.id,
        }),
      ),
    ).toEqual({ program_id: 'Unknown field.' });

    const del = await call('DELETE', `/api/billing-activities/${activity.id}`, manager, plan);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ message: 'Billing activity deleted', id: activity.id });
    expect(await auditOf('billing_activity.deleted', activity.id)).toHaveLength(1);
    expectEnvelope(await call('DELETE', `/api/billing-activities/${activity.id}`, manager, plan), 404);
  });
});

describe('the services other modules call', () => {
  const reasonOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof AppError) return error.reason;
      throw error;
    }
    return null;
  };

  it('assertProgramAcceptsEnrollment locks the program and refuses a full one unless a manager overrides', async () => {
    const staff = await orgContextOf(t, 'coordinator@trust.demo', plan, 'staff');
    const boss = await orgContextOf(t, 'manager@trust.demo', plan, 'manager');
    const full = await createProgram({ capacity: 2 });
    await enroll(full.id, ['active', 'active', 'pending']);

    const inTx = <T>(ctx: typeof staff, fn: (c: typeof staff) => Promise<T>) =>
      t.database.db.transaction((tx) => fn(inTransaction(ctx, tx)));

    expect(
      await reasonOf(inTx(staff, (c) => assertProgramAcceptsEnrollment(c, { programId: full.id }))),
    ).toBe('program.at_capacity');
    expect(
      await reasonOf(
        inTx(staff, (c) => assertProgramAcceptsEnrollment(c, { programId: full.id, override: true })),
      ),
    ).toBe('program.capacity_override_forbidden');
    const overridden = await inTx(boss, (c) =>
      assertProgramAcceptsEnrollment(c, { programId: full.id, override: true }),
    );
    expect(overridden).toMatchObject({ active: 2, program: { id: full.id, capacity: 2, name: full.name } });

    const open = await createProgram({ capacity: 3 });
    await enroll(open.id, ['active', 'active']);
    expect(await inTx(staff, (c) => assertProgramAcceptsEnrollment(c, { programId: open.id }))).toMatchObject(
      {
        active: 2,
      },
    );
    const unlimited = await createProgram();
    await enroll(unlimited.id, ['active', 'active', 'active']);
    expect(
      await inTx(staff, (c) => assertProgramAcceptsEnrollment(c, { programId: unlimited.id })),
    ).toMatchObject({ active: 3 });
    const inactive = await createProgram({ is_active: false });
    expect(
      await reasonOf(inTx(staff, (c) => assertProgramAcceptsEnrollment(c, { programId: inactive.id }))),
    ).toBe('program.inactive');
    const harborCtx = await orgContextOf(t, 'cbo@trust.demo', harbor, 'org_admin');
    expect(
      await reasonOf(inTx(harborCtx, (c) => assertProgramAcceptsEnrollment(c, { programId: open.id }))),
    ).toBe('program.not_found');
  });

  it('findProgramForOrg, programCapacity and the billing activities of programs, scoped to the organization', async () => {
    const ctx = await orgContextOf(t, 'manager@trust.demo', plan, 'manager');
    const harborCtx = await orgContextOf(t, 'cbo@trust.demo', harbor, 'org_admin');
    const program = await createProgram({ capacity: 4 });
    await enroll(program.id, ['active', 'on_hold']);
    const activity = await createActivity(program.id, {
      activity_type: 'outreach',
      rate_per_unit: 12.5,
      max_units_per_day: 2,
      requires_prior_auth: true,
      hcpcs_code: 'T1016',
    });
    await createActivity(program.id, { activity_name: 'Old one', is_active: false });

    expect(await findProgramForOrg(ctx, program.id)).toMatchObject({
      id: program.id,
      name: program.name,
      isActive: true,
      capacity: 4,
      organizationId: plan,
    });
    expect(await reasonOf(findProgramForOrg(harborCtx, program.id))).toBe('program.not_found');
    expect(await programCapacity(ctx, program.id)).toEqual({ capacity: 4, active: 1, available: 3 });

    const billable = await listBillingActivitiesForPrograms(ctx, {
      programIds: [program.id],
      activeOnly: true,
    });
    expect(billable).toEqual([
      expect.objectContaining({
        id: activity.id,
        programName: program.name,
        activityType: 'outreach',
        rateCentsPerUnit: 1250,
        maxUnitsPerDay: 2,
        requiresPriorAuth: true,
        hcpcsCode: 'T1016',
      }),
    ]);
    expect(await listBillingActivitiesForPrograms(ctx, { programIds: [program.id] })).toHaveLength(2);
    expect(await listBillingActivitiesForPrograms(harborCtx, { programIds: [program.id] })).toEqual([]);
    expect(await listBillingActivitiesForPrograms(ctx, { programIds: [] })).toEqual([]);
    expect((await findBillingActivityForOrg(ctx, activity.id)).rateCentsPerUnit).toBe(1250);
    expect(await reasonOf(findBillingActivityForOrg(harborCtx, activity.id))).toBe(
      'billing_activity.not_found',
    );
  });
});

describe('the API document', () => {
  it('describes the programs and billing activities endpoints', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(paths['/api/programs'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/programs/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(paths['/api/programs/{id}/billing-activities']).toHaveProperty('get');
    expect(Object.keys(paths['/api/billing-activities/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    for (const path of [
      '/api/programs/types/list',
      '/api/billing-activities/types/list',
      '/api/billing-activities/units/list',
    ]) {
      expect(paths[path], path).toHaveProperty('get');
    }
  });
});
