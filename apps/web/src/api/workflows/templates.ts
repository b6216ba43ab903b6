import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WORKFLOW_PAGE_SIZE,
  type WorkflowStep,
  type WorkflowStepCreate,
  type WorkflowStepUpdate,
  type WorkflowTemplate,
  type WorkflowTemplateBody,
  type WorkflowTemplateList,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { workflowKeys } from './keys.ts';

// The Workflow Templates screen and the Workflow Designer (002 §7 "Workflows and rules"): templates paged and
// filtered on the server, one template's steps, and their changes. A change to a template or a step refreshes
// every template query (the list shows step counts and versions).

export interface WorkflowTemplateListParams {
  page: number;
  pageSize?: number;
  programId?: number | null;
  status?: 'active' | 'inactive' | '';
}

/** GET /api/workflows/templates (page, page_size, program_id, is_active). */
export function getWorkflowTemplates(params: WorkflowTemplateListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    page_size: String(params.pageSize ?? WORKFLOW_PAGE_SIZE),
  });
  if (params.programId) query.set('program_id', String(params.programId));
  if (params.status) query.set('is_active', params.status === 'active' ? 'true' : 'false');
  return apiRequest<WorkflowTemplateList>(`/api/workflows/templates?${query}`, { signal });
}

export function useWorkflowTemplates(params: WorkflowTemplateListParams) {
  return useQuery({
    queryKey: workflowKeys.templateList(params),
    queryFn: ({ signal }) => getWorkflowTemplates(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/workflows/templates/{id}/steps: the current version's steps in order. Off while `id` is null. */
export function useWorkflowSteps(templateId: number | null) {
  return useQuery({
    queryKey: workflowKeys.steps(templateId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<{ steps: WorkflowStep[] }>(`/api/workflows/templates/${templateId}/steps`, { signal }).then(
        (r) => r.steps,
      ),
    enabled: templateId !== null,
  });
}

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workflowKeys.templates() });
}

/** POST /api/workflows/templates, or PUT /api/workflows/templates/{id}. */
export function useSaveWorkflowTemplate() {
  const onSuccess = useRefreshTemplates();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WorkflowTemplateBody }) =>
      apiRequest<WorkflowTemplate>(
        id === null ? '/api/workflows/templates' : `/api/workflows/templates/${id}`,
        {
          method: id === null ? 'POST' : 'PUT',
          body,
        },
      ),
    onSuccess,
  });
}

/** DELETE /api/workflows/templates/{id}. */
export function useDeleteWorkflowTemplate() {
  const onSuccess = useRefreshTemplates();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/api/workflows/templates/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}

/** POST /api/workflows/steps, or PUT /api/workflows/steps/{id}. */
export function useSaveWorkflowStep() {
  const onSuccess = useRefreshTemplates();
  return useMutation({
    mutationFn: (change: { id: null; body: WorkflowStepCreate } | { id: number; body: WorkflowStepUpdate }) =>
      apiRequest<WorkflowStep>(
        change.id === null ? '/api/workflows/steps' : `/api/workflows/steps/${change.id}`,
        {
          method: change.id === null ? 'POST' : 'PUT',
          body: change.body,
        },
      ),
    onSuccess,
  });
}

/** DELETE /api/workflows/steps/{id}. */
export function useDeleteWorkflowStep() {
  const onSuccess = useRefreshTemplates();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/api/workflows/steps/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}

export type CronPreview = { valid: boolean; message: string | null; next_runs: string[] };

/** GET /api/workflows/cron-preview?expression=: the next runs of a time-based trigger, or why it is invalid. */
export function useCronPreview(expression: string) {
  const trimmed = expression.trim();
  return useQuery({
    queryKey: workflowKeys.cronPreview(trimmed),
    queryFn: ({ signal }) =>
      apiRequest<CronPreview>(`/api/workflows/cron-preview?${new URLSearchParams({ expression: trimmed })}`, {
        signal,
      }),
    enabled: trimmed !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
