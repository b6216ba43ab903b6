import { apiRequest } from '../client.ts';

/** POST /auth/logout: ends the session on the server so the token cannot be reused. */
export function logout(): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/auth/logout', { method: 'POST' });
}
