import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_STATS_POLL_MS,
  type ImportBatchRequest,
  type ImportJob,
  type ImportStartRequest,
  type ImportStats,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { useAppEvents, useEventsStatus } from '../events/use-app-events.ts';
import { importKeys } from './keys.ts';

// The Manual Jobs tab's calls (002 §7 "Provider import"): stats with the recent jobs, start one job or a batch,
// one job's details, cancel. Platform operators only; the server refuses anyone else.

/**
 * GET /api/import/stats. Live: each `import.job_changed` event carries the job as it now stands, which is put
 * in place in the recent jobs (progress moves without a request); a job that started, ended or is new refetches
 * the stats (their counts changed). While the stream is not open the stats are polled every 5 seconds (002 §7),
 * so progress shows either way.
 */
export function useImportStats() {
  const queryClient = useQueryClient();
  const live = useEventsStatus() === 'open';
  useAppEvents(['import.job_changed'], (event) => {
    const job = (event.data as { job?: ImportJob } | null)?.job;
    if (!job?.job_id) return;
    queryClient.setQueryData(importKeys.job(job.job_id), job);
    const stats = queryClient.getQueryData<ImportStats>(importKeys.stats());
    const known = stats?.recent_jobs.find((j) => j.job_id === job.job_id);
    if (stats && known && known.status === job.status) {
      queryClient.setQueryData<ImportStats>(importKeys.stats(), {
        ...stats,
        recent_jobs: stats.recent_jobs.map((j) => (j.job_id === job.job_id ? job : j)),
      });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: importKeys.stats() });
    // A schedule's run starting or ending changes its counts and last run, and the month's costs.
    void queryClient.invalidateQueries({ queryKey: importKeys.schedules() });
    void queryClient.invalidateQueries({ queryKey: importKeys.costs() });
  });
  return useQuery({
    queryKey: importKeys.stats(),
    queryFn: ({ signal }) => apiRequest<ImportStats>('/api/import/stats', { signal }),
    refetchInterval: live ? false : IMPORT_STATS_POLL_MS,
    // A 404 (the module absent) or 403 will not change by asking again at once.
    retry: false,
  });
}

/** GET /api/import/jobs/{id}: one job with its progress, results, usage and cost. Off while `id` is null. */
export function useImportJob(id: string | null) {
  return useQuery({
    queryKey: importKeys.job(id ?? ''),
    queryFn: ({ signal }) => apiRequest<ImportJob>(`/api/import/jobs/${id}`, { signal }),
    enabled: id !== null,
  });
}

function useRefreshJobs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: importKeys.all });
}

/** POST /api/import/start {data_source, states, limit, taxonomy, method}. */
export function useStartImport() {
  const onSuccess = useRefreshJobs();
  return useMutation({
    mutationFn: (body: ImportStartRequest) =>
      apiRequest<{ job_id: string; job: ImportJob }>('/api/import/start', { method: 'POST', body }),
    onSuccess,
  });
}

/** POST /api/import/batch {states, limit_per_state, taxonomy}: one NPPES job per state. */
export function useStartBatchImport() {
  const onSuccess = useRefreshJobs();
  return useMutation({
    mutationFn: (body: ImportBatchRequest) =>
      apiRequest<{ jobs: ImportJob[] }>('/api/import/batch', { method: 'POST', body }),
    onSuccess,
  });
}

/** POST /api/import/jobs/{id}/cancel (409 once the job has ended). */
export function useCancelImportJob() {
  const onSettled = useRefreshJobs();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ImportJob>(`/api/import/jobs/${id}/cancel`, { method: 'POST' }),
    onSettled,
  });
}
