import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualMatchRequest, ManualMatchResponse, WebFormResult } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { invalidateAfterMatch } from './invalidate.ts';

/**
 * PUT /api/referrals/{id}/match (001 §7): match a Pending referral to one provider by hand. A match by web form
 * then asks the server to fill and submit the provider's form (POST /api/providers/{id}/submit-web-form, 001 §7:
 * "called after a match when the method is web_form … failure is non-critical").
 */
export async function matchReferral(input: { referralId: number; body: ManualMatchRequest }) {
  const out = await apiRequest<ManualMatchResponse>(`/api/referrals/${input.referralId}/match`, {
    method: 'PUT',
    body: input.body,
  });
  if (input.body.communication_method !== 'web_form') return out;
  try {
    const form = await apiRequest<WebFormResult>(`/api/providers/${out.provider_id}/submit-web-form`, {
      method: 'POST',
      body: { referral_id: input.referralId },
    });
    return { ...out, web_form_submitted: form.success && form.form_submitted };
  } catch {
    // The match stands; the Web Form tab of the provider's communications can submit it again.
    return out;
  }
}

export function useMatchReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchReferral,
    onSuccess: () => invalidateAfterMatch(queryClient),
  });
}
