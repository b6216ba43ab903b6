import { useQuery } from '@tanstack/react-query';
import type { FhirSubscriptionDeliveryList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { fhirSubscriptionKeys } from './keys.ts';

/** GET /api/fhir-subscriptions/{id}/deliveries (issue #21): the subscription's last 20 notifications, newest first. */
export function getFhirSubscriptionDeliveries(
  id: number,
  signal?: AbortSignal,
): Promise<FhirSubscriptionDeliveryList> {
  return apiRequest<FhirSubscriptionDeliveryList>(`/api/fhir-subscriptions/${id}/deliveries`, { signal });
}

/** A subscription's deliveries, while its row is open on the screen (`id` null: nothing asked). */
export function useFhirSubscriptionDeliveries(id: number | null) {
  return useQuery({
    queryKey: fhirSubscriptionKeys.deliveries(id ?? 0),
    queryFn: ({ signal }) => getFhirSubscriptionDeliveries(id!, signal),
    enabled: id !== null,
  });
}
