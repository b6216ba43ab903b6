import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Referral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { ApiError } from '../errors.ts';
import { referralKeys } from '../referrals/keys.ts';
import { type FeedPages, removeCard } from './feed-cache.ts';
import { type FeedReader, liveFeedKeys } from './get-live-feed.ts';

/**
 * POST /api/referrals/{id}/claim (000 §4.1): the active organization takes a Pending referral for its
 * directory provider; it becomes Matched and the provider has 7 days to confirm. 409 when another organization
 * was first.
 */
export function claimReferral(id: number): Promise<Referral> {
  return apiRequest<Referral>(`/api/referrals/${id}/claim`, { method: 'POST' });
}

export function useClaimReferral(reader: FeedReader) {
  const queryClient = useQueryClient();
  const dropCard = (id: number) =>
    queryClient.setQueryData<FeedPages>(liveFeedKeys.list(reader), (data) => removeCard(data, id));
  return useMutation({
    mutationFn: (id: number) => claimReferral(id),
    onSuccess: (_referral, id) => {
      dropCard(id);
      // The organization now has a Matched referral: its queue, and the feed's awaiting section, change.
      return queryClient.invalidateQueries({ queryKey: referralKeys.all });
    },
    onError: (error, id) => {
      // Taken by someone else: it is no longer in anybody's open feed.
      if (error instanceof ApiError && error.status === 409) dropCard(id);
    },
  });
}
