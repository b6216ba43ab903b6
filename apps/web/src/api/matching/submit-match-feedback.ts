import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchFeedbackRequest } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

/** POST /feedback (001 §7): a verdict on a ranked candidate; it feeds the provider's acceptance rate. */
export function submitMatchFeedback(body: MatchFeedbackRequest) {
  return apiRequest<{ success: true; message: string }>('/feedback', { method: 'POST', body });
}

export function useSubmitMatchFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMatchFeedback,
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: matchingKeys.ranking(body.referral_id) }),
  });
}
