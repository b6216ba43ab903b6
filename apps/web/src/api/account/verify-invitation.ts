import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyInvitationResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/auth/invitations/verify?token= (open): who is invited where, or why the link no longer works. */
export function verifyInvitation(token: string, signal?: AbortSignal): Promise<VerifyInvitationResponse> {
  return apiRequest<VerifyInvitationResponse>(
    `/api/auth/invitations/verify?token=${encodeURIComponent(token)}`,
    {
      auth: false,
      signal,
    },
  );
}

export function verifyInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['account', 'invitation', token] as const,
    queryFn: ({ signal }) => verifyInvitation(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVerifyInvitation(token: string | null) {
  return useQuery({ ...verifyInvitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
