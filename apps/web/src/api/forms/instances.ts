import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FormInstance,
  FormInstanceAssignmentInput,
  FormInstanceCreateInput,
  FormInstanceHistory,
  FormInstanceList,
  FormInstanceReviewInput,
  FormInstanceStatus,
  FormInstanceSubmitInput,
} from '@trust/domain';
import { apiRequest, authHeaders, sessionCredentials } from '../client.ts';
import { markServerContact } from '../credentials.ts';
import { formKeys } from './keys.ts';

// Forms filled from templates (002 §7 "Smart forms" instances; issue #16): lists, one form with its answers,
// saves and submissions checked against the revision loaded, review, assignment, history and delete. Templates
// are read through templates.ts.

export interface FormInstanceListParams {
  enrollmentId?: number | null;
  formTemplateId?: number | null;
  status?: FormInstanceStatus | null;
  assignedToUserId?: number | null;
  compliance?: 'overdue' | 'due_soon' | null;
  programId?: number | null;
  page?: number;
  pageSize?: number;
}

/** GET /api/forms/instances/ (002 §7 filters, plus compliance and program): one page, without the answers. */
export function getFormInstances(
  params: FormInstanceListParams,
  signal?: AbortSignal,
): Promise<FormInstanceList> {
  const query = new URLSearchParams({
    page: String(params.page ?? 1),
    page_size: String(params.pageSize ?? 50),
  });
  if (params.enrollmentId) query.set('enrollment_id', String(params.enrollmentId));
  if (params.formTemplateId) query.set('form_template_id', String(params.formTemplateId));
  if (params.status) query.set('status', params.status);
  if (params.assignedToUserId) query.set('assigned_to_user_id', String(params.assignedToUserId));
  if (params.compliance) query.set('compliance', params.compliance);
  if (params.programId) query.set('program_id', String(params.programId));
  return apiRequest<FormInstanceList>(`/api/forms/instances/?${query}`, { signal });
}

export function useFormInstances(params: FormInstanceListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: formKeys.instanceList(params),
    queryFn: ({ signal }) => getFormInstances(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/forms/instances/{id}: the form with its answers, pinned version and revision. */
export function useFormInstance(id: number | null) {
  return useQuery({
    queryKey: formKeys.instance(id ?? 0),
    queryFn: ({ signal }) => apiRequest<FormInstance>(`/api/forms/instances/${id}`, { signal }),
    enabled: id !== null,
    // The filler holds the answers being typed; a refetch on focus would only fight them.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/forms/instances/: starts a draft pinned to the template's current version. */
export function useCreateFormInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormInstanceCreateInput) =>
      apiRequest<FormInstance>('/api/forms/instances/', { method: 'POST', body }),
    onSuccess: (instance) => {
      queryClient.setQueryData(formKeys.instance(instance.id), instance);
      void queryClient.invalidateQueries({ queryKey: formKeys.instanceLists() });
      void queryClient.invalidateQueries({ queryKey: formKeys.templateLists() });
    },
  });
}

/**
 * PUT /api/forms/instances/{id}/submit: saves the answers as a draft or submits them, with the revision loaded
 * (409 form_instance.stale when someone saved in between; the error's `current` is the form as it stands).
 */
export function saveFormInstance(id: number, body: FormInstanceSubmitInput): Promise<FormInstance> {
  return apiRequest<FormInstance>(`/api/forms/instances/${id}/submit`, { method: 'PUT', body });
}

/** Above this a keepalive request is refused by the browser (its 64 KiB budget): sent as an ordinary one. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * The same save when the user leaves the page (tab hidden, closed, or another screen): `keepalive` lets it
 * finish after the page is gone. Resolves with the saved form, or null when it failed (nothing to tell anyone).
 */
export async function saveFormInstanceOnExit(
  id: number,
  body: FormInstanceSubmitInput,
): Promise<FormInstance | null> {
  const json = JSON.stringify(body);
  try {
    const response = await fetch(`/api/forms/instances/${id}/submit`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...authHeaders() },
      body: json,
      credentials: sessionCredentials(),
      keepalive: json.length < KEEPALIVE_MAX_BYTES,
    });
    if (!response.ok) return null;
    markServerContact(Date.now());
    return (await response.json()) as FormInstance;
  } catch {
    return null;
  }
}

/** The lists and the analytics change with any save, submission or review. */
function invalidateLists(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: formKeys.instanceLists() });
  void queryClient.invalidateQueries({ queryKey: formKeys.templateLists() });
  void queryClient.invalidateQueries({ queryKey: [...formKeys.all, 'analytics'] });
}

/** After a save: the form's cache holds the saved form, the lists and the history refresh. */
export function useFormSaved() {
  const queryClient = useQueryClient();
  return (instance: FormInstance) => {
    queryClient.setQueryData(formKeys.instance(instance.id), instance);
    void queryClient.invalidateQueries({ queryKey: formKeys.history(instance.id) });
    invalidateLists(queryClient);
  };
}

/** PUT /api/forms/instances/{id}/review: a manager marks a submitted form reviewed, or approves it. */
export function useReviewFormInstance(id: number) {
  const saved = useFormSaved();
  return useMutation({
    mutationFn: (body: FormInstanceReviewInput) =>
      apiRequest<FormInstance>(`/api/forms/instances/${id}/review`, { method: 'PUT', body }),
    onSuccess: saved,
  });
}

/** PUT /api/forms/instances/{id}/assignment: who fills the draft, by when. */
export function useAssignFormInstance(id: number) {
  const saved = useFormSaved();
  return useMutation({
    mutationFn: (body: FormInstanceAssignmentInput) =>
      apiRequest<FormInstance>(`/api/forms/instances/${id}/assignment`, { method: 'PUT', body }),
    onSuccess: saved,
  });
}

/** GET /api/forms/instances/{id}/history: every save, submission, review and assignment, newest first. */
export function useFormInstanceHistory(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: formKeys.history(id),
    queryFn: ({ signal }) =>
      apiRequest<FormInstanceHistory>(`/api/forms/instances/${id}/history`, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** DELETE /api/forms/instances/{id} (drafts only). */
export function useDeleteFormInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string; id: number }>(`/api/forms/instances/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: formKeys.instance(id) });
      invalidateLists(queryClient);
    },
  });
}
