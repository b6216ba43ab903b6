import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DirectoryProvider, MatchCandidate, UnpublishedReferrals } from '@trust/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDirectoryProvider } from '../../components/provider-picker/provider-fixture.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeCandidate, makeMatchingReferral } from '../../test/matching-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  notifications.clean();
  webFormOnly = false;
});

const referral = makeMatchingReferral();
const pantry = makeDirectoryProvider({ id: 501, organization_name: 'Bayview Food Pantry' });
const recent = makeDirectoryProvider({ id: 502, organization_name: 'Harbor Rides Collective', email: null });
const webForm = makeDirectoryProvider({
  id: 501,
  organization_name: 'Bayview Food Pantry',
  email: null,
  phone: null,
  web_form_url: 'https://bayview.example.org/refer',
});
let webFormOnly = false;

/** The provider's directory fallbacks as the server lists them (001 §3: phone -1, email -2, website -3). */
function methodsOf(p: DirectoryProvider) {
  const base = {
    provider_id: p.id,
    provider_name: p.organization_name,
    notes: null,
    verified: false,
    is_preferred: false,
    success_count: 0,
    failure_count: 0,
    success_rate: 0,
    discovery_method: 'fallback',
    discovered_at: null,
    accepts_referrals: true,
    created_at: null,
    updated_at: null,
  };
  const methods = [
    p.web_form_url
      ? { ...base, id: -3, method_type: 'web_form', contact_value: p.web_form_url, priority: 100 }
      : null,
    p.email ? { ...base, id: -2, method_type: 'email', contact_value: p.email, priority: 80 } : null,
    p.phone ? { ...base, id: -1, method_type: 'phone', contact_value: p.phone, priority: 60 } : null,
  ].filter(Boolean);
  return { methods };
}

function renderPage({
  list = { referrals: [referral], recent_providers: [recent] },
  routes = {},
  path = '/finder',
}: {
  list?: UnpublishedReferrals | RouteHandler;
  routes?: Record<string, RouteHandler>;
  path?: string;
} = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/matching/unpublished': typeof list === 'function' ? list : () => jsonResponse(200, list),
    'GET /api/providers/501': () => jsonResponse(200, pantry),
    'GET /api/provider-communication-methods': (_init, url) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('provider_id'));
      return jsonResponse(200, methodsOf(id === 502 ? recent : id === 501 && webFormOnly ? webForm : pantry));
    },
    ...routes,
  });
  return { ...renderApp({ path }), fetchMock };
}

const matchOk: RouteHandler = () =>
  jsonResponse(200, {
    referral: { ...referral, status: 'matched', status_label: 'Matched' },
    provider_id: 501,
    provider_name: 'Bayview Food Pantry',
    provider_organization: 'Bayview Food Pantry',
    communication_method: 'phone',
    send_status: 'queued',
    contact_value: '5105550100',
    message_id: 'm-1',
    web_form_submitted: false,
  });

