import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FhirSubscriptionSummary } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { fhirSubscriptionKeys } from './keys.ts';

/** DELETE /api/fhir-subscriptions/{id} (issue #21): the subscription is turned off; nothing more is sent to it. */
export function turnOffFhirSubscription(id: number): Promise<FhirSubscriptionSummary> {
  return apiRequest<FhirSubscriptionSummary>(`/api/fhir-subscriptions/${id}`, { method: 'DELETE' });
}

export function useTurnOffFhirSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffFhirSubscription,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fhirSubscriptionKeys.all }),
  });
}
