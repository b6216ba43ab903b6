import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportDependency,
  ImportDependencyCreate,
  ImportJob,
  ImportSchedule,
  ImportScheduleCreate,
  ImportScheduleUpdate,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { importKeys } from './keys.ts';

// The Schedules and Dependencies tabs' calls (002 §7 "Provider import"): schedules, toggle, run now, delete,
// timing (applying a recommendation), dependencies and the execution order.

export type ScheduleList = { schedules: ImportSchedule[]; dependencies: ImportDependency[] };

/** GET /api/import/schedules: every schedule with its runs, and the whole dependency graph. */
export function useImportSchedules() {
  return useQuery({
    queryKey: importKeys.schedules(),
    queryFn: ({ signal }) => apiRequest<ScheduleList>('/api/import/schedules', { signal }),
    retry: false,
  });
}

function useRefreshSchedules() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: importKeys.schedules() }),
      queryClient.invalidateQueries({ queryKey: importKeys.costs() }),
    ]);
}

/** POST /api/import/schedules. */
export function useCreateSchedule() {
  const onSuccess = useRefreshSchedules();
  return useMutation({
    mutationFn: (body: ImportScheduleCreate) =>
      apiRequest<ImportSchedule>('/api/import/schedules', { method: 'POST', body }),
    onSuccess,
  });
}

/** PUT /api/import/schedules/{id} {frequency, cron_expression}. */
export function useUpdateScheduleTiming() {
  const onSuccess = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ id, ...body }: ImportScheduleUpdate & { id: number }) =>
      apiRequest<ImportSchedule>(`/api/import/schedules/${id}`, { method: 'PUT', body }),
    onSuccess,
  });
}

/** DELETE /api/import/schedules/{id} (its dependencies go with it; its past jobs stay). */
export function useDeleteSchedule() {
  const onSuccess = useRefreshSchedules();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/api/import/schedules/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}

/** POST /api/import/schedules/{id}/toggle: enabled ↔ disabled. */
export function useToggleSchedule() {
  const onSuccess = useRefreshSchedules();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ImportSchedule>(`/api/import/schedules/${id}/toggle`, { method: 'POST' }),
    onSuccess,
  });
}

/** POST /api/import/schedules/{id}/run: a run now (409 while one is in progress). */
export function useRunScheduleNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ job: ImportJob }>(`/api/import/schedules/${id}/run`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

/** GET /api/import/schedules/{id}/dependencies: the dependencies touching one schedule, either way. */
export function useScheduleDependencies(id: number | null) {
  return useQuery({
    queryKey: importKeys.dependencies(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<{ dependencies: ImportDependency[] }>(`/api/import/schedules/${id}/dependencies`, {
        signal,
      }),
    enabled: id !== null,
  });
}

/** POST /api/import/schedules/{id}/dependencies {depends_on_schedule_id, dependency_type} (409 on a cycle). */
export function useAddDependency() {
  const onSuccess = useRefreshSchedules();
  return useMutation({
    mutationFn: ({ id, ...body }: ImportDependencyCreate & { id: number }) =>
      apiRequest<ImportDependency>(`/api/import/schedules/${id}/dependencies`, { method: 'POST', body }),
    onSuccess,
  });
}

/** GET /api/import/schedules/execution-order?schedule_ids=…: each after those it depends on. */
export function fetchExecutionOrder(ids: readonly number[]): Promise<{ execution_order: number[] }> {
  const query = new URLSearchParams();
  for (const id of ids) query.append('schedule_ids', String(id));
  return apiRequest<{ execution_order: number[] }>(`/api/import/schedules/execution-order?${query}`);
}
