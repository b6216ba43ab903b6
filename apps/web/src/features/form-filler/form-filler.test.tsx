import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_AUTO_SAVE_MS, type FormInstance, type OrgRole } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeFormInstance, makeFormTemplate } from '../../test/form-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The form filler (002 §2, §4, §5; issue #16) against the routes of 002 §7, mocked.

const PUT_SUBMIT = '/api/forms/instances/31/submit';

function server(instance: FormInstance, routes: Record<string, RouteHandler> = {}, role: OrgRole = 'staff') {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/forms/instances/31': () => jsonResponse(200, instance),
    'GET /api/forms/templates/5': () => jsonResponse(200, makeFormTemplate()),
    ...routes,
  });
}

/** The body of the n-th save. */
function saveBody(fetchMock: ReturnType<typeof mockFetch>, index = 0) {
  const [, init] = callsTo(fetchMock, 'PUT', PUT_SUBMIT)[index] ?? [];
  return JSON.parse(String(init?.body)) as {
    field_data: Record<string, unknown>;
    status: string;
    revision: number;
  };
}

const savedOk =
  (overrides: Partial<FormInstance> = {}): RouteHandler =>
  (init) => {
    const body = JSON.parse(String(init.body));
    return jsonResponse(
      200,
      makeFormInstance({
        field_data: body.field_data,
        status: body.status,
        revision: body.revision + 1,
        ...overrides,
      }),
    );
  };

async function openFiller() {
  const view = renderApp({ path: '/form-fill/31' });
  expect(await screen.findByRole('heading', { name: 'Household Intake', level: 2 })).toBeInTheDocument();
  return view;
}

