import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoMatchOverview, MatchedProviderEntry, MatchingReferral } from '@trust/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDirectoryProvider } from '../../components/provider-picker/provider-fixture.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeMatchedProviderEntry, makeMatchingReferral } from '../../test/matching-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => notifications.clean());

/** A matched provider of these tests: Bayview Food Pantry, 1.2 miles, four services, not sent yet. */
function entry(overrides: Partial<MatchedProviderEntry> = {}): MatchedProviderEntry {
  return makeMatchedProviderEntry({
    provider_id: 501,
    provider_name: 'Bayview Food Pantry',
    organization_name: 'Bayview Food Pantry',
    distance_miles: 1.2,
    services: ['Food Assistance', 'Emergency Assistance', 'Case Management', 'Childcare'],
    ...overrides,
  });
}

const pending = makeMatchingReferral({ id: 41, referral_number: '4821093756', use_matching_engine: true });
const autoMatched = makeMatchingReferral({
  id: 42,
  referral_number: '4821093757',
  member_name: 'Theo Nakamura',
  status: 'matched',
  status_label: 'Auto-Matched',
  match_method: 'auto',
  auto_matched_at: '2026-11-24T09:00:00.000Z',
  matched_providers: [
    entry(),
    entry({ provider_id: 502, organization_name: 'Harbor Rides Collective', rank: 2, status: 'accepted' }),
  ],
});

function overview(referrals: MatchingReferral[]): AutoMatchOverview {
  return {
    referrals,
    algorithm: {
      status: 'Active',
      last_run: '2026-11-24T09:00:00.000Z',
      auto_matched_count: 1,
      pending_count: 1,
    },
  };
}

function renderPage(list: AutoMatchOverview | RouteHandler, routes: Record<string, RouteHandler> = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/matching/auto-match': typeof list === 'function' ? list : () => jsonResponse(200, list),
    ...routes,
  });
  return { ...renderApp({ path: '/matching' }), fetchMock };
}

