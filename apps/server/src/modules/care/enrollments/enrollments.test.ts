import type { Enrollment, EnrollmentList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  listenToEvents,
  makeMember,
  makeProgram,
  signInDemo,
} from './test-support.ts';

// Issue #15 items 6 and 8: the enrollment API (002 §7), its state machine, the program capacity, and who sees and
// changes what (002 §6).

let t: TestApp;
let d: Demo;
let events: ReturnType<typeof listenToEvents>;
let req: ReturnType<typeof call>;

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
  events = listenToEvents(t);
  req = call(t);
});
afterAll(async () => t?.close());

async function setup(capacity: number | null = null) {
  const program = await makeProgram(t, d.plan, { capacity });
  const member = await makeMember(t, d.plan);
  return { program, member };
}

async function put(id: number, body: Record<string, unknown>, token = d.manager, org = d.plan) {
  return req('PUT', `/api/enrollments/${id}`, token, org, body);
}

describe('POST /api/enrollments/', () => {
  it('enrolls a member (pending, today, the creator as case manager) with its names, audit row and event', async () => {
    const { program, member } = await setup();
    const e = await enroll(t, d.manager, d.plan, {
      member_id: member.id,
      program_id: program.id,
      priority_level: 'high',
      notes: '  Referred by the clinic.  ',
    });
    expect(e).toMatchObject({
      member_id: member.id,
      member_name: member.name,
      program_id: program.id,
      program_name: program.name,
      status: 'pending',
      start_date: null,
      end_date: null,
      case_manager_user_id: d.ids.manager,
      case_manager_name: 'Morgan Manager',
      priority_level: 'high',
      eligibility_verified: false,
      consent_obtained: false,
      notes: 'Referred by the clinic.',
      next_statuses: ['active', 'withdrawn'],
      can_edit: true,
      can_delete: true,
    });
    expect(e.enrollment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [row] = await auditRows(t, 'enrollment.created', e.id);
    expect(row).toMatchObject({
      actor_user_id: d.ids.manager,
      organization_id: d.plan,
      details: { member_id: member.id, program_id: program.id, status: 'pending' },
    });
    await events.settled();
    expect(events.about(e.id)).toEqual([
      [
        'enrollment.created',
        {
          enrollment_id: e.id,
          organization_id: d.plan,
          member_id: member.id,
          program_id: program.id,
          status: 'pending',
        },
      ],
    ]);
  });

  it('answers both spellings of the path, and GET /api/enrollments/{id} audits the read', async () => {
    const { program, member } = await setup();
    const res = await req('POST', '/api/enrollments', d.manager, d.plan, {
      member_id: member.id,
      program_id: program.id,
      status: 'active',
      enrollment_date: '2026-01-15',
    });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json() as Enrollment;
    expect(e).toMatchObject({ status: 'active', enrollment_date: '2026-01-15' });
    // Created active, it started today.
    expect(e.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const got = await req('GET', `/api/enrollments/${e.id}/`, d.viewer, d.plan);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.json()).toMatchObject({ id: e.id, can_edit: false, can_delete: false, next_statuses: [] });
    expect(await auditRows(t, 'enrollment.read', e.id)).toHaveLength(1);
  });

  it('refuses bad input with 400 and the fields', async () => {
    const { program, member } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ program_id: program.id }, 'member_id'],
      [{ member_id: member.id, program_id: program.id, status: 'paused' }, 'status'],
      [{ member_id: member.id, program_id: program.id, priority_level: 'extreme' }, 'priority_level'],
      [{ member_id: member.id, program_id: program.id, enrollment_date: '2026-02-30' }, 'enrollment_date'],
      [{ member_id: member.id, program_id: program.id, member_name: 'x' }, 'member_name'],
      [{ member_id: '5', program_id: program.id }, 'member_id'],
    ];
    for (const [body, field] of cases) {
      const res = await req('POST', '/api/enrollments/', d.manager, d.plan, body);
      const env = expectEnvelope(res, 400) as { fields?: Record<string, string> };
      expect(Object.keys(env.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const dates = await req('POST', '/api/enrollments/', d.manager, d.plan, {
      member_id: member.id,
      program_id: program.id,
      start_date: '2026-03-01',
      end_date: '2026-02-01',
    });
    expect(expectEnvelope(dates, 400)).toMatchObject({
      detail: 'The end date cannot be before the start date.',
    });
  });

  it('refuses a new enrollment that starts completed (422), in an inactive program (422), twice (409)', async () => {
    const { program, member } = await setup();
    const completed = await req('POST', '/api/enrollments/', d.manager, d.plan, {
      member_id: member.id,
      program_id: program.id,
      status: 'completed',
    });
    expectEnvelope(completed, 422);
    const inactive = await makeProgram(t, d.plan, { isActive: false, name: 'Closed Program' });
    const refused = await req('POST', '/api/enrollments/', d.manager, d.plan, {
      member_id: member.id,
      program_id: inactive.id,
    });
    expect(expectEnvelope(refused, 422).detail).toBe(
      'The program Closed Program is inactive and takes no new enrollments.',
    );
    await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    const twice = await req('POST', '/api/enrollments/', d.manager, d.plan, {
      member_id: member.id,
      program_id: program.id,
    });
    expect(expectEnvelope(twice, 409).detail).toBe(
      `The member already has an open enrollment in ${program.name}.`,
    );
  });

  it('refuses a member or program of another organization as not found (404)', async () => {
    const { program, member } = await setup();
    const otherMember = await makeMember(t, d.harbor);
    const otherProgram = await makeProgram(t, d.harbor);
    const a = await req('POST', '/api/enrollments/', d.manager, d.plan, {
      member_id: otherMember.id,
      program_id: program.id,
    });
    expect(expectEnvelope(a, 404).detail).toBe('Member not found');
    const b = await req('POST', '/api/enrollments/', d.manager, d.plan, {
      member_id: member.id,
      program_id: otherProgram.id,
    });
    expect(expectEnvelope(b, 404).detail).toBe('Program not found');
  });

  it('lets a manager name a case manager of the organization, never a viewer or an outsider', async () => {
    const { program } = await setup();
    const m1 = await makeMember(t, d.plan);
    const e = await enroll(t, d.manager, d.plan, {
      member_id: m1.id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff,
    });
    expect(e).toMatchObject({ case_manager_user_id: d.ids.staff, case_manager_name: 'Casey Coordinator' });
    const m2 = await makeMember(t, d.plan);
    for (const id of [d.ids.viewer, 999_999]) {
      const res = await req('POST', '/api/enrollments/', d.manager, d.plan, {
        member_id: m2.id,
        program_id: program.id,
        case_manager_user_id: id,
      });
      expect(expectEnvelope(res, 400)).toMatchObject({
        fields: { case_manager_user_id: expect.any(String) },
      });
    }
  });
});

describe('roles (002 §6)', () => {
  it('refuses calls without a session (401) and writes by a viewer (403)', async () => {
    const { program, member } = await setup();
    expectEnvelope(await req('GET', '/api/enrollments/', null), 401);
    expectEnvelope(
      await req('POST', '/api/enrollments/', null, undefined, { member_id: 1, program_id: 1 }),
      401,
    );
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    expectEnvelope(
      await req('POST', '/api/enrollments/', d.viewer, d.plan, {
        member_id: member.id,
        program_id: program.id,
      }),
      403,
    );
    expectEnvelope(await put(e.id, { status: 'active' }, d.viewer), 403);
    expectEnvelope(await req('DELETE', `/api/enrollments/${e.id}`, d.viewer, d.plan), 403);
    // The viewer reads it.
    expect((await req('GET', `/api/enrollments/${e.id}`, d.viewer, d.plan)).statusCode).toBe(200);
  });

  it('hides an enrollment of another organization (404), even from its ids', async () => {
    const { program, member } = await setup();
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    expectEnvelope(await req('GET', `/api/enrollments/${e.id}`, d.cbo, d.harbor), 404);
    expectEnvelope(await put(e.id, { status: 'active' }, d.cbo, d.harbor), 404);
    expectEnvelope(await req('DELETE', `/api/enrollments/${e.id}`, d.cbo, d.harbor), 404);
    const list = (
      await req('GET', '/api/enrollments/?page_size=200', d.cbo, d.harbor)
    ).json() as EnrollmentList;
    expect(list.enrollments.map((x) => x.id)).not.toContain(e.id);
    // Acting for an organization one is not a member of: 403.
    expectEnvelope(await req('GET', `/api/enrollments/${e.id}`, d.cbo, d.plan), 403);
  });

  it('shows staff only the enrollments they manage (listed, read, changed); others are 404', async () => {
    const { program } = await setup();
    // A member the staff member added: they may enroll them, and become the case manager.
    const theirMember = await makeMember(t, d.plan, { createdBy: d.ids.staff });
    const mine = await enroll(t, d.staff, d.plan, { member_id: theirMember.id, program_id: program.id });
    expect(mine).toMatchObject({ case_manager_user_id: d.ids.staff, can_edit: true, can_delete: false });
    const other = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff2,
    });

    const list = (
      await req('GET', `/api/enrollments/?program_id=${program.id}`, d.staff, d.plan)
    ).json() as EnrollmentList;
    expect(list.enrollments.map((e) => e.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    const managerList = (
      await req('GET', `/api/enrollments/?program_id=${program.id}`, d.manager, d.plan)
    ).json() as EnrollmentList;
    expect(managerList.total).toBe(2);

    expectEnvelope(await req('GET', `/api/enrollments/${other.id}`, d.staff, d.plan), 404);
    expectEnvelope(await put(other.id, { notes: 'mine now' }, d.staff), 404);
    expect((await put(mine.id, { consent_obtained: true }, d.staff)).json()).toMatchObject({
      consent_obtained: true,
    });
    // Staff cannot hand their enrollment to someone else, nor delete it.
    expectEnvelope(await put(mine.id, { case_manager_user_id: d.ids.staff2 }, d.staff), 403);
    expect(
      expectEnvelope(await req('DELETE', `/api/enrollments/${mine.id}`, d.staff, d.plan), 403).detail,
    ).toBe('Only a manager or an administrator can delete an enrollment.');
  });

  it('lets staff enroll only the members they work with, and never name another case manager', async () => {
    const { program } = await setup();
    const stranger = await makeMember(t, d.plan);
    const res = await req('POST', '/api/enrollments/', d.staff, d.plan, {
      member_id: stranger.id,
      program_id: program.id,
    });
    expect(expectEnvelope(res, 404).detail).toBe('Member not found');
    const own = await makeMember(t, d.plan, { createdBy: d.ids.staff });
    const handOff = await req('POST', '/api/enrollments/', d.staff, d.plan, {
      member_id: own.id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff2,
    });
    expectEnvelope(handOff, 403);
    // A member whose enrollment they manage (assigned by a manager) is theirs to enroll elsewhere too.
    const assigned = await makeMember(t, d.plan);
    await enroll(t, d.manager, d.plan, {
      member_id: assigned.id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff,
    });
    const second = await makeProgram(t, d.plan);
    await enroll(t, d.staff, d.plan, { member_id: assigned.id, program_id: second.id });
  });
});

describe('GET /api/enrollments/ (list)', () => {
  it('filters by program, member and status, pages by 50 by default, newest enrollment date first', async () => {
    const program = await makeProgram(t, d.plan);
    const made: Enrollment[] = [];
    for (let i = 0; i < 55; i++) {
      const member = await makeMember(t, d.plan);
      made.push(
        await enroll(t, d.manager, d.plan, {
          member_id: member.id,
          program_id: program.id,
          enrollment_date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
          status: i % 5 === 0 ? 'active' : 'pending',
        }),
      );
    }
    const first = (
      await req('GET', `/api/enrollments/?program_id=${program.id}`, d.manager, d.plan)
    ).json() as EnrollmentList;
    expect(first.total).toBe(55);
    expect(first.enrollments).toHaveLength(50);
    const dates = first.enrollments.map((e) => e.enrollment_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = (
      await req('GET', `/api/enrollments/?program_id=${program.id}&page=2`, d.manager, d.plan)
    ).json() as EnrollmentList;
    expect(second.enrollments).toHaveLength(5);
    const all = new Set([...first.enrollments, ...second.enrollments].map((e) => e.id));
    expect(all.size).toBe(55);

    const active = (
      await req(
        'GET',
        `/api/enrollments/?program_id=${program.id}&status=active&page_size=100`,
        d.manager,
        d.plan,
      )
    ).json() as EnrollmentList;
    expect(active.total).toBe(11);
    expect(active.enrollments.every((e) => e.status === 'active')).toBe(true);

    const target = made[7]!;
    const byMember = (
      await req('GET', `/api/enrollments/?member_id=${target.member_id}`, d.manager, d.plan)
    ).json() as EnrollmentList;
    expect(byMember.enrollments.map((e) => e.id)).toEqual([target.id]);

    // The read names every enrollment it returned.
    const [row] = await t.database.query<{ details: { ids?: number[] } }>(
      "SELECT details FROM audit_log WHERE action = 'enrollment.list_read' ORDER BY id DESC LIMIT 1",
    );
    expect(row!.details.ids).toEqual([target.id]);
  });

  it('refuses bad filters with 400', async () => {
    for (const q of [
      'status=paused',
      'page=0',
      'page_size=201',
      'program_id=abc',
      'member_id=05',
      'sort=name',
    ]) {
      expectEnvelope(await req('GET', `/api/enrollments/?${q}`, d.manager, d.plan), 400);
    }
  });
});

describe('the enrollment state machine', () => {
  it('moves through the allowed steps, setting start and end dates, with an audit row and an event per step', async () => {
    const { program, member } = await setup();
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    const steps: [string, string[]][] = [
      ['active', ['on_hold', 'completed', 'withdrawn', 'terminated']],
      ['on_hold', ['active', 'withdrawn', 'terminated']],
      ['active', ['on_hold', 'completed', 'withdrawn', 'terminated']],
      ['completed', []],
    ];
    for (const [status, next] of steps) {
      const res = await put(e.id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status, next_statuses: next });
    }
    const after = (await req('GET', `/api/enrollments/${e.id}`, d.manager, d.plan)).json() as Enrollment;
    expect(after.start_date).not.toBeNull();
    expect(after.end_date).not.toBeNull();
    const audited = await auditRows(t, 'enrollment.status_changed', e.id);
    expect(audited.map((r) => [r.details.from, r.details.to])).toEqual([
      ['pending', 'active'],
      ['active', 'on_hold'],
      ['on_hold', 'active'],
      ['active', 'completed'],
    ]);
    await events.settled();
    expect(
      events
        .about(e.id)
        .filter(([name]) => name === 'enrollment.status_changed')
        .map(([, data]) => data),
    ).toEqual(
      audited.map((r) => ({
        enrollment_id: e.id,
        organization_id: d.plan,
        member_id: member.id,
        program_id: program.id,
        from: r.details.from,
        to: r.details.to,
      })),
    );
  });

  it('refuses a step the table does not allow with 422 naming both statuses; a final status stays', async () => {
    const { program, member } = await setup();
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    const res = await put(e.id, { status: 'completed' });
    expect(expectEnvelope(res, 422).detail).toBe(
      'An enrollment cannot move from Pending to Completed. From Pending it can move to: Active, Withdrawn.',
    );
    expect((await put(e.id, { status: 'withdrawn' })).statusCode).toBe(200);
    const back = await put(e.id, { status: 'active' });
    expect(expectEnvelope(back, 422).detail).toBe(
      'An enrollment cannot move from Withdrawn to Active. Withdrawn is final.',
    );
    // Nothing of a refused PUT is kept, its other fields included.
    const refused = await put(e.id, { status: 'pending', notes: 'should not stay' });
    expectEnvelope(refused, 422);
    const now = (await req('GET', `/api/enrollments/${e.id}`, d.manager, d.plan)).json() as Enrollment;
    expect(now).toMatchObject({ status: 'withdrawn', notes: null });
  });

  it('lets only managers and administrators terminate (403 for staff)', async () => {
    const { program } = await setup();
    const member = await makeMember(t, d.plan, { createdBy: d.ids.staff });
    const e = await enroll(t, d.staff, d.plan, {
      member_id: member.id,
      program_id: program.id,
      status: 'active',
    });
    expect(e.next_statuses).toEqual(['on_hold', 'completed', 'withdrawn']);
    const res = await put(e.id, { status: 'terminated' }, d.staff);
    expect(expectEnvelope(res, 403).detail).toBe(
      'Only a manager or an administrator can move an enrollment to Terminated.',
    );
    expect((await put(e.id, { status: 'terminated' }, d.orgadmin)).json()).toMatchObject({
      status: 'terminated',
    });
  });

  it('audits a PUT that changes nothing as a read, and a field change with the names of the fields', async () => {
    const { program, member } = await setup();
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    await put(e.id, { status: 'pending', member_id: member.id, program_id: program.id });
    expect(await auditRows(t, 'enrollment.read', e.id)).toHaveLength(1);
    const changed = await put(e.id, {
      eligibility_verified: true,
      priority_level: 'urgent',
      start_date: '2026-02-01',
    });
    expect(changed.json()).toMatchObject({
      eligibility_verified: true,
      priority_level: 'urgent',
      start_date: '2026-02-01',
    });
    const [row] = await auditRows(t, 'enrollment.updated', e.id);
    expect(row!.details.fields).toEqual(['start_date', 'priority_level', 'eligibility_verified']);
    // Moving an enrollment to another member or program: refused.
    expectEnvelope(await put(e.id, { program_id: (await makeProgram(t, d.plan)).id }), 422);
  });
});

describe('program capacity', () => {
  it('refuses an activation past capacity with 409; a manager overrides it (audited), staff cannot', async () => {
    const program = await makeProgram(t, d.plan, { capacity: 1, name: 'Small Program' });
    const first = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
      status: 'active',
    });
    expect(first.status).toBe('active');
    const member = await makeMember(t, d.plan, { createdBy: d.ids.staff });
    const full = await req('POST', '/api/enrollments/', d.staff, d.plan, {
      member_id: member.id,
      program_id: program.id,
      status: 'active',
    });
    expect(expectEnvelope(full, 409).detail).toBe(
      'This program is full: 1 of 1 places are taken by active enrollments.',
    );
    // Pending takes no place; activating it is refused the same way.
    const pending = await enroll(t, d.staff, d.plan, { member_id: member.id, program_id: program.id });
    expectEnvelope(await put(pending.id, { status: 'active' }, d.staff), 409);
    expectEnvelope(await put(pending.id, { status: 'active', override_capacity: true }, d.staff), 403);
    const overridden = await put(pending.id, { status: 'active', override_capacity: true }, d.manager);
    expect(overridden.json()).toMatchObject({ status: 'active' });
    const [row] = await auditRows(t, 'enrollment.status_changed', pending.id);
    expect(row!.details).toMatchObject({ from: 'pending', to: 'active', capacity_overridden: true });
    // A place freed (completed) is taken again without an override.
    await put(first.id, { status: 'completed' });
    await put(pending.id, { status: 'on_hold' });
    expect((await put(pending.id, { status: 'active' })).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent activations take the last place', async () => {
    const program = await makeProgram(t, d.plan, { capacity: 1 });
    const a = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
    });
    const b = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
    });
    const answers = await Promise.all([put(a.id, { status: 'active' }), put(b.id, { status: 'active' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [count] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM enrollments WHERE program_id = $1 AND status = 'active'",
      [program.id],
    );
    expect(count!.n).toBe(1);
  });

  it('refuses activation in a program that became inactive (422)', async () => {
    const program = await makeProgram(t, d.plan);
    const e = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
    });
    await t.database.query('UPDATE programs SET is_active = false WHERE id = $1', [program.id]);
    expectEnvelope(await put(e.id, { status: 'active' }), 422);
    // Other steps still go.
    expect((await put(e.id, { status: 'withdrawn' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/enrollments/{id}', () => {
  it('deletes with its records for a manager, audited; then it is gone', async () => {
    const { program, member } = await setup();
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    const note = await req('POST', '/api/enrollments/notes/', d.manager, d.plan, {
      enrollment_id: e.id,
      note_text: 'Hi',
    });
    expect(note.statusCode).toBe(201);
    const res = await req('DELETE', `/api/enrollments/${e.id}`, d.orgadmin, d.plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Enrollment deleted successfully', id: e.id });
    expect(await auditRows(t, 'enrollment.deleted', e.id)).toHaveLength(1);
    expectEnvelope(await req('GET', `/api/enrollments/${e.id}`, d.manager, d.plan), 404);
    expectEnvelope(await req('DELETE', `/api/enrollments/${e.id}`, d.manager, d.plan), 404);
    const [left] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM enrollment_notes WHERE enrollment_id = $1',
      [e.id],
    );
    expect(left!.n).toBe(0);
  });

  it('refuses a path id that is not an id (400)', async () => {
    for (const id of ['abc', '05', '0', '99999999999']) {
      expectEnvelope(await req('GET', `/api/enrollments/${id}`, d.manager, d.plan), 400);
    }
  });
});