describe('Form filler', { timeout: 30_000 }, () => {
  it('loads the form and the template version it is pinned to, with its header and completion', async () => {
    const fetchMock = server(makeFormInstance({ field_data: { field_size: 3 } }));
    await openFiller();
    expect(screen.getByText(/Rosa Delgado/)).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Auto-save every 30 seconds' })).toBeChecked();
    // One of the three input fields shown is answered (the conditional one counts: 002 §5's rule).
    expect(screen.getByRole('progressbar', { name: 'Form 25% complete' })).toBeInTheDocument();
    const [url] = callsTo(fetchMock, 'GET', '/api/forms/templates/5')[0] ?? [];
    expect(String(url)).toContain('version=2');
  });

  it("submitting with a required number left empty shows '{label} is required' and the alert, and sends nothing", async () => {
    const fetchMock = server(makeFormInstance(), { [`PUT ${PUT_SUBMIT}`]: savedOk() });
    await openFiller();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Please fix the validation errors before submitting')).toBeInTheDocument();
    expect(screen.getByText('People in the household is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Submit form' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(0);
  });

  it("a number below its minimum shows '{label} must be at least {min}'; an edit clears it and sets the unsaved flag", async () => {
    server(makeFormInstance());
    await openFiller();
    const size = screen.getByRole('textbox', { name: /People in the household/ });
    await userEvent.type(size, '0');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('People in the household must be at least 1')).toBeInTheDocument();
    await userEvent.type(size, '4');
    expect(screen.queryByText('People in the household must be at least 1')).not.toBeInTheDocument();
  });

  it('submits after the confirmation that it cannot be edited afterward, then shows the read-only form', async () => {
    const fetchMock = server(makeFormInstance(), {
      [`PUT ${PUT_SUBMIT}`]: savedOk({ submitted_at: '2026-03-04T10:00:00.000Z' }),
    });
    await openFiller();
    await userEvent.type(screen.getByRole('textbox', { name: /People in the household/ }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit form' });
    expect(within(dialog).getByText(/cannot be edited/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByText('Form submitted successfully')).toBeInTheDocument();
    expect(saveBody(fetchMock)).toEqual({ field_data: { field_size: 3 }, status: 'submitted', revision: 3 });
    expect(await screen.findByText('This form has been submitted and cannot be edited')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /People in the household/ })).toBeDisabled();
  });

  it("puts the server's refusals of a submission on their fields", async () => {
    server(makeFormInstance({ field_data: { field_size: 3 } }), {
      [`PUT ${PUT_SUBMIT}`]: () =>
        jsonResponse(400, {
          code: 'validation',
          detail: 'Please fix the validation errors before submitting',
          fields: { field_size: 'People in the household must be at most 2' },
        }),
    });
    await openFiller();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Submit form' })).getByRole('button', {
        name: 'Submit Form',
      }),
    );
    expect(await screen.findByText('People in the household must be at most 2')).toBeInTheDocument();
    expect(screen.getByText('Please fix the validation errors before submitting')).toBeInTheDocument();
  });

  it('saves a draft with the revision it loaded and says so; a failure says "Failed to save draft"', async () => {
    let fail = false;
    const fetchMock = server(makeFormInstance(), {
      [`PUT ${PUT_SUBMIT}`]: (init, url) =>
        fail ? jsonResponse(500, { code: 'internal' }) : savedOk()(init, url),
    });
    await openFiller();
    await userEvent.type(screen.getByRole('textbox', { name: /People in the household/ }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved successfully')).toBeInTheDocument();
    expect(saveBody(fetchMock)).toMatchObject({ status: 'draft', revision: 3 });
    expect(screen.getByText('All changes saved')).toBeInTheDocument();

    fail = true;
    await userEvent.type(screen.getByRole('textbox', { name: /People in the household/ }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Failed to save draft')).toBeInTheDocument();
    // The next save carries the revision the first one returned.
    expect(saveBody(fetchMock, 1).revision).toBe(4);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it("a 409 stale save shows the server's message and loads the current answers instead of overwriting them", async () => {
    const theirs = makeFormInstance({
      field_data: { field_size: 7 },
      revision: 5,
      last_updated_by_name: 'Sam Lee',
    });
    const message =
      'Sam Lee saved this form at 10:00 UTC since you opened it. Their answers are shown now; make your changes again and save.';
    let calls = 0;
    const fetchMock = server(makeFormInstance(), {
      [`PUT ${PUT_SUBMIT}`]: (init, url) => {
        calls += 1;
        if (calls === 1) {
          return jsonResponse(409, {
            code: 'conflict',
            reason: 'form_instance.stale',
            detail: message,
            current: theirs,
          });
        }
        return savedOk()(init, url);
      },
    });
    await openFiller();
    const size = screen.getByRole('textbox', { name: /People in the household/ });
    await userEvent.type(size, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(size).toHaveValue('7');
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    await userEvent.clear(size);
    await userEvent.type(size, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved successfully')).toBeInTheDocument();
    expect(saveBody(fetchMock, 1)).toMatchObject({ field_data: { field_size: 8 }, revision: 5 });
  });

  it('auto-saves every 30 seconds only while there are unsaved changes on a draft', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = server(makeFormInstance(), { [`PUT ${PUT_SUBMIT}`]: savedOk() });
    await openFiller();
    await act(() => vi.advanceTimersByTimeAsync(FORM_AUTO_SAVE_MS + 1_000));
    expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /People in the household/ }), {
      target: { value: '6' },
    });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(FORM_AUTO_SAVE_MS));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(1));
    expect(saveBody(fetchMock)).toEqual({ field_data: { field_size: 6 }, status: 'draft', revision: 3 });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();

    // Nothing changed since: the next tick sends nothing.
    await act(() => vi.advanceTimersByTimeAsync(FORM_AUTO_SAVE_MS));
    expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(1);

    // Auto-save off: changes wait for Save Draft.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auto-save every 30 seconds' }));
    fireEvent.change(screen.getByRole('textbox', { name: /People in the household/ }), {
      target: { value: '5' },
    });
    await act(() => vi.advanceTimersByTimeAsync(FORM_AUTO_SAVE_MS * 2));
    expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(1);
  });

  it('an auto-save that meets a newer save shows the message and their answers too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const theirs = makeFormInstance({ field_data: { field_size: 9 }, revision: 6 });
    server(makeFormInstance(), {
      [`PUT ${PUT_SUBMIT}`]: () =>
        jsonResponse(409, {
          code: 'conflict',
          reason: 'form_instance.stale',
          detail: 'Sam Lee saved this form at 10:00 UTC since you opened it.',
          current: theirs,
        }),
    });
    await openFiller();
    const size = screen.getByRole('textbox', { name: /People in the household/ });
    fireEvent.change(size, { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(FORM_AUTO_SAVE_MS));
    expect(
      await screen.findByText('Sam Lee saved this form at 10:00 UTC since you opened it.'),
    ).toBeInTheDocument();
    expect(size).toHaveValue('9');
  });

  it('saves unsaved changes when the page is hidden, with keepalive', async () => {
    const fetchMock = server(makeFormInstance(), { [`PUT ${PUT_SUBMIT}`]: savedOk() });
    await openFiller();
    fireEvent.change(screen.getByRole('textbox', { name: /People in the household/ }), {
      target: { value: '2' },
    });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(1));
      const [, init] = callsTo(fetchMock, 'PUT', PUT_SUBMIT)[0] ?? [];
      expect(init?.keepalive).toBe(true);
      expect(saveBody(fetchMock)).toMatchObject({
        field_data: { field_size: 2 },
        status: 'draft',
        revision: 3,
      });
      expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('shows a submitted form read-only with its banner, no Save Draft or Submit, and no auto-save', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = server(
      makeFormInstance({
        status: 'submitted',
        can_edit: false,
        can_delete: false,
        field_data: { field_size: 3 },
        submitted_at: '2026-03-04T10:00:00.000Z',
      }),
    );
    await openFiller();
    expect(screen.getByText('This form has been submitted and cannot be edited')).toBeInTheDocument();
    expect(screen.getByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Form' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /People in the household/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(FORM_AUTO_SAVE_MS * 2));
    expect(callsTo(fetchMock, 'PUT', PUT_SUBMIT)).toHaveLength(0);
  });

  it('lists the edit history with who, when and the labels of the fields changed', async () => {
    server(makeFormInstance(), {
      'GET /api/forms/instances/31/history': () =>
        jsonResponse(200, {
          history: [
            {
              id: 2,
              action: 'saved',
              timestamp: '2026-03-04T10:00:00.000Z',
              user_name: 'Sam Lee',
              changed_fields: [{ field_id: 'field_size', label: 'People in the household' }],
              comment: null,
            },
            {
              id: 1,
              action: 'created',
              timestamp: '2026-03-04T09:00:00.000Z',
              user_name: 'Dana Rivers',
              changed_fields: [],
              comment: null,
            },
          ],
        }),
    });
    await openFiller();
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit History' });
    expect(await within(dialog).findByText('by Sam Lee')).toBeInTheDocument();
    expect(within(dialog).getByText('Saved')).toBeInTheDocument();
    expect(within(dialog).getByText('People in the household')).toBeInTheDocument();
    expect(within(dialog).getByText('Created')).toBeInTheDocument();
  });

  it('lets a reviewer mark a submitted form reviewed or approve it, with a comment', async () => {
    const submitted = makeFormInstance({
      status: 'submitted',
      can_edit: false,
      can_review: true,
      field_data: { field_size: 3 },
    });
    const fetchMock = server(
      submitted,
      {
        'PUT /api/forms/instances/31/review': (init) => {
          const body = JSON.parse(String(init.body));
          return jsonResponse(200, { ...submitted, status: body.status, review_comment: body.comment });
        },
      },
      'manager',
    );
    await openFiller();
    await userEvent.type(screen.getByRole('textbox', { name: /Review comment/ }), 'Checked with the member');
    await userEvent.click(screen.getByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText('Form marked as reviewed')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'PUT', '/api/forms/instances/31/review')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      status: 'reviewed',
      comment: 'Checked with the member',
    });
    // Reviewed: only Approve is left.
    expect(await screen.findByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it("says 'Form Not Found' and 'Unable to load form instance' for an unknown form", async () => {
    storeSession();
    mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: 'staff', active_cbo_id: 1 })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/forms/instances/31': () => jsonResponse(404, { code: 'not_found', detail: 'Form Not Found' }),
    });
    renderApp({ path: '/form-fill/31' });
    expect(await screen.findByRole('heading', { name: 'Form Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Unable to load form instance')).toBeInTheDocument();
  });

  it('opened with a template and an enrollment, starts the form and opens it', async () => {
    const fetchMock = server(makeFormInstance(), {
      'POST /api/forms/instances/': () => jsonResponse(201, makeFormInstance()),
    });
    const { getByTestId } = renderApp({ path: '/form-fill/new?template_id=5&enrollment_id=12' });
    expect(await screen.findByRole('heading', { name: 'Household Intake', level: 2 })).toBeInTheDocument();
    expect(getByTestId('location')).toHaveTextContent('/form-fill/31');
    const posts = callsTo(fetchMock, 'POST', '/api/forms/instances/');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ form_template_id: 5, enrollment_id: 12 });
  });
});
