import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeCustomField, makeMember } from '../../test/member-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 002 §2 Members: the list, the form and the profile, against the routes of 002 §7 (mocked).

afterEach(() => vi.unstubAllGlobals());

const FIELDS = [
  makeCustomField({
    id: 1,
    name: 'household_size',
    type: 'int',
    friendly_name: 'Household size',
    category: 'Housing',
    mandatory: true,
  }),
  makeCustomField({
    id: 2,
    name: 'has_car',
    type: 'bool',
    friendly_name: 'Has a car',
    category: 'Transport',
  }),
  makeCustomField({
    id: 3,
    name: 'internal_score',
    type: 'int',
    friendly_name: 'Internal score',
    hidden: true,
  }),
];

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/custom-fields/': () => jsonResponse(200, FIELDS),
    ...routes,
  });
}

describe('member list', { timeout: 20_000 }, () => {
  it('shows a page of members from the server and searches on the server', async () => {
    const fetchMock = server('manager', {
      'GET /api/members/': (_init, url) => {
        const search = new URL(url, 'http://x').searchParams.get('search');
        const members = search
          ? [makeMember({ id: 2, first_name: 'Zed', last_name: 'Quinn' })]
          : [makeMember()];
        return jsonResponse(200, { members, total: search ? 1 : 120 });
      },
    });
    renderApp({ path: '/members' });
    expect(await screen.findByText('Delgado, Rosa')).toBeInTheDocument();
    expect(screen.getByText('120 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search members'), 'quinn');
    expect(await screen.findByText('Quinn, Zed')).toBeInTheDocument();
    const searched = callsTo(fetchMock, 'GET', '/api/members/').map(([u]) => String(u));
    expect(searched.some((u) => u.includes('search=quinn'))).toBe(true);
  });

  it('asks before deleting and says Member deleted successfully', async () => {
    const fetchMock = server('manager', {
      'GET /api/members/': () => jsonResponse(200, { members: [makeMember()], total: 1 }),
      'DELETE /api/members/12': () => jsonResponse(200, { message: 'Member deleted successfully', id: 12 }),
    });
    renderApp({ path: '/members' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/enrollments, activities, notes, goals and documents are deleted too/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Member deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/members/12')).toHaveLength(1);
  });

  it('offers viewers no Add, Edit or Delete', async () => {
    server('viewer', {
      'GET /api/members/': () =>
        jsonResponse(200, { members: [makeMember({ can_edit: false, can_delete: false })], total: 1 }),
    });
    renderApp({ path: '/members' });
    expect(await screen.findByText('Delgado, Rosa')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Rosa Delgado' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Rosa Delgado' })).toBeNull();
  });
});

describe('member form', { timeout: 20_000 }, () => {
  it('checks names and the visible custom fields before sending (002 §5), then sends typed values', async () => {
    const fetchMock = server('staff', {
      'POST /api/members/': () => jsonResponse(201, makeMember({ id: 40 })),
      'GET /api/members/40': () => jsonResponse(200, makeMember({ id: 40 })),
    });
    renderApp({ path: '/members-new' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    expect((await screen.findAllByText('First name and last name are required')).length).toBeGreaterThan(0);
    expect(screen.getByText('Household size is required')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Internal score/)).toBeNull(); // hidden fields are not on the form
    expect(callsTo(fetchMock, 'POST', '/api/members/')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/First name/), 'Rosa');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Delgado');
    await userEvent.type(screen.getByLabelText(/Household size/), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/members/')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/members/')[0]![1]!.body));
    expect(body).toMatchObject({
      first_name: 'Rosa',
      last_name: 'Delgado',
      custom_fields: { household_size: '4', has_car: null },
    });
    expect(body.custom_fields).not.toHaveProperty('internal_score');
    expect(await screen.findByRole('heading', { name: 'Rosa Delgado' })).toBeInTheDocument();
  });

  it("shows the server's message on the field it names", async () => {
    server('manager', {
      'GET /api/members/12': () => jsonResponse(200, makeMember({ custom_fields: { household_size: 3 } })),
      'PUT /api/members/12': () =>
        jsonResponse(409, {
          code: 'conflict',
          detail: 'Another member of this organization has this Medicaid ID.',
          message: 'Another member of this organization has this Medicaid ID.',
          error: 'Another member of this organization has this Medicaid ID.',
          fields: { medicaid_id: 'Another member of this organization has this Medicaid ID.' },
        }),
    });
    renderApp({ path: '/members-edit/12' });
    expect(await screen.findByLabelText(/Household size/)).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Another member of this organization has this Medicaid ID.'),
    ).toBeInTheDocument();
  });
});

describe('member profile', { timeout: 20_000 }, () => {
  it('shows basic information and the custom-field sections by category, without hidden fields', async () => {
    server('manager', {
      'GET /api/members/12': () =>
        jsonResponse(
          200,
          makeMember({ custom_fields: { household_size: 4, has_car: true, internal_score: 9 } }),
        ),
      'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [], total: 0 }),
      'GET /api/members/12/timeline': () =>
        jsonResponse(200, {
          entries: [
            {
              id: 'enrollment-3',
              at: '2026-11-02T10:00:00.000Z',
              all_day: false,
              kind: 'enrollment',
              title: 'Enrolled in Housing Navigation (Active)',
              detail: null,
              link: { tab: 'enrollments-view', id: 3 },
            },
          ],
        }),
    });
    renderApp({ path: '/members-view/12' });
    expect(await screen.findByRole('heading', { name: 'Rosa Delgado' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Housing' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transport' })).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.queryByText('Internal score')).toBeNull();
    expect(
      await screen.findByRole('link', { name: 'Enrolled in Housing Navigation (Active)' }),
    ).toHaveAttribute('href', '/enrollments-view/3');
  });

  it("says 'Member not found' for a member the server does not show", async () => {
    server('staff', { 'GET /api/members/99': () => errorResponse(404, 'Member not found', 'not_found') });
    renderApp({ path: '/members-view/99' });
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
  });
});
