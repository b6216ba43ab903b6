import { useMutation } from '@tanstack/react-query';
import type { RegisterResponse, RegisterWithInviteRequest } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** POST /api/auth/register-with-invite (003 §7.1; open). */
export function registerWithInvite(body: RegisterWithInviteRequest): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/api/auth/register-with-invite', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useRegisterWithInvite() {
  return useMutation({ mutationFn: registerWithInvite });
}
