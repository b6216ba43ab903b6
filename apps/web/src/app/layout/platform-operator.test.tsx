import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { visibleNavTabs } from './nav-links.tsx';
import { ProfileMenu } from './profile-menu.tsx';

// Issue #12: two kinds of administrator. Platform-wide screens (the outbox, consent documents) are offered only
// to platform operators (`is_platform_operator`, a super_admin membership); an organization's admin, whose
// product role is `admin`, does not see them. The server refuses them anyway.

afterEach(() => vi.unstubAllGlobals());

async function openMenuOf(user: ReturnType<typeof makeMe>) {
  mockFetch({ 'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []) });
  renderWithProviders(
    <MemoryRouter>
      <ProfileMenu user={user} compact={false} onSignOut={() => undefined} />
    </MemoryRouter>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: `Profile: ${user.name}` }));
  // Its items are rendered once it opened (`hidden`: jsdom does not run Mantine's transition to the end).
  await screen.findByRole('menuitem', { name: 'Sign Out', hidden: true });
}

describe('the profile menu', () => {
  it("offers no consent documents to an organization's admin (product role admin)", async () => {
    await openMenuOf(makeMe({ name: 'Olive Orgadmin', role: 'admin', is_platform_operator: false }));
    expect(screen.getByRole('menuitem', { name: 'Profile', hidden: true })).toBeInTheDocument();
    expect(
      screen.queryByRole('menuitem', { name: 'Consent documents', hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('offers them to a platform operator', async () => {
    await openMenuOf(makeMe({ name: 'Ada Admin', role: 'administrator', is_platform_operator: true }));
    expect(screen.getByRole('menuitem', { name: 'Consent documents', hidden: true })).toBeInTheDocument();
  });
});

describe('the sidebar', () => {
  // An organization's admin (org_admin) and a platform operator (a super_admin membership).
  const names = (operator: boolean) =>
    visibleNavTabs(
      { signedIn: true, orgRole: operator ? 'super_admin' : 'org_admin', platformOperator: operator },
      true,
    ).map((tab) => tab.name);

  it('lists the outbox for platform operators only', () => {
    expect(names(false)).not.toContain('outbox');
    expect(names(false)).toContain('security-log');
    expect(names(true)).toContain('outbox');
  });
});
