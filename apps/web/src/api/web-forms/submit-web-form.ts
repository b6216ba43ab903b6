import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebFormResult } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationKeys } from '../communications/keys.ts';
import { referralScreenshotsKey } from '../referrals/get-referral-screenshots.ts';
import { webFormKeys } from './keys.ts';

/**
 * POST /api/providers/{providerId}/communications/webform {referral_id} (001 §7): fills (and submits) the
 * provider's web form in a headless browser on the server. The run can take tens of seconds; an answer with
 * status queued or running means it goes on, and its record appears among the referral's screenshots.
 */
export function submitWebForm(providerId: number, referralId: number): Promise<WebFormResult> {
  return apiRequest<WebFormResult>(`/api/providers/${providerId}/communications/webform`, {
    method: 'POST',
    body: { referral_id: referralId },
  });
}

export function useSubmitWebForm(providerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: webFormKeys.submit(providerId),
    mutationFn: (referralId: number) => submitWebForm(providerId, referralId),
    onSettled: (_result, _error, referralId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralScreenshotsKey(referralId) }),
        queryClient.invalidateQueries({ queryKey: communicationKeys.records() }),
      ]),
  });
}
