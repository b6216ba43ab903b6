import { useQuery } from '@tanstack/react-query';
import type { BillingActivity } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { programKeys } from './keys.ts';

/** GET /api/programs/{id}/billing-activities (002 §7): the program's billing activities, by name. */
export function getBillingActivities(programId: number, signal?: AbortSignal): Promise<BillingActivity[]> {
  return apiRequest<BillingActivity[]>(`/api/programs/${programId}/billing-activities`, { signal });
}

export function useBillingActivities(programId: number | null) {
  return useQuery({
    queryKey: programKeys.billing(programId ?? 0),
    queryFn: ({ signal }) => getBillingActivities(programId as number, signal),
    enabled: programId !== null,
  });
}
