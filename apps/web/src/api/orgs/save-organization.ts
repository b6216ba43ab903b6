import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization, OrganizationCreate, OrganizationUpdate } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { myOrganizationsQueryKey } from './get-my-organizations.ts';
import { organizationsQueryKey } from './get-organizations.ts';

/** POST /api/cbos (002 §7). */
export function createOrganization(body: OrganizationCreate) {
  return apiRequest<Organization>('/api/cbos', { method: 'POST', body });
}

/** PUT /api/cbos/{id} (002 §7); `{ status }` alone toggles active/inactive. */
export function updateOrganization(id: number, body: OrganizationUpdate) {
  return apiRequest<Organization>(`/api/cbos/${id}`, { method: 'PUT', body });
}

/** DELETE /api/cbos/{id} (002 §7). */
export function deleteOrganization(id: number) {
  return apiRequest<{ ok: true }>(`/api/cbos/${id}`, { method: 'DELETE' });
}

function useInvalidateOrganizations() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['orgs', 'stats'] });
  };
}

export function useSaveOrganization() {
  const onSuccess = useInvalidateOrganizations();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OrganizationCreate | OrganizationUpdate }) =>
      id === null ? createOrganization(body as OrganizationCreate) : updateOrganization(id, body),
    onSuccess,
  });
}

export function useDeleteOrganization() {
  const onSuccess = useInvalidateOrganizations();
  return useMutation({ mutationFn: deleteOrganization, onSuccess });
}
