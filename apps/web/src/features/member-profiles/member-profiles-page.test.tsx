import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole, ReferralMember, ReferralMemberList } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

afterEach(() => notifications.clean());

// Made-up members (spec/README.md: no sample data of the original product).
function member(overrides: Partial<ReferralMember> = {}): ReferralMember {
  return {
    member_id: 31,
    medicaid_id: 'CA918273645',
    first_name: 'Imani',
    last_name: 'Okonkwo Reyes',
    phone_number: '(213) 555-0147',
    email: 'imani.or@example.test',
    zip_code: '90012',
    date_of_birth: '1984-06-12',
    referral_count: 3,
    pending_count: 2,
    last_activity: new Date(Date.now() - 3 * 3600_000).toISOString(),
    status: 'pending',
    latest_referral_id: 101,
    ...overrides,
  };
}

const theo = member({
  member_id: 32,
  medicaid_id: 'CA112233445',
  first_name: 'Theo',
  last_name: 'Nakamura',
  phone_number: null,
  email: null,
  referral_count: 1,
  pending_count: 0,
  status: 'in_progress',
  latest_referral_id: 205,
  last_activity: new Date(Date.now() - 2 * 86_400_000).toISOString(),
});

function memberList(
  members: ReferralMember[],
  overrides: Partial<ReferralMemberList> = {},
): ReferralMemberList {
  return {
    members,
    total: members.length,
    page: 1,
    page_size: 24,
    counts: { total: 40, pending: 11, matched: 7, accepted: 5, in_progress: 9, completed: 8 },
    ...overrides,
  };
}

function renderMembers({
  list = memberList([member(), theo]),
  routes = {},
  orgRole = 'staff',
  width = 1280,
  path = '/workspace',
}: {
  list?: ReferralMemberList | RouteHandler;
  routes?: Record<string, RouteHandler>;
  orgRole?: OrgRole;
  width?: number;
  path?: string;
} = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: orgRole })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/referral-members': typeof list === 'function' ? list : () => jsonResponse(200, list),
    ...routes,
  });
  return { ...renderApp({ path, width }), fetchMock };
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'GET', '/api/referral-members').map(
    ([input]) => new URL(String(input), 'http://x').searchParams,
  );
const tile = (name: RegExp) => screen.getByRole('button', { name });
const location = () => screen.getByTestId('location');

