import { useQuery } from '@tanstack/react-query';
import type { FhirSubscriptionList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { fhirSubscriptionKeys } from './keys.ts';

/**
 * GET /api/fhir-subscriptions (issue #21): the active organization's FHIR Subscriptions with their state (status,
 * endpoint, topic, filter, events sent, last error, last delivery). Never their headers or signing secrets.
 */
export function getFhirSubscriptions(signal?: AbortSignal): Promise<FhirSubscriptionList> {
  return apiRequest<FhirSubscriptionList>('/api/fhir-subscriptions', { signal });
}

/** The organization's subscriptions; only its admins may ask (`enabled` false for anyone else). */
export function useFhirSubscriptions(enabled = true) {
  return useQuery({
    queryKey: fhirSubscriptionKeys.list(),
    queryFn: ({ signal }) => getFhirSubscriptions(signal),
    enabled,
  });
}
