import type { Page } from 'playwright-core';
import { apiClient } from './browser.ts';

// The API calls journeys make to set a scene (a listing's capacity, a small form template), signed in as a demo
// user through the page's own API client (see apiClient: the page itself stays signed in as whoever it is).

export type Api = { token: string; org: number };

/** Signs a demo user in for the scene's API calls and finds their first organization. */
export async function apiAs(page: Page, email: string, password: string): Promise<Api> {
  const client = await apiClient(page);
  const login = await client.post('/auth/login', { data: { email, password } });
  if (!login.ok()) throw new Error(`sign-in of ${email} for set-up failed: ${login.status()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const orgs = await client.get('/api/cbos/users/me/organizations', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [first] = (await orgs.json()) as { cbo_id: number }[];
  return { token, org: first?.cbo_id ?? 0 };
}

/** One call as `who`; a failure throws with the server's answer. */
export async function call(
  page: Page,
  who: Api,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const client = await apiClient(page);
  const res = await client.fetch(path, {
    method,
    headers: { authorization: `Bearer ${who.token}`, 'X-CBO-ID': String(who.org) },
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}
