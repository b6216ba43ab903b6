import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WORKFLOW_PAGE_SIZE,
  type WorkflowExecutionList,
  type WorkflowInstance,
  type WorkflowInstanceCreate,
  type WorkflowInstanceList,
  type WorkflowInstanceStatus,
  type WorkflowInstanceUpdate,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { workflowKeys } from './keys.ts';

// Workflow instances (002 §7 "Workflows and rules"): the Active Workflows list with its counts, an enrollment's
// workflows, a manual start, pause/resume/cancel, delete, and one instance's step executions (its history).

export interface WorkflowInstanceListParams {
  page: number;
  pageSize?: number;
  templateId?: number | null;
  enrollmentId?: number | null;
  status?: WorkflowInstanceStatus | '';
}

/** GET /api/workflows/instances (page, page_size, workflow_template_id, enrollment_id, status). */
export function useWorkflowInstances(params: WorkflowInstanceListParams) {
  return useQuery({
    queryKey: workflowKeys.instanceList(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(params.page),
        page_size: String(params.pageSize ?? WORKFLOW_PAGE_SIZE),
      });
      if (params.templateId) query.set('workflow_template_id', String(params.templateId));
      if (params.enrollmentId) query.set('enrollment_id', String(params.enrollmentId));
      if (params.status) query.set('status', params.status);
      return apiRequest<WorkflowInstanceList>(`/api/workflows/instances?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/workflows/instances/{id}/executions: every step run, oldest first. Off while `id` is null. */
export function useWorkflowExecutions(id: number | null) {
  return useQuery({
    queryKey: workflowKeys.executions(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<WorkflowExecutionList>(`/api/workflows/instances/${id}/executions`, { signal }),
    enabled: id !== null,
  });
}

function useRefreshInstances() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workflowKeys.instances() });
}

/** POST /api/workflows/instances: a workflow started by hand for an enrollment (the manual trigger). */
export function useStartWorkflowInstance() {
  const onSuccess = useRefreshInstances();
  return useMutation({
    mutationFn: (body: WorkflowInstanceCreate) =>
      apiRequest<WorkflowInstance>('/api/workflows/instances', { method: 'POST', body }),
    onSuccess,
  });
}

/** PUT /api/workflows/instances/{id} {status}: pause, resume (running) or cancel. */
export function useSetWorkflowInstanceStatus() {
  const onSuccess = useRefreshInstances();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: WorkflowInstanceUpdate['status'] }) =>
      apiRequest<WorkflowInstance>(`/api/workflows/instances/${id}`, { method: 'PUT', body: { status } }),
    onSuccess,
  });
}

/** DELETE /api/workflows/instances/{id}. */
export function useDeleteWorkflowInstance() {
  const onSuccess = useRefreshInstances();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/api/workflows/instances/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}