describe('Auto-Match Referrals (001 §2.9)', { timeout: 30_000 }, () => {
  it('shows the Algorithm Status panel and the referrals', async () => {
    renderPage(overview([pending, autoMatched]));
    const panel = await screen.findByLabelText('Algorithm Status');
    expect(within(panel).getByRole('group', { name: 'Status: Active' })).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Auto-Matched: 1' })).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Pending: 1' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    const p = screen.getByRole('article', { name: 'Referral #4821093756' });
    expect(within(p).getByRole('button', { name: 'Auto-Match' })).toBeInTheDocument();
    const a = screen.getByRole('article', { name: 'Referral #4821093757' });
    expect(within(a).queryByRole('button', { name: 'Auto-Match' })).toBeNull();
    expect(within(a).getByText('Auto-Matched')).toBeInTheDocument();
  });

  it('auto-matches a Pending referral, and shows the server message when it cannot', async () => {
    let calls = 0;
    const { fetchMock } = renderPage(overview([pending]), {
      'POST /api/referrals/41/auto-match': () =>
        ++calls === 1
          ? errorResponse(
              422,
              'Referral missing geocoded location. Please ensure the referral has a valid address.',
              'rule_broken',
            )
          : jsonResponse(200, { matched_providers: [entry()], referral: autoMatched }),
    });
    const p = await screen.findByRole('article', { name: 'Referral #4821093756' });
    await userEvent.click(within(p).getByRole('button', { name: 'Auto-Match' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Referral missing geocoded location. Please ensure the referral has a valid address.',
    );
    await userEvent.click(within(p).getByRole('button', { name: 'Auto-Match' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Matched 1 providers');
    expect(callsTo(fetchMock, 'POST', '/api/referrals/41/auto-match')).toHaveLength(2);
  });

  it('lists matched providers with Change and Remove only while pending or sent', async () => {
    renderPage(overview([autoMatched]));
    const a = await screen.findByRole('article', { name: 'Referral #4821093757' });
    await userEvent.click(within(a).getByRole('button', { name: /Show matched providers \(2\)/ }));
    const first = within(a).getByRole('listitem', { name: '1. Bayview Food Pantry' });
    expect(first).toHaveTextContent('1.2 miles');
    expect(first).toHaveTextContent('Food Assistance, Emergency Assistance, Case Management +1 more');
    expect(within(first).getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    const accepted = within(a).getByRole('listitem', { name: '2. Harbor Rides Collective' });
    expect(within(accepted).queryByRole('button', { name: 'Change' })).toBeNull();
    expect(within(accepted).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('offers Send to Providers while a matched provider is pending, opening the send dialog', async () => {
    const done = {
      ...autoMatched,
      id: 43,
      referral_number: '4821093758',
      matched_providers: [entry({ status: 'sent' })],
    };
    renderPage(overview([autoMatched, done]), {
      'GET /api/provider-communication-methods': () => jsonResponse(200, { methods: [] }),
    });
    const a = await screen.findByRole('article', { name: 'Referral #4821093757' });
    const sentOnly = screen.getByRole('article', { name: 'Referral #4821093758' });
    expect(within(sentOnly).queryByRole('button', { name: 'Send to Providers' })).toBeNull();
    await userEvent.click(within(a).getByRole('button', { name: 'Send to Providers' }));
    // The accepted provider is not sent again: one of the two is listed.
    expect(await screen.findByRole('dialog', { name: 'Send Referral to 1 Providers' })).toBeInTheDocument();
  });

  it('changes a provider through the picker, with the current ones marked Already Selected', async () => {
    const other = makeDirectoryProvider({
      id: 503,
      organization_name: 'Eastside Food Bank',
      distance_miles: 4.5,
    });
    const taken = makeDirectoryProvider({
      id: 501,
      organization_name: 'Bayview Food Pantry',
      distance_miles: 1.2,
    });
    const { fetchMock } = renderPage(overview([autoMatched]), {
      'GET /api/providers/search': () => jsonResponse(200, { providers: [taken, other], count: 2 }),
      'PUT /api/referrals/42/matched-providers/501': () =>
        jsonResponse(200, { referral: autoMatched, message: 'Provider updated.' }),
    });
    const a = await screen.findByRole('article', { name: 'Referral #4821093757' });
    await userEvent.click(within(a).getByRole('button', { name: /Show matched providers/ }));
    await userEvent.click(
      within(within(a).getByRole('listitem', { name: '1. Bayview Food Pantry' })).getByRole('button', {
        name: 'Change',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Provider' });
    expect(await within(dialog).findByRole('option', { name: 'Bayview Food Pantry' })).toHaveTextContent(
      'Already Selected',
    );
    await userEvent.click(within(dialog).getByRole('option', { name: 'Eastside Food Bank' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select Provider' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Provider updated.');
    const [, init] = callsTo(fetchMock, 'PUT', '/api/referrals/42/matched-providers/501')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ provider_id: 503 });
  });

  it('removing the last provider asks specially and shows the revert message', async () => {
    const single = { ...autoMatched, matched_providers: [entry()] };
    renderPage(overview([single]), {
      'DELETE /api/referrals/42/matched-providers/501': () =>
        jsonResponse(200, {
          referral: { ...pending, id: 42 },
          message: 'Auto-match canceled. Referral reverted to Pending status.',
        }),
    });
    const a = await screen.findByRole('article', { name: 'Referral #4821093757' });
    await userEvent.click(within(a).getByRole('button', { name: /Show matched providers/ }));
    await userEvent.click(within(a).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Provider' });
    expect(dialog).toHaveTextContent(/last matched provider.*reverts the referral to Pending/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Auto-match canceled. Referral reverted to Pending status.',
    );
  });

  it('shows the empty state, and the error with Retry', async () => {
    let fail = true;
    renderPage(() =>
      fail ? errorResponse(500, 'Failed to fetch referrals') : jsonResponse(200, overview([])),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch referrals');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('No referrals pending or auto-matched')).toBeInTheDocument());
  });
});
