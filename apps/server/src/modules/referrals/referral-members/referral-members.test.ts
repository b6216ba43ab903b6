import type { ReferralCreateInput, ReferralMember, ReferralMemberList } from '@trust/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { memberPageSql } from './repo.ts';

let t: TestApp;
let plan: number;
let clinic: number;
let harbor: number;
let coordinator: string;
let cbo: string;
let viewer: string;

async function orgId(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  clinic = await orgId('Riverbend Family Clinic');
  harbor = await orgId('Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
});
afterAll(async () => t?.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  org?: number,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function list(query = '', token = coordinator, org = plan): Promise<ReferralMemberList> {
  const res = await api('GET', `/api/referral-members?${query}`, token, undefined, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReferralMemberList;
}

const create = (body: Partial<ReferralCreateInput> = {}, org = plan) =>
  createReferral(t, { token: coordinator, orgId: org, ...body });

/** A referral in a status, as its lifecycle would leave it (set by SQL: lifecycle.test.ts takes the steps). */
async function setStatus(id: number, status: string) {
  await t.database.query('UPDATE referrals SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

type RawReferral = {
  id: number;
  member_id: number;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  medicaid_id: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  zip_code: string | null;
  date_of_birth: string | null;
};

/** The members of an organization computed here, independently of the service, from its referral rows. */
async function expectedMembers(org: number): Promise<ReferralMember[]> {
  const rows = await t.database.query<RawReferral>(
    `SELECT id, member_id, status, created_at, updated_at, medicaid_id, first_name, last_name, phone_number,
            email, zip_code, date_of_birth::text AS date_of_birth
       FROM referrals WHERE organization_id = $1 AND member_id IS NOT NULL`,
    [org],
  );
  const time = (v: Date | string) => new Date(v).getTime();
  const byMember = new Map<number, RawReferral[]>();
  for (const r of rows) byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r]);
  const members = [...byMember.entries()].map(([memberId, refs]) => {
    const latest = [...refs].sort((a, b) => time(b.created_at) - time(a.created_at) || b.id - a.id)[0]!;
    return {
      member_id: memberId,
      medicaid_id: latest.medicaid_id,
      first_name: latest.first_name,
      last_name: latest.last_name,
      phone_number: latest.phone_number,
      email: latest.email,
      zip_code: latest.zip_code,
      date_of_birth: latest.date_of_birth,
      referral_count: refs.length,
      pending_count: refs.filter((r) => r.status === 'pending').length,
      last_activity: new Date(Math.max(...refs.map((r) => time(r.updated_at)))).toISOString(),
      status: latest.status,
      latest_referral_id: latest.id,
    };
  });
  return members.sort((a, b) => b.last_activity.localeCompare(a.last_activity) || b.member_id - a.member_id);
}

async function everyMember(query = '', token = coordinator, org = plan) {
  const out: ReferralMember[] = [];
  for (let page = 1; ; page++) {
    const body = await list(`${query}&page=${page}&page_size=100`, token, org);
    out.push(...body.members);
    if (out.length >= body.total || body.members.length === 0) return out;
  }
}

describe('GET /api/referral-members', () => {
  it("groups the active organization's referrals by member, as SQL over the demo data says", async () => {
    const expected = await expectedMembers(plan);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.some((m) => m.referral_count > 1)).toBe(true);
    const first = await list();
    expect(first.page).toBe(1);
    expect(first.page_size).toBe(24);
    expect(first.total).toBe(expected.length);
    expect(first.members).toEqual(expected.slice(0, 24));
    expect(await everyMember()).toEqual(expected);

    const count = (s: string) => expected.filter((m) => m.status === s).length;
    expect(first.counts).toEqual({
      total: expected.length,
      pending: count('pending'),
      matched: count('matched'),
      accepted: count('accepted'),
      in_progress: count('in_progress'),
      completed: count('completed'),
    });
    // The clinic's members are its own.
    const clinicMembers = await everyMember('', coordinator, clinic);
    expect(clinicMembers).toEqual(await expectedMembers(clinic));
    expect(clinicMembers.map((m) => m.member_id)).not.toContain(first.members[0]!.member_id);
  });

  it('an organization that created no referral has no members, whatever it received', async () => {
    const body = await list('', cbo, harbor);
    expect(body).toMatchObject({ members: [], total: 0 });
    expect(body.counts).toEqual({
      total: 0,
      pending: 0,
      matched: 0,
      accepted: 0,
      in_progress: 0,
      completed: 0,
    });
  });

  it("a member's status, contact details and activity follow the latest referral", async () => {
    const older = await create({ medicaid_id: 'RM100000010', email: 'old.address@example.org' });
    const newer = await create({
      medicaid_id: 'RM100000010',
      email: 'new.address@example.org',
      confirm_same_member: 'use_new',
      confirm_duplicate_need: true,
    });
    await setStatus(newer.id, 'in_progress');
    let [member] = (await list('search=RM100000010')).members;
    expect(member).toMatchObject({
      member_id: older.member_id,
      email: 'new.address@example.org',
      referral_count: 2,
      pending_count: 1,
      status: 'in_progress',
      latest_referral_id: newer.id,
    });
    // A change of the older referral is the member's latest activity; the status stays the newest referral's.
    await setStatus(older.id, 'completed');
    const [changed] = await t.database.query<{ updated_at: Date | string }>(
      'SELECT updated_at FROM referrals WHERE id = $1',
      [older.id],
    );
    [member] = (await list('search=RM100000010')).members;
    expect(member).toMatchObject({
      status: 'in_progress',
      pending_count: 0,
      last_activity: new Date(changed!.updated_at).toISOString(),
    });
  });

  it("filters on the member's status; labels are accepted; the tiles stay whole", async () => {
    const all = await list();
    for (const [query, key] of [
      ['status=pending', 'pending'],
      ['status=matched', 'matched'],
      ['status=In%20Progress', 'in_progress'],
      ['status=COMPLETED', 'completed'],
    ] as const) {
      const members = await everyMember(query);
      expect(members.length, query).toBe(all.counts[key]);
      expect(members.every((m) => m.status === key)).toBe(true);
      const first = await list(query);
      expect(first.total).toBe(all.counts[key]);
      expect(first.counts).toEqual(all.counts);
    }
    expect((await list('status=all')).total).toBe(all.counts.total);
    expect((await list('status=auto-matched')).total).toBe(all.counts.matched);
  });

  it('searches name, Medicaid ID, phone, email and ZIP, case-insensitively, and nothing else', async () => {
    const r = await create({
      first_name: 'Thaddeus',
      last_name: 'Quillfeather',
      medicaid_id: 'RM200000077',
      phone_number: '(480) 555-0163',
      email: 'T.Quill@Example.org',
      zip_code: '85281',
      primary_diagnosis: 'Zygomatic fracture',
      city: 'Xerxesville',
    });
    for (const term of [
      'thaddeus quill',
      'QUILLFEATHER',
      'rm2000000',
      '555-0163',
      '4805550163',
      't.quill@example',
      '85281',
    ]) {
      const found = await list(`search=${encodeURIComponent(term)}`);
      expect(
        found.members.map((m) => m.member_id),
        term,
      ).toContain(r.member_id);
    }
    // In the referral's search text, but not a member's field.
    for (const term of ['zygomatic', 'xerxesville']) {
      expect((await list(`search=${term}`)).total, term).toBe(0);
    }
    const none = await list('search=%25_nothing_like_this');
    expect(none).toMatchObject({ members: [], total: 0 });
    // The tiles count every member, searched or not.
    expect(none.counts.total).toBe((await list()).counts.total);
    // Combined with a status filter.
    expect((await list('search=quillfeather&status=pending')).total).toBe(1);
    expect((await list('search=quillfeather&status=completed')).total).toBe(0);
    // Another organization does not find it.
    expect((await list('search=quillfeather', coordinator, clinic)).total).toBe(0);
  });

  it('pages newest activity first; a page past the end is empty and still counts', async () => {
    const all = await everyMember();
    const second = await list('page=2&page_size=5');
    expect(second.members).toEqual(all.slice(5, 10));
    const past = await list('page=999&page_size=100');
    expect(past).toMatchObject({ members: [], total: all.length, page: 999 });
  });

  it('audits each read with the members it showed, never the search term', async () => {
    const body = await list('page=1&page_size=3&search=RM1000');
    const [row] = await t.database.query<{ details: Record<string, unknown>; organization_id: number }>(
      "SELECT details, organization_id FROM audit_log WHERE action = 'member.list_read' ORDER BY id DESC LIMIT 1",
    );
    expect(row).toEqual({
      organization_id: plan,
      details: {
        page: 1,
        page_size: 3,
        status: 'all',
        searched: true,
        ids: body.members.map((m) => m.member_id),
      },
    });
    expect(JSON.stringify(row)).not.toContain('RM1000');
  });

  it("reads only the organization's rows, through an index led by organization_id", async () => {
    const plans = await t.database.db.transaction(async (tx) => {
      // The test tables are small enough for a sequential scan to win; forbid it to see what serves the query.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const out: string[] = [];
      for (const q of [
        { page: 1, page_size: 24, status: 'all' as const },
        { page: 1, page_size: 24, status: 'pending' as const, search: 'quill' },
      ]) {
        const res = (await tx.execute(sql`EXPLAIN ${memberPageSql(plan, q, 24, 0)}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        out.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out;
    });
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on referrals/);
      // The grouping reads the organization's rows only: an index of the referrals led by organization_id.
      expect(plan).toMatch(
        /Index (Only )?Scan (Backward )?using referrals_org_\w+ on referrals [^\n]*\n\s+Index Cond: \(+organization_id = \d+\)/,
      );
    }
  });

  it('refuses bad paging and statuses with field messages; needs a session and a membership', async () => {
    const bad = expectEnvelope(
      await api('GET', '/api/referral-members?status=lost', coordinator, undefined, plan),
      400,
    );
    expect((bad as { fields?: Record<string, string> }).fields?.status).toMatch(/Status must be one of/);
    expectEnvelope(await api('GET', '/api/referral-members?page=0', coordinator, undefined, plan), 400);
    expectEnvelope(
      await api('GET', '/api/referral-members?page_size=101', coordinator, undefined, plan),
      400,
    );
    expectEnvelope(await api('GET', '/api/referral-members', null), 401);
    expectEnvelope(await api('GET', '/api/referral-members', cbo, undefined, plan), 403);
    // A viewer reads.
    expect((await api('GET', '/api/referral-members', viewer, undefined, plan)).statusCode).toBe(200);
  });
});

describe('DELETE /api/referral-members/{memberId}', () => {
  it("deletes the member's Pending referrals, each audited with its history; the others are kept", async () => {
    const a = await create({ medicaid_id: 'RM300000001' });
    const b = await create({
      medicaid_id: 'RM300000001',
      confirm_same_member: 'use_new',
      confirm_duplicate_need: true,
    });
    const kept = await create({
      medicaid_id: 'RM300000001',
      confirm_same_member: 'use_new',
      confirm_duplicate_need: true,
    });
    await setStatus(kept.id, 'matched');
    const res = await api('DELETE', `/api/referral-members/${a.member_id}`, coordinator, undefined, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });

    const left = await t.database.query<{ id: number }>('SELECT id FROM referrals WHERE member_id = $1', [
      a.member_id,
    ]);
    expect(left).toEqual([{ id: kept.id }]);
    for (const id of [a.id, b.id]) {
      const audits = await t.database.query(
        "SELECT 1 FROM audit_log WHERE action = 'referral.deleted' AND entity_id = $1",
        [String(id)],
      );
      expect(audits).toHaveLength(1);
      const events = await t.database.query<{ organization_id: number }>(
        "SELECT organization_id FROM referral_events WHERE type = 'deleted' AND details->>'referral_id' = $1",
        [String(id)],
      );
      expect(events).toEqual([{ organization_id: plan }]);
    }
    const [member] = (await list('search=RM300000001')).members;
    expect(member).toMatchObject({ referral_count: 1, pending_count: 0, status: 'matched' });

    // Nothing Pending left: 409 with a message that says why.
    const again = expectEnvelope(
      await api('DELETE', `/api/referral-members/${a.member_id}`, coordinator, undefined, plan),
      409,
      'conflict',
    ) as { message: string; reason?: string };
    expect(again.message).toMatch(/no pending referrals/);
    expect(again.reason).toBe('member.no_pending_referrals');
  });

  it("another organization's member is not found; nor is an unknown one", async () => {
    const r = await create({ medicaid_id: 'RM300000002' });
    expectEnvelope(
      await api('DELETE', `/api/referral-members/${r.member_id}`, coordinator, undefined, clinic),
      404,
    );
    expectEnvelope(await api('DELETE', '/api/referral-members/99999999', coordinator, undefined, plan), 404);
    expect((await list('search=RM300000002')).members[0]?.pending_count).toBe(1);
  });

  it('needs a session, a membership and a writing role; a bad id is a 400', async () => {
    const r = await create({ medicaid_id: 'RM300000003' });
    const url = `/api/referral-members/${r.member_id}`;
    expectEnvelope(await api('DELETE', url, null), 401);
    expectEnvelope(await api('DELETE', url, cbo, undefined, plan), 403);
    expectEnvelope(await api('DELETE', url, viewer, undefined, plan), 403);
    expectEnvelope(await api('DELETE', '/api/referral-members/abc', coordinator, undefined, plan), 400);
    expect((await list('search=RM300000003')).members[0]?.pending_count).toBe(1);
  });

  it('is in the API document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/referral-members'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/referral-members/{memberId}'] ?? {})).toContain('delete');
  });
});
