import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, DirectoryProvider } from '@trust/domain';
import { expect } from 'vitest';
import {
  conversationList,
  emailConversation,
  makeProviderReferral,
  smsConversation,
} from '../../components/communications/communication-fixtures.ts';
import { makeDirectoryProvider } from '../../components/provider/provider-fixtures.ts';
import { jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// Shared set-up of the provider communications screen tests: a signed-in coordinator of organization 1.

export const referrals = [
  makeProviderReferral(),
  makeProviderReferral({ id: 102, referral_number: '5930214867', member_name: 'Luis Ortega', linked: false }),
];

export function renderProviderScreen({
  provider = makeDirectoryProvider(),
  conversations = [],
  routes = {},
  path,
  width = 1280,
  role = 'case_manager',
  operator = false,
}: {
  provider?: DirectoryProvider;
  conversations?: Conversation[];
  routes?: Record<string, RouteHandler>;
  path?: string;
  width?: number;
  role?: string;
  /** A platform operator (a super_admin membership: `Me.is_platform_operator`). */
  operator?: boolean;
} = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () =>
      jsonResponse(
        200,
        makeMe({
          role,
          active_cbo_id: 1,
          org_role: operator ? 'super_admin' : 'staff',
          is_platform_operator: operator,
        }),
      ),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    [`GET /directory/providers/${provider.id}`]: () => jsonResponse(200, provider),
    'GET /api/conversations': (_init, url) => {
      const method = new URL(url, 'http://x').searchParams.get('method');
      return jsonResponse(
        200,
        conversationList(conversations.filter((c) => !method || c.method_type === method)),
      );
    },
    [`GET /api/providers/${provider.id}/referrals`]: (_init, url) => {
      const search = new URL(url, 'http://x').searchParams.get('search');
      return jsonResponse(200, {
        referrals: search ? referrals.filter((r) => r.member_name.includes(search)) : referrals,
      });
    },
    'GET /api/sms/conversations': () => jsonResponse(200, smsConversation([])),
    'GET /api/email/conversations': () => jsonResponse(200, emailConversation([])),
    'GET /api/email/templates': () => jsonResponse(200, { templates: [] }),
    'GET /api/referrals/101/screenshots': () =>
      jsonResponse(200, { screenshots: [], total: 0, page: 1, page_size: 10 }),
    'GET /api/referrals/102/screenshots': () =>
      jsonResponse(200, { screenshots: [], total: 0, page: 1, page_size: 10 }),
    ...routes,
  });
  const result = renderApp({ path: path ?? `/provider-communications/${provider.id}`, width });
  return { ...result, fetchMock };
}

/** Opens a Select and picks an option of its own list (jsdom keeps Mantine's dropdown in its hidden transition). */
export async function chooseReferral(option: RegExp, scope: HTMLElement = document.body) {
  const input = within(scope).getByLabelText('Referral', { selector: 'input' }) as HTMLInputElement;
  await userEvent.click(input);
  const listbox = () => document.getElementById(input.getAttribute('aria-controls') ?? '');
  await waitFor(() => expect(listbox()).not.toBeNull());
  const choice = await within(listbox()!).findByRole('option', { name: option, hidden: true });
  await userEvent.click(choice);
  await waitFor(() => expect(input.value).toMatch(option));
}

export async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));
}
