import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldMapping, FieldMappingCreateInput } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { customFieldKeys } from './keys.ts';

/** GET /api/custom-fields/mappings (002 §7), optionally for one member field. */
export function useFieldMappings(dbColumn = '') {
  return useQuery({
    queryKey: customFieldKeys.mappings(dbColumn),
    queryFn: ({ signal }) =>
      apiRequest<FieldMapping[]>(
        `/api/custom-fields/mappings${dbColumn ? `?${new URLSearchParams({ db_column: dbColumn })}` : ''}`,
        { signal },
      ),
  });
}

function useRefreshMappings() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [...customFieldKeys.all, 'mappings'] });
}

/** POST /api/custom-fields/mappings. */
export function useCreateFieldMapping() {
  const onSuccess = useRefreshMappings();
  return useMutation({
    mutationFn: (body: FieldMappingCreateInput) =>
      apiRequest<FieldMapping>('/api/custom-fields/mappings', { method: 'POST', body }),
    onSuccess,
  });
}

/** PUT /api/custom-fields/mappings/{id}: on or off. */
export function useToggleFieldMapping() {
  const onSuccess = useRefreshMappings();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiRequest<FieldMapping>(`/api/custom-fields/mappings/${id}`, {
        method: 'PUT',
        body: { is_active: isActive },
      }),
    onSuccess,
  });
}

/** DELETE /api/custom-fields/mappings/{id}. */
export function useDeleteFieldMapping() {
  const onSuccess = useRefreshMappings();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string; id: number }>(`/api/custom-fields/mappings/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}
