import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedList } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { emitEvent, setEventsStatus } from '../../test/event-bus-mock.ts';
import {
  callsTo,
  deferred,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeMatchedReferral } from '../../test/referral-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { claimCard, makeAwaitingCard, makeFeedCard, makeFeedList, maskedCard } from './feed-fixtures.ts';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

/** Signed in as staff of organization 3 (a directory provider: 55), on the feed. */
function renderSignedIn(
  feed: FeedList | RouteHandler,
  routes: Record<string, RouteHandler> = {},
  width = 1280,
) {
  storeSession();
  localStorage.setItem('active_cbo_id', '3');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 3, org_role: 'staff' })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/live-feed': typeof feed === 'function' ? feed : () => jsonResponse(200, feed),
    ...routes,
  });
  const view = renderApp({ path: '/livefeed', width });
  return { ...view, fetchMock };
}

const card = (name: string) => screen.getByRole('article', { name });
const findCard = (name: string) => screen.findByRole('article', { name });

describe('Live Referral Feed, signed out (000 §2.6)', () => {
  it('shows the masked cards the server sent and a Login / Sign Up prompt instead of Accept and Pass', async () => {
    const list = makeFeedList(
      [maskedCard()],
      {},
      { signed_in: false, provider_id: null, organization_id: null },
    );
    mockFetch({ 'GET /api/live-feed': () => jsonResponse(200, list) });
    renderApp({ path: '/livefeed', width: 375 });
    expect(screen.getByRole('heading', { name: 'Live Referral Feed' })).toBeInTheDocument();
    const article = await findCard('T. B.');
    expect(within(article).getByText('****7889')).toBeInTheDocument();
    expect(within(article).getByText('(***) ***-****')).toBeInTheDocument();
    expect(within(article).getByText('D*** I*** V***')).toBeInTheDocument();
    expect(within(article).getByText('900** · Los Angeles, CA')).toBeInTheDocument();
    expect(within(article).getByText('Immediate')).toBeInTheDocument();
    expect(within(article).getByText('Housing navigation')).toBeInTheDocument();
    expect(within(article).getByText('5 min ago')).toBeInTheDocument();
    expect(within(article).queryByText('Diagnosis')).not.toBeInTheDocument();
    expect(within(article).queryByText('Age')).not.toBeInTheDocument();
    expect(within(article).queryByText('Availability')).not.toBeInTheDocument();
    expect(screen.queryByText(/Teodora|Brannigan|CA556677889|Congestive/)).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: /^Pass/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('pending-count')).toHaveTextContent('1 pending');
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');

    await userEvent.click(within(article).getByRole('button', { name: /Login \/ Sign Up/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Sign in to your account');
  });

  it('ticks the clock every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T10:00:00Z') });
    mockFetch({
      'GET /api/live-feed': () =>
        jsonResponse(
          200,
          makeFeedList([], {}, { signed_in: false, provider_id: null, organization_id: null }),
        ),
    });
    renderApp({ path: '/livefeed' });
    const clock = screen.getByTestId('live-clock');
    const first = clock.getAttribute('datetime');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(clock.getAttribute('datetime')).not.toBe(first);
  });
});

