import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole, Referral } from '@trust/domain';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeMatchedReferral, makeReferral } from '../../test/referral-fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { EditReferralScreen } from './edit-referral-page.tsx';

afterEach(() => notifications.clean());

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function Screen({ orgRole }: { orgRole: OrgRole }) {
  const { id } = useParams();
  return <EditReferralScreen id={Number(id)} orgRole={orgRole} />;
}

function renderEdit({
  referral = makeReferral(),
  orgRole = 'staff',
  routes = {},
}: {
  referral?: Referral | RouteHandler;
  orgRole?: OrgRole;
  routes?: Record<string, RouteHandler>;
} = {}) {
  const fetchMock = mockFetch({
    'GET /api/referrals/101': typeof referral === 'function' ? referral : () => jsonResponse(200, referral),
    ...routes,
  });
  renderWithProviders(
    <>
      <Notifications />
      <MemoryRouter initialEntries={['/queue/101', '/queue/101/edit']} initialIndex={1}>
        <Routes>
          <Route path="/queue/:id/edit" element={<Screen orgRole={orgRole} />} />
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </>,
  );
  return { fetchMock };
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;
const box = (name: string) => screen.getByRole('checkbox', { name });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('Edit Referral (000 §2.1 edit mode)', { timeout: 30_000 }, () => {
  it('prefills the form from the referral, names the member and locks the Medicaid ID', async () => {
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Edit Referral' })).toBeInTheDocument();
    expect(await screen.findByText('Referral #4821093756 for Imani Okonkwo Reyes')).toBeInTheDocument();
    // 000 §3.1: the first word is the first name, the rest the last name.
    expect(input('First Name')).toHaveValue('Imani');
    expect(input('Last Name')).toHaveValue('Okonkwo Reyes');
    expect(input('Phone Number')).toHaveValue('(213) 555-0147');
    expect(input('Date of Birth')).toHaveValue('1984-06-12');
    expect(input('Risk Score')).toHaveValue('62');
    expect(input('State')).toHaveValue('CA');
    expect(input('Health Plan')).toHaveValue('Health Net');
    expect(input('NPI Number')).toHaveValue('1902837465');
    // The urgency the coordinator chose (issue #14).
    expect(input('Urgency Level')).toHaveValue('Within 24h');
    expect(input('Member Availability')).toHaveValue('Weekdays 9am-5pm');
    expect(box('Housing Assistance')).toBeChecked();
    expect(box('Housing navigation')).toBeChecked();
    expect(box('Food Assistance')).toBeChecked();
    expect(box('Member consent obtained')).toBeChecked();

    const medicaid = input('Medicaid ID');
    expect(medicaid).toHaveValue('CA918273645');
    expect(medicaid).toBeDisabled();
    expect(medicaid).toHaveAccessibleDescription('Cannot be changed');
    expect(screen.getByRole('button', { name: 'Update Referral' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Referral' })).not.toBeInTheDocument();
  });

  it('saves with PUT (Medicaid ID unchanged) and goes back to the referral, without a member lookup', async () => {
    const { fetchMock } = renderEdit({
      routes: {
        'PUT /api/referrals/101': (init) =>
          jsonResponse(200, makeReferral({ ...(bodyOf(init) as Partial<Referral>) })),
      },
    });
    const diagnosis = await screen.findByLabelText(/^Primary Diagnosis/);
    fireEvent.change(diagnosis, { target: { value: 'Type 2 diabetes with neuropathy' } });
    fireEvent.change(input('Urgency Level'), { target: { value: 'Within 1 Week' } });
    await userEvent.click(box('Housing Assistance'));
    expect(box('Housing navigation')).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Update Referral' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/queue/101'));
    expect(screen.getByTestId('location').textContent).toBe('/queue/101');
    const [call] = callsTo(fetchMock, 'PUT', '/api/referrals/101');
    expect(bodyOf(call?.[1])).toEqual({
      first_name: 'Imani',
      last_name: 'Okonkwo Reyes',
      phone_number: '(213) 555-0147',
      email: 'imani.or@example.test',
      date_of_birth: '1984-06-12',
      zip_code: '90012',
      preferred_language: 'English',
      street_address: '410 Alder Way',
      city: 'Los Angeles',
      state: 'CA',
      country: 'USA',
      medicaid_id: 'CA918273645',
      health_plan: 'Health Net',
      plan_type: 'Managed Care',
      provider_name: 'Dr. Priya Natarajan',
      npi_number: '1902837465',
      organization: 'Eastside Medical Group',
      provider_phone_number: '(213) 555-0190',
      primary_diagnosis: 'Type 2 diabetes with neuropathy',
      risk_score: 62,
      availability: 'Weekdays 9am-5pm',
      // Issue #14: sent as chosen, not as the spec's Urgent (which would come back as Within 24h).
      urgency: 'Within 1 Week',
      additional_notes: 'Prefers calls after 3 pm.',
      sdoh_needs: ['Food Assistance'],
      housing_subcategories: [],
      transportation_subcategories: [],
      prior_authorization_required: false,
      member_consent_obtained: true,
      hipaa_compliant: true,
      use_matching_engine: true,
    });
    expect(callsTo(fetchMock, 'POST', '/api/referrals')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/referrals/member-lookup')).toHaveLength(0);
    expect(await screen.findByText('Referral #4821093756 was saved.')).toBeInTheDocument();
  });

  it("the server's refusal lands on the field; the locked Medicaid ID sends focus to the summary", async () => {
    renderEdit({
      routes: {
        'PUT /api/referrals/101': () =>
          jsonResponse(422, {
            code: 'rule_broken',
            detail: 'The Medicaid ID of a referral cannot be changed.',
            message: 'The Medicaid ID of a referral cannot be changed.',
            error: 'The Medicaid ID of a referral cannot be changed.',
            fields: { medicaid_id: 'The Medicaid ID of a referral cannot be changed.' },
          }),
      },
    });
    await screen.findByRole('button', { name: 'Update Referral' });
    await userEvent.click(screen.getByRole('button', { name: 'Update Referral' }));
    expect(
      await screen.findByRole('alert', { name: 'Failed to update referral. Please try again.' }),
    ).toBeInTheDocument();
    const summary = screen.getByRole('alert', { name: 'Please fix 1 error before submitting.' });
    expect(input('Medicaid ID')).toHaveAccessibleDescription(
      expect.stringContaining('The Medicaid ID of a referral cannot be changed.'),
    );
    await waitFor(() => expect(summary).toHaveFocus());
    expect(input('First Name')).toHaveValue('Imani');
  });

  it('an empty required field blocks the update with its message', async () => {
    const { fetchMock } = renderEdit();
    const first = await screen.findByLabelText(/^First Name/);
    fireEvent.change(first, { target: { value: '' } });
    await userEvent.click(box('Member consent obtained'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Referral' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(
      screen.getByText('Member consent must be obtained before submitting the referral.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/referrals/101')).toHaveLength(0);
  });

  it('only the organization that created the referral edits it', async () => {
    renderEdit({ referral: makeMatchedReferral({ viewer_role: 'provider' }) });
    expect(
      await screen.findByText('Only the organization that created this referral can change it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Referral' })).not.toBeInTheDocument();
  });

  it('a viewer reads but does not edit', async () => {
    renderEdit({ orgRole: 'viewer' });
    expect(await screen.findByText(/can read referrals but not change them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Referral' })).not.toBeInTheDocument();
  });

  it('an unknown referral says so, with Go Back', async () => {
    renderEdit({ referral: () => errorResponse(404, 'Referral not found', 'not_found') });
    expect(await screen.findByRole('heading', { name: 'Referral Not Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/queue/101'));
  });

  it('a load failure offers Retry', async () => {
    let calls = 0;
    renderEdit({
      referral: () => (++calls === 1 ? errorResponse(503, 'down') : jsonResponse(200, makeReferral())),
    });
    const alert = await screen.findByRole('alert', { name: 'Could not load this referral' });
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^First Name/)).toHaveValue('Imani');
  });
});

describe('the edit view of the queue', () => {
  it('opens at /queue/:id/edit', { timeout: 30_000 }, async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '1');
    mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/referrals/101': () => jsonResponse(200, makeReferral()),
    });
    renderApp({ path: '/queue/101/edit' });
    expect(await screen.findByRole('heading', { name: 'Edit Referral' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Medicaid ID/)).toBeDisabled();
  });
});
