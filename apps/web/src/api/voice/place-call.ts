import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceCall, PlaceCallResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { voiceKeys } from './keys.ts';

/**
 * POST /api/providers/{providerId}/communications/phone (001 §7): places a call through the voice driver, with
 * recording on or off and optionally linked to a referral. The answer carries the stored call; `success` false
 * with `error` when the voice service refused it.
 */
export function placeCall(providerId: number, body: PlaceCall): Promise<PlaceCallResponse> {
  return apiRequest<PlaceCallResponse>(`/api/providers/${providerId}/communications/phone`, {
    method: 'POST',
    body,
  });
}

export function usePlaceCall(providerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceCall) => placeCall(providerId, body),
    // Failed or not, the attempt is a call of the history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceKeys.calls() }),
  });
}
