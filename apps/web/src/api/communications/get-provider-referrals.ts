import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderReferralList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationKeys, queryString } from './keys.ts';

/**
 * GET /api/providers/{providerId}/referrals?search (001 §7): the organization's referrals to discuss with a
 * provider, those matched, sent or discussed with it first.
 */
export function getProviderReferrals(
  providerId: number,
  search: string,
  signal?: AbortSignal,
): Promise<ProviderReferralList> {
  return apiRequest<ProviderReferralList>(
    `/api/providers/${providerId}/referrals${queryString({ search: search || undefined })}`,
    { signal },
  );
}

export function providerReferralsQueryOptions(providerId: number, search: string) {
  return queryOptions({
    queryKey: communicationKeys.providerReferrals(providerId, search),
    queryFn: ({ signal }) => getProviderReferrals(providerId, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviderReferrals(providerId: number, search: string) {
  return useQuery({ ...providerReferralsQueryOptions(providerId, search), enabled: providerId > 0 });
}
