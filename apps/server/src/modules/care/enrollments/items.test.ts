import type {
  Enrollment,
  EnrollmentActivity,
  EnrollmentActivityList,
  EnrollmentGoal,
  EnrollmentGoalList,
  EnrollmentNote,
  EnrollmentNoteList,
} from '@trust/domain';
import { todayIsoDate } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  listenToEvents,
  makeBillingActivity,
  makeMember,
  makeProgram,
  signInDemo,
} from './test-support.ts';

// 002 §3 Activity, Note, Goal; §5 (note and goal text required); §7; §9 defaults; issue #15 item 8 (staff and
// confidential notes).

let t: TestApp;
let d: Demo;
let events: ReturnType<typeof listenToEvents>;
let req: ReturnType<typeof call>;
let program: { id: number; name: string };
/** An enrollment the staff member (coordinator) manages, and one managed by the other staff member. */
let mine: Enrollment;
let theirs: Enrollment;

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
  events = listenToEvents(t);
  req = call(t);
  program = await makeProgram(t, d.plan);
  mine = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: program.id,
    status: 'active',
    case_manager_user_id: d.ids.staff,
  });
  theirs = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: program.id,
    case_manager_user_id: d.ids.staff2,
  });
});
afterAll(async () => t?.close());

describe('activities', () => {
  it('records an activity with the defaults (outreach, today, scheduled) and its performer; lists it', async () => {
    const res = await req('POST', '/api/enrollments/activities/', d.staff, d.plan, {
      enrollment_id: mine.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json() as EnrollmentActivity;
    expect(a).toMatchObject({
      enrollment_id: mine.id,
      activity_type: 'outreach',
      activity_date: todayIsoDate(),
      status: 'scheduled',
      units: 1,
      billing_activity_id: null,
      performed_by: d.ids.staff,
      performed_by_name: 'Casey Coordinator',
      completed_at: null,
      can_edit: true,
    });
    const list = (
      await req('GET', `/api/enrollments/${mine.id}/activities`, d.viewer, d.plan)
    ).json() as EnrollmentActivityList;
    expect(list.activities.map((x) => x.id)).toContain(a.id);
    expect(list.total).toBe(list.activities.length);
    expect(list.activities[0]!.can_edit).toBe(false);
    expect(await auditRows(t, 'enrollment_activity.created', a.id)).toHaveLength(1);
    await events.settled();
    expect(events.about(mine.id)).toContainEqual([
      'activity.created',
      {
        activity_id: a.id,
        enrollment_id: mine.id,
        organization_id: d.plan,
        activity_type: 'outreach',
        status: 'scheduled',
      },
    ]);
  });

  it('completes an activity: completed_at is set and activity.completed is published once', async () => {
    const created = (
      await req('POST', '/api/enrollments/activities', d.staff, d.plan, {
        enrollment_id: mine.id,
        activity_type: 'assessment',
        activity_date: '2026-01-10',
        notes: 'Home visit planned',
      })
    ).json() as EnrollmentActivity;
    const done = await req('PUT', `/api/enrollments/activities/${created.id}`, d.staff, d.plan, {
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);
    const a = done.json() as EnrollmentActivity;
    expect(a.status).toBe('completed');
    expect(a.completed_at).not.toBeNull();
    // Unchanged: a read, not a second completion.
    await req('PUT', `/api/enrollments/activities/${created.id}`, d.staff, d.plan, { status: 'completed' });
    expect(await auditRows(t, 'enrollment_activity.read', created.id)).toHaveLength(1);
    await events.settled();
    const completed = events
      .about(mine.id)
      .filter(
        ([name, data]) =>
          name === 'activity.completed' && (data as { activity_id: number }).activity_id === created.id,
      );
    expect(completed).toHaveLength(1);
    // Back to scheduled clears it.
    const again = await req('PUT', `/api/enrollments/activities/${created.id}`, d.staff, d.plan, {
      status: 'scheduled',
    });
    expect((again.json() as EnrollmentActivity).completed_at).toBeNull();
  });

  it('bills as a billing activity of the enrollment program only, in units of at least 1', async () => {
    const billing = await makeBillingActivity(t, program.id, 'ECM outreach');
    const other = await makeBillingActivity(t, (await makeProgram(t, d.plan)).id);
    const ok = await req('POST', '/api/enrollments/activities/', d.staff, d.plan, {
      enrollment_id: mine.id,
      status: 'completed',
      billing_activity_id: billing,
      units: 3,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      billing_activity_id: billing,
      billing_activity_name: 'ECM outreach',
      units: 3,
    });
    expect((ok.json() as EnrollmentActivity).completed_at).not.toBeNull();
    for (const id of [other, 999_999]) {
      const res = await req('POST', '/api/enrollments/activities/', d.staff, d.plan, {
        enrollment_id: mine.id,
        billing_activity_id: id,
      });
      expect(expectEnvelope(res, 400)).toMatchObject({ fields: { billing_activity_id: expect.any(String) } });
    }
    for (const units of [0, 1.5, 1001]) {
      const res = await req('POST', '/api/enrollments/activities/', d.staff, d.plan, {
        enrollment_id: mine.id,
        units,
      });
      expect(expectEnvelope(res, 400)).toMatchObject({ fields: { units: expect.any(String) } });
    }
  });

  it('refuses bad values (400), viewers (403), and enrollments the caller does not see (404)', async () => {
    for (const body of [
      { enrollment_id: mine.id, activity_type: 'party' },
      { enrollment_id: mine.id, status: 'done' },
      { enrollment_id: mine.id, activity_date: 'yesterday' },
      { activity_type: 'outreach' },
    ]) {
      expectEnvelope(await req('POST', '/api/enrollments/activities/', d.staff, d.plan, body), 400);
    }
    expectEnvelope(
      await req('POST', '/api/enrollments/activities/', d.viewer, d.plan, { enrollment_id: mine.id }),
      403,
    );
    expectEnvelope(
      await req('POST', '/api/enrollments/activities/', d.staff, d.plan, { enrollment_id: theirs.id }),
      404,
    );
    expectEnvelope(await req('GET', `/api/enrollments/${theirs.id}/activities`, d.staff, d.plan), 404);
    expectEnvelope(await req('GET', `/api/enrollments/${mine.id}/activities`, d.cbo, d.harbor), 404);
    const a = (
      await req('POST', '/api/enrollments/activities/', d.manager, d.plan, { enrollment_id: theirs.id })
    ).json() as EnrollmentActivity;
    expectEnvelope(
      await req('PUT', `/api/enrollments/activities/${a.id}`, d.staff, d.plan, { status: 'completed' }),
      404,
    );
    expectEnvelope(await req('DELETE', `/api/enrollments/activities/${a.id}`, d.staff, d.plan), 404);
    expectEnvelope(await req('DELETE', `/api/enrollments/activities/${a.id}`, d.viewer, d.plan), 403);
    expectEnvelope(await req('DELETE', `/api/enrollments/activities/${a.id}`, null), 401);
  });

  it('deletes an activity (audited)', async () => {
    const a = (
      await req('POST', '/api/enrollments/activities/', d.staff, d.plan, { enrollment_id: mine.id })
    ).json() as EnrollmentActivity;
    const res = await req('DELETE', `/api/enrollments/activities/${a.id}`, d.staff, d.plan);
    expect(res.json()).toEqual({ message: 'Activity deleted', id: a.id });
    expect(await auditRows(t, 'enrollment_activity.deleted', a.id)).toHaveLength(1);
    expectEnvelope(await req('DELETE', `/api/enrollments/activities/${a.id}`, d.staff, d.plan), 404);
  });
});

describe('notes', () => {
  it('requires note text; the type defaults to general', async () => {
    for (const note_text of ['', '   ', undefined]) {
      const res = await req('POST', '/api/enrollments/notes/', d.staff, d.plan, {
        enrollment_id: mine.id,
        note_text,
      });
      expect(expectEnvelope(res, 400)).toMatchObject({ fields: { note_text: 'Note text is required' } });
    }
    const res = await req('POST', '/api/enrollments/notes/', d.staff, d.plan, {
      enrollment_id: mine.id,
      note_text: '  Called; left a voicemail.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      note_text: 'Called; left a voicemail.',
      note_type: 'general',
      is_confidential: false,
      created_by: d.ids.staff,
      created_by_name: 'Casey Coordinator',
      can_edit: true,
    });
    expectEnvelope(
      await req('POST', '/api/enrollments/notes/', d.staff, d.plan, {
        enrollment_id: mine.id,
        note_text: 'x',
        note_type: 'gossip',
      }),
      400,
    );
  });

  it('shows a confidential note only to its author and the managers and admins, and counts it the same way', async () => {
    const enrollment = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff,
    });
    const add = async (token: string, body: Record<string, unknown>) => {
      const res = await req('POST', '/api/enrollments/notes/', token, d.plan, {
        enrollment_id: enrollment.id,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as EnrollmentNote;
    };
    const open = await add(d.manager, { note_text: 'Intake done.' });
    const managerSecret = await add(d.manager, {
      note_text: 'Safety concern.',
      is_confidential: true,
      note_type: 'clinical',
    });
    const staffSecret = await add(d.staff, { note_text: 'Member disclosed.', is_confidential: true });
    const list = async (token: string) => {
      const res = await req('GET', `/api/enrollments/${enrollment.id}/notes`, token, d.plan);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as EnrollmentNoteList;
    };
    const staffView = await list(d.staff);
    expect(staffView.notes.map((n) => n.id).sort()).toEqual([open.id, staffSecret.id].sort());
    expect(staffView.total).toBe(2);
    const viewerView = await list(d.viewer);
    expect(viewerView.notes.map((n) => n.id)).toEqual([open.id]);
    expect(viewerView.total).toBe(1);
    for (const token of [d.manager, d.orgadmin, d.admin]) {
      const all = await list(token);
      expect(all.total).toBe(3);
      expect(all.notes.map((n) => n.id).sort()).toEqual([open.id, managerSecret.id, staffSecret.id].sort());
    }
    // The hidden note does not exist for the staff member.
    expectEnvelope(
      await req('PUT', `/api/enrollments/notes/${managerSecret.id}`, d.staff, d.plan, { note_text: 'x' }),
      404,
    );
    expectEnvelope(await req('DELETE', `/api/enrollments/notes/${managerSecret.id}`, d.staff, d.plan), 404);
    // The read names only what it returned.
    const [row] = await t.database.query<{ details: { ids: number[] } }>(
      "SELECT details FROM audit_log WHERE action = 'enrollment_note.list_read' AND actor_user_id = $1 ORDER BY id DESC LIMIT 1",
      [d.ids.viewer],
    );
    expect(row!.details).toMatchObject({ enrollment_id: enrollment.id });
  });

  it('lets the author, a manager or an admin edit and delete a note; another staff member cannot', async () => {
    const shared = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
      case_manager_user_id: d.ids.staff,
    });
    const byManager = (
      await req('POST', '/api/enrollments/notes/', d.manager, d.plan, {
        enrollment_id: shared.id,
        note_text: 'Plan agreed.',
      })
    ).json() as EnrollmentNote;
    const staffList = (
      await req('GET', `/api/enrollments/${shared.id}/notes`, d.staff, d.plan)
    ).json() as EnrollmentNoteList;
    expect(staffList.notes.find((n) => n.id === byManager.id)?.can_edit).toBe(false);
    const refused = await req('PUT', `/api/enrollments/notes/${byManager.id}`, d.staff, d.plan, {
      note_text: 'Changed',
    });
    expect(expectEnvelope(refused, 403).detail).toBe(
      'Only the author, a manager or an administrator can change this note.',
    );
    const byStaff = (
      await req('POST', '/api/enrollments/notes/', d.staff, d.plan, {
        enrollment_id: shared.id,
        note_text: 'Mine.',
      })
    ).json() as EnrollmentNote;
    const edited = await req('PUT', `/api/enrollments/notes/${byStaff.id}`, d.staff, d.plan, {
      note_text: 'Mine, edited.',
      note_type: 'billing',
    });
    expect(edited.json()).toMatchObject({ note_text: 'Mine, edited.', note_type: 'billing' });
    expect((await auditRows(t, 'enrollment_note.updated', byStaff.id))[0]!.details.fields).toEqual([
      'note_text',
      'note_type',
    ]);
    expectEnvelope(
      await req('PUT', `/api/enrollments/notes/${byStaff.id}`, d.staff, d.plan, { note_text: ' ' }),
      400,
    );
    expect((await req('DELETE', `/api/enrollments/notes/${byStaff.id}`, d.orgadmin, d.plan)).json()).toEqual({
      message: 'Note deleted',
      id: byStaff.id,
    });
    expectEnvelope(await req('DELETE', `/api/enrollments/notes/${byManager.id}`, d.viewer, d.plan), 403);
  });
});

describe('goals', () => {
  it('requires goal text; defaults category health and status active; completing publishes goal.completed', async () => {
    const missing = await req('POST', '/api/enrollments/goals/', d.staff, d.plan, { enrollment_id: mine.id });
    expect(expectEnvelope(missing, 400)).toMatchObject({ fields: { goal_text: 'Goal text is required' } });
    const res = await req('POST', '/api/enrollments/goals/', d.staff, d.plan, {
      enrollment_id: mine.id,
      goal_text: 'Stable housing by spring',
      target_date: '2026-04-30',
    });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as EnrollmentGoal;
    expect(g).toMatchObject({
      goal_category: 'health',
      status: 'active',
      target_date: '2026-04-30',
      created_by_name: 'Casey Coordinator',
      completed_at: null,
    });
    const done = await req('PUT', `/api/enrollments/goals/${g.id}`, d.staff, d.plan, {
      status: 'completed',
      goal_category: 'housing',
    });
    expect(done.json()).toMatchObject({ status: 'completed', goal_category: 'housing' });
    expect((done.json() as EnrollmentGoal).completed_at).not.toBeNull();
    await events.settled();
    expect(events.about(mine.id)).toContainEqual([
      'goal.completed',
      { goal_id: g.id, enrollment_id: mine.id, organization_id: d.plan },
    ]);
    const list = (
      await req('GET', `/api/enrollments/${mine.id}/goals`, d.manager, d.plan)
    ).json() as EnrollmentGoalList;
    expect(list.goals.map((x) => x.id)).toContain(g.id);
    for (const body of [{ goal_category: 'wealth' }, { status: 'done' }, { target_date: '2026-13-01' }]) {
      expectEnvelope(await req('PUT', `/api/enrollments/goals/${g.id}`, d.staff, d.plan, body), 400);
    }
  });

  it('hides the goals of enrollments the caller does not see, and refuses viewers', async () => {
    const g = (
      await req('POST', '/api/enrollments/goals/', d.manager, d.plan, {
        enrollment_id: theirs.id,
        goal_text: 'Find a job',
      })
    ).json() as EnrollmentGoal;
    expectEnvelope(await req('GET', `/api/enrollments/${theirs.id}/goals`, d.staff, d.plan), 404);
    expectEnvelope(
      await req('PUT', `/api/enrollments/goals/${g.id}`, d.staff, d.plan, { status: 'completed' }),
      404,
    );
    expectEnvelope(
      await req('PUT', `/api/enrollments/goals/${g.id}`, d.viewer, d.plan, { status: 'completed' }),
      403,
    );
    expectEnvelope(await req('GET', `/api/enrollments/${theirs.id}/goals`, d.cbo, d.harbor), 404);
    expect((await req('DELETE', `/api/enrollments/goals/${g.id}`, d.manager, d.plan)).json()).toEqual({
      message: 'Goal deleted',
      id: g.id,
    });
    expectEnvelope(await req('DELETE', `/api/enrollments/goals/${g.id}`, d.manager, d.plan), 404);
  });
});
