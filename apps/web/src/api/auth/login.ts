import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** POST /auth/login (003 §7.1). Sent without a token: a 401 here is a wrong password, not a lost session. */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', body: credentials, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
