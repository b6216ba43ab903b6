import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkflowTask, WorkflowTaskDecision, WorkflowTaskList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { workflowKeys } from './keys.ts';

// Tasks and approvals that workflow steps hand to people (issue #17 item 2): the signed-in person's open ones (the
// server decides which: theirs and their role's), an instance's, and a decision on one.

export interface WorkflowTaskListParams {
  state?: 'open' | 'closed';
  instanceId?: number | null;
  pageSize?: number;
}

/** GET /api/workflows/tasks (state, workflow_instance_id). Off while `enabled` is false. */
export function useWorkflowTasks(params: WorkflowTaskListParams, enabled = true) {
  return useQuery({
    queryKey: workflowKeys.taskList(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        state: params.state ?? 'open',
        page_size: String(params.pageSize ?? 50),
      });
      if (params.instanceId) query.set('workflow_instance_id', String(params.instanceId));
      return apiRequest<WorkflowTaskList>(`/api/workflows/tasks?${query}`, { signal });
    },
    enabled,
  });
}

/** PUT /api/workflows/tasks/{id}: a task marked done (with its outcome), an approval approved or rejected. */
export function useDecideWorkflowTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WorkflowTaskDecision }) =>
      apiRequest<WorkflowTask>(`/api/workflows/tasks/${id}`, { method: 'PUT', body }),
    // The decision moves its workflow on: tasks and instances both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
