import type { Member, MemberTimeline } from '@trust/domain';
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

// The member profile's Activity Timeline (issue #15 item 1): referrals and care in one list, newest first, each
// part as the caller may see it.

let t: TestApp;
let call: ReturnType<typeof api>;
let plan: number;
let harbor: number;
let manager: string;
let staff: string;
let cbo: string;
let member: Member;
let enrollmentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  manager = await login(t.app, 'manager@trust.demo');
  staff = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  // The staff member files a referral: its member enters the registry as theirs.
  await createReferral(t, {
    token: staff,
    orgId: plan,
    first_name: 'Tomas',
    last_name: 'Timeline',
    medicaid_id: 'TL-0001',
    date_of_birth: '1971-05-05',
  });
  member = (await call('GET', '/api/members/?search=tl-0001', staff, plan)).json().members[0];
  const program = await one<{ id: number }>(
    t,
    "INSERT INTO programs (organization_id, name, program_type) VALUES ($1, 'Housing Navigation', 'housing_navigation') RETURNING id",
    [plan],
  );
  const enrolled = await call('POST', '/api/enrollments/', manager, plan, {
    member_id: member.id,
    program_id: program.id,
    status: 'active',
  });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  enrollmentId = enrolled.json().id;
  for (const [is_confidential, note_text] of [
    [false, 'Called the landlord about the deposit.'],
    [true, 'Disclosed a private matter.'],
  ] as const) {
    const res = await call('POST', '/api/enrollments/notes/', manager, plan, {
      enrollment_id: enrollmentId,
      note_text,
      is_confidential,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('GET /api/members/{id}/timeline', () => {
  it('lists the referral, the enrollment and its notes, newest first, with links, and audits the read', async () => {
    const res = await call('GET', `/api/members/${member.id}/timeline`, manager, plan);
    expect(res.statusCode, res.body).toBe(200);
    const { entries }: MemberTimeline = res.json();
    const kinds = entries.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['member', 'referral', 'enrollment', 'note']));
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
    expect(entries.find((e) => e.kind === 'enrollment')).toMatchObject({
      title: 'Enrolled in Housing Navigation (Active)',
      link: { tab: 'enrollments-view', id: enrollmentId },
    });
    expect(entries.find((e) => e.kind === 'referral')?.title).toMatch(/^Referral .+ created$/);
    expect(entries.filter((e) => e.kind === 'note').map((e) => e.detail)).toEqual(
      expect.arrayContaining(['Called the landlord about the deposit.', 'Disclosed a private matter.']),
    );
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const audit = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'member.timeline_read' AND entity_id = $1",
      [String(member.id)],
    );
    expect(audit.n).toBe(1);
  });

  it("shows staff neither the care of enrollments they do not manage nor others' confidential notes", async () => {
    const { entries }: MemberTimeline = (
      await call('GET', `/api/members/${member.id}/timeline`, staff, plan)
    ).json();
    expect(entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['member', 'referral']));
    expect(entries.some((e) => e.kind === 'enrollment' || e.kind === 'note')).toBe(false);
  });

  it("answers Member not found for another organization's member or none at all", async () => {
    expectEnvelope(await call('GET', `/api/members/${member.id}/timeline`, cbo, harbor), 404);
    expectEnvelope(await call('GET', '/api/members/999999/timeline', manager, plan), 404);
    expectEnvelope(await call('GET', `/api/members/${member.id}/timeline`, null, plan), 401);
  });
});
