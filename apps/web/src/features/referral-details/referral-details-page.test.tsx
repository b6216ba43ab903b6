import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrgRole, type Referral, toClientReferral } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { makeMethod } from '../../components/send-referral/method-fixture.ts';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeMatchedProviderEntry, makeMatchingReferral } from '../../test/matching-fixtures.ts';
import { makeMatchedReferral, makeReferral } from '../../test/referral-fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { ReferralDetails } from './referral-details-page.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

function renderDetails({
  referral = makeReferral() as Referral | RouteHandler,
  routes = {},
  path = '/queue/101',
  orgRole = 'staff',
  width = 1280,
}: {
  referral?: Referral | RouteHandler;
  routes?: Record<string, RouteHandler>;
  path?: string;
  orgRole?: OrgRole;
  width?: number;
} = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: orgRole })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/referrals/101': typeof referral === 'function' ? referral : () => jsonResponse(200, referral),
    'GET /api/referrals/101/events': () =>
      jsonResponse(200, {
        events: [
          {
            id: 2,
            referral_id: 101,
            type: 'claimed',
            from_status: 'pending',
            to_status: 'matched',
            actor_user_id: 9,
            actor_name: 'Sam Ortiz',
            details: {},
            at: '2026-11-21T09:00:00.000Z',
          },
        ],
      }),
    ...routes,
  });
  const view = renderApp({ path, width });
  return { ...view, fetchMock };
}

const region = (name: string) => screen.findByRole('region', { name });
const location = () => screen.getByTestId('location');