describe('Member Profiles (000 §2.8)', { timeout: 30_000 }, () => {
  it('shows the tiles and a card per member, with N/A for missing contact details', async () => {
    const { fetchMock } = renderMembers();
    expect(await screen.findByRole('heading', { name: 'Member Profiles' })).toBeInTheDocument();
    const imani = await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    expect(tile(/^Total Members: 40$/)).toHaveAttribute('aria-pressed', 'true');
    for (const [label, n] of [
      ['Pending', 11],
      ['Matched', 7],
      ['Accepted', 5],
      ['In Progress', 9],
      ['Completed', 8],
    ] as const) {
      expect(tile(new RegExp(`^${label}: ${n}$`))).toHaveAttribute('aria-pressed', 'false');
    }

    expect(within(imani).getByText('IO')).toBeInTheDocument();
    expect(imani).toHaveTextContent('ID: CA918273645');
    expect(imani).toHaveTextContent('(213) 555-0147');
    expect(imani).toHaveTextContent('imani.or@example.test');
    expect(imani).toHaveTextContent('90012');
    expect(imani).toHaveTextContent('06/12/1984');
    expect(imani).toHaveTextContent('3 referrals');
    expect(imani).toHaveTextContent('3h ago');
    expect(within(imani).getByText('Pending')).toBeInTheDocument();
    expect(
      within(imani).getByRole('button', { name: 'Delete pending referrals of Imani Okonkwo Reyes' }),
    ).toBeVisible();

    const theoCard = screen.getByRole('article', { name: 'Theo Nakamura' });
    expect(within(theoCard).getAllByText('N/A')).toHaveLength(2);
    expect(within(theoCard).getByText('In Progress')).toBeInTheDocument();
    expect(theoCard).toHaveTextContent('2d ago');
    // Delete only for Pending members.
    expect(within(theoCard).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();

    expect(listCalls(fetchMock)[0]!.get('page_size')).toBe('24');
    await userEvent.click(within(theoCard).getByRole('button', { name: 'View details of Theo Nakamura' }));
    await waitFor(() => expect(location()).toHaveTextContent('/workspace/205'));
  });

  it('tiles filter by status on the server; clicking the active tile again clears it', async () => {
    const { fetchMock } = renderMembers();
    await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    await userEvent.click(tile(/^Pending: 11$/));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('status')).toBe('pending'));
    expect(tile(/^Pending: 11$/)).toHaveAttribute('aria-pressed', 'true');
    expect(tile(/^Total Members/)).toHaveAttribute('aria-pressed', 'false');
    expect(location()).toHaveTextContent('status=pending');

    await userEvent.click(tile(/^In Progress: 9$/));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('status')).toBe('in_progress'));
    await userEvent.click(tile(/^In Progress: 9$/));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('status')).toBe('all'));
    expect(tile(/^Total Members/)).toHaveAttribute('aria-pressed', 'true');
    expect(location().textContent).not.toContain('status=');
  });

  it('searches on the server, debounced, without putting the term in the URL', async () => {
    const { fetchMock } = renderMembers();
    await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    await userEvent.type(screen.getByLabelText('Search members'), 'Nakamura');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('search')).toBe('Nakamura'));
    expect(listCalls(fetchMock).filter((p) => p.get('search')).length).toBe(1);
    expect(location().textContent).not.toContain('Nakamura');
  });

  it('deletes a Pending member’s pending referrals after a confirmation that names their count', async () => {
    const { fetchMock } = renderMembers({
      routes: { 'DELETE /api/referral-members/31': () => jsonResponse(200, { deleted: 2 }) },
    });
    const imani = await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    await userEvent.click(within(imani).getByRole('button', { name: /Delete pending referrals/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete 2 pending referrals for Imani Okonkwo Reyes? Referrals in any other status are kept.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/referral-members/31')).toHaveLength(1));
    expect(
      await screen.findByText('Deleted 2 pending referrals for Imani Okonkwo Reyes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(listCalls(fetchMock).length).toBe(2));
  });

  it('says why a delete was refused, or that it failed', async () => {
    let reachable = true;
    renderMembers({
      routes: {
        'DELETE /api/referral-members/31': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return errorResponse(409, 'This member has no pending referrals.', 'conflict');
        },
      },
    });
    const remove = async () => {
      const imani = await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
      await userEvent.click(within(imani).getByRole('button', { name: /Delete pending referrals/ }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
      );
    };
    await remove();
    expect(await screen.findByText('This member has no pending referrals.')).toBeInTheDocument();
    reachable = false;
    await remove();
    expect(await screen.findByText('Error deleting referrals. Please try again.')).toBeInTheDocument();
  });

  it('a viewer sees members without Delete', async () => {
    renderMembers({ orgRole: 'viewer' });
    const imani = await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    expect(within(imani).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('empty: says where members come from, or to adjust the filters', async () => {
    renderMembers({
      list: memberList([], {
        counts: { total: 0, pending: 0, matched: 0, accepted: 0, in_progress: 0, completed: 0 },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'No members found' })).toBeInTheDocument();
    expect(screen.getByText('Members appear here once referrals are created for them.')).toBeInTheDocument();
  });

  it('empty under a tile filter asks to adjust the filters', async () => {
    renderMembers({ list: memberList([]), path: '/workspace?status=completed' });
    expect(await screen.findByRole('heading', { name: 'No members found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeInTheDocument();
    expect(tile(/^Completed: 8$/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the connection error with Retry', async () => {
    let reachable = false;
    renderMembers({
      list: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, memberList([member()]));
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    reachable = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' })).toBeInTheDocument();
  });

  it('refreshes when a referral of the organization changes', async () => {
    let call = 0;
    const { fetchMock } = renderMembers({
      list: () => {
        call++;
        return jsonResponse(200, memberList(call === 1 ? [member(), theo] : [theo]));
      },
    });
    await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    emitEvent('referral.changed', {
      id: 101,
      referral_number: '4821093756',
      status: 'pending',
      change: 'deleted',
    });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Imani Okonkwo Reyes' })).not.toBeInTheDocument(),
    );
    expect(listCalls(fetchMock).length).toBe(2);
  });

  it('pages on the server and fits a phone', async () => {
    const { fetchMock } = renderMembers({ list: memberList([member(), theo], { total: 50 }), width: 375 });
    await screen.findByRole('article', { name: 'Imani Okonkwo Reyes' });
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.get('page')).toBe('3'));
  });
});
