import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeEnrollment } from '../../test/enrollment-fixtures.ts';
import { callsTo, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import {
  makeFormInstance,
  makeFormSummary,
  makeFormTemplate,
  makeFormTemplateList,
} from '../../test/form-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The Form Library of one enrollment (002 §2), against the routes of 002 §7, mocked.

const FORMS = [
  makeFormSummary({ id: 31, completion_percentage: 40, due_date: '2020-01-01', assigned_to_name: 'Sam Lee' }),
  makeFormSummary({
    id: 32,
    form_template_id: 6,
    form_template_name: 'Consent to Share',
    form_type: 'consent',
    status: 'submitted',
    can_edit: false,
    can_delete: false,
    submitted_at: '2026-03-05T10:00:00.000Z',
  }),
  makeFormSummary({
    id: 33,
    form_template_id: 7,
    form_template_name: 'Care Plan',
    form_type: 'care_plan',
    status: 'approved',
    can_edit: false,
    can_delete: false,
  }),
];
const TEMPLATES = [
  makeFormTemplate(),
  makeFormTemplate({ id: 6, name: 'Consent to Share', form_type: 'consent', description: 'Sharing' }),
];

function server(routes: Record<string, RouteHandler> = {}, role: OrgRole = 'staff') {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/enrollments/12': () =>
      jsonResponse(200, makeEnrollment({ id: 12, member_name: 'Rosa Delgado' })),
    'GET /api/forms/instances/': (_init, url) => {
      const status = new URL(url, 'http://localhost').searchParams.get('status');
      const instances = FORMS.filter((f) => !status || f.status === status);
      return jsonResponse(200, { instances, total: instances.length });
    },
    'GET /api/forms/templates/': (_init, url) => {
      const q = new URL(url, 'http://localhost').searchParams;
      const templates = TEMPLATES.filter(
        (t) =>
          (!q.get('form_type') || t.form_type === q.get('form_type')) &&
          (!q.get('search') || t.name.toLowerCase().includes(String(q.get('search')).toLowerCase())),
      );
      return jsonResponse(
        200,
        makeFormTemplateList(templates, {
          stats: {
            total_templates: 9,
            active_templates: 8,
            total_forms: 41,
            completed_forms: 30,
            by_type: { intake: 4, consent: 2 },
          },
        }),
      );
    },
    ...routes,
  });
}

const queries = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  callsTo(fetchMock, 'GET', path).map(([u]) => new URL(String(u), 'http://localhost').searchParams);

