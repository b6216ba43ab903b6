import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FhirSubscriptionSummary } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { fhirSubscriptionKeys } from './keys.ts';

/**
 * POST /api/fhir-subscriptions/{id}/reactivate (issue #21): a subscription in error goes back to `requested` and
 * a new handshake is sent; it is `active` again once the subscriber answers it (409 when it is not in error).
 */
export function reactivateFhirSubscription(id: number): Promise<FhirSubscriptionSummary> {
  return apiRequest<FhirSubscriptionSummary>(`/api/fhir-subscriptions/${id}/reactivate`, { method: 'POST' });
}

export function useReactivateFhirSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateFhirSubscription,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fhirSubscriptionKeys.all }),
  });
}
