import type { Member, MemberList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  api,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';

// 002 §7 "Members" (issue #15 items 1, 2, 8): every endpoint, its errors, and who may do what.

let t: TestApp;
let call: ReturnType<typeof api>;
let plan: number;
let harbor: number;
let manager: string;
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
  staff = await login(t.app, 'coordinator@trust.demo'); // staff of the plan
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  for (const field of [
    {
      name: 'housing_status',
      type: 'str',
      friendly_name: 'Housing status',
      category: 'Housing',
      str_len: 20,
    },
    {
      name: 'household_size',
      type: 'int',
      friendly_name: 'Household size',
      category: 'Housing',
      mandatory: true,
    },
    { name: 'has_car', type: 'bool', friendly_name: 'Has a car', category: 'Transport' },
    {
      name: 'renewal_day',
      type: 'fixed_date',
      friendly_name: 'Renewal day',
      category: 'Coverage',
      default_value: '07-01',
    },
    { name: 'internal_score', type: 'int', friendly_name: 'Internal score', hidden: true, mandatory: true },
  ]) {
    expect((await call('POST', '/api/custom-fields/', manager, plan, field)).statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

const person = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Rosa',
  last_name: 'Delgado',
  dob: '1980-04-02',
  gender: 'Female',
  custom_fields: { household_size: 3 },
  ...extra,
});

async function addMember(token: string, extra: Record<string, unknown> = {}): Promise<Member> {
  const res = await call('POST', '/api/members/', token, plan, person(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/members/', () => {
  it('adds a member with checked custom values and the defaults of fields not sent', async () => {
    const m = await addMember(manager, {
      medicaid_id: 'MC100001',
      patient_no: '000123',
      custom_fields: { household_size: '4', has_car: 'yes', housing_status: 'Shelter' },
    });
    expect(m).toMatchObject({ first_name: 'Rosa', patient_no: '000123', can_edit: true, can_delete: true });
    expect(m.custom_fields).toEqual({
      household_size: 4,
      has_car: true,
      housing_status: 'Shelter',
      renewal_day: '07-01',
    });
    const row = await one<{ created_by: number }>(t, 'SELECT created_by FROM members WHERE id = $1', [m.id]);
    expect(row.created_by).toBeGreaterThan(0);
    const audit = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'member.created' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.n).toBe(1);
  });

  it('requires first and last name (002 §5)', async () => {
    const res = await call('POST', '/api/members/', manager, plan, person({ first_name: ' ' }));
    const body = expectEnvelope(res, 400);
    expect(body.detail).toContain('First name and last name are required');
  });

  it('names the custom field whose value has the wrong type, and writes nothing', async () => {
    const before = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM members');
    const res = await call(
      'POST',
      '/api/members/',
      manager,
      plan,
      person({ custom_fields: { household_size: 'three' } }),
    );
    const body = expectEnvelope(res, 400) as unknown as { fields: Record<string, string> };
    expect(body.fields['custom_fields.household_size']).toBe('Household size must be a whole number.');
    expect((await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM members')).n).toBe(before.n);
  });

  it('refuses an unknown field, a too-long text, a bad day of the year and a missing visible mandatory field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { nope: 1, household_size: 1 },
        'custom_fields.nope',
        'nope is not a custom field of this organization.',
      ],
      [
        { household_size: 1, housing_status: 'x'.repeat(21) },
        'custom_fields.housing_status',
        'Housing status must be at most 20 characters.',
      ],
      [
        { household_size: 1, renewal_day: '02-30' },
        'custom_fields.renewal_day',
        'Renewal day must be a day of the year (MM-DD).',
      ],
      [{}, 'custom_fields.household_size', 'Household size is required'],
    ];
    for (const [custom_fields, key, message] of cases) {
      const res = await call('POST', '/api/members/', manager, plan, person({ custom_fields }));
      const body = expectEnvelope(res, 400) as unknown as { fields: Record<string, string> };
      expect(body.fields[key]).toBe(message);
    }
  });

  it('checks core fields: gender from the list, a real date of birth not in the future, an email', async () => {
    for (const [extra, key] of [
      [{ gender: 'female' }, 'gender'],
      [{ dob: '1980-02-30' }, 'dob'],
      [{ dob: '2999-01-01' }, 'dob'],
      [{ email: 'not-an-email' }, 'email'],
      [{ unknown_column: 1 }, null],
    ] as const) {
      const res = await call('POST', '/api/members/', manager, plan, person(extra));
      const body = expectEnvelope(res, 400) as unknown as { fields?: Record<string, string> };
      if (key) expect(Object.keys(body.fields ?? {})).toContain(key);
    }
  });

  it('keeps Medicaid ID and patient number unique per organization (409), but not across organizations', async () => {
    await addMember(manager, { medicaid_id: 'MC-DUP-1', patient_no: 'P-DUP-1' });
    expectEnvelope(
      await call('POST', '/api/members/', manager, plan, person({ medicaid_id: 'MC-DUP-1' })),
      409,
    );
    expectEnvelope(
      await call('POST', '/api/members/', manager, plan, person({ patient_no: 'P-DUP-1' })),
      409,
    );
    const other = await call('POST', '/api/members/', cbo, harbor, {
      first_name: 'A',
      last_name: 'B',
      medicaid_id: 'MC-DUP-1',
    });
    expect(other.statusCode).toBe(201);
  });

  it('is refused to viewers (403) and without a session (401)', async () => {
    expectEnvelope(await call('POST', '/api/members/', viewer, plan, person()), 403);
    expectEnvelope(await call('POST', '/api/members/', null, plan, person()), 401);
  });
});

