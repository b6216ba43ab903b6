import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomField, CustomFieldCreateInput } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { customFieldKeys, memberKeys } from './keys.ts';

/** GET /api/custom-fields/ (002 §7), hidden ones included; `category` '' for all. */
export function useCustomFields(category = '') {
  return useQuery({
    queryKey: customFieldKeys.list(category),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ include_hidden: 'true' });
      if (category) query.set('category', category);
      return apiRequest<CustomField[]>(`/api/custom-fields/?${query}`, { signal });
    },
  });
}

/** GET /api/custom-fields/categories. */
export function useCustomFieldCategories() {
  return useQuery({
    queryKey: customFieldKeys.categories(),
    queryFn: ({ signal }) => apiRequest<string[]>('/api/custom-fields/categories', { signal }),
  });
}

function useRefreshFields() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: customFieldKeys.all });
    // A deleted field's values left every member; a changed default shows on new ones.
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
  };
}

/** POST /api/custom-fields/ (id null) or PUT /api/custom-fields/{id} (name and type are not changed). */
export function useSaveCustomField() {
  const onSuccess = useRefreshFields();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CustomFieldCreateInput }) =>
      id === null
        ? apiRequest<CustomField>('/api/custom-fields/', { method: 'POST', body })
        : apiRequest<CustomField>(`/api/custom-fields/${id}`, { method: 'PUT', body }),
    onSuccess,
  });
}

/** POST /api/custom-fields/bulk-create: a JSON array of definitions, all or none. */
export function useBulkCreateCustomFields() {
  const onSuccess = useRefreshFields();
  return useMutation({
    mutationFn: (fields: unknown[]) =>
      apiRequest<{ created: number; message: string; fields: CustomField[] }>(
        '/api/custom-fields/bulk-create',
        {
          method: 'POST',
          body: fields,
        },
      ),
    onSuccess,
  });
}

/** DELETE /api/custom-fields/{id}: also removes its values from every member. */
export function useDeleteCustomField() {
  const onSuccess = useRefreshFields();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string; id: number; members_updated: number }>(`/api/custom-fields/${id}`, {
        method: 'DELETE',
      }),
    onSuccess,
  });
}
