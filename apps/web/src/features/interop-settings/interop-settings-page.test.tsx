import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient, FhirSubscriptionSummary } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { InteropSettingsScreen } from './interop-settings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ORIGIN = 'https://app.example.test';

const metadata = {
  resourceType: 'CapabilityStatement',
  fhirVersion: '4.0.1',
  implementation: { url: 'https://trust.example.org/fhir' },
  rest: [
    {
      mode: 'server',
      security: {
        extension: [
          {
            url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
            extension: [{ url: 'token', valueUri: 'https://trust.example.org/oauth/token' }],
          },
        ],
      },
      resource: [
        {
          type: 'Task',
          interaction: [{ code: 'read' }, { code: 'search-type' }, { code: 'create' }, { code: 'patch' }],
          searchParam: [{ name: 'status' }],
        },
        { type: 'Patient', interaction: [{ code: 'read' }] },
      ],
    },
  ],
};

const client = (over: Partial<ApiClient> = {}): ApiClient => ({
  id: 5,
  name: 'Golden Valley EHR',
  client_id: 'tmc_abc123',
  scopes: ['fhir/*.read'],
  created_at: '2030-01-01T10:00:00.000Z',
  created_by_name: 'Olive Orgadmin',
  last_used_at: null,
  revoked_at: null,
  ...over,
});

const subscription = (over: Partial<FhirSubscriptionSummary> = {}): FhirSubscriptionSummary => ({
  id: 9,
  status: 'active',
  reason: 'Referral updates',
  endpoint: 'https://ehr.example.org/notify',
  topic: 'https://trust.example.org/fhir/SubscriptionTopic/referral-task-status',
  filter_criteria: 'Task?status=completed',
  content: 'id-only',
  event_count: 12,
  last_error: null,
  last_delivered_at: '2030-01-02T10:00:00.000Z',
  end_at: null,
  created_at: '2030-01-01T10:00:00.000Z',
  ...over,
});

function routes(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /fhir/metadata': () => jsonResponse(200, metadata),
    'GET /api/api-clients': () => jsonResponse(200, { api_clients: [client()] }),
    'GET /api/fhir-subscriptions': () => jsonResponse(200, { subscriptions: [] }),
    ...overrides,
  });
}

