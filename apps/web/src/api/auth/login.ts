import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer, LoginRequest } from '@trust/domain';
import { toApiError } from '../client.ts';
import { networkError } from '../errors.ts';
import { readDeviceToken } from './device-token.ts';

/**
 * POST /auth/login (003 §7.1), with X-Device-Token when this browser is a trusted device: a 401 here is a wrong
 * password, not a lost session. The answer is a session (its cookie set by the server; the app ignores the
 * answer's access_token, which is for API clients) or, when a second factor is needed, `requires_2fa: true`
 * with the methods.
 */
export async function login(credentials: LoginRequest): Promise<LoginAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const deviceToken = readDeviceToken();
  if (deviceToken) headers['X-Device-Token'] = deviceToken;
  let response: Response;
  try {
    response = await fetch('/auth/login', {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as LoginAnswer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
