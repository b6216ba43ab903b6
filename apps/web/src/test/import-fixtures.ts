import {
  emptyImportProgress,
  emptyImportUsage,
  type ImportJob,
  type ImportSchedule,
  type ImportStats,
} from '@trust/domain';

// Import Manager records for web tests (issue #18), shaped as the server answers them.

export function makeImportJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    job_id: '3f2a9c1e-7b44-4d2a-9e61-0c5b8a7d1f20',
    status: 'completed',
    data_source: 'cms_nppes',
    states: ['CA'],
    limit: 1000,
    taxonomy: 'Family Medicine',
    method: 'api',
    schedule_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    started_at: '2026-11-20T10:00:01.000Z',
    completed_at: '2026-11-20T10:02:00.000Z',
    progress: {
      ...emptyImportProgress(),
      providers_fetched: 800,
      providers_added: 700,
      providers_updated: 100,
    },
    results: null,
    usage: { ...emptyImportUsage(), api_calls: 5, duration_ms: 119_000 },
    cost_usd: 0.0012,
    notes: [],
    error: null,
    ...overrides,
  };
}

export function makeImportStats(overrides: Partial<ImportStats> = {}): ImportStats {
  return {
    total_providers: 4000,
    active_jobs: 0,
    by_source: { cms_nppes: 1000, demo: 3000 },
    recent_jobs: [makeImportJob()],
    ...overrides,
  };
}

export function makeImportSchedule(overrides: Partial<ImportSchedule> = {}): ImportSchedule {
  return {
    id: 1,
    name: 'California weekly',
    data_source: 'cms_nppes',
    frequency: 'weekly',
    cron_expression: '0 2 * * 1',
    states: ['CA'],
    limit_per_run: 5000,
    taxonomy: 'Family Medicine',
    enabled: true,
    last_run: null,
    next_run: '2026-11-30T02:00:00.000Z',
    successful_runs: 0,
    total_runs: 0,
    last_job_id: null,
    last_status: null,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
