import type { CustomField, FieldMapping, Member } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';

// 002 §7 "Members, fields, mappings": custom field definitions and field mappings (issue #15 items 2, 3, 8).

let t: TestApp;
let call: ReturnType<typeof api>;
let plan: number;
let harbor: number;
let manager: string;
let orgadmin: string;
let staff: string;
let viewer: string;
let cbo: string;

beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  // A clean slate: the demo's own custom fields and mappings (demo-data/member-fields.ts) are not this file's.
  await t.database.query('DELETE FROM field_mappings WHERE organization_id = $1', [plan]);
  await t.database.query('DELETE FROM custom_fields WHERE organization_id = $1', [plan]);
  harbor = await orgId(t, 'Harbor Community Services');
  manager = await login(t.app, 'manager@trust.demo');
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
  staff = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
});
afterAll(async () => t?.close());

async function define(body: Record<string, unknown>, token = manager): Promise<CustomField> {
  const res = await call('POST', '/api/custom-fields/', token, plan, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('custom fields', () => {
  it('creates a definition with the 002 §9 defaults (str length 128) and lists it by category', async () => {
    const f = await define({
      name: 'shelter_name',
      type: 'str',
      friendly_name: 'Shelter name',
      category: 'Housing',
    });
    expect(f).toMatchObject({
      str_len: 128,
      mandatory: false,
      nullable: true,
      hidden: false,
      category: 'Housing',
    });
    const intField = await define({
      name: 'rooms',
      type: 'int',
      friendly_name: 'Rooms',
      category: 'Housing',
      str_len: 40,
    });
    expect(intField.str_len).toBeNull(); // a length means nothing for a number
    const list: CustomField[] = (
      await call('GET', '/api/custom-fields/?category=Housing', staff, plan)
    ).json();
    expect(list.map((x) => x.name)).toEqual(expect.arrayContaining(['shelter_name', 'rooms']));
    expect(list.every((x) => x.category === 'Housing')).toBe(true);
    expect((await call('GET', '/api/custom-fields/categories', viewer, plan)).json()).toContain('Housing');
    expect((await call('GET', `/api/custom-fields/${f.id}`, viewer, plan)).json()).toMatchObject({
      id: f.id,
    });
  });

  it('hides hidden fields when include_hidden=false', async () => {
    const hidden = await define({ name: 'secret_flag', type: 'bool', friendly_name: 'Secret', hidden: true });
    const shown: CustomField[] = (
      await call('GET', '/api/custom-fields/?include_hidden=false', manager, plan)
    ).json();
    expect(shown.map((x) => x.id)).not.toContain(hidden.id);
    const all: CustomField[] = (await call('GET', '/api/custom-fields/', manager, plan)).json();
    expect(all.map((x) => x.id)).toContain(hidden.id);
  });

  it('refuses a bad name, a core field name, a taken name, a bad type, a length out of 1–512, a default of the wrong type', async () => {
    for (const [body, status, field] of [
      [{ name: 'Bad Name', type: 'str', friendly_name: 'X' }, 400, 'name'],
      [{ name: 'first_name', type: 'str', friendly_name: 'X' }, 400, 'name'],
      [{ name: 'shelter_name', type: 'str', friendly_name: 'X' }, 409, 'name'],
      [{ name: 'ok_name', type: 'float', friendly_name: 'X' }, 400, 'type'],
      [{ name: 'ok_name', type: 'str', friendly_name: 'X', str_len: 513 }, 400, 'str_len'],
      [{ name: 'ok_name', type: 'str', friendly_name: 'X', str_len: 0 }, 400, 'str_len'],
      [
        { name: 'ok_name', type: 'date', friendly_name: 'X', default_value: 'tomorrow' },
        400,
        'default_value',
      ],
      [{ name: 'ok_name', type: 'str', friendly_name: '' }, 400, 'friendly_name'],
    ] as const) {
      const res = await call('POST', '/api/custom-fields/', manager, plan, body);
      const envelope = expectEnvelope(res, status) as unknown as { fields?: Record<string, string> };
      expect(Object.keys(envelope.fields ?? {})).toContain(field);
    }
    expect(
      (await call('GET', '/api/custom-fields/', manager, plan)).json().map((f: CustomField) => f.name),
    ).not.toContain('ok_name');
  });

  it('lets only managers and admins define, change and delete fields', async () => {
    const body = { name: 'role_probe', type: 'str', friendly_name: 'Probe' };
    expectEnvelope(await call('POST', '/api/custom-fields/', staff, plan, body), 403);
    expectEnvelope(await call('POST', '/api/custom-fields/', viewer, plan, body), 403);
    expectEnvelope(await call('POST', '/api/custom-fields/', null, plan, body), 401);
    const f = await define(body, orgadmin);
    expectEnvelope(await call('PUT', `/api/custom-fields/${f.id}`, staff, plan, { friendly_name: 'X' }), 403);
    expectEnvelope(await call('DELETE', `/api/custom-fields/${f.id}`, viewer, plan), 403);
    expectEnvelope(await call('GET', `/api/custom-fields/${f.id}`, cbo, harbor), 404);
    expectEnvelope(await call('PUT', `/api/custom-fields/${f.id}`, cbo, harbor, { friendly_name: 'X' }), 404);
  });

  it('edits everything but the name and type (002 §5)', async () => {
    const f = await define({ name: 'case_level', type: 'str', friendly_name: 'Level', str_len: 10 });
    const res = await call('PUT', `/api/custom-fields/${f.id}`, manager, plan, {
      name: 'case_level',
      type: 'str',
      friendly_name: 'Case level',
      category: 'Clinical',
      str_len: 20,
      mandatory: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      friendly_name: 'Case level',
      category: 'Clinical',
      str_len: 20,
      mandatory: true,
    });
    for (const change of [{ name: 'renamed' }, { type: 'int' }]) {
      const refused = await call('PUT', `/api/custom-fields/${f.id}`, manager, plan, {
        friendly_name: 'Case level',
        ...change,
      });
      expect(expectEnvelope(refused, 400).detail).toBe(
        'The name and type of a custom field cannot be changed.',
      );
    }
    expectEnvelope(
      await call('PUT', '/api/custom-fields/999999', manager, plan, { friendly_name: 'X' }),
      404,
    );
  });

  it('deleting a field removes its value from every member, and its mappings', async () => {
    const f = await define({ name: 'pet_name', type: 'str', friendly_name: 'Pet name' });
    await call('POST', '/api/custom-fields/', manager, plan, {
      name: 'shelter_name',
      type: 'str',
      friendly_name: 'Shelter',
    });
    const member: Member = (
      await call('POST', '/api/members/', manager, plan, {
        first_name: 'Ana',
        last_name: 'Pet',
        custom_fields: { pet_name: 'Rex', shelter_name: 'Haven', case_level: 'High' }, // case_level is mandatory now
      })
    ).json();
    expect(member.custom_fields).toMatchObject({ pet_name: 'Rex', shelter_name: 'Haven' });
    await call('POST', '/api/custom-fields/mappings', manager, plan, {
      db_column: 'pet_name',
      alternative: 'PET',
    });
    const res = await call('DELETE', `/api/custom-fields/${f.id}`, manager, plan);
    expect(res.json()).toMatchObject({ id: f.id, members_updated: 1 });
    const after: Member = (await call('GET', `/api/members/${member.id}`, manager, plan)).json();
    expect(after.custom_fields).toEqual({ shelter_name: 'Haven', case_level: 'High' });
    const maps: FieldMapping[] = (
      await call('GET', '/api/custom-fields/mappings?db_column=pet_name', manager, plan)
    ).json();
    expect(maps).toEqual([]);
    expectEnvelope(await call('DELETE', `/api/custom-fields/${f.id}`, manager, plan), 404);
  });

  it('bulk-creates from a JSON array, all or none, and says how many', async () => {
    const res = await call('POST', '/api/custom-fields/bulk-create', manager, plan, [
      { name: 'bulk_a', type: 'str', friendly_name: 'Bulk A', category: 'Bulk' },
      { name: 'bulk_b', type: 'date', friendly_name: 'Bulk B', category: 'Bulk' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 2, message: '2 fields created successfully' });
    const dup = await call('POST', '/api/custom-fields/bulk-create', manager, plan, [
      { name: 'bulk_c', type: 'str', friendly_name: 'Bulk C' },
      { name: 'bulk_a', type: 'str', friendly_name: 'Again' },
    ]);
    expectEnvelope(dup, 409);
    const names = (await call('GET', '/api/custom-fields/?category=Bulk', manager, plan))
      .json()
      .map((f: CustomField) => f.name);
    expect(names).not.toContain('bulk_c');
    expectEnvelope(
      await call('POST', '/api/custom-fields/bulk-create', manager, plan, { name: 'not_an_array' }),
      400,
    );
    expectEnvelope(await call('POST', '/api/custom-fields/bulk-create', manager, plan, []), 400);
    expectEnvelope(
      await call('POST', '/api/custom-fields/bulk-create', staff, plan, [
        { name: 'x', type: 'str', friendly_name: 'X' },
      ]),
      403,
    );
  });
});

describe('field mappings', () => {
  it("maps a plan's column to a core or custom field, per source system, and filters by column", async () => {
    await define({ name: 'housing_type', type: 'str', friendly_name: 'Housing type' });
    const a = await call('POST', '/api/custom-fields/mappings', manager, plan, {
      db_column: 'medicaid_id',
      alternative: 'CIN',
      source_system: 'Golden Valley 834',
      description: 'Client index number',
    });
    expect(a.statusCode, a.body).toBe(201);
    const b = await call('POST', '/api/custom-fields/mappings', manager, plan, {
      db_column: 'housing_type',
      alternative: 'HOUSING',
      is_active: false,
    });
    expect(b.json()).toMatchObject({ db_column: 'housing_type', source_system: '', is_active: false });
    const filtered: FieldMapping[] = (
      await call('GET', '/api/custom-fields/mappings?db_column=medicaid_id', staff, plan)
    ).json();
    expect(filtered.map((m) => m.alternative)).toEqual(['CIN']);
    // The same external name for the same source, in any case, is one mapping.
    expectEnvelope(
      await call('POST', '/api/custom-fields/mappings', manager, plan, {
        db_column: 'first_name',
        alternative: 'cin',
        source_system: 'Golden Valley 834',
      }),
      409,
    );
    // Another source system may use the same name.
    expect(
      (
        await call('POST', '/api/custom-fields/mappings', manager, plan, {
          db_column: 'medicaid_id',
          alternative: 'CIN',
          source_system: 'Other plan',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('needs a member field and an external name; the field must exist', async () => {
    expectEnvelope(
      await call('POST', '/api/custom-fields/mappings', manager, plan, { db_column: '', alternative: 'X' }),
      400,
    );
    expectEnvelope(
      await call('POST', '/api/custom-fields/mappings', manager, plan, { db_column: 'dob' }),
      400,
    );
    const res = await call('POST', '/api/custom-fields/mappings', manager, plan, {
      db_column: 'no_such_field',
      alternative: 'X',
    });
    expect(expectEnvelope(res, 400).detail).toBe('no_such_field is not a member field of this organization.');
  });

  it('turns a mapping off and on, deletes it, for managers and admins only', async () => {
    const m: FieldMapping = (
      await call('POST', '/api/custom-fields/mappings', manager, plan, {
        db_column: 'dob',
        alternative: 'BIRTH_DT',
      })
    ).json();
    expectEnvelope(
      await call('PUT', `/api/custom-fields/mappings/${m.id}`, staff, plan, { is_active: false }),
      403,
    );
    expect(
      (await call('PUT', `/api/custom-fields/mappings/${m.id}`, manager, plan, { is_active: false })).json()
        .is_active,
    ).toBe(false);
    expectEnvelope(
      await call('POST', '/api/custom-fields/mappings', viewer, plan, {
        db_column: 'dob',
        alternative: 'DOB2',
      }),
      403,
    );
    expectEnvelope(await call('DELETE', `/api/custom-fields/mappings/${m.id}`, staff, plan), 403);
    expectEnvelope(await call('DELETE', `/api/custom-fields/mappings/${m.id}`, cbo, harbor), 404);
    expect((await call('DELETE', `/api/custom-fields/mappings/${m.id}`, orgadmin, plan)).statusCode).toBe(
      200,
    );
    expectEnvelope(await call('DELETE', `/api/custom-fields/mappings/${m.id}`, manager, plan), 404);
    const audit = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'field_mapping.%' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.n).toBe(3);
  });
});
