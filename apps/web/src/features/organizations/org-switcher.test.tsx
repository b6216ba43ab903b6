import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../app/reload-page.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMembership, storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { OrgSwitcher } from './org-switcher.tsx';

vi.mock('../../app/reload-page.ts', () => ({ reloadPage: vi.fn() }));

const ORGS = '/api/cbos/users/me/organizations';

describe('OrgSwitcher (002 §2 "Organization switcher")', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    storeSession();
  });

  it("shows 'Loading...' while the memberships load", () => {
    mockFetch({ [`GET ${ORGS}`]: () => new Promise<Response>(() => {}) });
    renderWithProviders(<OrgSwitcher />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'No organizations', and 'No organizations found' in the list, for a user without any", async () => {
    mockFetch({ [`GET ${ORGS}`]: () => jsonResponse(200, []) });
    renderWithProviders(<OrgSwitcher />);
    const trigger = await screen.findByRole('button', { name: 'Organization: No organizations' });
    await userEvent.setup().click(trigger);
    expect(await screen.findByText('No organizations found')).toBeInTheDocument();
    expect(localStorage.getItem('active_cbo_id')).toBeNull();
  });

  it("names an unnamed organization 'Organization {id}' and shows each role", async () => {
    localStorage.setItem('active_cbo_id', '3');
    mockFetch({
      [`GET ${ORGS}`]: () =>
        jsonResponse(200, [
          makeMembership(3, { role: 'org_admin' }, 'Harbor Food Bank'),
          makeMembership(9, {}, ''),
        ]),
    });
    renderWithProviders(<OrgSwitcher />);
    const trigger = await screen.findByRole('button', { name: 'Organization: Harbor Food Bank' });
    expect(trigger).toHaveTextContent('Organization Administrator');
    await userEvent.setup().click(trigger);
    const unnamed = await screen.findByRole('menuitem', { name: /Organization 9/ });
    expect(unnamed).toHaveTextContent('Staff');
  });

  it('chooses the primary organization when none is stored, and stores it', async () => {
    mockFetch({
      [`GET ${ORGS}`]: () =>
        jsonResponse(200, [makeMembership(1), makeMembership(2, { is_primary: true }, 'Primary Place')]),
    });
    renderWithProviders(<OrgSwitcher />);
    expect(await screen.findByRole('button', { name: 'Organization: Primary Place' })).toBeInTheDocument();
    expect(localStorage.getItem('active_cbo_id')).toBe('2');
  });

  it('chooses the first organization when none is primary, replacing one the user left', async () => {
    localStorage.setItem('active_cbo_id', '99');
    mockFetch({
      [`GET ${ORGS}`]: () => jsonResponse(200, [makeMembership(4, {}, 'First'), makeMembership(5)]),
    });
    renderWithProviders(<OrgSwitcher />);
    expect(await screen.findByRole('button', { name: 'Organization: First' })).toBeInTheDocument();
    expect(localStorage.getItem('active_cbo_id')).toBe('4');
  });

  it('selecting an organization calls the API, stores active_cbo_id and reloads the page', async () => {
    localStorage.setItem('active_cbo_id', '1');
    const fetchMock = mockFetch({
      [`GET ${ORGS}`]: () => jsonResponse(200, [makeMembership(1, {}, 'One'), makeMembership(2, {}, 'Two')]),
      'POST /api/cbos/users/me/active-cbo': () =>
        jsonResponse(200, { cbo_id: 2, role: 'staff', organization: makeMembership(2).organization }),
    });
    renderWithProviders(<OrgSwitcher />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Organization: One' }));
    await user.click(await screen.findByRole('menuitem', { name: /Two/ }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('active_cbo_id')).toBe('2');
    const [call] = callsTo(fetchMock, 'POST', '/api/cbos/users/me/active-cbo');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ cbo_id: 2 });
    expect(call?.[1]?.credentials).toBe('same-origin');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBeNull();
  });

  it("shows 'Failed to switch organization' and keeps the old one when the switch is refused", async () => {
    localStorage.setItem('active_cbo_id', '1');
    mockFetch({
      [`GET ${ORGS}`]: () => jsonResponse(200, [makeMembership(1, {}, 'One'), makeMembership(2, {}, 'Two')]),
      'POST /api/cbos/users/me/active-cbo': () =>
        errorResponse(403, 'You are not a member of this organization.'),
    });
    renderWithProviders(<OrgSwitcher />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Organization: One' }));
    await user.click(await screen.findByRole('menuitem', { name: /Two/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to switch organization');
    expect(localStorage.getItem('active_cbo_id')).toBe('1');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("shows 'Error loading orgs' with the server's message when the list fails", async () => {
    mockFetch({ [`GET ${ORGS}`]: () => errorResponse(500, 'Database is restarting') });
    renderWithProviders(<OrgSwitcher />);
    expect(await screen.findByText('Error loading orgs')).toBeInTheDocument();
    expect(screen.getByText('Database is restarting')).toBeInTheDocument();
  });
});
