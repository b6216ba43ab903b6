import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingsUpdateResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { providerPerformanceKeys } from './keys.ts';

/** POST /api/provider-performance/ratings ('Update Google Ratings', 001 §2.19): for the providers shown. */
export async function updateGoogleRatings(providerIds: number[]): Promise<RatingsUpdateResponse> {
  return apiRequest<RatingsUpdateResponse>('/api/provider-performance/ratings', {
    method: 'POST',
    body: { provider_ids: providerIds },
  });
}

export function useUpdateGoogleRatings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoogleRatings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerPerformanceKeys.lists() }),
  });
}
