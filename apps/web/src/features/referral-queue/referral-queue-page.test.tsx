import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole, ReferralList } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeMatchedReferral, makeReferral, makeReferralList } from '../../test/referral-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

afterEach(() => notifications.clean());

// Two referrals of one member (five in the organization), one of another member, one received from another
// organization (this one acts for its matched provider).
const imaniPending = makeReferral();
const imaniMatched = makeMatchedReferral({
  id: 102,
  referral_number: '4821093757',
  urgency: 'Immediate',
  urgency_level: 'Emergency',
  sdoh_needs: ['Transportation'],
  housing_subcategories: [],
  transportation_subcategories: ['Bus passes / transit vouchers'],
});
const theo = makeReferral({
  id: 103,
  referral_number: '5930174826',
  member_id: 32,
  first_name: 'Theo',
  last_name: 'Nakamura',
  medicaid_id: 'CA112233445',
  status: 'completed',
  // Issue #14: the spec's server value is Urgent, the card shows the level chosen.
  urgency: 'Within 1 Week',
  urgency_level: 'Urgent',
});
const received = makeMatchedReferral({
  id: 104,
  referral_number: '6102938475',
  organization_id: 9,
  member_id: 77,
  first_name: 'Rosa',
  last_name: 'Lindqvist',
  medicaid_id: 'NV554433221',
  viewer_role: 'provider',
});

function standardList(overrides: Partial<ReferralList> = {}) {
  return makeReferralList([imaniPending, imaniMatched, theo, received], {
    member_referral_counts: { '31': 5, '32': 1 },
    ...overrides,
  });
}

function renderQueue({
  list = standardList(),
  routes = {},
  path = '/queue',
  width = 1280,
  orgRole = 'staff',
}: {
  list?: ReferralList | RouteHandler;
  routes?: Record<string, RouteHandler>;
  path?: string;
  width?: number;
  orgRole?: OrgRole;
} = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: orgRole })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/referrals': typeof list === 'function' ? list : () => jsonResponse(200, list),
    ...routes,
  });
  const view = renderApp({ path, width });
  return { ...view, fetchMock };
}

const article = (number: string) => screen.findByRole('article', { name: `Referral #${number}` });
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'GET', '/api/referrals').map(
    ([input]) => new URL(String(input), 'http://x').searchParams,
  );
const location = () => screen.getByTestId('location');

