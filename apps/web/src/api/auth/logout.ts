import { apiRequest } from '../client.ts';

/**
 * POST /auth/logout: ends the session on the server so its cookie cannot be reused, and the answer clears the
 * cookie. Sent with the cookie whatever this tab's marker says (it may already be cleared).
 */
export function logout(): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/auth/logout', { method: 'POST', withSessionCookie: true });
}
