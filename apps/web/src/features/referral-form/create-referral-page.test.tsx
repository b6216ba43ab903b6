import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type MemberLookup, type OrgRole } from '@trust/domain';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  deferred,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeReferral } from '../../test/referral-fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { CreateReferralScreen } from './create-referral-page.tsx';

afterEach(() => notifications.clean());

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const LOOKUP = 'POST /api/referrals/member-lookup';
const notFound: MemberLookup = { found: false, source: null, member: null, referral_count: 0 };

function renderCreate({
  orgRole = 'staff',
  routes = {},
}: {
  orgRole?: OrgRole;
  routes?: Record<string, RouteHandler>;
} = {}) {
  const fetchMock = mockFetch({ [LOOKUP]: () => jsonResponse(200, notFound), ...routes });
  const view = renderWithProviders(
    <>
      <Notifications />
      {/* The queue before the form, so Back and Cancel have somewhere to go. */}
      <MemoryRouter initialEntries={['/queue', '/create-referral']} initialIndex={1}>
        <Routes>
          <Route
            path="/create-referral"
            element={<CreateReferralScreen hasOrganization orgRole={orgRole} />}
          />
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </>,
  );
  return { ...view, fetchMock };
}

/** An input by the start of its label (required labels end with an asterisk). */
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`)) as HTMLInputElement;
const box = (name: string) => screen.getByRole('checkbox', { name });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Referral' }));
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const location = () => screen.getByTestId('location');

const change = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

/** The input of a wire field (fillValid is quicker by id; the tests above find every input by its label). */
const byField = (field: string) => document.getElementById(`referral-${field}`) as HTMLInputElement;
const set = (field: string, value: string) => fireEvent.change(byField(field), { target: { value } });

/** A complete, valid referral typed into the form. */
function fillValid() {
  set('first_name', 'Imani');
  set('last_name', 'Okonkwo Reyes');
  set('phone_number', '2135550147');
  set('email', 'imani.or@example.test');
  set('date_of_birth', '1984-06-12');
  set('preferred_language', 'Spanish');
  set('medicaid_id', 'CA918273645');
  set('risk_score', '62');
  set('street_address', '410 Alder Way');
  set('city', 'Los Angeles');
  set('state', 'CA');
  set('zip_code', '90012');
  set('health_plan', 'Health Net');
  set('provider_name', 'Dr. Priya Natarajan');
  set('npi_number', '1902837465');
  set('organization', 'Eastside Medical Group');
  set('provider_phone_number', '2135550190');
  fireEvent.click(box('Housing navigation'));
  fireEvent.click(box('Food Assistance'));
  set('primary_diagnosis', 'Type 2 diabetes (E11.9)');
  set('urgency', 'Immediate');
  set('availability', 'Weekdays 9am-5pm');
  set('additional_notes', 'Prefers calls after 3 pm.');
  fireEvent.click(byField('member_consent_obtained'));
}

/** The body POST /api/referrals receives for fillValid(). */
const expectedBody = {
  first_name: 'Imani',
  last_name: 'Okonkwo Reyes',
  phone_number: '(213) 555-0147',
  email: 'imani.or@example.test',
  date_of_birth: '1984-06-12',
  zip_code: '90012',
  preferred_language: 'Spanish',
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
  primary_diagnosis: 'Type 2 diabetes (E11.9)',
  risk_score: 62,
  availability: 'Weekdays 9am-5pm',
  urgency: 'Immediate',
  additional_notes: 'Prefers calls after 3 pm.',
  sdoh_needs: ['Housing Assistance', 'Food Assistance'],
  housing_subcategories: ['Housing navigation'],
  transportation_subcategories: [],
  prior_authorization_required: false,
  member_consent_obtained: true,
  hipaa_compliant: true,
  use_matching_engine: true,
};

describe('Create New Referral (000 §2.1)', { timeout: 30_000 }, () => {
  it('shows the sections in order, the asterisks and the §3.4 defaults, on the Text Input tab', () => {
    renderCreate();
    expect(screen.getByRole('heading', { name: 'Create New Referral' })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Member Information',
      'Address Information',
      'Health Plan Information',
      'Referring Provider Information',
      'Service Requirements',
      'Compliance & Authorization',
      'Referral Processing Method',
    ]);
    // 000 §2.1: the form is the "Text Input" tab; "Voice Referral" is the other (voice/voice-referral-tab.test.tsx).
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Text Input', 'Voice Referral']);
    expect(screen.getByRole('tab', { name: 'Text Input' })).toHaveAttribute('aria-selected', 'true');
    for (const label of [
      'First Name',
      'Last Name',
      'Phone Number',
      'Email',
      'Date of Birth',
      'Preferred Language',
      'Medicaid ID',
      'ZIP Code',
      'Health Plan',
      'Plan Type',
      'Provider Name',
      'NPI Number',
      'Provider Organization',
      'Provider Phone',
      'Primary Diagnosis',
      'Urgency Level',
      'Member Availability',
    ]) {
      expect(input(label)).toBeRequired();
    }
    for (const label of ['Risk Score', 'Street Address', 'City', 'State', 'Country', 'Additional Notes']) {
      expect(input(label)).not.toBeRequired();
    }
    expect(box('Member consent obtained')).toBeRequired();
    expect(input('Country')).toHaveValue('USA');
    expect(input('Plan Type')).toHaveValue('Managed Care');
    expect(input('Urgency Level')).toHaveValue('Routine');
    expect(input('Preferred Language')).toHaveValue('English');
    expect(box('Member consent obtained')).not.toBeChecked();
    expect(box('Prior authorization required')).not.toBeChecked();
    expect(box('HIPAA compliant')).toBeChecked();
    expect(screen.getByRole('radio', { name: /Matching engine/ })).toBeChecked();
    expect(input('NPI Number')).toHaveAttribute('placeholder', 'Enter 10-digit NPI');
    // 50 states and DC, after the empty choice.
    expect(within(input('State')).getAllByRole('option')).toHaveLength(52);
    expect(
      within(input('Country'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['United States', 'Canada', 'Mexico', 'Other']);
    expect(screen.getByRole('button', { name: 'Submit Referral' })).toBeEnabled();
  });

  it('an empty submit shows every message together, under each input and in a counted summary, and sends nothing', async () => {
    const { fetchMock } = renderCreate();
    await submit();

    const summary = await screen.findByRole('alert', { name: 'Please fix 16 errors before submitting.' });
    const underInputs: [string, string][] = [
      ['First Name', 'First name is required.'],
      ['Last Name', 'Last name is required.'],
      ['Medicaid ID', 'Medicaid ID is required.'],
      ['Primary Diagnosis', 'Primary diagnosis is required.'],
      ['Phone Number', 'Phone number is required.'],
      ['Email', 'Email is required.'],
      ['Date of Birth', 'Date of birth is required.'],
      ['ZIP Code', 'ZIP code is required.'],
      ['Health Plan', 'Health plan is required.'],
      ['Provider Name', 'Provider name is required.'],
      ['NPI Number', 'NPI is required.'],
      ['Provider Organization', 'Provider organization is required.'],
      ['Provider Phone', 'Provider phone is required.'],
      ['Member Availability', 'Availability is required.'],
    ];
    for (const [label, message] of underInputs) {
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
      expect(input(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(within(summary).getByText(`${label}: ${message}`)).toBeInTheDocument();
    }
    // 000 §5.1 consent and needs, in red next to their groups.
    const consent = screen.getByText('Member consent must be obtained before submitting the referral.');
    const needs = screen.getByText('Please select at least one social determinant of health need.');
    expect(box('Member consent obtained')).toHaveAccessibleDescription(
      expect.stringContaining('Member consent must be obtained before submitting the referral.'),
    );
    expect(box('Food Assistance')).toHaveAccessibleDescription(
      'Please select at least one social determinant of health need.',
    );
    expect(consent).toBeVisible();
    expect(needs).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/api/referrals')).toHaveLength(0);
    // Focus on the first error.
    await waitFor(() => expect(input('First Name')).toHaveFocus());

    // Ticking an option clears those two messages (and the summary counts down).
    await userEvent.click(box('Member consent obtained'));
    expect(
      screen.queryByText('Member consent must be obtained before submitting the referral.'),
    ).not.toBeInTheDocument();
    await userEvent.click(box('Transitional housing'));
    expect(
      screen.queryByText('Please select at least one social determinant of health need.'),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('alert', { name: 'Please fix 14 errors before submitting.' }),
    ).toBeInTheDocument();
    // Typing in a field clears its message.
    await userEvent.type(input('First Name'), 'I');
    expect(screen.queryByText('First name is required.')).not.toBeInTheDocument();
    // The summary's entries take the user to the field.
    await userEvent.click(within(summary).getByRole('link', { name: 'NPI Number: NPI is required.' }));
    expect(input('NPI Number')).toHaveFocus();
  });

  it('format messages come from the shared schema too', async () => {
    renderCreate();
    fillValid();
    change('Phone Number', '213555');
    change('ZIP Code', '900');
    change('NPI Number', '12345');
    change('Email', 'not-an-email');
    await submit();
    expect(
      await screen.findByRole('alert', { name: 'Please fix 4 errors before submitting.' }),
    ).toBeInTheDocument();
    expect(input('Phone Number')).toHaveAccessibleDescription('Enter a 10-digit phone number.');
    expect(input('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code.');
    expect(input('NPI Number')).toHaveAccessibleDescription('NPI must be 10 digits.');
    expect(input('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await waitFor(() => expect(input('Phone Number')).toHaveFocus());
  });

  it('formats phones as they are typed: digits only, (xxx) xxx-xxxx, 10 digits at most', async () => {
    renderCreate();
    const phone = input('Phone Number');
    expect(phone).toHaveAttribute('maxLength', '14');
    await userEvent.type(phone, '21a3');
    expect(phone).toHaveValue('(213');
    await userEvent.type(phone, '5550');
    expect(phone).toHaveValue('(213) 555-0');
    await userEvent.type(phone, '147');
    expect(phone).toHaveValue('(213) 555-0147');
    fireEvent.change(phone, { target: { value: '(213) 555-01479' } });
    expect(phone).toHaveValue('(213) 555-0147');
    await userEvent.type(phone, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(phone).toHaveValue('(213) 555');
    const provider = input('Provider Phone');
    await userEvent.type(provider, '(312) 555-0100');
    expect(provider).toHaveValue('(312) 555-0100');
  });

  it('unticking Housing Assistance or Transportation clears their subcategories; a subcategory ticks its need', async () => {
    renderCreate();
    await userEvent.click(box('Housing navigation'));
    expect(box('Housing Assistance')).toBeChecked();
    await userEvent.click(box('Transitional housing'));
    await userEvent.click(box('Bus passes / transit vouchers'));
    expect(box('Transportation')).toBeChecked();
    await userEvent.click(box('Non-Emergency Medical Transportation (NEMT)'));

    await userEvent.click(box('Housing Assistance'));
    expect(box('Housing navigation')).not.toBeChecked();
    expect(box('Transitional housing')).not.toBeChecked();
    expect(box('Bus passes / transit vouchers')).toBeChecked();

    await userEvent.click(box('Transportation'));
    expect(box('Bus passes / transit vouchers')).not.toBeChecked();
    expect(box('Non-Emergency Medical Transportation (NEMT)')).not.toBeChecked();
    // The other needs of 000 §9.
    for (const need of ['Food Assistance', 'Mental Health Support', 'Utility Assistance', 'Legal Services']) {
      expect(box(need)).not.toBeChecked();
    }
  });

  it('creates the referral with the server payload, tells its number, and goes to the queue (matching engine)', async () => {
    const created = makeReferral({ referral_number: '4821093756' });
    const { fetchMock } = renderCreate({
      routes: { 'POST /api/referrals': () => jsonResponse(201, created) },
    });
    fillValid();
    await submit();
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
    const [call] = callsTo(fetchMock, 'POST', '/api/referrals');
    expect(bodyOf(call?.[1])).toEqual(expectedBody);
    expect(await screen.findByText(/Referral #4821093756 was created\./)).toBeInTheDocument();
  });

  it('says how many providers the matching engine matched at once (issue #14 item 8)', async () => {
    const created = makeReferral({
      referral_number: '4821093757',
      status: 'matched',
      match_method: 'auto',
      matched_provider_count: 4,
    });
    renderCreate({ routes: { 'POST /api/referrals': () => jsonResponse(201, created) } });
    fillValid();
    await submit();
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
    expect(
      await screen.findByText(
        'Referral #4821093757 was created. The matching engine matched it to 4 nearby providers; open it in the queue to send it to them.',
      ),
    ).toBeInTheDocument();
  });

  it('says the referral stays Pending on the Auto-Match screen when the engine matched no provider', async () => {
    const created = makeReferral({ referral_number: '4821093758', matched_provider_count: 0 });
    renderCreate({ routes: { 'POST /api/referrals': () => jsonResponse(201, created) } });
    fillValid();
    await submit();
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
    expect(
      await screen.findByText(
        'Referral #4821093758 was created. The matching engine could not match it to a provider yet; it stays Pending on the Auto-Match screen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/will find a provider/)).not.toBeInTheDocument();
  });

  it('with manual selection it goes to the unpublished referrals (finder)', async () => {
    const { fetchMock } = renderCreate({
      routes: {
        'POST /api/referrals': (init) =>
          jsonResponse(
            201,
            makeReferral({ use_matching_engine: bodyOf(init).use_matching_engine as boolean }),
          ),
      },
    });
    fillValid();
    await userEvent.click(screen.getByRole('radio', { name: /Manual selection/ }));
    await submit();
    await waitFor(() => expect(location()).toHaveTextContent('/finder'));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/referrals')[0]?.[1])).toMatchObject({
      use_matching_engine: false,
    });
  });

  it('shows the loading state while saving and sends once', async () => {
    const answer = deferred<Response>();
    const { fetchMock } = renderCreate({ routes: { 'POST /api/referrals': () => answer.promise } });
    fillValid();
    await submit();
    const button = await screen.findByRole('button', { name: 'Submit Referral' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    fireEvent.submit(screen.getByRole('form', { name: 'Create New Referral' }));
    expect(callsTo(fetchMock, 'POST', '/api/referrals')).toHaveLength(1);
    answer.resolve(jsonResponse(201, makeReferral()));
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
  });

  it("puts the server's field messages on the inputs and keeps the form", async () => {
    renderCreate({
      routes: {
        'POST /api/referrals': () =>
          jsonResponse(400, {
            code: 'validation_failed',
            detail: 'Invalid body. zip_code: …',
            message: 'Invalid body. zip_code: …',
            error: 'Invalid body. zip_code: …',
            fields: {
              zip_code: 'This ZIP code is not served yet.',
              transportation_subcategories: 'At most 30 items.',
            },
          }),
      },
    });
    fillValid();
    await submit();
    expect(
      await screen.findByRole('alert', { name: 'Failed to create referral. Please try again.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Please fix 2 errors before submitting.' })).toBeInTheDocument();
    expect(input('ZIP Code')).toHaveAccessibleDescription('This ZIP code is not served yet.');
    expect(box('Food Assistance')).toHaveAccessibleDescription('At most 30 items.');
    await waitFor(() => expect(input('ZIP Code')).toHaveFocus());
    expect(input('First Name')).toHaveValue('Imani');
    expect(box('Member consent obtained')).toBeChecked();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create New Referral' })).toBeInTheDocument();
  });

  it('asks whether a known Medicaid ID is the same person, then whether a second open referral is meant (issue #14)', async () => {
    const mismatch =
      'This Medicaid ID is on file for a member with another first name. If this is the same person, confirm it and choose which details to keep; otherwise check the Medicaid ID.';
    const open =
      'This member already has an open referral for Food Assistance: #4821093756. Confirm to create another one anyway.';
    const created = makeReferral({ referral_number: '5930174826' });
    const { fetchMock } = renderCreate({
      routes: {
        'POST /api/referrals': (init) => {
          const body = bodyOf(init);
          if (!body.confirm_same_member) {
            return jsonResponse(409, {
              code: 'conflict',
              reason: 'referral.member_mismatch',
              detail: mismatch,
              message: mismatch,
              error: mismatch,
            });
          }
          if (!body.confirm_duplicate_need) {
            return jsonResponse(409, {
              code: 'conflict',
              reason: 'referral.duplicate_open',
              detail: open,
              message: open,
              error: open,
            });
          }
          return jsonResponse(201, created);
        },
      },
    });
    fillValid();
    await submit();
    const same = await screen.findByRole('dialog', { name: 'Is this the same person?' });
    expect(same).toHaveTextContent(mismatch);
    await userEvent.click(within(same).getByRole('button', { name: 'Keep the details on file' }));
    const again = await screen.findByRole('dialog', { name: 'This member already has an open referral' });
    expect(again).toHaveTextContent('#4821093756');
    await userEvent.click(within(again).getByRole('button', { name: 'Create another referral' }));
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
    const bodies = callsTo(fetchMock, 'POST', '/api/referrals').map(([, init]) => bodyOf(init));
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toEqual({
      ...expectedBody,
      confirm_same_member: 'keep_stored',
      confirm_duplicate_need: true,
    });
  });

  it('Check the Medicaid ID closes the question and creates nothing', async () => {
    const mismatch = 'This Medicaid ID is on file for a member with another date of birth.';
    const { fetchMock } = renderCreate({
      routes: {
        'POST /api/referrals': () =>
          jsonResponse(409, {
            code: 'conflict',
            reason: 'referral.member_mismatch',
            detail: mismatch,
            message: mismatch,
            error: mismatch,
          }),
      },
    });
    fillValid();
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Is this the same person?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check the Medicaid ID' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/referrals')).toHaveLength(1);
    expect(input('Medicaid ID')).toHaveValue('CA918273645');
  });

  it('a server failure keeps the values and shows "Failed to create referral." with the server\'s reason', async () => {
    renderCreate({
      routes: { 'POST /api/referrals': () => errorResponse(500, 'The database did not answer.') },
    });
    fillValid();
    await submit();
    const alert = await screen.findByRole('alert', { name: 'Failed to create referral. Please try again.' });
    expect(alert).toHaveTextContent('The database did not answer.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(input('First Name')).toHaveValue('Imani');
    expect(input('Medicaid ID')).toHaveValue('CA918273645');
    expect(box('Food Assistance')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Referral' })).toBeEnabled();
  });

  it('a call that throws shows "An error occurred while creating the referral." and keeps the values', async () => {
    renderCreate({
      routes: {
        'POST /api/referrals': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    fillValid();
    await submit();
    const alert = await screen.findByRole('alert', {
      name: 'An error occurred while creating the referral. Please try again.',
    });
    expect(alert).toHaveTextContent(MESSAGES.backendUnavailable);
    expect(input('Last Name')).toHaveValue('Okonkwo Reyes');
  });

  it('Cancel goes back at once when nothing was typed, and asks first when something was', async () => {
    const first = renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
    first.unmount();

    renderCreate();
    await userEvent.type(input('City'), 'Reno');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input('City')).toHaveValue('Reno');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(location()).toHaveTextContent('/queue'));
  });

  it('a viewer is told why there is no form', () => {
    renderCreate({ orgRole: 'viewer' });
    expect(screen.getByText(/can read referrals but not create them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Referral' })).not.toBeInTheDocument();
  });
});

describe('Medicaid ID lookup (000 §2.1, §9)', { timeout: 30_000 }, () => {
  const member: MemberLookup = {
    found: true,
    source: 'member',
    referral_count: 2,
    member: {
      first_name: 'Imani',
      last_name: 'Okonkwo Reyes',
      phone_number: '2135550147',
      email: 'imani.or@example.test',
      date_of_birth: '1984-06-12',
      zip_code: '90012',
      street_address: '410 Alder Way',
      city: 'Los Angeles',
      state: 'CA',
      country: 'USA',
      preferred_language: 'Spanish',
      health_plan: 'Health Net',
      plan_type: 'Fee-for-Service',
    },
  };
  const lookups = (fetchMock: ReturnType<typeof mockFetch>) =>
    callsTo(fetchMock, 'POST', '/api/referrals/member-lookup');

  it('waits for 9 characters and a 500 ms pause, cancels the previous lookup, and fills only the empty fields', async () => {
    const first = deferred<Response>();
    let calls = 0;
    const { fetchMock } = renderCreate({
      routes: {
        [LOOKUP]: () => (++calls === 1 ? first.promise : jsonResponse(200, member)),
      },
    });
    // Typed before the lookup: kept.
    change('Last Name', 'Reyes');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const medicaid = input('Medicaid ID');

    fireEvent.change(medicaid, { target: { value: 'CA 918 27' } }); // 7 characters without the spaces
    act(() => vi.advanceTimersByTime(2000));
    expect(lookups(fetchMock)).toHaveLength(0);

    fireEvent.change(medicaid, { target: { value: 'CA 918 273 6' } }); // 9
    act(() => vi.advanceTimersByTime(499));
    expect(lookups(fetchMock)).toHaveLength(0);
    fireEvent.change(medicaid, { target: { value: 'CA 918 273 64' } }); // typing on restarts the pause
    act(() => vi.advanceTimersByTime(499));
    expect(lookups(fetchMock)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(lookups(fetchMock)).toHaveLength(1);
    // The ID goes in the body, never in the URL.
    expect(bodyOf(lookups(fetchMock)[0]![1])).toEqual({ medicaid_id: 'CA91827364' });
    expect(String(lookups(fetchMock)[0]![0])).toBe('/api/referrals/member-lookup');

    // One more character while the first lookup is under way: that one is cancelled.
    fireEvent.change(medicaid, { target: { value: 'CA 918 273 645' } });
    expect((lookups(fetchMock)[0]![1] as RequestInit).signal?.aborted).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(lookups(fetchMock)).toHaveLength(2);
    vi.useRealTimers();
    first.resolve(jsonResponse(200, notFound));

    expect(
      await screen.findByText('Member found: details filled from the member record'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 earlier referrals in your organization.')).toBeInTheDocument();
    expect(input('First Name')).toHaveValue('Imani');
    expect(input('Last Name')).toHaveValue('Reyes');
    expect(input('Phone Number')).toHaveValue('(213) 555-0147');
    expect(input('Date of Birth')).toHaveValue('1984-06-12');
    expect(input('State')).toHaveValue('CA');
    expect(input('Health Plan')).toHaveValue('Health Net');
    expect(input('Plan Type')).toHaveValue('Fee-for-Service');
    expect(input('Preferred Language')).toHaveValue('Spanish');
    expect(input('Medicaid ID')).toHaveValue('CA 918 273 645');
  });

  it('not found says nothing, and changing the ID removes an earlier notice', async () => {
    const { fetchMock } = renderCreate({
      routes: {
        [LOOKUP]: (init) => jsonResponse(200, bodyOf(init).medicaid_id === 'CA918273645' ? member : notFound),
      },
    });
    await userEvent.type(input('Medicaid ID'), 'ZZ0000000');
    await waitFor(() => expect(lookups(fetchMock)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Member found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input('First Name')).toHaveValue('');

    fireEvent.change(input('Medicaid ID'), { target: { value: 'CA918273645' } });
    expect(await screen.findByText(/Member found/)).toBeInTheDocument();
    fireEvent.change(input('Medicaid ID'), { target: { value: 'CA91827364' } });
    expect(screen.queryByText(/Member found/)).not.toBeInTheDocument();
  });

  it('a lookup that fills a field clears its message', async () => {
    renderCreate({ routes: { [LOOKUP]: () => jsonResponse(200, member) } });
    await submit();
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    fireEvent.change(input('Medicaid ID'), { target: { value: 'CA918273645' } });
    await waitFor(() => expect(input('First Name')).toHaveValue('Imani'));
    expect(screen.queryByText('First name is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Medicaid ID is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Primary diagnosis is required.')).toBeInTheDocument();
  });
});

describe('the create-referral tab', () => {
  it('opens the form at /create-referral', { timeout: 30_000 }, async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '1');
    mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    });
    renderApp({ path: '/create-referral', width: 375 });
    expect(await screen.findByRole('heading', { name: 'Create New Referral' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Referral' })).toBeInTheDocument();
  });
});