describe('Form Library', { timeout: 30_000 }, () => {
  it("counts My Forms and Available Templates in the tabs, and shows each form's card", async () => {
    const fetchMock = server();
    renderApp({ path: '/form-library/12' });
    expect(await screen.findByRole('tab', { name: 'My Forms (3)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Available Templates (2)' })).toBeInTheDocument();
    expect(queries(fetchMock, '/api/forms/instances/').at(-1)?.get('enrollment_id')).toBe('12');
    // Only active templates are offered to start a form from.
    expect(queries(fetchMock, '/api/forms/templates/').at(-1)?.get('is_active')).toBe('true');

    const draft = screen.getByRole('article', { name: 'Household Intake' });
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(
      within(draft).getByRole('progressbar', { name: 'Household Intake: 40% complete' }),
    ).toBeInTheDocument();
    expect(within(draft).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(draft).getByText(/overdue/)).toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: 'Continue Household Intake' })).toHaveAttribute(
      'href',
      '/form-fill/31',
    );
    expect(within(draft).getByRole('button', { name: 'Delete Household Intake' })).toBeInTheDocument();

    const submitted = screen.getByRole('article', { name: 'Consent to Share' });
    expect(within(submitted).getByRole('link', { name: 'View Consent to Share' })).toBeInTheDocument();
    expect(within(submitted).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(submitted).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('filters by search, type and status, and Clear Filters puts every filter back', async () => {
    const fetchMock = server();
    renderApp({ path: '/form-library/12' });
    expect(await screen.findByRole('tab', { name: 'My Forms (3)' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Submitted');
    expect(await screen.findByRole('tab', { name: 'My Forms (1)' })).toBeInTheDocument();
    expect(queries(fetchMock, '/api/forms/instances/').at(-1)?.get('status')).toBe('submitted');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Form type' }), 'Intake');
    expect(await screen.findByRole('tab', { name: 'My Forms (0)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Available Templates (1)' })).toBeInTheDocument();
    expect(screen.getByText('No forms found')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Search forms' }), 'zzz');
    await waitFor(() =>
      expect(queries(fetchMock, '/api/forms/templates/').at(-1)?.get('search')).toBe('zzz'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('tab', { name: 'My Forms (3)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Available Templates (2)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search forms' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Form type' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  it("deletes a draft after 'This action cannot be undone.' and says 'Form instance deleted'", async () => {
    const fetchMock = server({
      'DELETE /api/forms/instances/31': () => jsonResponse(200, { message: 'Form instance deleted', id: 31 }),
    });
    renderApp({ path: '/form-library/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Household Intake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete form' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/forms/instances/31')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Form instance deleted')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/forms/instances/31')).toHaveLength(1);
  });

  it("starts a form from a template and opens it in the filler; viewers get no 'Create Form from Template'", async () => {
    const fetchMock = server({
      'POST /api/forms/instances/': () => jsonResponse(201, makeFormInstance({ id: 40 })),
      'GET /api/forms/instances/40': () => jsonResponse(200, makeFormInstance({ id: 40 })),
      'GET /api/forms/templates/5': () => jsonResponse(200, makeFormTemplate()),
    });
    const { getByTestId, unmount } = renderApp({ path: '/form-library/12' });
    await userEvent.click(await screen.findByRole('tab', { name: /Available Templates/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create Form from Template Household Intake' }),
    );
    await waitFor(() => expect(getByTestId('location')).toHaveTextContent('/form-fill/40'));
    const [, init] = callsTo(fetchMock, 'POST', '/api/forms/instances/')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ form_template_id: 5, enrollment_id: 12 });
    unmount();

    server({}, 'viewer');
    renderApp({ path: '/form-library/12' });
    await userEvent.click(await screen.findByRole('tab', { name: /Available Templates/ }));
    expect(await screen.findByRole('button', { name: 'View Household Intake' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create Form from Template/ })).not.toBeInTheDocument();
  });

  it('groups templates by type with the stat tiles, type chips with counts and the No forms found state', async () => {
    server();
    renderApp({ path: '/form-library/12' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Grouped' }));
    expect(await screen.findByText('Total Templates')).toBeInTheDocument();
    expect(screen.getByText('41')).toBeInTheDocument();
    expect(screen.getByText('Completed Forms')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Intake (4)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Intake (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Consent (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Billing (0)' }));
    expect(await screen.findByText('No forms found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('heading', { name: 'Intake (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByRole('checkbox', { name: 'Custom (0)' })).toBeChecked();
  });

  it('without an enrollment, asks for one', async () => {
    server({
      'GET /api/enrollments/': () =>
        jsonResponse(200, {
          enrollments: [makeEnrollment({ id: 12, member_name: 'Rosa Delgado' })],
          total: 1,
        }),
    });
    const { getByTestId } = renderApp({ path: '/form-library' });
    expect(await screen.findByRole('heading', { name: 'Form Library' })).toBeInTheDocument();
    expect(screen.getByText(/Forms belong to a member's enrollment/)).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Enrollment' });
    await waitFor(() => expect(picker).toHaveAttribute('placeholder', 'Search by member or program'));
    await userEvent.type(picker, 'Rosa');
    // The dropdown's transition leaves it hidden from the accessibility tree in jsdom.
    await userEvent.click(await screen.findByRole('option', { name: /Rosa Delgado/, hidden: true }));
    await waitFor(() => expect(getByTestId('location')).toHaveTextContent('/form-library/12'));
    expect(await screen.findByRole('tab', { name: 'My Forms (3)' })).toBeInTheDocument();
  });
});
