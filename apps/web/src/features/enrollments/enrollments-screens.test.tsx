import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrgRole, todayIsoDate } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  makeActivity,
  makeEnrollment,
  makeEnrollmentDocument,
  makeEnrollmentNote,
  makeGoal,
  programList,
} from '../../test/enrollment-fixtures.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeMember } from '../../test/member-fixtures.ts';
import { makeBillingActivity } from '../../test/program-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 002 §2 Enrollments: the Member Enrollments list and Enrollment Details, against the routes of 002 §7 (mocked).

const PROGRAMS = programList([
  { id: 3, name: 'Enhanced Care Management' },
  { id: 4, name: 'Housing Supports' },
  { id: 5, name: 'Closed Program', is_active: false },
]);

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/programs/': () => jsonResponse(200, PROGRAMS),
    ...routes,
  });
}

function bodyOf(call: unknown[] | undefined): Record<string, unknown> {
  const init = call?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

describe('Member Enrollments list', { timeout: 30_000 }, () => {
  it('shows the table, filters by program and status on the server, and pages First/Previous/Next/Last', async () => {
    const fetchMock = server('manager', {
      'GET /api/enrollments/': () =>
        jsonResponse(200, {
          enrollments: [
            makeEnrollment(),
            makeEnrollment({ id: 8, member_name: 'Ana Ruiz', status: 'active' }),
          ],
          total: 120,
        }),
    });
    renderApp({ path: '/enrollments' });
    expect(await screen.findByRole('heading', { name: 'Member Enrollments' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Enrollments' });
    for (const header of ['Member Name', 'Program', 'Status', 'Enrollment Date', 'Case Manager', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await within(table).findByText('Rosa Delgado')).toBeInTheDocument();
    expect(within(table).getAllByText('Enhanced Care Management').length).toBeGreaterThan(0);
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByLabelText('Program'), 'Housing Supports');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() => {
      const urls = callsTo(fetchMock, 'GET', '/api/enrollments/').map(([u]) => String(u));
      expect(
        urls.some((u) => u.includes('program_id=4') && u.includes('status=active') && u.includes('page=1')),
      ).toBe(true);
    });
    expect(callsTo(fetchMock, 'GET', '/api/enrollments/').some(([u]) => String(u).includes('page=3'))).toBe(
      true,
    );
  });

  it('says when there are no enrollments, and falls back to the spec text when a load fails', async () => {
    server('manager', { 'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [], total: 0 }) });
    const { unmount } = renderApp({ path: '/enrollments' });
    expect(await screen.findByText('No enrollments found')).toBeInTheDocument();
    unmount();
    server('manager', { 'GET /api/enrollments/': () => new Response('oops', { status: 500 }) });
    renderApp({ path: '/enrollments' });
    expect(await screen.findByText('Failed to fetch enrollments')).toBeInTheDocument();
  });

  it('asks before deleting and says Enrollment deleted successfully', async () => {
    const fetchMock = server('manager', {
      'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [makeEnrollment()], total: 1 }),
      'DELETE /api/enrollments/7': () =>
        jsonResponse(200, { message: 'Enrollment deleted successfully', id: 7 }),
    });
    renderApp({ path: '/enrollments' });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Delete enrollment of Rosa Delgado in Enhanced Care Management',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Enrollment deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/enrollments/7')).toHaveLength(1);
  });

  it('offers viewers neither New Enrollment nor Delete, and opens an enrollment with View', async () => {
    server('viewer', {
      'GET /api/enrollments/': () =>
        jsonResponse(200, {
          enrollments: [makeEnrollment({ can_edit: false, can_delete: false })],
          total: 1,
        }),
      'GET /api/enrollments/7': () =>
        jsonResponse(200, makeEnrollment({ can_edit: false, can_delete: false, next_statuses: [] })),
      'GET /api/enrollments/7/activities': () => jsonResponse(200, { activities: [], total: 0 }),
      'GET /api/enrollments/7/documents': () =>
        jsonResponse(200, { documents: [], total: 0, max_file_size: 1000 }),
      'GET /api/enrollments/7/notes': () => jsonResponse(200, { notes: [], total: 0 }),
      'GET /api/enrollments/7/goals': () => jsonResponse(200, { goals: [], total: 0 }),
    });
    renderApp({ path: '/enrollments' });
    const view = await screen.findByRole('button', {
      name: 'View enrollment of Rosa Delgado in Enhanced Care Management',
    });
    expect(screen.queryByRole('button', { name: 'New Enrollment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete enrollment/ })).toBeNull();
    await userEvent.click(view);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/enrollments-view/7');
    expect(screen.queryByLabelText('Change status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).toBeNull();
  });

  it('enrolls a member found by a server search in an active program (New Enrollment)', async () => {
    const fetchMock = server('staff', {
      'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [], total: 0 }),
      'GET /api/members/': (_init, url) => {
        const search = new URL(url, 'http://x').searchParams.get('search');
        return jsonResponse(200, { members: search ? [makeMember()] : [], total: search ? 1 : 0 });
      },
      'POST /api/enrollments/': () => jsonResponse(201, makeEnrollment({ id: 9 })),
      'GET /api/enrollments/9': () => jsonResponse(200, makeEnrollment({ id: 9 })),
      'GET /api/enrollments/9/activities': () => jsonResponse(200, { activities: [], total: 0 }),
      'GET /api/enrollments/9/documents': () =>
        jsonResponse(200, { documents: [], total: 0, max_file_size: 1000 }),
      'GET /api/enrollments/9/notes': () => jsonResponse(200, { notes: [], total: 0 }),
      'GET /api/enrollments/9/goals': () => jsonResponse(200, { goals: [], total: 0 }),
    });
    renderApp({ path: '/enrollments' });
    await userEvent.click(await screen.findByRole('button', { name: 'New Enrollment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Enrollment' });
    // Inactive programs take no new enrollments: not offered.
    expect(within(dialog).queryByRole('option', { name: 'Closed Program' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search members' }), 'rosa');
    await within(dialog).findByRole('option', { name: 'Rosa Delgado' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Member' }), 'Rosa Delgado');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Program' }),
      'Enhanced Care Management',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/members/').some(([u]) => String(u).includes('search=rosa'))).toBe(
      true,
    );
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/')[0])).toMatchObject({
      member_id: 12,
      program_id: 3,
      status: 'pending',
      enrollment_date: todayIsoDate(),
      priority_level: 'medium',
    });
    // Staff manage the enrollments they make: no choice of case manager.
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/')[0])).not.toHaveProperty(
      'case_manager_user_id',
    );
  });

  it("lets a manager choose the enrollment's case manager among the organization's people (not viewers)", async () => {
    const fetchMock = server('manager', {
      'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [], total: 0 }),
      'GET /api/members/': () => jsonResponse(200, { members: [makeMember()], total: 1 }),
      'GET /api/cbos/1/users': () =>
        jsonResponse(200, {
          users: [
            { id: 5, name: 'Casey Coordinator', user_org_role: 'staff' },
            { id: 6, name: 'Vera Viewer', user_org_role: 'viewer' },
          ],
          total: 2,
        }),
      'POST /api/enrollments/': () =>
        errorResponse(400, 'Choose a member of this organization who may manage enrollments.'),
    });
    renderApp({ path: '/enrollments' });
    await userEvent.click(await screen.findByRole('button', { name: 'New Enrollment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Enrollment' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search members' }), 'rosa');
    await within(dialog).findByRole('option', { name: 'Rosa Delgado' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Member' }), 'Rosa Delgado');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Program' }),
      'Enhanced Care Management',
    );
    const caseManager = within(dialog).getByRole('combobox', { name: 'Case manager' });
    await within(dialog).findByRole('option', { name: 'Casey Coordinator' });
    expect(within(dialog).queryByRole('option', { name: 'Vera Viewer' })).toBeNull();
    await userEvent.selectOptions(caseManager, 'Casey Coordinator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    expect(await within(dialog).findByText(/may manage enrollments/)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/')[0])).toMatchObject({
      case_manager_user_id: 5,
    });
  });
});

function detailsServer(
  role: OrgRole,
  routes: Parameters<typeof mockFetch>[0] = {},
  enrollment = makeEnrollment(),
) {
  return server(role, {
    'GET /api/enrollments/7': () => jsonResponse(200, enrollment),
    'GET /api/enrollments/7/activities': () =>
      jsonResponse(200, {
        activities: [makeActivity(), makeActivity({ id: 42, status: 'completed' })],
        total: 2,
      }),
    'GET /api/enrollments/7/documents': () =>
      jsonResponse(200, { documents: [makeEnrollmentDocument()], total: 1, max_file_size: 1_000_000 }),
    'GET /api/enrollments/7/notes': () => jsonResponse(200, { notes: [makeEnrollmentNote()], total: 1 }),
    'GET /api/enrollments/7/goals': () => jsonResponse(200, { goals: [], total: 0 }),
    ...routes,
  });
}

describe('Enrollment Details', { timeout: 30_000 }, () => {
  it('shows the tabs with their counts, the overview and Back to List', async () => {
    detailsServer('manager');
    renderApp({ path: '/enrollments-view/7' });
    expect(await screen.findByRole('tab', { name: 'Activities (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Documents (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Notes (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Goals (0)' })).toBeInTheDocument();
    expect(screen.getByText('Referred by the clinic.')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    expect(screen.getByText('High')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to List' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/enrollments');
  });

  it('says when a tab shows only the newest of more records than it reads', async () => {
    detailsServer('manager', {
      'GET /api/enrollments/7/notes': () => jsonResponse(200, { notes: [makeEnrollmentNote()], total: 640 }),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: /^Notes/ }));
    expect(await screen.findByText('Showing the newest 1 of 640.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /^Activities/ }));
    expect(screen.queryByText(/^Showing the newest/)).toBeNull();
  });

  it('says Enrollment not found for an enrollment the server does not show', async () => {
    server('staff', {
      'GET /api/enrollments/99': () => errorResponse(404, 'Enrollment not found', 'not_found'),
    });
    renderApp({ path: '/enrollments-view/99' });
    expect(await screen.findByRole('heading', { name: 'Enrollment not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to List' })).toBeInTheDocument();
  });

  it('offers only the allowed next statuses; a full program can be overridden by a manager', async () => {
    let attempt = 0;
    const fetchMock = detailsServer('manager', {
      'PUT /api/enrollments/7': (init) => {
        attempt += 1;
        const body = JSON.parse(String(init.body));
        if (!body.override_capacity) {
          return jsonResponse(409, {
            code: 'conflict',
            reason: 'program.at_capacity',
            detail: 'This program is full: 10 of 10 places are taken by active enrollments.',
            message: 'This program is full: 10 of 10 places are taken by active enrollments.',
            error: 'This program is full: 10 of 10 places are taken by active enrollments.',
          });
        }
        return jsonResponse(
          200,
          makeEnrollment({ status: 'active', next_statuses: ['on_hold', 'completed'] }),
        );
      },
    });
    renderApp({ path: '/enrollments-view/7' });
    const select = await screen.findByLabelText('Change status');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a status', 'Active', 'Withdrawn']);
    await userEvent.selectOptions(select, 'Active');
    await userEvent.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(
      await screen.findByText('This program is full: 10 of 10 places are taken by active enrollments.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Override capacity and activate' }));
    expect(await screen.findByText('Enrollment status changed to Active')).toBeInTheDocument();
    expect(attempt).toBe(2);
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/enrollments/7')[1])).toEqual({
      status: 'active',
      override_capacity: true,
    });
  });

  it('adds an activity with the defaults and completes one', async () => {
    const fetchMock = detailsServer('staff', {
      'POST /api/enrollments/activities/': () => jsonResponse(201, makeActivity({ id: 43 })),
      'PUT /api/enrollments/activities/41': () => jsonResponse(200, makeActivity({ status: 'completed' })),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Activities (2)' }));
    expect(screen.getByLabelText('Activity type')).toHaveValue('outreach');
    expect(screen.getByLabelText('Activity date')).toHaveValue(todayIsoDate());
    expect(screen.getByLabelText('Status')).toHaveValue('scheduled');
    await userEvent.click(screen.getByRole('button', { name: 'Add Activity' }));
    expect(await screen.findByText('Activity created successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/activities/')[0])).toMatchObject({
      enrollment_id: 7,
      activity_type: 'outreach',
      activity_date: todayIsoDate(),
      status: 'scheduled',
      units: 1,
    });
    // Only the scheduled one can be completed.
    const complete = screen.getAllByRole('button', { name: /^Complete / });
    expect(complete).toHaveLength(1);
    await userEvent.click(complete[0]!);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/enrollments/activities/41')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/enrollments/activities/41')[0])).toEqual({
      status: 'completed',
    });
  });

  it('edits an activity in a dialog: marked a no-show, its notes changed, still not billed', async () => {
    const fetchMock = detailsServer('staff', {
      'GET /api/programs/3/billing-activities': () => jsonResponse(200, []),
      'PUT /api/enrollments/activities/41': () => jsonResponse(200, makeActivity({ status: 'no_show' })),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Activities (2)' }));
    await userEvent.click(screen.getAllByRole('button', { name: /^Edit Outreach on/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit activity' });
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('First call');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'No Show');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' (no answer)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Activity updated successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/enrollments/activities/41')[0])).toEqual({
      activity_type: 'outreach',
      activity_date: '2026-02-04',
      status: 'no_show',
      notes: 'First call (no answer)',
      billing_activity_id: null,
      units: 1,
    });
  });

  it("bills a new activity as one of the program's active billing activities, in units", async () => {
    const fetchMock = detailsServer('staff', {
      'GET /api/programs/3/billing-activities': () =>
        jsonResponse(200, [
          makeBillingActivity({ id: 11, program_id: 3 }),
          makeBillingActivity({
            id: 12,
            program_id: 3,
            activity_name: 'Assessment visit',
            activity_code: null,
            activity_type: 'assessment',
            billing_unit: '15_minutes',
            rate_per_unit: 25,
            max_units_per_day: 4,
            max_units_per_month: null,
          }),
          makeBillingActivity({ id: 13, program_id: 3, activity_name: 'Retired code', is_active: false }),
        ]),
      'POST /api/enrollments/activities/': () => jsonResponse(201, makeActivity({ id: 43 })),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Activities (2)' }));
    const select = screen.getByLabelText('Billing activity');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Not billed',
        'ECM outreach attempt (ECM-OUT) — $40.00 per encounter',
        'Assessment visit — $25.00 per 15 minutes',
      ]),
    );
    await userEvent.selectOptions(select, 'Assessment visit — $25.00 per 15 minutes');
    // The activity type follows the billing activity's; the units say what one is and the limits.
    expect(screen.getByLabelText('Activity type')).toHaveValue('assessment');
    expect(screen.getByText('1 unit = 15 minutes; billable at most 4 a day')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Completed');
    const units = screen.getByLabelText('Units');
    await userEvent.clear(units);
    await userEvent.type(units, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Activity' }));
    expect(await screen.findByText('Activity created successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/activities/')[0])).toMatchObject({
      enrollment_id: 7,
      activity_type: 'assessment',
      status: 'completed',
      billing_activity_id: 12,
      units: 3,
    });
  });

  it('requires note text, then adds a note (general unless chosen)', async () => {
    const fetchMock = detailsServer('staff', {
      'POST /api/enrollments/notes/': () => jsonResponse(201, makeEnrollmentNote({ id: 52 })),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Notes (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note text is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/enrollments/notes/')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Member asked for a ride.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Confidential/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note created successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/notes/')[0])).toEqual({
      enrollment_id: 7,
      note_text: 'Member asked for a ride.',
      note_type: 'general',
      is_confidential: true,
    });
  });

  it('requires goal text, then adds a goal (health, active unless chosen)', async () => {
    const fetchMock = detailsServer('staff', {
      'POST /api/enrollments/goals/': () => jsonResponse(201, makeGoal()),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Goals (0)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByText('Goal text is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Goal' }), 'Find a job');
    await userEvent.click(screen.getByRole('button', { name: 'Add Goal' }));
    expect(await screen.findByText('Goal created successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/enrollments/goals/')[0])).toEqual({
      enrollment_id: 7,
      goal_text: 'Find a job',
      goal_category: 'health',
      target_date: null,
      status: 'active',
    });
  });

  it('edits a note in a dialog: its text required, the change saved with PUT', async () => {
    const fetchMock = detailsServer('staff', {
      'PUT /api/enrollments/notes/51': () =>
        jsonResponse(200, makeEnrollmentNote({ note_text: 'Left two voicemails.' })),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Notes (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
    const text = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(text).toHaveValue('Left a voicemail.');
    await userEvent.clear(text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Note text is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/enrollments/notes/51')).toHaveLength(0);
    await userEvent.type(text, 'Left two voicemails.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Note updated successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/enrollments/notes/51')[0])).toEqual({
      note_text: 'Left two voicemails.',
      note_type: 'general',
      is_confidential: false,
    });
  });

  it("edits a goal's status and target date; a refusal is shown in the dialog", async () => {
    let refuse = true;
    const fetchMock = detailsServer('staff', {
      'GET /api/enrollments/7/goals': () => jsonResponse(200, { goals: [makeGoal()], total: 1 }),
      'PUT /api/enrollments/goals/61': () =>
        refuse
          ? errorResponse(500, 'The database is not answering', 'internal')
          : jsonResponse(200, makeGoal({ status: 'on_hold' })),
    });
    renderApp({ path: '/enrollments-view/7' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Goals (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit goal: Stable housing by spring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit goal' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'On Hold');
    await userEvent.clear(within(dialog).getByLabelText('Target date'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The database is not answering');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Goal updated successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/enrollments/goals/61')[1])).toEqual({
      goal_text: 'Stable housing by spring',
      goal_category: 'housing',
      target_date: null,
      status: 'on_hold',
    });
  });

  it('uploads a document as a form with its type, downloads and deletes one', async () => {
    const fetchMock = detailsServer('staff', {
      'POST /api/enrollments/documents/': () => jsonResponse(201, makeEnrollmentDocument({ id: 72 })),
      'GET /api/enrollments/documents/71/download': () =>
        new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
      'DELETE /api/enrollments/documents/71': () =>
        jsonResponse(200, { message: 'Document deleted', id: 71 }),
    });
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:test';
    URL.revokeObjectURL = () => {};
    // jsdom does not navigate: the download link's click is recorded instead.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderApp({ path: '/enrollments-view/7' });
      await userEvent.click(await screen.findByRole('tab', { name: 'Documents (1)' }));
      const file = new File(['%PDF-1.4 test'], 'plan.pdf', { type: 'application/pdf' });
      const input = document.querySelector<HTMLInputElement>('input[type="file"]');
      await userEvent.upload(input!, file);
      await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Care Plan');
      await userEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
      await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/enrollments/documents/')).toHaveLength(1));
      const form = callsTo(fetchMock, 'POST', '/api/enrollments/documents/')[0]![1]!.body as FormData;
      expect(form.get('enrollment_id')).toBe('7');
      expect(form.get('document_type')).toBe('care_plan');
      expect((form.get('file') as File).name).toBe('plan.pdf');

      await userEvent.click(screen.getByRole('button', { name: 'Download consent.pdf' }));
      await waitFor(() =>
        expect(callsTo(fetchMock, 'GET', '/api/enrollments/documents/71/download')).toHaveLength(1),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Delete consent.pdf' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
      );
      await waitFor(() =>
        expect(callsTo(fetchMock, 'DELETE', '/api/enrollments/documents/71')).toHaveLength(1),
      );
    } finally {
      URL.createObjectURL = createObjectURL;
      clicked.mockRestore();
    }
  });
});