describe('Referral Queue (000 §2.3)', { timeout: 30_000 }, () => {
  it('shows the header, the counters and the referrals grouped by member with their total counts', async () => {
    const counts = { ...standardList().counts, all: 42, pending: 17, assigned: 21 };
    const { fetchMock } = renderQueue({ list: standardList({ counts, total: 42 }) });
    expect(await screen.findByRole('heading', { name: 'Referral Queue' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Published: 42' })).toHaveTextContent('Total');
    expect(screen.getByRole('group', { name: 'Pending: 17' })).toHaveTextContent('Awaiting assignment');
    expect(screen.getByRole('group', { name: 'Assigned: 21' })).toHaveTextContent('Matched & completed');

    const imani = screen.getByRole('region', { name: 'Imani Okonkwo Reyes' });
    expect(imani).toHaveTextContent('ID: CA918273645');
    expect(within(imani).getByTestId('member-referral-count')).toHaveTextContent('5 referrals');
    expect(within(imani).getAllByRole('article')).toHaveLength(2);
    const theoGroup = screen.getByRole('region', { name: 'Theo Nakamura' });
    expect(within(theoGroup).getByTestId('member-referral-count')).toHaveTextContent('1 referral');
    const rosa = screen.getByRole('region', { name: 'Rosa Lindqvist' });
    expect(within(rosa).getByTestId('member-referral-count')).toHaveTextContent('1 referral');

    const pending = await article('4821093756');
    expect(within(pending).getByText('Pending', { ignore: 'option' })).toBeInTheDocument();
    expect(within(pending).getByText('Within 24h')).toBeInTheDocument();
    expect(pending).toHaveTextContent('Housing Assistance, Food Assistance, Housing navigation');
    expect(pending).toHaveTextContent(/Created \d+d ago/);
    const matched = await article('4821093757');
    expect(within(matched).getByText('Matched', { ignore: 'option' })).toBeInTheDocument();
    expect(within(matched).getByText('Immediate')).toBeInTheDocument();
    expect(matched).toHaveTextContent('Matched provider: Bayview Family Resource Center');
    expect(matched).toHaveTextContent('Transportation, Bus passes / transit vouchers');
    const week = await article('5930174826');
    expect(within(week).getByText('Within 1 Week')).toBeInTheDocument();
    expect(within(week).queryByText('Within 24h')).not.toBeInTheDocument();

    // Delete only on the Pending referral; Edit and status on both of the organization's own.
    expect(within(pending).getByRole('button', { name: 'Delete referral #4821093756' })).toBeInTheDocument();
    expect(within(matched).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(matched).getByRole('button', { name: 'Edit referral #4821093757' })).toBeInTheDocument();
    expect(
      within(matched).getByRole('combobox', { name: 'Change the status of referral 4821093757' }),
    ).toBeInTheDocument();
    // A received referral is only viewed here.
    const receivedCard = await article('6102938475');
    expect(within(receivedCard).getByText('Received')).toBeInTheDocument();
    expect(
      within(receivedCard).getByRole('button', { name: 'View referral #6102938475' }),
    ).toBeInTheDocument();
    expect(within(receivedCard).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    // Matched to its provider: its next step is the provider's answer, not a status change.
    expect(
      within(receivedCard).queryByRole('combobox', { name: /Change the status/ }),
    ).not.toBeInTheDocument();
    // …so the organization receives referrals, and the scope control shows.
    expect(screen.getByRole('radio', { name: 'Created by us' })).toBeInTheDocument();

    const [first] = listCalls(fetchMock);
    expect(first!.get('page')).toBe('1');
    expect(first!.get('page_size')).toBe('25');

    await userEvent.click(within(pending).getByRole('button', { name: 'View referral #4821093756' }));
    await waitFor(() => expect(location()).toHaveTextContent('/queue/101'));
  });

  it('Edit opens the edit view', async () => {
    renderQueue();
    await userEvent.click(
      within(await article('4821093757')).getByRole('button', { name: 'Edit referral #4821093757' }),
    );
    await waitFor(() => expect(location()).toHaveTextContent('/queue/102/edit'));
  });

  it('header buttons lead to the live feed and the referral form', async () => {
    renderQueue({
      routes: { 'GET /api/live-feed': () => errorResponse(500, 'not under test') },
    });
    await article('4821093756');
    await userEvent.click(screen.getByRole('button', { name: 'Create Referral' }));
    await waitFor(() => expect(location()).toHaveTextContent('/create-referral'));
  });

  it('Live Feed opens the feed', async () => {
    renderQueue({ routes: { 'GET /api/live-feed': () => errorResponse(500, 'not under test') } });
    await article('4821093756');
    await userEvent.click(screen.getByRole('button', { name: 'Live Feed' }));
    await waitFor(() => expect(location()).toHaveTextContent('/livefeed'));
  });

  it('Back with no earlier page goes to the dashboard', async () => {
    renderQueue({ routes: { 'GET /api/dashboard': () => errorResponse(500, 'not under test') } });
    await article('4821093756');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toHaveTextContent('/dashboard'));
  });

  it('sends the filters to the server, keeps them in the URL, and the search term only in the page', async () => {
    const { fetchMock } = renderQueue({ path: '/queue?urgency=Immediate' });
    await article('4821093756');
    expect(listCalls(fetchMock)[0]!.get('urgency')).toBe('Immediate');
    expect(screen.getByLabelText('Urgency')).toHaveValue('Immediate');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'in_progress');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('status')).toBe('in_progress'));
    expect(location()).toHaveTextContent('status=in_progress');
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'manual');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('method')).toBe('manual'));
    await userEvent.click(screen.getByRole('radio', { name: 'Received' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('scope')).toBe('received'));
    expect(location()).toHaveTextContent('scope=received');

    await userEvent.type(screen.getByLabelText('Search'), 'Okonkwo');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('search')).toBe('Okonkwo'));
    const last = listCalls(fetchMock).at(-1)!;
    expect(last.get('urgency')).toBe('Immediate');
    expect(last.get('status')).toBe('in_progress');
    // Debounced: one call for the whole word, not one per letter.
    expect(listCalls(fetchMock).filter((p) => p.get('search')).length).toBe(1);
    expect(location().textContent).not.toContain('Okonkwo');
  });

  it('opened from Service Gaps: sends its filters, names them in a bar, and Clear filters removes them', async () => {
    const { fetchMock } = renderQueue({
      path: '/queue?need=Housing%20Assistance&county_fips=06037&gap=declined&from=2026-01-01&to=2026-03-31&scope=network&urgency=Immediate',
    });
    await article('4821093756');
    const first = listCalls(fetchMock)[0]!;
    expect(first.get('need')).toBe('Housing Assistance');
    expect(first.get('county_fips')).toBe('06037');
    expect(first.get('gap')).toBe('declined');
    expect(first.get('from')).toBe('2026-01-01');
    expect(first.get('to')).toBe('2026-03-31');
    // scope=network is a Service Gaps scope, not the queue's: the queue shows the organization's referrals.
    expect(first.get('scope')).toBe('all');

    const bar = screen.getByRole('region', { name: 'Filtered from Service Gaps' });
    expect(bar).toHaveTextContent('Need: Housing Assistance');
    expect(bar).toHaveTextContent('County FIPS: 06037');
    expect(bar).toHaveTextContent('Gap: Declined by every provider');
    expect(bar).toHaveTextContent('Created: 2026-01-01 to 2026-03-31');

    await userEvent.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Filtered from Service Gaps' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('gap')).toBeNull());
    const last = listCalls(fetchMock).at(-1)!;
    for (const key of ['need', 'county_fips', 'from', 'to']) expect(last.get(key), key).toBeNull();
    // The queue's own filters stay.
    expect(last.get('urgency')).toBe('Immediate');
    expect(location()).toHaveTextContent('urgency=Immediate');
    expect(location().textContent).not.toMatch(/need=|county_fips=|gap=|scope=network/);
  });

  it('Any unmet, one end of the period; invalid Service Gaps values are left out', async () => {
    const { fetchMock } = renderQueue({ path: '/queue?gap=unmet&from=2026-02-01&county_fips=123' });
    await article('4821093756');
    const bar = screen.getByRole('region', { name: 'Filtered from Service Gaps' });
    expect(bar).toHaveTextContent('Gap: Any unmet');
    expect(bar).toHaveTextContent('Created: from 2026-02-01');
    expect(bar).not.toHaveTextContent('County');
    const first = listCalls(fetchMock)[0]!;
    expect(first.get('gap')).toBe('unmet');
    expect(first.get('county_fips')).toBeNull();
  });

  it('shows no Service Gaps bar without its filters', async () => {
    renderQueue();
    await article('4821093756');
    expect(screen.queryByText('Filtered from Service Gaps')).not.toBeInTheDocument();
  });

  it('pages on the server, 25 at a time', async () => {
    const { fetchMock } = renderQueue({ list: standardList({ total: 60, page_size: 25 }) });
    await article('4821093756');
    expect(screen.getByText('Showing 1–4 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('page')).toBe('3'));
  });

  it('deletes a Pending referral after the confirmation naming the member', async () => {
    const { fetchMock } = renderQueue({
      routes: {
        'DELETE /api/referrals/101': () => jsonResponse(200, { message: 'Referral deleted', id: 101 }),
      },
    });
    await userEvent.click(
      within(await article('4821093756')).getByRole('button', { name: 'Delete referral #4821093756' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this pending referral for Imani Okonkwo Reyes?',
    );
    const before = listCalls(fetchMock).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/referrals/101')).toHaveLength(1));
    expect(
      await screen.findByText('Referral #4821093756 for Imani Okonkwo Reyes was deleted.'),
    ).toBeVisible();
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
  });

  it('Cancel keeps the referral', async () => {
    const { fetchMock } = renderQueue();
    await userEvent.click(
      within(await article('4821093756')).getByRole('button', { name: 'Delete referral #4821093756' }),
    );
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/referrals/101')).toHaveLength(0);
  });

  it('says why a delete was refused, and what to do when the server could not be reached', async () => {
    let reachable = true;
    renderQueue({
      routes: {
        'DELETE /api/referrals/101': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return errorResponse(409, 'Only pending referrals can be deleted.', 'conflict');
        },
      },
    });
    const remove = async () => {
      await userEvent.click(
        within(await article('4821093756')).getByRole('button', { name: 'Delete referral #4821093756' }),
      );
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
      );
    };
    await remove();
    expect(
      await screen.findByText('Cannot delete referral: Only pending referrals can be deleted.'),
    ).toBeInTheDocument();
    reachable = false;
    await remove();
    expect(await screen.findByText('Error deleting referral. Please try again.')).toBeInTheDocument();
  });

  /** Change status on a card, then one of its steps: the confirmation dialog it opens. */
  async function chooseStep(number: string, step: string) {
    const card = await article(number);
    const select = within(card).getByRole('combobox', { name: `Change the status of referral ${number}` });
    await userEvent.selectOptions(select, step);
    return screen.findByRole('dialog');
  }

  it('changes a status from the card only after a confirmation, with what the step needs', async () => {
    let sent: unknown = null;
    const { fetchMock } = renderQueue({
      routes: {
        'PUT /api/referrals/101': (init) => {
          sent = JSON.parse(String(init.body));
          return jsonResponse(
            200,
            makeReferral({ status: 'cancelled', cancellation_reason: 'Entered twice' }),
          );
        },
      },
    });
    // A Pending referral: its referrer may only cancel it (matching has its own screens).
    const card = await article('4821093756');
    const select = within(card).getByRole('combobox', { name: 'Change the status of referral 4821093756' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Change status…', 'Cancel Referral']);
    await userEvent.selectOptions(select, 'Cancel Referral');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Pending → Cancelled.');
    expect(callsTo(fetchMock, 'PUT', '/api/referrals/101')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Entered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Referral' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/referrals/101')).toHaveLength(1));
    expect(sent).toMatchObject({
      status: 'cancelled',
      reason: 'Entered twice',
      updated_at: expect.any(String),
    });
    expect(await screen.findByText('Status updated to "Cancelled"!')).toBeInTheDocument();
  });

  it('tells a failed status change apart from an unreachable server', async () => {
    let reachable = true;
    renderQueue({
      routes: {
        'PUT /api/referrals/101': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return errorResponse(500, 'Something went wrong', 'internal');
        },
      },
    });
    const dialog = await chooseStep('4821093756', 'Cancel Referral');
    await userEvent.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Entered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Referral' }));
    expect(await within(dialog).findByText('Failed to update status. Please try again.')).toBeInTheDocument();
    reachable = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Referral' }));
    expect(await within(dialog).findByText('Error updating status. Please try again.')).toBeInTheDocument();
  });

  it('a viewer sees the referrals without the controls that change them', async () => {
    renderQueue({ orgRole: 'viewer' });
    const card = await article('4821093756');
    expect(within(card).getByRole('button', { name: 'View referral #4821093756' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('combobox', { name: /Change the status/ })).not.toBeInTheDocument();
  });

  it('an empty queue invites the first referral', async () => {
    renderQueue({ list: makeReferralList([]) });
    expect(await screen.findByRole('heading', { name: 'No referrals found' })).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first referral.')).toBeInTheDocument();
    // The organization does not receive referrals: no scope control.
    expect(screen.queryByRole('radio', { name: 'Received' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create First Referral' }));
    await waitFor(() => expect(location()).toHaveTextContent('/create-referral'));
  });

  it('an empty result under filters or a search asks to adjust them', async () => {
    renderQueue({ list: makeReferralList([]), path: '/queue?status=completed' });
    expect(await screen.findByRole('heading', { name: 'No referrals found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Referral' })).not.toBeInTheDocument();
  });

  it('shows the connection error with Retry when the server cannot be reached', async () => {
    let reachable = false;
    renderQueue({
      list: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, standardList());
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connection Error');
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    reachable = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await article('4821093756')).toBeInTheDocument();
  });

  it("a refusal shows the server's reason instead of a connection error", async () => {
    renderQueue({
      list: () => errorResponse(403, 'You are not a member of this organization.', 'forbidden'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load referrals');
    expect(alert).toHaveTextContent('You are not a member of this organization.');
    expect(alert).not.toHaveTextContent('Unable to connect');
  });

  it('refreshes when a referral of the organization changes', async () => {
    let call = 0;
    const { fetchMock } = renderQueue({
      list: () => {
        call++;
        return jsonResponse(200, call === 1 ? standardList() : makeReferralList([theo]));
      },
    });
    await article('4821093756');
    emitEvent('referral.changed', {
      id: 101,
      referral_number: '4821093756',
      status: 'pending',
      change: 'deleted',
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Referral #4821093756' })).not.toBeInTheDocument(),
    );
    expect(listCalls(fetchMock).length).toBe(2);
  });

  it('fits a phone', async () => {
    renderQueue({ width: 375 });
    expect(await article('4821093756')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Live Feed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
