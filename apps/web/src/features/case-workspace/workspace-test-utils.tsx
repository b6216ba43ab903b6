import type { OrgRole, Referral, ReferralEvent } from '@trust/domain';
import { jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeReferral } from '../../test/referral-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// Shared set-up of the Case Workspace tests: a signed-in user of organization 1 at /workspace/{id}.

let nextEventId = 1;

/** One history row (made-up; spec/README.md: no sample data of the original product). */
export function makeEvent(type: string, at: string, overrides: Partial<ReferralEvent> = {}): ReferralEvent {
  return {
    id: nextEventId++,
    referral_id: 101,
    type,
    from_status: null,
    to_status: null,
    actor_user_id: null,
    actor_name: null,
    details: {},
    at,
    ...overrides,
  };
}

export function renderWorkspace({
  referral = makeReferral(),
  events = [],
  routes = {},
  orgRole = 'staff',
  width = 1280,
  path,
}: {
  referral?: Referral | RouteHandler;
  events?: ReferralEvent[] | RouteHandler;
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
    'GET /api/referrals/101': typeof referral === 'function' ? referral : () => jsonResponse(200, referral),
    'GET /api/referrals/101/events':
      typeof events === 'function' ? events : () => jsonResponse(200, { events }),
    'GET /api/referrals/101/screenshots': () =>
      jsonResponse(200, { screenshots: [], total: 0, page: 1, page_size: 10 }),
    ...routes,
  });
  return { ...renderApp({ path: path ?? '/workspace/101', width }), fetchMock };
}