describe('Interop Settings (issue 21 item 3)', { timeout: 20_000 }, () => {
  it('shows the FHIR API the server announces, its resources and the open HSDS endpoint', async () => {
    routes();
    renderWithProviders(<InteropSettingsScreen orgRole="org_admin" origin={ORIGIN} />);
    expect(screen.getByRole('heading', { name: 'Interop Settings', level: 2 })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('FHIR base URL')).toHaveValue('https://trust.example.org/fhir'),
    );
    expect(screen.getByLabelText('Token URL')).toHaveValue('https://trust.example.org/oauth/token');
    expect(screen.getByRole('button', { name: 'Copy FHIR base URL' })).toBeInTheDocument();
    expect(screen.getByText(/HL7 SDOH Clinical Care STU 2\.3/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /CapabilityStatement/ })).toHaveAttribute(
      'href',
      '/fhir/metadata',
    );
    const resources = screen.getByRole('table', { name: 'FHIR resources and their interactions' });
    const task = within(resources).getByText('Task').closest('tr') as HTMLElement;
    expect(within(task).getByText('patch')).toBeInTheDocument();
    expect(within(task).getByText('status')).toBeInTheDocument();
    // Every URL starts at the public URL the server announces, not at this page's origin.
    expect(screen.getByLabelText('HSDS endpoint')).toHaveValue('https://trust.example.org/hsds/');
    expect(screen.getByText(/Open: no token needed/)).toBeInTheDocument();
    // No system subscribed yet: how one does.
    expect(await screen.findByText('No system has subscribed yet')).toBeInTheDocument();
    expect(screen.getByText('POST https://trust.example.org/fhir/Subscription')).toBeInTheDocument();
  });

  it('creates an API client checked by the shared schema and shows its secret once', async () => {
    let listed: ApiClient[] = [];
    const fetchMock = routes({
      'GET /api/api-clients': () => jsonResponse(200, { api_clients: listed }),
      'POST /api/api-clients': (init) => {
        const body = JSON.parse(String(init.body)) as { name: string; scopes: ApiClient['scopes'] };
        const created = client({ id: 6, name: body.name, client_id: 'tmc_new', scopes: body.scopes });
        listed = [created];
        return jsonResponse(201, { ...created, client_secret: 'tms_secret_once' });
      },
    });
    renderWithProviders(<InteropSettingsScreen orgRole="super_admin" origin={ORIGIN} />);
    expect(await screen.findByText(/No API clients yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New API client' }));
    const form = await screen.findByRole('dialog', { name: 'New API client' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create API client' }));
    expect(await within(form).findByText('Give the client a name.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/api-clients')).toHaveLength(0);

    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Golden Valley EHR');
    await userEvent.click(within(form).getByRole('checkbox', { name: /fhir\/\*\.read/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create API client' }));

    const shown = await screen.findByRole('dialog', { name: 'API client created' });
    expect(within(shown).getByLabelText('Client ID')).toHaveValue('tmc_new');
    expect(within(shown).getByLabelText('Client secret')).toHaveValue('tms_secret_once');
    expect(within(shown).getByText(/shown only once/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy Client secret' })).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', '/api/api-clients')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Golden Valley EHR', scopes: ['fhir/*.read'] });

    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByText('tms_secret_once')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByDisplayValue('tms_secret_once')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'API clients' });
    expect(await within(table).findByText('tmc_new')).toBeInTheDocument();
  });

  it("puts the server's field errors on the inputs", async () => {
    routes({
      'POST /api/api-clients': () =>
        jsonResponse(400, {
          code: 'validation',
          detail: 'Invalid request',
          message: 'Invalid request',
          error: 'Invalid request',
          fields: { name: 'An API client with this name already exists.' },
        }),
    });
    renderWithProviders(<InteropSettingsScreen orgRole="org_admin" origin={ORIGIN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'New API client' }));
    const form = await screen.findByRole('dialog', { name: 'New API client' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Twice');
    await userEvent.click(within(form).getByRole('checkbox', { name: /fhir\/\*\.write/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create API client' }));
    expect(await within(form).findByText('An API client with this name already exists.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a client after a confirmation', async () => {
    let revoked = false;
    const fetchMock = routes({
      'GET /api/api-clients': () =>
        jsonResponse(200, {
          api_clients: [client(revoked ? { revoked_at: '2030-01-03T10:00:00.000Z' } : {})],
        }),
      'POST /api/api-clients/5/revoke': () => {
        revoked = true;
        return jsonResponse(200, client({ revoked_at: '2030-01-03T10:00:00.000Z' }));
      },
    });
    renderWithProviders(<InteropSettingsScreen orgRole="org_admin" origin={ORIGIN} />);
    const table = await screen.findByRole('table', { name: 'API clients' });
    const row = (await within(table).findByText('tmc_abc123')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Golden Valley EHR' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API client?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/api-clients/5/revoke')).toHaveLength(1));
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('shows a subscription in error with its last error, its deliveries, and reactivates it', async () => {
    const fetchMock = routes({
      'GET /api/fhir-subscriptions': () =>
        jsonResponse(200, {
          subscriptions: [
            subscription({ status: 'error', last_error: 'The endpoint answered HTTP 503.' }),
            subscription({ id: 10, endpoint: 'https://plan.example.org/hook', filter_criteria: null }),
          ],
        }),
      'GET /api/fhir-subscriptions/9/deliveries': () =>
        jsonResponse(200, {
          deliveries: [
            {
              id: 1,
              kind: 'event-notification',
              event_number: 12,
              task_status: 'completed',
              status: 'failed',
              attempts: 5,
              last_status_code: 503,
              last_error: 'The endpoint answered HTTP 503.',
              created_at: '2030-01-02T10:00:00.000Z',
              delivered_at: null,
            },
          ],
        }),
      'POST /api/fhir-subscriptions/9/reactivate': () => jsonResponse(200, subscription()),
    });
    renderWithProviders(<InteropSettingsScreen orgRole="org_admin" origin={ORIGIN} />);
    const table = await screen.findByRole('table', { name: 'FHIR subscriptions' });
    const row = await within(table).findByTestId('subscription-9');
    expect(within(row).getByText('Error')).toBeInTheDocument();
    expect(within(row).getByText(/The endpoint answered HTTP 503\./)).toBeInTheDocument();
    expect(
      within(within(table).getByTestId('subscription-10')).getByText('Every status change'),
    ).toBeInTheDocument();
    expect(
      within(within(table).getByTestId('subscription-10')).queryByRole('button', { name: /Reactivate/ }),
    ).not.toBeInTheDocument();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Deliveries to https://ehr.example.org/notify' }),
    );
    const drawer = await screen.findByRole('dialog', { name: /Last deliveries to/ });
    const deliveries = await within(drawer).findByRole('table', { name: 'Last deliveries' });
    expect(await within(deliveries).findByText('Failed')).toBeInTheDocument();
    expect(within(deliveries).getByText('503')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Reactivate the subscription to https://ehr.example.org/notify',
      }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/fhir-subscriptions/9/reactivate')).toHaveLength(1),
    );
  });

  it('turns a subscription off after a confirmation', async () => {
    const fetchMock = routes({
      'GET /api/fhir-subscriptions': () => jsonResponse(200, { subscriptions: [subscription()] }),
      'DELETE /api/fhir-subscriptions/9': () => jsonResponse(200, subscription({ status: 'off' })),
    });
    renderWithProviders(<InteropSettingsScreen orgRole="org_admin" origin={ORIGIN} />);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Turn off the subscription to https://ehr.example.org/notify',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Turn off this subscription?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/fhir-subscriptions/9')).toHaveLength(1));
  });

  it('says why the API clients cannot be loaded, with Retry', async () => {
    routes({
      'GET /api/api-clients': () => errorResponse(403, 'Your role does not allow this action.', 'forbidden'),
    });
    renderWithProviders(<InteropSettingsScreen orgRole="org_admin" origin={ORIGIN} />);
    expect(await screen.findByText('Your role does not allow this action.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });

  it('shows a staff member only the open APIs, at the page origin when the statement cannot be read', async () => {
    const fetchMock = routes({ 'GET /fhir/metadata': () => errorResponse(503, 'Unavailable') });
    renderWithProviders(<InteropSettingsScreen orgRole="staff" origin={ORIGIN} />);
    expect(screen.getByText(/Only administrators of the active organization/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New API client' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/fhir/metadata')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByLabelText('FHIR base URL')).toHaveValue(`${ORIGIN}/fhir`);
    expect(screen.getByLabelText('HSDS endpoint')).toHaveValue(`${ORIGIN}/hsds/`);
    expect(callsTo(fetchMock, 'GET', '/api/api-clients')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', '/api/fhir-subscriptions')).toHaveLength(0);
  });
});
