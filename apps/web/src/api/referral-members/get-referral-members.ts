import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralMemberList, ReferralMemberListQuery } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralMemberKeys } from './keys.ts';

export type ReferralMemberListParams = Partial<ReferralMemberListQuery>;

/** GET /api/referral-members: one page of the organization's members, searched and filtered on the server. */
export function getReferralMembers(
  params: ReferralMemberListParams,
  signal?: AbortSignal,
): Promise<ReferralMemberList> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== null) query.set(key, String(value));
  }
  return apiRequest<ReferralMemberList>(`/api/referral-members?${query}`, { signal });
}

export function referralMembersQueryOptions(params: ReferralMemberListParams) {
  return queryOptions({
    queryKey: [...referralMemberKeys.lists(), params] as const,
    queryFn: ({ signal }) => getReferralMembers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferralMembers(params: ReferralMemberListParams) {
  return useQuery(referralMembersQueryOptions(params));
}
