import {
  emptyImportProgress,
  type ImportDataSource,
  type ImportJob,
  type ImportJobStatus,
  type ImportMethod,
} from '@trust/domain';
import type { ImportJobRow } from './repo.ts';

/** 002 §3 Import job, as the API answers it. */
export function toImportJob(row: ImportJobRow): ImportJob {
  // Rows written before a progress field existed read it as a fresh job's.
  const p = { ...emptyImportProgress(), ...row.progress };
  const ended = row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled';
  return {
    job_id: row.id,
    status: row.status as ImportJobStatus,
    data_source: row.dataSource as ImportDataSource,
    states: row.states,
    limit: row.limitPerState,
    taxonomy: row.taxonomy,
    method: row.method as ImportMethod,
    schedule_id: row.scheduleId,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    progress: p,
    results: ended
      ? {
          added: p.providers_added,
          updated: p.providers_updated,
          skipped: p.providers_skipped,
          total_fetched: p.providers_fetched,
        }
      : null,
    usage: row.usage,
    cost_usd: row.costUsd === null ? null : Number(row.costUsd),
    notes: row.notes,
    error: row.error,
  };
}
