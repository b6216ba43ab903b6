import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ClientReferral,
  type ReferralCounts,
  type ReferralList,
  type ReferralListQuery,
  toClientReferral,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

export type ReferralListParams = Partial<ReferralListQuery>;

/** The queue page in the client shape (000 §3.1). */
export type ClientReferralPage = {
  referrals: ClientReferral[];
  total: number;
  page: number;
  pageSize: number;
  counts: ReferralCounts;
  /** member id → that member's referral count in the organization (000 §2.3). */
  memberReferralCounts: Record<string, number>;
};

/** GET /api/referrals: one page, searched and filtered on the server (000 §5.5). */
export async function getReferrals(
  params: ReferralListParams,
  signal?: AbortSignal,
): Promise<ClientReferralPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== null) query.set(key, String(value));
  }
  const list = await apiRequest<ReferralList>(`/api/referrals?${query}`, { signal });
  return {
    referrals: list.referrals.map(toClientReferral),
    total: list.total,
    page: list.page,
    pageSize: list.page_size,
    counts: list.counts,
    memberReferralCounts: list.member_referral_counts,
  };
}

export function referralsQueryOptions(params: ReferralListParams) {
  return queryOptions({
    queryKey: [...referralKeys.lists(), params] as const,
    queryFn: ({ signal }) => getReferrals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferrals(params: ReferralListParams) {
  return useQuery(referralsQueryOptions(params));
}
