import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FORM_TEMPLATE_PAGE_SIZE,
  type FormTemplate,
  type FormTemplateBodyInput,
  type FormTemplateDeleteResponse,
  type FormTemplateList,
  type FormTemplateVersionList,
  type FormType,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { formKeys } from './keys.ts';

// The Form Templates manager's calls (002 §7 "Smart forms" templates; issue #16 item 1): the paged list, one
// version, the version history, create, update (in place or as a new version) and delete.

export interface FormTemplateListParams {
  page: number;
  pageSize?: number;
  search?: string;
  formType?: FormType | '';
  status?: 'active' | 'inactive' | '';
  programId?: number | null;
}

/** GET /api/forms/templates/: searched, filtered and paged on the server (002 §9: 50 a page). */
export function getFormTemplates(params: FormTemplateListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    page_size: String(params.pageSize ?? FORM_TEMPLATE_PAGE_SIZE),
  });
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.formType) query.set('form_type', params.formType);
  if (params.status) query.set('is_active', params.status === 'active' ? 'true' : 'false');
  if (params.programId) query.set('program_id', String(params.programId));
  return apiRequest<FormTemplateList>(`/api/forms/templates/?${query}`, { signal });
}

export function useFormTemplates(params: FormTemplateListParams) {
  return useQuery({
    queryKey: formKeys.templateList(params),
    queryFn: ({ signal }) => getFormTemplates(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/forms/templates/{id}?version=N: one version (null: the current one). Off while `id` is null. */
export function useFormTemplate(id: number | null, version: number | null = null) {
  return useQuery({
    queryKey: formKeys.template(id ?? 0, version),
    queryFn: ({ signal }) =>
      apiRequest<FormTemplate>(`/api/forms/templates/${id}${version ? `?version=${version}` : ''}`, {
        signal,
      }),
    enabled: id !== null,
    // A numbered version never changes once forms use it; the current one is read fresh.
    staleTime: version ? 60_000 : 0,
  });
}

/**
 * GET /api/forms/templates/{id}/versions. 002 §8: a failed version fetch shows an empty list, silently (the
 * history is an aid, not something to alarm about).
 */
export function useFormTemplateVersions(id: number | null) {
  return useQuery({
    queryKey: formKeys.versions(id ?? 0),
    queryFn: async ({ signal }): Promise<FormTemplateVersionList> => {
      try {
        return await apiRequest<FormTemplateVersionList>(`/api/forms/templates/${id}/versions`, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        return { versions: [] };
      }
    },
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface SaveFormTemplateInput {
  /** null creates a template (POST). */
  id: number | null;
  body: FormTemplateBodyInput;
  /** On an update: true saves the body as a new version, false changes the current one (002 §4). */
  createNewVersion?: boolean;
}

/** POST /api/forms/templates/ or PUT /api/forms/templates/{id}?create_new_version=… */
export function saveFormTemplate({ id, body, createNewVersion = false }: SaveFormTemplateInput) {
  if (id === null) return apiRequest<FormTemplate>('/api/forms/templates/', { method: 'POST', body });
  return apiRequest<FormTemplate>(`/api/forms/templates/${id}?create_new_version=${createNewVersion}`, {
    method: 'PUT',
    body,
  });
}

export function useSaveFormTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFormTemplate,
    onSuccess: (saved) => {
      // Lists, versions, previews and the library's reads of this template all change.
      void queryClient.invalidateQueries({ queryKey: formKeys.templates() });
      queryClient.setQueryData(formKeys.template(saved.id, null), saved);
    },
  });
}

/** DELETE /api/forms/templates/{id} (409 form_template.has_records when submitted forms use it). */
export function useDeleteFormTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<FormTemplateDeleteResponse>(`/api/forms/templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: formKeys.templates() });
      // Drafts started from it went with it.
      void queryClient.invalidateQueries({ queryKey: formKeys.instances() });
    },
  });
}