describe('Referral Details (000 §2.4)', { timeout: 30_000 }, () => {
  it('shows the header, the status and every card of the referral', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Referral #4821093756' })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();

    const member = await region('Member Information');
    for (const text of [
      'Imani Okonkwo Reyes',
      'CA918273645',
      '(213) 555-0147',
      'imani.or@example.test',
      'English',
      '410 Alder Way, Los Angeles, CA 90012, USA',
    ]) {
      expect(member).toHaveTextContent(text);
    }
    expect(await region('Health Plan Information')).toHaveTextContent('Health Net');
    expect(await region('Health Plan Information')).toHaveTextContent('Managed Care');
    const provider = await region('Referring Provider');
    expect(provider).toHaveTextContent('Dr. Priya Natarajan');
    expect(provider).toHaveTextContent('1902837465');
    expect(provider).toHaveTextContent('Eastside Medical Group');
    const services = await region('Services Requested');
    expect(services).toHaveTextContent('HousingHousing navigation');
    expect(services).toHaveTextContent('TransportationNone');
    expect(services).toHaveTextContent('Other social servicesFood Assistance');
    const urgency = await region('Urgency');
    expect(urgency).toHaveTextContent('Within 24h');
    expect(urgency).toHaveTextContent('Weekdays 9am-5pm');
    const clinical = await region('Clinical Context');
    expect(clinical).toHaveTextContent('Type 2 diabetes (E11.9)');
    expect(clinical).toHaveTextContent('62 / 100');
    const compliance = await region('Compliance');
    expect(compliance).toHaveTextContent('Member consent obtainedYes');
    expect(compliance).toHaveTextContent('Prior authorization requiredNo');
    expect(compliance).toHaveTextContent('HIPAA compliantYes');
    expect(await region('Timeline')).toHaveTextContent('Created');
    expect(await region('Additional Notes')).toHaveTextContent('Prefers calls after 3 pm.');
    // Pending: no provider to answer.
    expect(screen.queryByRole('region', { name: 'Provider Response Required' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Provider Response' })).not.toBeInTheDocument();
  });

  it('shows the urgency as the coordinator chose it (issue #14)', async () => {
    renderDetails({ referral: makeReferral({ urgency: 'Within 1 Week', urgency_level: 'Urgent' }) });
    const urgency = await region('Urgency');
    expect(urgency).toHaveTextContent('Within 1 Week');
    expect(urgency).not.toHaveTextContent('Within 24h');
  });

  it('offers Edit Referral to the owner', async () => {
    // The component alone: the edit view at /queue/:id/edit is another screen with its own tests.
    const user = userEvent.setup();
    mockFetch({ 'GET /api/referrals/101/events': () => jsonResponse(200, { events: [] }) });
    const onEdit = vi.fn();
    renderWithProviders(
      <ReferralDetails
        referral={toClientReferral(makeReferral())}
        canEdit
        canAnswer
        onBack={() => {}}
        onEdit={onEdit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Referral' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('Back goes to the queue', async () => {
    const user = userEvent.setup();
    renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent(/^\/queue$/);
  });

  it('gives no Edit Referral to an organization viewer or to the provider side', async () => {
    const { unmount } = renderDetails({ orgRole: 'viewer' });
    expect(await screen.findByRole('heading', { name: 'Referral #4821093756' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Referral' })).not.toBeInTheDocument();
    unmount();
    renderDetails({ referral: makeMatchedReferral({ viewer_role: 'provider' }) });
    expect(await screen.findByRole('heading', { name: 'Referral #4821093756' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Referral' })).not.toBeInTheDocument();
  });

  it('shows "Provider Response Required" with Accept and Reject to the matched provider, and the match time', async () => {
    renderDetails({ referral: makeMatchedReferral({ viewer_role: 'provider' }) });
    const card = await region('Provider Response Required');
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const timeline = await region('Timeline');
    await waitFor(() => expect(timeline).toHaveTextContent('Matched · Bayview Family Resource Center'));
    expect(timeline).toHaveTextContent('Response due');
  });

  it('shows the owner the waiting state, read-only', async () => {
    renderDetails({ referral: makeMatchedReferral() });
    const card = await region('Provider Response Required');
    expect(card).toHaveTextContent('Waiting for Bayview Family Resource Center to respond.');
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('offers the owner the send-referral panel for the matched provider (001 §2.1), and sends through it', async () => {
    const user = userEvent.setup();
    const email = makeMethod({
      id: 21,
      provider_id: 55,
      provider_name: 'Bayview Family Resource Center',
      method_type: 'email',
      contact_value: 'intake@bayview.example.test',
      priority: 90,
    });
    const { fetchMock } = renderDetails({
      referral: makeMatchedReferral(),
      routes: {
        'GET /api/provider-communication-methods': () => jsonResponse(200, { methods: [email] }),
        'GET /api/referral-communications': () => jsonResponse(200, { communications: [] }),
        'POST /api/referral-communications': () =>
          jsonResponse(200, {
            success: true,
            status: 'queued',
            method_type: 'email',
            contact_value: email.contact_value,
            message_id: 7,
            message: 'Communication sent successfully!',
            error: null,
          }),
      },
    });
    const panel = await region('Send Referral to Bayview Family Resource Center');
    expect(
      within(panel).getByRole('heading', { name: 'Send Referral to Bayview Family Resource Center' }),
    ).toBeInTheDocument();
    const method = await within(panel).findByRole('radio', { name: 'Email: intake@bayview.example.test' });
    expect(method).toBeChecked();
    expect(callsTo(fetchMock, 'GET', '/api/provider-communication-methods')[0]?.[0]).toContain(
      'provider_id=55',
    );
    await user.type(within(panel).getByLabelText('Message'), 'Please take this referral');
    await user.click(within(panel).getByRole('button', { name: 'Send Referral' }));
    expect(await within(panel).findByText('Communication sent successfully!')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/referral-communications');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      referral_id: 101,
      provider_id: 55,
      communication_method_id: 21,
      method_type: 'email',
      message_content: 'Please take this referral',
    });
  });

  it('gives the send-referral panel to no one else: the provider side, a viewer, nor once answered', async () => {
    const { unmount } = renderDetails({ referral: makeMatchedReferral({ viewer_role: 'provider' }) });
    await region('Provider Response Required');
    expect(screen.queryByRole('button', { name: 'Send Referral' })).not.toBeInTheDocument();
    unmount();
    const viewer = renderDetails({ referral: makeMatchedReferral(), orgRole: 'viewer' });
    await region('Provider Response Required');
    expect(screen.queryByRole('button', { name: 'Send Referral' })).not.toBeInTheDocument();
    viewer.unmount();
    renderDetails({ referral: makeMatchedReferral({ status: 'pending', acceptance_status: 'expired' }) });
    await region('Provider Response');
    expect(
      screen.queryByRole('region', { name: 'Send Referral to Bayview Family Resource Center' }),
    ).not.toBeInTheDocument();
  });

  it('accepts from the page and refreshes the referral without a reload', async () => {
    const user = userEvent.setup();
    let current: Referral = makeMatchedReferral({ viewer_role: 'provider' });
    const { fetchMock } = renderDetails({
      referral: () => jsonResponse(200, current),
      routes: {
        'POST /api/referrals/101/accept': () => {
          current = makeMatchedReferral({
            viewer_role: 'provider',
            status: 'accepted',
            acceptance_status: 'accepted',
            accepted_at: '2026-11-23T10:00:00.000Z',
            email_sent_to: 'intake@bayview.example.test',
          });
          return jsonResponse(200, {
            accepted_at: '2026-11-23T10:00:00.000Z',
            phi_email_sent: false,
            email_sent_to: 'intake@bayview.example.test',
          });
        },
        'GET /api/referrals/101/status': () =>
          jsonResponse(200, {
            acceptance_status: 'accepted',
            accepted_at: '2026-11-23T10:00:00.000Z',
            rejected_at: null,
            rejection_reason: null,
            expires_at: '2026-11-28T09:00:00.000Z',
            phi_shared: false,
            email_sent_to: 'intake@bayview.example.test',
            phi_email_status: 'pending',
          }),
      },
    });
    const card = await region('Provider Response Required');
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    const outcome = await region('Provider Response');
    await waitFor(() => expect(outcome).toHaveTextContent('Referral Accepted'));
    expect(outcome).toHaveTextContent('Email Pending');
    await waitFor(() => expect(screen.getByText('Accepted')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'GET', '/api/referrals/101').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('region', { name: 'Provider Response Required' })).not.toBeInTheDocument();
  });

  it('shows the outcome once answered: rejected or expired', async () => {
    const { unmount } = renderDetails({
      referral: makeMatchedReferral({
        status: 'rejected',
        acceptance_status: 'rejected',
        rejected_at: '2026-11-22T11:00:00.000Z',
      }),
      routes: { 'GET /api/referrals/101/status': () => errorResponse(500, 'down') },
    });
    expect(await region('Provider Response')).toHaveTextContent('Referral Rejected');
    unmount();
    renderDetails({ referral: makeMatchedReferral({ status: 'pending', acceptance_status: 'expired' }) });
    expect(await region('Provider Response')).toHaveTextContent(
      'Provider did not respond within 7 days - will need to re-match',
    );
  });

  it('refreshes when the server says the referral changed', async () => {
    let current: Referral = makeMatchedReferral();
    const { fetchMock } = renderDetails({ referral: () => jsonResponse(200, current) });
    await region('Provider Response Required');
    current = makeMatchedReferral({ status: 'pending', acceptance_status: 'expired' });
    emitEvent('referral.changed', {
      id: 101,
      referral_number: '4821093756',
      status: 'pending',
      change: 'expired',
    });
    expect(await region('Provider Response')).toHaveTextContent('Referral Expired');
    expect(callsTo(fetchMock, 'GET', '/api/referrals/101')).toHaveLength(2);
  });

  it('says "Referral Not Found" for an unknown or unseen referral, with Go Back', async () => {
    const user = userEvent.setup();
    renderDetails({ referral: () => errorResponse(404, 'Referral not found', 'not_found') });
    expect(await screen.findByRole('heading', { name: 'Referral Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The selected referral could not be found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(location()).toHaveTextContent(/^\/queue$/);
  });

  it('shows a connection error with Retry when the server cannot be reached', async () => {
    const user = userEvent.setup();
    let down = true;
    renderDetails({
      referral: () => {
        if (down) throw new TypeError('Failed to fetch');
        return jsonResponse(200, makeReferral());
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connection Error');
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Referral #4821093756' })).toBeInTheDocument();
  });

  it('shows a loader while the referral loads', async () => {
    renderDetails({ referral: () => new Promise<Response>(() => {}) });
    expect(await screen.findByRole('status', { name: 'Loading referral' })).toBeInTheDocument();
  });

  it('works at phone width', async () => {
    renderDetails({ width: 375, referral: makeMatchedReferral({ viewer_role: 'provider' }) });
    expect(await region('Provider Response Required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(await region('Member Information')).toBeInTheDocument();
  });
});

describe('Referral Details: a path through the work (issue #14 item 8)', { timeout: 30_000 }, () => {
  const matchEntry = makeMatchedProviderEntry;

  const autoMatched = (overrides: Partial<Referral> = {}) =>
    makeReferral({
      status: 'matched',
      match_method: 'auto',
      matched_at: '2026-11-21T09:00:00.000Z',
      ...overrides,
    });

  const entries = [
    matchEntry({ provider_id: 61, provider_name: 'Harbor Food Bank', rank: 1, distance_miles: 1.5 }),
    matchEntry({
      provider_id: 62,
      provider_name: 'Lakeside Pantry',
      rank: 2,
      distance_miles: 2.5,
      status: 'sent',
    }),
    matchEntry({ provider_id: 63, provider_name: 'Declined Co-op', rank: 3, status: 'declined' }),
    matchEntry({ provider_id: 64, provider_name: 'Silent Shelter', rank: 4, status: 'expired' }),
    matchEntry({ provider_id: 65, provider_name: 'Passed Over', rank: 5, status: 'not_selected' }),
  ];

  it('offers the owner Match on a Pending referral: Auto-Match runs, refreshes the referral and offers Send', async () => {
    const user = userEvent.setup();
    let current: Referral = makeReferral();
    const { fetchMock } = renderDetails({
      referral: () => jsonResponse(200, current),
      routes: {
        'POST /api/referrals/101/auto-match': () => {
          current = autoMatched();
          return jsonResponse(200, {
            matched_providers: entries.slice(0, 2),
            referral: makeMatchingReferral({ id: 101, status: 'matched', status_label: 'Auto-Matched' }),
          });
        },
        'GET /api/referrals/101/matched-providers': () =>
          jsonResponse(200, {
            matched_providers: [entries[0]!, matchEntry({ ...entries[1]!, status: 'pending' })],
          }),
      },
    });
    const match = await region('Match');
    expect(match).toHaveTextContent('No provider has this referral yet.');
    expect(within(match).getByRole('button', { name: 'Find a provider' })).toBeEnabled();
    await user.click(within(match).getByRole('button', { name: 'Auto-Match' }));

    expect(await screen.findByText('Matched 2 providers to referral #4821093756.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/referrals/101/auto-match')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/referrals/101').length).toBeGreaterThanOrEqual(2);
    // Matched now: no Match, and the providers not yet sent it are one click away.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Match' })).toBeNull());
    const send = await region('Send');
    expect(send).toHaveTextContent('2 matched providers have not been sent the referral yet.');
    expect(within(send).getByRole('button', { name: 'Send to Providers' })).toBeInTheDocument();
  });

  it("shows the server's message when Auto-Match fails, and keeps Match", async () => {
    const user = userEvent.setup();
    renderDetails({
      routes: {
        'POST /api/referrals/101/auto-match': () =>
          errorResponse(422, 'No providers found within 50 miles of the member.', 'rule_broken'),
      },
    });
    const match = await region('Match');
    await user.click(within(match).getByRole('button', { name: 'Auto-Match' }));
    expect(await within(match).findByRole('alert')).toHaveTextContent(
      'No providers found within 50 miles of the member.',
    );
    expect(within(match).getByRole('button', { name: 'Auto-Match' })).toBeEnabled();
  });

  it('Find a provider opens the manual-matching screen for this referral', async () => {
    const user = userEvent.setup();
    renderDetails({
      routes: {
        'GET /api/matching/unpublished': () => jsonResponse(200, { referrals: [], recent_providers: [] }),
      },
    });
    await user.click(within(await region('Match')).getByRole('button', { name: 'Find a provider' }));
    expect(location()).toHaveTextContent(/^\/finder\?referral_id=101$/);
  });

  it('offers Match again after a rejection or an expiry, saying why', async () => {
    const { unmount } = renderDetails({
      referral: makeMatchedReferral({ status: 'rejected', acceptance_status: 'rejected' }),
      routes: { 'GET /api/referrals/101/status': () => errorResponse(500, 'down') },
    });
    expect(await region('Match')).toHaveTextContent('The provider declined this referral');
    unmount();
    renderDetails({ referral: makeMatchedReferral({ status: 'expired', acceptance_status: 'expired' }) });
    const match = await region('Match');
    expect(match).toHaveTextContent('The provider did not answer in time');
    expect(within(match).getByRole('button', { name: 'Auto-Match' })).toBeInTheDocument();
    expect(within(match).getByRole('button', { name: 'Find a provider' })).toBeInTheDocument();
  });

  it('gives Match to no one else: a viewer, the provider side, nor a matched or accepted referral', async () => {
    const heading = () => screen.findByRole('heading', { name: 'Referral #4821093756' });
    const viewer = renderDetails({ orgRole: 'viewer' });
    await heading();
    expect(screen.queryByRole('region', { name: 'Match' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Auto-Match' })).toBeNull();
    viewer.unmount();
    const provider = renderDetails({
      referral: makeMatchedReferral({
        viewer_role: 'provider',
        status: 'rejected',
        acceptance_status: 'rejected',
      }),
      routes: { 'GET /api/referrals/101/status': () => errorResponse(500, 'down') },
    });
    await heading();
    expect(screen.queryByRole('region', { name: 'Match' })).toBeNull();
    provider.unmount();
    const matched = renderDetails({ referral: makeMatchedReferral() });
    await region('Provider Response Required');
    expect(screen.queryByRole('region', { name: 'Match' })).toBeNull();
    matched.unmount();
    renderDetails({
      referral: makeMatchedReferral({ status: 'accepted', acceptance_status: 'accepted' }),
      routes: {
        'GET /api/referrals/101/matched-providers': () =>
          jsonResponse(200, { matched_providers: [matchEntry({ status: 'accepted' })] }),
      },
    });
    await region('Provider Response');
    expect(screen.queryByRole('region', { name: 'Match' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Send' })).toBeNull();
  });

  it('Send opens the send dialog for the open entries only, never a declined, expired or not selected one', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetails({
      referral: autoMatched(),
      routes: {
        'GET /api/referrals/101/matched-providers': () => jsonResponse(200, { matched_providers: entries }),
        'GET /api/provider-communication-methods': (_init, url) => {
          const id = Number(new URL(url, 'http://x').searchParams.get('provider_id'));
          return jsonResponse(200, {
            methods: [
              makeMethod({
                id: id * 10,
                provider_id: id,
                method_type: 'phone',
                contact_value: `(555) 123-45${id}`,
                is_preferred: true,
              }),
            ],
          });
        },
        'POST /api/referrals/101/send-to-providers': () =>
          jsonResponse(200, {
            success: true,
            message: 'Referral sent to 2 providers via their preferred communication methods',
            sent: 2,
            results: [
              {
                provider_id: 61,
                status: 'queued',
                method_type: 'phone',
                contact_value: '(555) 123-4561',
                message_id: 1,
                error: null,
              },
              {
                provider_id: 62,
                status: 'queued',
                method_type: 'phone',
                contact_value: '(555) 123-4562',
                message_id: 2,
                error: null,
              },
            ],
          }),
      },
    });
    const send = await region('Send');
    expect(send).toHaveTextContent('1 matched provider has not been sent the referral yet.');
    expect(screen.queryByRole('region', { name: 'Match' })).toBeNull();
    await user.click(within(send).getByRole('button', { name: 'Send to Providers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Referral to 2 Providers' });
    expect(within(dialog).getByText('1. Harbor Food Bank')).toBeInTheDocument();
    expect(within(dialog).getByText('2. Lakeside Pantry')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Declined Co-op|Silent Shelter|Passed Over/)).toBeNull();
    await waitFor(() =>
      expect(within(dialog).getByTestId('providers-ready')).toHaveTextContent('2 of 2 providers ready'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 Providers' }));
    const results = await within(dialog).findByRole('list', { name: 'Send results' });
    expect(results).toHaveTextContent('Harbor Food Bank: SMS to (555) 123-4561');
    expect(results).toHaveTextContent('Lakeside Pantry: SMS to (555) 123-4562');
    const [call] = callsTo(fetchMock, 'POST', '/api/referrals/101/send-to-providers');
    expect(
      JSON.parse(String(call?.[1]?.body)).providers.map((p: { provider_id: number }) => p.provider_id),
    ).toEqual([61, 62]);
  });

  it('offers no Send once every open provider was sent it', async () => {
    const { fetchMock } = renderDetails({
      referral: autoMatched(),
      routes: {
        'GET /api/referrals/101/matched-providers': () =>
          jsonResponse(200, { matched_providers: entries.slice(1) }),
      },
    });
    await screen.findByRole('heading', { name: 'Referral #4821093756' });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/referrals/101/matched-providers')).toHaveLength(1),
    );
    // Let the entries arrive and render before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to Providers' })).toBeNull();
  });

  it("Open Case Workspace goes to the referral's workspace", async () => {
    const user = userEvent.setup();
    renderDetails({
      routes: {
        'GET /api/referrals/101/matched-providers': () => jsonResponse(200, { matched_providers: [] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open Case Workspace' }));
    expect(location()).toHaveTextContent(/^\/workspace\/101$/);
  });

  it('fits a phone: Match and its two choices at 390 px', async () => {
    renderDetails({ width: 390 });
    const match = await region('Match');
    expect(within(match).getByRole('button', { name: 'Auto-Match' })).toBeInTheDocument();
    expect(within(match).getByRole('button', { name: 'Find a provider' })).toBeInTheDocument();
  });
});
