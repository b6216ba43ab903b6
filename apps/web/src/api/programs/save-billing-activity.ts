import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BillingActivity,
  BillingActivityCreate,
  BillingActivityDeleteResponse,
  BillingActivityUpdate,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { programKeys } from './keys.ts';

/** POST /api/billing-activities (002 §7). */
export function createBillingActivity(body: BillingActivityCreate): Promise<BillingActivity> {
  return apiRequest<BillingActivity>('/api/billing-activities', { method: 'POST', body });
}

/** PUT /api/billing-activities/{id} (002 §7). */
export function updateBillingActivity(id: number, body: BillingActivityUpdate): Promise<BillingActivity> {
  return apiRequest<BillingActivity>(`/api/billing-activities/${id}`, { method: 'PUT', body });
}

/** DELETE /api/billing-activities/{id} (002 §7). */
export function deleteBillingActivity(id: number): Promise<BillingActivityDeleteResponse> {
  return apiRequest<BillingActivityDeleteResponse>(`/api/billing-activities/${id}`, { method: 'DELETE' });
}

/** After a change: the program's activities, and the program lists (they show how many it has). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: programKeys.all });
}

export function useSaveBillingActivity() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: { id: null; body: BillingActivityCreate } | { id: number; body: BillingActivityUpdate }) =>
      id === null ? createBillingActivity(body) : updateBillingActivity(id, body),
    onSuccess,
  });
}

export function useDeleteBillingActivity() {
  const onSuccess = useRefresh();
  return useMutation({ mutationFn: deleteBillingActivity, onSuccess });
}