describe('Unpublished Referrals - Manual Matching (001 §2.3)', { timeout: 30_000 }, () => {
  it('shows the title, the referrals and the empty state', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Unpublished Referrals - Manual Matching' }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    expect(card).toHaveTextContent('Imani Okonkwo Reyes');
    // The urgency as the coordinator chose it (issue #14), not the server value.
    expect(card).toHaveTextContent('Oakland, CA, 94601 · Within 24h');
    expect(within(card).getByRole('button', { name: 'Select Provider' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it("opens the chooser of the referral it came from (Referral Details' Find a provider, issue #14)", async () => {
    renderPage({
      path: '/finder?referral_id=41',
      routes: { 'POST /match_referral': () => jsonResponse(200, { referral_id: 41, matches: [] }) },
    });
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    expect(within(card).getByRole('button', { name: 'Open Full Provider Directory' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Quick Provider Search' })).toBeInTheDocument();
    expect(screen.queryByText(/The referral you came from is not listed here/)).toBeNull();
  });

  it('says so when the referral it came from is not one this screen matches', async () => {
    renderPage({ path: '/finder?referral_id=999' });
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    expect(within(card).queryByRole('button', { name: 'Open Full Provider Directory' })).toBeNull();
    expect(await screen.findByText(/The referral you came from is not listed here/)).toBeInTheDocument();
  });

  it('says when there is nothing to match', async () => {
    renderPage({ list: { referrals: [], recent_providers: [] } });
    expect(await screen.findByText('No New Unpublished Referrals')).toBeInTheDocument();
  });

  it('shows the error card when the list fails', async () => {
    renderPage({ list: () => errorResponse(500, 'Failed to fetch referrals') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch referrals');
    expect(alert).toHaveTextContent('Unable to connect to backend API. Please try again later.');
  });

  it('matches through a recently matched provider and shows the success alert', async () => {
    const { fetchMock } = renderPage({
      routes: {
        'POST /match_referral': () => jsonResponse(200, { referral_id: 41, matches: [] }),
        'PUT /api/referrals/41/match': matchOk,
      },
    });
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    await userEvent.click(within(card).getByRole('button', { name: 'Select Provider' }));
    expect(within(card).getByRole('button', { name: 'Open Full Provider Directory' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Quick Provider Search' })).toBeInTheDocument();
    expect(await within(card).findByText('No Matches Found')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Harbor Rides Collective' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Referral Submission' });
    expect(within(dialog).getByLabelText(/SMS \/ Phone/)).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Send' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/referrals/41/match')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', '/api/referrals/41/match')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      provider_id: 502,
      communication_method: 'phone',
      communication_method_id: null,
      contact_value: '5105550100',
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Referral sent via SMS / Phone! Status updated to Matched.');
    expect(status).toHaveTextContent('This match will now appear in Provider Performance.');
  });

  const webFormMatch: RouteHandler = async (init) => {
    const body = JSON.parse(String(init.body));
    const out = (await matchOk(init, '')).json() as Promise<Record<string, unknown>>;
    return jsonResponse(200, {
      ...(await out),
      communication_method: body.communication_method,
      send_status: 'not_sent',
    });
  };

  async function matchByWebForm() {
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    await userEvent.click(
      await within(card).findByRole('button', { name: 'Match with Bayview Food Pantry' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Referral Submission' });
    expect(within(dialog).getByLabelText(/Web Form/)).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Send' }));
    return screen.findByRole('status');
  }

  it('submits the web form after a web form match and says so (001 §7, §8)', async () => {
    webFormOnly = true;
    const { fetchMock } = renderPage({
      routes: {
        'GET /api/providers/501': () => jsonResponse(200, webForm),
        'PUT /api/referrals/41/match': webFormMatch,
        'POST /api/providers/501/submit-web-form': () =>
          jsonResponse(200, {
            success: true,
            form_submitted: true,
            submission_success: true,
            status: 'submitted',
          }),
      },
      path: '/finder?provider_id=501',
    });
    const status = await matchByWebForm();
    const [, init] = callsTo(fetchMock, 'POST', '/api/providers/501/submit-web-form')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ referral_id: 41 });
    expect(status).toHaveTextContent('Referral sent via Web Form! Status updated to Matched.');
    expect(status).toHaveTextContent('Web form has been automatically submitted.');
  });

  it('does not claim a send when the web form could not be submitted (non-critical)', async () => {
    webFormOnly = true;
    renderPage({
      routes: {
        'GET /api/providers/501': () => jsonResponse(200, webForm),
        'PUT /api/referrals/41/match': webFormMatch,
        'POST /api/providers/501/submit-web-form': () => errorResponse(422, 'The page did not answer'),
      },
      path: '/finder?provider_id=501',
    });
    const status = await matchByWebForm();
    expect(status).toHaveTextContent(
      'Status updated to Matched. The referral has not been sent to the provider yet.',
    );
    expect(status).not.toHaveTextContent('Referral sent via');
    expect(status).not.toHaveTextContent('Web form has been automatically submitted.');
  });

  it('shows the server message when the referral is no longer Pending', async () => {
    renderPage({
      routes: {
        'PUT /api/referrals/41/match': () =>
          errorResponse(422, 'This referral is no longer Pending, so it cannot be matched.', 'rule_broken'),
      },
      path: '/finder?provider_id=501',
    });
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    expect(await screen.findByText('Provider Selected from My Providers')).toBeInTheDocument();
    await userEvent.click(
      await within(card).findByRole('button', { name: 'Match with Bayview Food Pantry' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Referral Submission' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/no longer Pending/);
  });

  it('ranks matches with score and reasons, and records feedback', async () => {
    let matches: MatchCandidate[] = [makeCandidate()];
    const { fetchMock } = renderPage({
      routes: {
        'POST /match_referral': () => jsonResponse(200, { referral_id: 41, matches }),
        'POST /feedback': () => {
          matches = [
            makeCandidate({
              feedback: { status: 'rejected', notes: 'No answer', created_at: '2026-11-24T10:00:00Z' },
            }),
          ];
          return jsonResponse(200, { success: true, message: 'Feedback recorded.' });
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Referral #4821093756' });
    await userEvent.click(within(card).getByRole('button', { name: 'Select Provider' }));
    const match = await screen.findByRole('article', { name: 'Match 1: Bayview Food Pantry' });
    expect(within(match).getByTestId('match-score')).toHaveTextContent('84% match');
    expect(match).toHaveTextContent('Distance (30%): 1.2 miles from the member');
    expect(match).toHaveTextContent('Member-confirmed (7.5%): 3 of 3 members confirmed they were helped');
    expect(within(match).getByRole('button', { name: 'Create Referral' })).toBeInTheDocument();

    await userEvent.type(within(match).getByLabelText('Feedback notes for Bayview Food Pantry'), 'No answer');
    await userEvent.click(within(match).getByRole('button', { name: 'Rejected' }));
    expect(await within(match).findByText('Feedback: Rejected')).toBeInTheDocument();
    expect(within(match).queryByRole('button', { name: 'Accepted' })).toBeNull();
    const [, init] = callsTo(fetchMock, 'POST', '/feedback')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      referral_id: 41,
      cbo_id: 501,
      status: 'rejected',
      notes: 'No answer',
    });
  });
});
