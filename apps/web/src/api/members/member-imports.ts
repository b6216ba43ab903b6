import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberImport, MemberImportPreview, MemberImportStart } from '@trust/domain';
import { apiRequest, fetchWithSession } from '../client.ts';
import { postFormWithProgress } from '../upload-form.ts';
import { memberKeys } from './keys.ts';

export type ColumnMatch = { column: string; field: string | null; matched_by: 'mapping' | 'name' | null };
export type UploadedImport = { import: MemberImport; columns: ColumnMatch[] };

const importKeys = {
  all: [...memberKeys.all, 'imports'] as const,
  one: (id: number) => [...memberKeys.all, 'imports', id] as const,
};

/** POST /api/members/imports (multipart: file, source_system), with the upload's progress. */
export function uploadMemberFile(file: File, sourceSystem: string, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('source_system', sourceSystem);
  form.append('file', file, file.name);
  return postFormWithProgress<UploadedImport>('/api/members/imports', form, onProgress);
}

/** POST /api/members/imports/{id}/preview: every row checked against the map, nothing written. */
export function usePreviewImport(id: number | null) {
  return useMutation({
    mutationFn: (body: { source_system: string; column_map?: Record<string, string> }) =>
      apiRequest<MemberImportPreview>(`/api/members/imports/${id}/preview`, { method: 'POST', body }),
  });
}

/** POST /api/members/imports/{id}/start. */
export function useStartImport(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberImportStart) =>
      apiRequest<MemberImport>(`/api/members/imports/${id}/start`, { method: 'POST', body }),
    onSuccess: (row) => queryClient.setQueryData(importKeys.one(row.id), row),
  });
}

/** GET /api/members/imports/{id}, every second while it runs (the progress bar). */
export function useMemberImport(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? 0),
    queryFn: async ({ signal }) => {
      const row = await apiRequest<MemberImport>(`/api/members/imports/${id}`, { signal });
      if (row.status === 'completed')
        void queryClient.invalidateQueries({ queryKey: [...memberKeys.all, 'list'] });
      return row;
    },
    enabled: id !== null,
    refetchInterval: (query) =>
      ['queued', 'running'].includes(query.state.data?.status ?? '') ? 1000 : false,
  });
}

/** POST /api/members/imports/{id}/cancel. */
export function useCancelImport(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MemberImport>(`/api/members/imports/${id}/cancel`, { method: 'POST' }),
    onSuccess: (row) => queryClient.setQueryData(importKeys.one(row.id), row),
  });
}

/** GET /api/members/imports: the latest imports. */
export function useMemberImports() {
  return useQuery({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => apiRequest<{ imports: MemberImport[] }>('/api/members/imports', { signal }),
  });
}

/** GET /api/members/imports/{id}/refusals: the refused rows as a CSV Blob (the call carries the session). */
export async function fetchRefusals(id: number): Promise<Blob> {
  return (await fetchWithSession(`/api/members/imports/${id}/refusals`)).blob();
}