describe('GET /api/members/', () => {
  it('pages by name, 50 by default, with the total, and audits the ids it returned', async () => {
    const res = await call('GET', '/api/members/', manager, plan);
    expect(res.statusCode).toBe(200);
    const list: MemberList = res.json();
    expect(list.members.length).toBe(Math.min(50, list.total));
    expect(list.total).toBeGreaterThan(50); // the demo's members of the plan and this file's
    const names = list.members.map((m) => `${m.last_name}\u0000${m.first_name}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2: MemberList = (await call('GET', '/api/members/?page=2&page_size=50', manager, plan)).json();
    expect(page2.members[0]?.id).not.toBe(list.members[0]?.id);
    const audit = await one<{ details: { ids: number[] } }>(
      t,
      "SELECT details FROM audit_log WHERE action = 'member.registry_list_read' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.details.ids).toEqual(page2.members.map((m) => m.id));
  });

  it("keeps the list's total (member_counts) equal to the organization's members through adds and deletes", async () => {
    const counted = async () =>
      (
        await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM members WHERE organization_id = $1', [
          plan,
        ])
      ).n;
    const total = async () =>
      ((await call('GET', '/api/members/', manager, plan)).json() as MemberList).total;
    expect(await total()).toBe(await counted());
    const added = await addMember(manager);
    expect(await total()).toBe(await counted());
    await call('DELETE', `/api/members/${added.id}`, manager, plan);
    expect(await total()).toBe(await counted());
    await t.database.query(
      "INSERT INTO members (organization_id, first_name, last_name) SELECT $1, 'Bulk', 'Row' || g FROM generate_series(1, 25) g",
      [plan],
    );
    expect(await total()).toBe(await counted());
  });

  it('searches on the server by name, Medicaid ID, patient number and phone digits', async () => {
    const m = await addMember(manager, {
      first_name: 'Zebulon',
      medicaid_id: 'ZQ998877',
      phone_no: '(406) 555-0199',
    });
    for (const term of ['zebu', 'ZQ9988', '4065550199', '555-0199']) {
      const list: MemberList = (
        await call('GET', `/api/members/?search=${encodeURIComponent(term)}`, manager, plan)
      ).json();
      expect(list.members.map((x) => x.id)).toContain(m.id);
    }
    const none: MemberList = (await call('GET', '/api/members/?search=%25', manager, plan)).json();
    expect(none.total).toBe(0);
  });

  it('finds a member by the exact Medicaid ID or patient number, through the unique indexes; a part of one searches', async () => {
    const a = await addMember(manager, { first_name: 'Exacta', medicaid_id: 'XQ1234', patient_no: 'P-77' });
    const b = await addMember(manager, { first_name: 'Exactb', medicaid_id: 'XQ12345' });
    const search = async (term: string, token = manager) =>
      (
        await call('GET', `/api/members/?search=${encodeURIComponent(term)}`, token, plan)
      ).json() as MemberList;
    // XQ1234 is contained in XQ12345 too, but it is exactly a's ID: a only.
    expect(await search('XQ1234')).toMatchObject({ total: 1, members: [{ id: a.id }] });
    expect(await search('xq1234')).toMatchObject({ total: 1, members: [{ id: a.id }] });
    expect(await search('p-77')).toMatchObject({ total: 1, members: [{ id: a.id }] });
    const part = await search('XQ123');
    expect(part.members.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(part.total).toBe(2);
    // Staff see only their members, by ID as by any search.
    expect(await search('XQ1234', staff)).toMatchObject({ total: 0, members: [] });
  });

  it('tells the total of a search page by page: the last page by its rows, a full one by counting', async () => {
    for (let i = 0; i < 3; i++) await addMember(manager, { first_name: `Pagetotal${i}` });
    const page = async (n: number, size: number) =>
      (
        await call('GET', `/api/members/?search=pagetotal&page=${n}&page_size=${size}`, manager, plan)
      ).json() as MemberList;
    expect(await page(1, 2)).toMatchObject({ total: 3 });
    expect((await page(1, 2)).members).toHaveLength(2);
    expect(await page(2, 2)).toMatchObject({ total: 3 });
    expect((await page(2, 2)).members).toHaveLength(1);
    expect(await page(3, 2)).toMatchObject({ total: 3, members: [] });
    expect(await page(1, 10)).toMatchObject({ total: 3 });
  });

  it('shows staff only the members they added (or manage); viewers read all and edit none', async () => {
    const mine = await addMember(staff, { first_name: 'Staffadded' });
    const list: MemberList = (await call('GET', '/api/members/?page_size=200', staff, plan)).json();
    expect(list.members.map((m) => m.id)).toContain(mine.id);
    const managerOnly = await addMember(manager, { first_name: 'Manageradded' });
    expect(list.members.map((m) => m.id)).not.toContain(managerOnly.id);
    expectEnvelope(await call('GET', `/api/members/${managerOnly.id}`, staff, plan), 404);
    const seen: Member = (await call('GET', `/api/members/${managerOnly.id}`, viewer, plan)).json();
    expect(seen).toMatchObject({ id: managerOnly.id, can_edit: false, can_delete: false });
  });

  it("refuses a bad page size and another organization's header", async () => {
    expectEnvelope(await call('GET', '/api/members/?page_size=500', manager, plan), 400);
    expectEnvelope(await call('GET', '/api/members/', manager, harbor), 403);
  });
});

describe('GET, PUT, DELETE /api/members/{id}', () => {
  it("reads a profile (audited) and answers Member not found for another organization's member", async () => {
    const m = await addMember(manager);
    expect((await call('GET', `/api/members/${m.id}`, manager, plan)).json()).toMatchObject({ id: m.id });
    const body = expectEnvelope(await call('GET', `/api/members/${m.id}`, cbo, harbor), 404);
    expect(body.detail).toBe('Member not found');
    expectEnvelope(await call('GET', '/api/members/999999', manager, plan), 404);
  });

  it('edits the whole form; custom values not sent (a hidden field) are kept, null clears one', async () => {
    const m = await addMember(manager, {
      custom_fields: { household_size: 2, internal_score: 9, has_car: false },
    });
    const res = await call('PUT', `/api/members/${m.id}`, manager, plan, {
      ...person({ last_name: 'Delgado-Ruiz' }),
      custom_fields: { household_size: 5, has_car: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Member = res.json();
    expect(updated.last_name).toBe('Delgado-Ruiz');
    expect(updated.custom_fields).toEqual({ household_size: 5, internal_score: 9, renewal_day: '07-01' });
    const audit = await one<{ details: { fields: string[] } }>(
      t,
      "SELECT details FROM audit_log WHERE action = 'member.updated' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.details.fields).toEqual(
      expect.arrayContaining(['lastName', 'custom_fields.household_size']),
    );
    expect(JSON.stringify(audit.details)).not.toContain('Delgado');
  });

  it('lets staff edit their own members only, and refuses viewers', async () => {
    const mine = await addMember(staff);
    expect(
      (await call('PUT', `/api/members/${mine.id}`, staff, plan, person({ first_name: 'Rosalind' })))
        .statusCode,
    ).toBe(200);
    const theirs = await addMember(manager);
    expectEnvelope(await call('PUT', `/api/members/${theirs.id}`, staff, plan, person()), 404);
    expectEnvelope(await call('PUT', `/api/members/${theirs.id}`, viewer, plan, person()), 403);
  });

  it("refuses to give a member another member's Medicaid ID (409)", async () => {
    await addMember(manager, { medicaid_id: 'MC-TAKEN-9' });
    const m = await addMember(manager);
    expectEnvelope(
      await call('PUT', `/api/members/${m.id}`, manager, plan, person({ medicaid_id: 'MC-TAKEN-9' })),
      409,
    );
  });

  it('deletes (managers and admins only) with a message, and the member is gone', async () => {
    const m = await addMember(manager);
    expectEnvelope(await call('DELETE', `/api/members/${m.id}`, staff, plan), 403);
    expectEnvelope(await call('DELETE', `/api/members/${m.id}`, viewer, plan), 403);
    const res = await call('DELETE', `/api/members/${m.id}`, manager, plan);
    expect(res.json()).toEqual({ message: 'Member deleted successfully', id: m.id });
    expectEnvelope(await call('GET', `/api/members/${m.id}`, manager, plan), 404);
    expectEnvelope(await call('DELETE', `/api/members/${m.id}`, manager, plan), 404);
  });
});

describe('referrals and the registry', () => {
  it('a referral files its member in the registry, once per Medicaid ID, added by its creator', async () => {
    const who = {
      token: staff,
      orgId: plan,
      first_name: 'Ignatius',
      last_name: 'Reilly',
      medicaid_id: 'REG-LINK-1',
      date_of_birth: '1962-03-04',
    };
    await createReferral(t, who);
    await createReferral(t, { ...who, sdoh_needs: ['Transportation'] });
    const list: MemberList = (await call('GET', '/api/members/?search=reg-link-1', staff, plan)).json();
    expect(list.members).toHaveLength(1);
    expect(list.members[0]).toMatchObject({
      first_name: 'Ignatius',
      medicaid_id: 'REG-LINK-1',
      can_edit: true,
    });
  });
});
