import { screen, within } from '@testing-library/react';
import type { OrgRole } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { TABS } from '../navigation/tabs.ts';
import { type NavViewer, visibleNavTabs } from './nav-links.tsx';

// Issue 13 item 10: the sidebar lists what the user's roles can use, by the server's role lists (the role of
// the active organization; platform operators), and no screen that is not built yet.

const member = (orgRole: OrgRole | null, platformOperator = false): NavViewer => ({
  signedIn: true,
  orgRole,
  platformOperator,
});
const titles = (viewer: NavViewer, wide = true) => visibleNavTabs(viewer, wide).map((tab) => tab.title);

const EVERY_MEMBER = [
  'Home',
  'Dashboard',
  'Live Feed',
  'Referral Queue',
  'Provider Directory',
  'My Providers',
  'Provider Performance',
  'Communications',
  'Case Workspace',
  'Organizations',
  'User Management',
  'OTF/RTF Submission',
  'Connectivity Test',
];
const WRITERS_ONLY = ['Create Referral', 'Unpublished Referrals', 'Auto-Match'];
const ORG_ADMINS_ONLY = ['Security Log'];
const OPERATORS_ONLY = ['Outbox', 'Provider Verification', 'Import Manager'];
/** Issue #20: the figures, for the organization's admins and platform operators. */
const ADMINS_AND_OPERATORS = ['System Metrics', 'Service Gaps'];

describe('the sidebar by role', () => {
  it('lists only the open tabs when signed out', () => {
    expect(titles({ signedIn: false, orgRole: null, platformOperator: false })).toEqual([
      'Home',
      'Live Feed',
      'Provider Directory',
      'Connectivity Test',
    ]);
  });

  it('a viewer reads: no creating or matching, no administration beyond the lists', () => {
    const listed = titles(member('viewer'));
    expect(listed).toEqual(expect.arrayContaining(EVERY_MEMBER));
    for (const title of [...WRITERS_ONLY, ...ORG_ADMINS_ONLY, ...OPERATORS_ONLY, ...ADMINS_AND_OPERATORS])
      expect(listed).not.toContain(title);
  });

  it.each(['staff', 'manager'] as const)(
    'a %s (a case manager) creates and matches, without the security log',
    (role) => {
      const listed = titles(member(role));
      expect(listed).toEqual(expect.arrayContaining([...EVERY_MEMBER, ...WRITERS_ONLY]));
      for (const title of [...ORG_ADMINS_ONLY, ...OPERATORS_ONLY, ...ADMINS_AND_OPERATORS])
        expect(listed).not.toContain(title);
    },
  );

  it("an organization's admin also sees its security log, not the platform's screens", () => {
    const listed = titles(member('org_admin'));
    expect(listed).toEqual(
      expect.arrayContaining([...EVERY_MEMBER, ...WRITERS_ONLY, ...ORG_ADMINS_ONLY, ...ADMINS_AND_OPERATORS]),
    );
    for (const title of OPERATORS_ONLY) expect(listed).not.toContain(title);
  });

  it('a platform operator without a role in the active organization still sees the figures', () => {
    const listed = titles(member(null, true));
    expect(listed).toEqual(expect.arrayContaining([...OPERATORS_ONLY, ...ADMINS_AND_OPERATORS]));
    for (const title of ORG_ADMINS_ONLY) expect(listed).not.toContain(title);
  });

  it('a platform operator sees every built screen, the wide-only Import Manager only when wide', () => {
    const operator = member('super_admin', true);
    const built = TABS.filter((tab) => tab.group && !tab.notBuilt);
    expect([...titles(operator)].sort()).toEqual(built.map((tab) => tab.title).sort());
    expect([...titles(operator, false)].sort()).toEqual(
      built
        .filter((tab) => !tab.wideOnly)
        .map((tab) => tab.title)
        .sort(),
    );
    expect(titles(operator, false)).not.toContain('Import Manager');
  });

  it('a user without an organization sees no screen that needs a role in one', () => {
    const listed = titles(member(null));
    for (const title of [...WRITERS_ONLY, ...ORG_ADMINS_ONLY, ...OPERATORS_ONLY, ...ADMINS_AND_OPERATORS])
      expect(listed).not.toContain(title);
  });

  it('never lists a screen that is not built yet, for anyone at any width', () => {
    for (const viewer of [member('super_admin', true), member('staff'), member('viewer')])
      for (const wide of [true, false])
        expect(visibleNavTabs(viewer, wide).filter((tab) => tab.notBuilt)).toEqual([]);
  });
});

describe('the sidebar of a case manager', () => {
  it('shows the areas with their labels and no administration entry the role cannot use', async () => {
    storeSession();
    mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    });
    renderApp({ path: '/dashboard', width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    // The first group (Home, Dashboard) has no label.
    const labels = within(nav)
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(labels).toEqual([
      undefined,
      'Referrals',
      'Providers',
      'Communications',
      'Members & Programs',
      'Workflows & Forms',
      'Administration',
      'Tools',
    ]);
    const admin = within(nav).getByRole('group', { name: 'Administration' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Organizations', 'User Management']);
    expect(within(nav).queryByRole('link', { name: 'Security Log' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Create Referral' })).toBeInTheDocument();
  });
});
