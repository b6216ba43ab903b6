import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../client.ts';
import { type FeedPages, removeCard } from './feed-cache.ts';
import { type FeedReader, liveFeedKeys } from './get-live-feed.ts';

/** POST /api/referrals/{id}/pass (000 §4.3): the card stays hidden from this user's feed. */
export function passReferral(id: number): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/referrals/${id}/pass`, { method: 'POST' });
}

/**
 * The ids passed in this session. A later live update of a passed referral (an edit by its owner) must not bring
 * the card back; after a reload the server leaves passed cards out itself.
 */
export function usePassedIds(reader: FeedReader): ReadonlySet<number> {
  const { data } = useQuery({
    queryKey: liveFeedKeys.passed(reader),
    queryFn: () => [] as number[],
    initialData: [] as number[],
    staleTime: Number.POSITIVE_INFINITY,
  });
  return useMemo(() => new Set(data), [data]);
}

/** Pass hides the card at once; it comes back if the server refuses. */
export function usePassReferral(reader: FeedReader) {
  const queryClient = useQueryClient();
  const feedKey = liveFeedKeys.list(reader);
  const passedKey = liveFeedKeys.passed(reader);
  return useMutation({
    mutationFn: (id: number) => passReferral(id),
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: feedKey });
      const previous = queryClient.getQueryData<FeedPages>(feedKey);
      queryClient.setQueryData<FeedPages>(feedKey, (data) => removeCard(data, id));
      queryClient.setQueryData<number[]>(passedKey, (ids = []) => [...ids, id]);
      return { previous };
    },
    onError: (_error, id, context) => {
      if (context?.previous) queryClient.setQueryData(feedKey, context.previous);
      queryClient.setQueryData<number[]>(passedKey, (ids = []) => ids.filter((x) => x !== id));
    },
  });
}
