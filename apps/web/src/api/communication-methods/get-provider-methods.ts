import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunicationMethodList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationMethodKeys } from './keys.ts';

/**
 * GET /api/provider-communication-methods?provider_id= (001 §7): the stored methods, highest priority first, or
 * the provider's directory fallbacks (negative ids) when none is stored.
 */
export function getProviderMethods(providerId: number, signal?: AbortSignal) {
  return apiRequest<CommunicationMethodList>(
    `/api/provider-communication-methods?provider_id=${providerId}`,
    {
      signal,
    },
  );
}

export function providerMethodsQueryOptions(providerId: number) {
  return queryOptions({
    queryKey: communicationMethodKeys.ofProvider(providerId),
    queryFn: ({ signal }) => getProviderMethods(providerId, signal),
    select: (data) => data.methods,
  });
}

export function useProviderMethods(providerId: number | null, enabled = true) {
  return useQuery({
    ...providerMethodsQueryOptions(providerId ?? 0),
    enabled: enabled && (providerId ?? 0) > 0,
  });
}