describe('Live Referral Feed, signed in', () => {
  it("shows its organization's referrals in full: every detail as a labelled term", async () => {
    renderSignedIn(makeFeedList([makeFeedCard()]));
    const article = await findCard('Teodora Brannigan');
    expect(article).toHaveAttribute('data-detail', 'full');
    const value = (label: string) =>
      within(article).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Medicaid ID')).toBe('CA556677889');
    expect(value('Phone')).toBe('(213) 555-0162');
    expect(value('Location')).toBe('90033 · Los Angeles, CA');
    expect(value('Language')).toBe('Spanish');
    expect(value('Availability')).toBe('Weekdays 9am-5pm');
    expect(value('Age')).toBe('45–64');
    expect(value('Referred by')).toBe('Golden Valley Health Plan');
    expect(value('Referring provider')).toBe('Dr. Ines Valcourt');
    expect(value('Diagnosis')).toBe('Congestive heart failure');
    expect(within(article).queryByText(/Initials only/)).not.toBeInTheDocument();
  });

  it("shows another organization's referral as a claim card: what a claim is decided on, no empty rows", async () => {
    renderSignedIn(makeFeedList([claimCard()]), {}, 390);
    const article = await findCard('T. B.');
    expect(article).toHaveAttribute('data-detail', 'claim');
    expect(article).toHaveAccessibleDescription(
      'Initials only: full details go to the organization that accepts it',
    );
    const value = (label: string) =>
      within(article).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Location')).toBe('90033 · Los Angeles, CA');
    expect(value('Language')).toBe('Spanish');
    expect(value('Availability')).toBe('Weekdays 9am-5pm');
    expect(value('Age')).toBe('45–64');
    expect(value('Referred by')).toBe('Golden Valley Health Plan');
    expect(within(article).getByText('Immediate')).toBeInTheDocument();
    const needs = within(article).getByRole('list', { name: 'Needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((n) => n.textContent),
    ).toEqual(['Housing Assistance', 'Housing navigation']);
    // The withheld fields are not rows with a dash: they are not there at all.
    for (const label of ['Medicaid ID', 'Phone', 'Referring provider', 'Diagnosis']) {
      expect(within(article).queryByText(label)).not.toBeInTheDocument();
    }
    expect(within(article).queryByText('—')).not.toBeInTheDocument();
    expect(
      screen.queryByText(/Teodora|Brannigan|CA556677889|555-0162|Congestive|Valcourt/),
    ).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Accept referral #5930174826' })).toBeEnabled();
  });

  it('a claim card without a known age or availability leaves those rows out', async () => {
    renderSignedIn(makeFeedList([claimCard({ age_band: null, availability: null })]));
    const article = await findCard('T. B.');
    expect(within(article).queryByText('Age')).not.toBeInTheDocument();
    expect(within(article).queryByText('Availability')).not.toBeInTheDocument();
  });

  it('Accept on a claim card asks for confirmation, claims, and the "Referral Accepted" dialog names the member in full and opens the workspace', async () => {
    const claimed = makeMatchedReferral({
      id: 201,
      referral_number: '5930174826',
      first_name: 'Teodora',
      last_name: 'Brannigan',
    });
    const { fetchMock } = renderSignedIn(makeFeedList([claimCard()]), {
      'POST /api/referrals/201/claim': () => jsonResponse(200, claimed),
    });
    const article = await findCard('T. B.');
    await userEvent.click(within(article).getByRole('button', { name: 'Accept referral #5930174826' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept this referral?' });
    expect(confirm).toHaveTextContent('Referral #5930174826 for T. B. will be matched to your organization.');
    expect(callsTo(fetchMock, 'POST', '/api/referrals/201/claim')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept Referral' }));

    // The claim's answer is the full record: the member is named in full now.
    const done = await screen.findByRole('dialog', { name: 'Referral Accepted' });
    expect(done).toHaveTextContent(
      'Referral #5930174826 for Teodora Brannigan is now matched to Bayview Family Resource Center.',
    );
    expect(callsTo(fetchMock, 'POST', '/api/referrals/201/claim')).toHaveLength(1);
    await userEvent.click(within(done).getByRole('button', { name: 'Open Case Workspace' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workspace/201'));
  });

  it('a live claim card is shown to a signed-in reader, a masked one is not', async () => {
    renderSignedIn(makeFeedList([makeFeedCard()]));
    await findCard('Teodora Brannigan');
    emitEvent('feed.upsert', maskedCard({ id: 260, member_name: 'Masked Person' }));
    emitEvent(
      'feed.upsert',
      claimCard({ id: 261, member_name: 'Claim Person', referral_number: '3334445556' }),
    );
    expect(await findCard('C. P.')).toHaveAttribute('data-detail', 'claim');
    expect(screen.queryByRole('article', { name: 'M. P.' })).not.toBeInTheDocument();
  });

  it('a referral taken by another organization: the server text shows and the card goes', async () => {
    renderSignedIn(makeFeedList([makeFeedCard(), makeFeedCard({ id: 202, member_name: 'Other Person' })]), {
      'POST /api/referrals/201/claim': () =>
        errorResponse(409, 'This referral was already taken by another organization.', 'conflict'),
    });
    const article = await findCard('Teodora Brannigan');
    await userEvent.click(within(article).getByRole('button', { name: /^Accept/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Accept this referral?' })).getByRole('button', {
        name: 'Accept Referral',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This referral was already taken by another organization.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Teodora Brannigan' })).not.toBeInTheDocument(),
    );
    expect(card('Other Person')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Referral Accepted' })).not.toBeInTheDocument();
  });

  it('Pass hides the card at once and brings it back if the server refuses', async () => {
    const answer = deferred<Response>();
    const { fetchMock } = renderSignedIn(
      makeFeedList([
        makeFeedCard(),
        makeFeedCard({ id: 202, member_name: 'Other Person', referral_number: '1112223334' }),
      ]),
      {
        'POST /api/referrals/201/pass': () => answer.promise,
        'POST /api/referrals/202/pass': () => errorResponse(500, 'Something went wrong', 'internal'),
      },
    );
    await userEvent.click(within(await findCard('Teodora Brannigan')).getByRole('button', { name: /^Pass/ }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Teodora Brannigan' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('pending-count')).toHaveTextContent('1 pending');
    answer.resolve(jsonResponse(200, { ok: true }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/referrals/201/pass')).toHaveLength(1));
    expect(screen.queryByRole('article', { name: 'Teodora Brannigan' })).not.toBeInTheDocument();

    // A later live update of the passed referral does not bring it back.
    emitEvent('feed.upsert', makeFeedCard({ urgency: 'Routine', urgency_level: 'Routine' }));
    emitEvent(
      'feed.upsert',
      makeFeedCard({ id: 203, member_name: 'Third Person', referral_number: '2223334445' }),
    );
    await findCard('Third Person');
    expect(screen.queryByRole('article', { name: 'Teodora Brannigan' })).not.toBeInTheDocument();

    await userEvent.click(within(card('Other Person')).getByRole('button', { name: /^Pass/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(await findCard('Other Person')).toBeInTheDocument();
  });

  it('shows the urgency as the coordinator chose it (issue #14)', async () => {
    renderSignedIn(makeFeedList([makeFeedCard({ urgency: 'Within 1 Week', urgency_level: 'Urgent' })]));
    const article = await findCard('Teodora Brannigan');
    expect(within(article).getByText('Within 1 Week')).toBeInTheDocument();
    expect(within(article).queryByText('Within 24h')).not.toBeInTheDocument();
  });

  it('Accept is disabled, with the reason, when the organization is not a directory provider', async () => {
    renderSignedIn(makeFeedList([makeFeedCard()], {}, { provider_id: null }));
    const accept = within(await findCard('Teodora Brannigan')).getByRole('button', { name: /^Accept/ });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(
      'Only organizations listed in the provider directory can claim referrals.',
    );
    expect(within(card('Teodora Brannigan')).getByRole('button', { name: /^Pass/ })).toBeEnabled();
  });

  it("cards awaiting the organization's answer come first; Accept confirms with the provider id and hides the card", async () => {
    const { fetchMock } = renderSignedIn(makeFeedList([makeAwaitingCard(), makeFeedCard()]), {
      'POST /api/referrals/301/accept': () =>
        jsonResponse(200, {
          accepted_at: new Date().toISOString(),
          phi_email_sent: false,
          email_sent_to: 'intake@bayview.example.test',
        }),
    });
    const section = await screen.findByRole('region', { name: 'Awaiting your response' });
    const awaiting = within(section).getByRole('article', { name: 'Ansel Whitcombe' });
    expect(within(awaiting).getByText(/Respond within 5 days/)).toBeInTheDocument();
    expect(within(awaiting).getByText('Matched')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Open referrals' })).getByRole('article'),
    ).toHaveAccessibleName('Teodora Brannigan');

    await userEvent.click(within(awaiting).getByRole('button', { name: /^Accept/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm acceptance' })).getByRole('button', {
        name: 'Confirm Acceptance',
      }),
    );
    const done = await screen.findByRole('dialog', { name: 'Referral Accepted' });
    expect(done).toHaveTextContent('is now accepted by your organization');
    expect(done).toHaveTextContent(
      "The member's full details are being emailed to intake@bayview.example.test.",
    );
    const [call] = callsTo(fetchMock, 'POST', '/api/referrals/301/accept');
    expect(bodyOf(call?.[1])).toEqual({ provider_id: 55 });
    expect(screen.queryByRole('article', { name: 'Ansel Whitcombe' })).not.toBeInTheDocument();
  });

  it('Decline needs a reason, then rejects with it', async () => {
    const { fetchMock } = renderSignedIn(makeFeedList([makeAwaitingCard()]), {
      'POST /api/referrals/301/reject': () => jsonResponse(200, { rejected_at: new Date().toISOString() }),
    });
    await userEvent.click(
      within(await findCard('Ansel Whitcombe')).getByRole('button', { name: /^Decline/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline referral' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Rejection' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByLabelText(/Reason for rejection/);
    await userEvent.type(reason, '   ');
    await userEvent.tab();
    expect(within(dialog).getByText('Please provide a reason for rejection')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', '/api/referrals/301/reject')).toHaveLength(0);

    await userEvent.type(reason, 'No capacity this month');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await screen.findByText(/Referral #7712004439 declined/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/referrals/301/reject');
    expect(bodyOf(call?.[1])).toEqual({ provider_id: 55, reason: 'No capacity this month' });
    expect(screen.queryByRole('article', { name: 'Ansel Whitcombe' })).not.toBeInTheDocument();
  });

  it('live events add a card on top and remove one, without fetching the feed again', async () => {
    const { fetchMock } = renderSignedIn(makeFeedList([makeFeedCard()]));
    await findCard('Teodora Brannigan');
    emitEvent(
      'feed.upsert',
      makeFeedCard({ id: 250, member_name: 'Newest Arrival', created_at: new Date().toISOString() }),
    );
    await findCard('Newest Arrival');
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'feed-card-250-title',
      'feed-card-201-title',
    ]);
    expect(within(articles[0]!).getByText('Just now')).toBeInTheDocument();
    expect(screen.getByTestId('pending-count')).toHaveTextContent('2 pending');

    emitEvent('feed.remove', { id: 201 });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Teodora Brannigan' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('pending-count')).toHaveTextContent('1 pending');
    expect(callsTo(fetchMock, 'GET', '/api/live-feed')).toHaveLength(1);
  });

  it('says so when there is nothing to show', async () => {
    renderSignedIn(makeFeedList([]));
    expect(await screen.findByRole('heading', { name: 'No pending referrals' })).toBeInTheDocument();
    expect(
      screen.getByText('All referrals have been processed. New referrals will appear here in real-time.'),
    ).toBeInTheDocument();
    // A card arriving live replaces the empty state.
    emitEvent('feed.upsert', makeFeedCard());
    expect(await findCard('Teodora Brannigan')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    renderSignedIn(() => {
      calls += 1;
      return calls === 1
        ? errorResponse(503, 'Service unavailable')
        : jsonResponse(200, makeFeedList([makeFeedCard()]));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the live feed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findCard('Teodora Brannigan')).toBeInTheDocument();
  });

  it('loads further pages with Load more', async () => {
    const { fetchMock } = renderSignedIn((_init, url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return jsonResponse(
        200,
        page === 1
          ? makeFeedList([makeFeedCard()], { total: 2, pending_count: 2 })
          : makeFeedList([makeFeedCard({ id: 202, member_name: 'Second Page' })], {
              page: 2,
              total: 2,
              pending_count: 2,
            }),
      );
    });
    await findCard('Teodora Brannigan');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findCard('Second Page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/live-feed').map(([u]) => String(u))).toEqual([
      '/api/live-feed?page=1&page_size=50',
      '/api/live-feed?page=2&page_size=50',
    ]);
  });

  it('polls every 15 s while the live stream is not open', async () => {
    setEventsStatus('closed');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = renderSignedIn(makeFeedList([makeFeedCard()]));
    await findCard('Teodora Brannigan');
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Offline');
    const before = callsTo(fetchMock, 'GET', '/api/live-feed').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/live-feed').length).toBe(before + 1));
  });
});
